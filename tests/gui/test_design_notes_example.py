"""docs/gui.md's example panel runs as written against today's document: it reads the rule,
sends one undo step per click, and redraws on the aspects the document names."""

from __future__ import annotations

import re
from pathlib import Path

from designer.formats import xboard_ini
from designer.gui.document import VariantDocument

ROOT = Path(__file__).resolve().parents[2]


def _example() -> str:
    text = (ROOT / "docs" / "gui.md").read_text(encoding="utf-8")
    section = text[text.index("### How a panel subscribes"):text.index("### Where a panel goes")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    return blocks[0]


def test_the_panel_example_in_the_gui_notes_works_on_todays_document(qtbot):
    names: dict[str, object] = {}
    exec(compile(_example(), "docs/gui.md", "exec"), names)
    doc = VariantDocument(xboard_ini.load(ROOT / "variants" / "fide.ini"), path="fide.ini")
    panel = names["CheckingPanel"](doc)
    qtbot.addWidget(panel)
    assert panel.box.isChecked()
    panel.box.click()                                   # a user's click: one undo step
    assert doc.variant.rule_set.royalty.checks is False
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Rules: checking"
    doc.undo_stack.undo()                               # the document's change redraws it
    assert doc.variant.rule_set.royalty.checks is True and panel.box.isChecked()
