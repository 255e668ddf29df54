"""The document: one variant, one undo stack, aspects named on every change, modified = not at
the clean index, probe boards kept per piece."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import xboard_ini
from designer.variant import edits as E
from designer.gui.document import VariantDocument
from designer.vocabulary import PieceAspect
from designer.variant.probes import ProbeBoard
from designer.variant.fen import parse_fen
from designer.variant.model import PieceType, Variant

ROOT = Path(__file__).resolve().parents[2]
FIDE = xboard_ini.load(ROOT / "variants" / "fide.ini")


def last_edit(doc) -> frozenset:
    """The aspects of the latest change that was not only the clean state moving."""
    return next(a for a in reversed(doc.seen) if a != {"file"})


@pytest.fixture
def doc(qtbot):
    d = VariantDocument(FIDE, path="fide.ini")
    seen: list[frozenset] = []
    d.changed.connect(seen.append)
    d.seen = seen
    return d


def test_an_edit_is_one_undo_step_and_marks_the_document_modified(doc):
    doc.set_notation("N", "NN", merge=False)
    assert doc.variant.piece("N").notation == "NN"
    assert doc.undo_stack.count() == 1 and doc.modified
    assert last_edit(doc) >= {PieceAspect("N")}
    doc.undo_stack.undo()
    assert doc.variant == FIDE and not doc.modified
    doc.undo_stack.redo()
    assert doc.variant.piece("N").notation == "NN" and doc.modified


def test_an_edit_that_changes_nothing_is_no_step(doc):
    doc.edit("Nothing", FIDE, frozenset({"properties"}))
    doc.set_notation("N", "N")
    assert doc.undo_stack.count() == 0 and doc.seen == []


def test_typing_merges_into_one_step_per_piece(doc):
    for text in ("R", "Rc", "RcN"):
        doc.set_notation("R", text)
    assert doc.undo_stack.count() == 1
    doc.set_notation("B", "BW")          # another piece: a step of its own
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.variant.piece("R").notation == "R"


def test_typing_back_to_the_saved_text_leaves_the_document_clean(doc):
    doc.set_notation("Q", "Qx")
    doc.set_notation("Q", "Q")
    assert not doc.modified and doc.undo_stack.count() == 0


def test_undoing_back_to_the_saved_state_clears_the_mark(doc):
    doc.resize(10, 8)
    doc.set_properties(name="Wide")
    assert doc.modified
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert not doc.modified
    doc.undo_stack.redo()
    assert doc.modified


def test_selecting_a_piece_is_no_change(doc):
    changes: list[str] = []
    doc.selection_changed.connect(changes.append)
    doc.select("Q")
    doc.select("k")                      # case-insensitive, like the model
    assert changes == ["Q", "K"] and doc.selected == "K"
    assert doc.undo_stack.count() == 0 and not doc.modified and doc.seen == []
    doc.select("Z")                      # no such piece
    assert doc.selected == "K"


def test_probe_boards_are_kept_per_piece_and_never_mark_the_file_modified(doc):
    doc.select("N")
    start = doc.probe_board()
    assert start.origin == (1, 0)                         # b1: White's first knight
    assert start.at((4, 0)) == ("white", "K") and start.at((4, 7)) == ("black", "K")
    moved = start.moved_to((3, 3)).with_probe((4, 5), "black", "P")
    doc.set_probe_board(moved, "Probes")
    doc.select("B")
    assert doc.probe_board().origin == (2, 0)             # c1: the bishop's own board
    doc.select("N")
    assert doc.probe_board() == moved
    assert doc.undo_stack.canUndo() and not doc.modified
    doc.undo_stack.undo()
    assert doc.probe_board() == start


def test_an_untouched_probe_board_follows_the_setup_until_edited(doc):
    doc.select("R")
    doc.place((0, 0), None)                               # take the a1 rook off the setup
    assert doc.probe_board().origin == (7, 0)             # the rook's first square is now h1
    doc.set_probe_board(doc.probe_board().moved_to((3, 3)))
    doc.place((7, 0), None)
    assert doc.probe_board().origin == (3, 3)             # the user's own board stays
    doc.probe_from_setup()
    assert doc.probe_board().origin == (3, 3) or not doc.has_own_probe_board()
    assert not doc.has_own_probe_board()


def test_resizing_fits_every_probe_board_and_undo_gives_it_back(doc):
    doc.select("Q")
    board = ProbeBoard((7, 7), (((0, 7), "black", "R"), ((6, 6), "white", "")))
    doc.set_probe_board(board)
    doc.resize(6, 6)
    fitted = doc.probe_board()
    assert fitted.origin == (5, 5) and all(sq[0] < 6 and sq[1] < 6 for sq, _c, _l in fitted.pieces)
    assert last_edit(doc) >= {"board", "setup", "probes"}
    doc.undo_stack.undo()
    assert doc.probe_board() == board and doc.variant.files == 8


def test_renaming_a_piece_renames_it_in_the_setup_and_promotions(doc):
    doc.select("N")
    doc.rename_piece("N", "H")
    v = doc.variant
    assert doc.selected == "H" and v.piece("N") is None and v.piece("H").name == "Knight"
    assert v.piece("P").promotions == ("H", "B", "R", "Q")
    board = parse_fen(v.setup, 8, 8).board
    assert board[(1, 0)] == "H" and board[(6, 7)] == "h"
    with pytest.raises(ValueError):
        doc.rename_piece("H", "Q")
    doc.undo_stack.undo()
    assert doc.variant == FIDE and doc.selected == "N"


def test_adding_and_removing_pieces(doc):
    doc.add_piece(PieceType("A", "Archbishop", "BN"))
    assert doc.selected == "A" and doc.variant.letters[-1] == "A"
    assert last_edit(doc) >= {"pieces", PieceAspect("A")}
    with pytest.raises(ValueError):
        doc.add_piece(PieceType("A", "Another", "W"))
    doc.remove_piece("Q")
    v = doc.variant
    assert v.piece("Q") is None and "Q" not in v.piece("P").promotions
    assert "q" not in v.setup.split()[0].lower()
    doc.undo_stack.undo()
    assert doc.variant.piece("Q") is not None


def test_castling_properties_and_aspects(doc):
    doc.set_castling("Kk")
    assert doc.variant.castling == "Kk" and last_edit(doc) >= {"castling", "setup"}
    doc.set_properties(name="Mine", parent="fairy", description="A test.")
    assert last_edit(doc) == frozenset({"properties"})
    doc.set_properties(holdings=3, drops=True)
    assert "holdings" in last_edit(doc)


def test_replace_all_starts_a_new_history(doc):
    doc.set_notation("N", "NN")
    other = Variant(name="Tiny", files=5, ranks=5, pieces=(PieceType("K", "King", "K"),))
    doc.replace_all(other, path=None)
    assert doc.variant == other and doc.undo_stack.count() == 0 and not doc.modified
    assert doc.selected == "K" and doc.path is None
    doc.replace_all(FIDE, path="restored.ini", saved=False)    # restored work is unsaved work
    assert doc.modified


def test_mark_saved_moves_the_clean_point(doc):
    doc.set_notation("N", "NN")
    doc.mark_saved("copy.ini")
    assert not doc.modified and doc.path == "copy.ini" and doc.seen[-1] == {"file"}
    doc.undo_stack.undo()
    assert doc.modified                 # the file now holds NN


def test_a_failing_panel_does_not_stop_the_others(doc, qtbot):
    def broken(_aspects):
        raise RuntimeError("panel bug")
    doc.changed.connect(broken)
    with qtbot.capture_exceptions() as raised:
        doc.set_notation("N", "NN", merge=False)
    assert raised and "panel bug" in str(raised[0][1])
    assert last_edit(doc) >= {PieceAspect("N")} and doc.variant.piece("N").notation == "NN"


def test_resizing_the_setup_keeps_each_army_on_its_own_edge():
    tall = E.resized(FIDE, 8, 10)
    board = parse_fen(tall.setup, 8, 10).board
    assert board[(4, 0)] == "K" and board[(0, 1)] == "P"      # e1, a2 as before
    assert board[(4, 9)] == "k" and board[(0, 8)] == "p"      # e10, a9: still Black's edge
    narrow = E.resized(FIDE, 6, 8)
    assert parse_fen(narrow.setup, 6, 8).board.get((6, 0)) is None
    assert E.resized(replace(FIDE, setup=""), 4, 4).setup == ""


def test_renaming_a_piece_renames_its_promoted_form_and_keeps_both_probe_boards(doc):
    v = doc.variant.with_piece(PieceType("+N", "Promoted Knight", "NW"))
    doc.replace_all(v)
    for letter in ("N", "+N"):
        doc.select(letter)
        doc.set_probe_board(ProbeBoard((3, 3)))
    doc.rename_piece("N", "H")
    v = doc.variant
    assert v.piece("+H").name == "Promoted Knight" and v.piece("+N") is None
    assert doc.has_own_probe_board("H") and doc.has_own_probe_board("+H")
    assert doc.selected == "+H"                    # it was selected: it stays selected


def test_a_burst_of_typing_is_named_by_its_last_edit(doc):
    doc.set_piece_fields("N", "Name N", name="H")
    doc.set_notation("N", "NN")
    doc.edit("Rename to Ho", replace(doc.variant, name="Ho"), frozenset(), merge="name")
    doc.edit("Rename to Horse", replace(doc.variant, name="Horse"), frozenset(), merge="name")
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Rename to Horse"
