"""The Rules panel's number boxes follow the board: a castling file box on FIDE's 8 files goes
no further than file 7 (a = 0), whatever is typed, and a variant that already holds a file off the
board (a file saved before the boxes were bounded) is shown with its problem, its
Fairy-Stockfish section refused with the reason, and Save As .variants.ini says why it cannot
be written instead of failing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from palette_helpers import sample
from PySide6.QtCore import Qt

from designer.rules.fields import RuleField, with_value


@pytest.fixture
def rules_panel(window):
    def load(variant):
        window.load_variant(variant)
        window.acts["rules"].trigger()
        panel = window.rules_panel
        panel.refresh()
        return panel
    return load


def _wide_castling(value: int = 26):
    v = sample("fide")
    return replace(v, rule_set=with_value(v.rule_set, RuleField("castling.king_file", "int"),
                                          value))


@pytest.mark.parametrize("path", ["castling.king_file", "castling.queenside_rook",
                                  "castling.kingside_to", "castling.rank"])
def test_a_typed_castling_number_stays_on_the_board(rules_panel, qtbot, path):
    panel = rules_panel(sample("fide"))
    box = panel.editor(path).box
    assert box.maximum() == (8 if path == "castling.rank" else 7)
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "26")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    panel.refresh()
    assert not [p for p in panel.doc.variant.validate() if p.severity == "error"]


def test_the_boxes_grow_with_the_board(rules_panel):
    v = sample("fide")
    panel = rules_panel(replace(v, files=12, setup="rnbqkbnr4/pppppppp4/12/12/12/12/"
                                "PPPPPPPP4/RNBQKBNR4 w KQkq - 0 1"))
    assert panel.editor("castling.king_file").box.maximum() == 11


def test_a_file_off_the_board_is_shown_and_refused_for_fairy_stockfish(rules_panel, tmp_path):
    panel = rules_panel(_wide_castling())
    assert "castling.king_file" in panel.problems.text()
    assert "cannot be written for fairy-stockfish" in panel.section.toPlainText().lower()
    window = panel.window()
    said = []
    window.files.notify = lambda title, text: said.append((title, text))
    target = tmp_path / "wide.variants.ini"
    assert window.files.save_to(str(target), "fsf-new", "wide") is False
    assert not target.exists()
    assert said and "castling.king_file" in said[-1][1]
