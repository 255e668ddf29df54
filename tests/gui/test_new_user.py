"""What a new user met: File > New leaves nothing of the previous variant in the details,
Escape closes the Help window, Save As proposes a file name."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt

from designer.gui.window.dialogs import EMPTY

ROOT = Path(__file__).resolve().parents[2]


def test_file_new_empties_the_piece_details(qtbot, window):
    assert window.open_file(str(ROOT / "variants" / "fide.ini"))
    details = window.piece_palette.details
    window.doc.select("P")
    assert details.name.text() == "Pawn" and details.choices.count()

    def empty(dialog):
        dialog.template.setCurrentIndex(dialog.template.findData(EMPTY))
        return True
    window.files.run_dialog = empty
    window.acts["new"].trigger()
    assert window.doc.variant.pieces == ()
    assert not details.isEnabled()
    assert details.name.text() == "" and details.letter.text() == ""
    assert details.notation.text() == "" and details.choices.count() == 0
    assert not details.royal.isChecked()


def test_escape_closes_the_help_window(qtbot, window):
    window.acts["reference"].trigger()
    helper = window.help_window
    qtbot.waitExposed(helper)
    helper.activateWindow()
    qtbot.waitUntil(helper.isActiveWindow)
    helper.search.setFocus()
    qtbot.keyClick(helper.search, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not helper.isVisible())


def test_save_as_proposes_a_file_name(qtbot, window, tmp_path):
    asked = []
    window.files.choose_path = lambda saving, filters, proposed=None: asked.append(proposed) or ""
    window.doc.set_properties(name="My Great: Game?")
    window.acts["save_as"].trigger()
    assert asked[-1] is not None and os.path.basename(asked[-1]) == "My Great- Game.ini"
    path = tmp_path / "fide.ini"
    path.write_bytes((ROOT / "variants" / "fide.ini").read_bytes())
    assert window.open_file(str(path))
    window.acts["save_as"].trigger()
    assert asked[-1] == str(path)
    window.files.export("pgn")
    assert asked[-1] == str(tmp_path / "fide.pgn")
