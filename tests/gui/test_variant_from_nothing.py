"""A variant made from nothing through the window's widgets only, saved, and opened again in a
new window: every field survives, the file is one XBoard reads with its -fen, and the
Fairy-Stockfish export plays the same moves from the start position as our interpreter.

The variant: 10x10, a Chancellor from the library (a1, j1), a Sergeant of one's own (the
Shatranj pawn, promoting to the Chancellor in a two-rank zone) and a royal Emperor (a King),
Black's army mirrored from White's, castling rights for both sides.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.geometry.board import square_name
from designer.formats import fsf_ini, xboard_ini
from designer.variant.fen import parse_fen, side_of
from designer.variant.derive import rules_for, zone
from gui_helpers import settle
from palette_helpers import retype, retype_number
from formats.pyffish_board import destinations

sf = pytest.importorskip("pyffish")

WHITE_ARMY = {(0, 0): "C", (1, 0): "S", (5, 0): "K", (8, 0): "S", (9, 0): "C",
              (2, 1): "S", (3, 1): "S", (4, 1): "S", (5, 1): "S", (6, 1): "S", (7, 1): "S"}


def _window(qtbot, settings):
    from designer.gui.window import MainWindow
    w = MainWindow(None, settings)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    return w


def _filled(qtbot, fill, result=lambda d: d.result()):
    def run(dialog):
        dialog.show()
        qtbot.waitExposed(dialog)
        fill(dialog)
        return result(dialog)
    return run


def _build(qtbot, w) -> None:
    # File > New variant: an empty 10x10 board
    def new_variant(d):
        d.template.setCurrentIndex(d.template.findData("empty"))
        retype_number(qtbot, d.files, "10")
        retype_number(qtbot, d.ranks, "10")
        d.accept()
    w.files.run_dialog = _filled(qtbot, new_variant, lambda d: d.result() == 1)
    w.acts["new"].trigger()
    assert (w.doc.variant.files, w.doc.variant.ranks, w.doc.variant.pieces) == (10, 10, ())

    # Variant > Properties: its name
    def properties(d):
        retype(qtbot, d.name, "Sergeants Ten")
        d.accept()
    w.files.run_dialog = _filled(qtbot, properties, lambda d: d.result() == 1)
    w.edit_properties()

    palette = w.piece_palette
    # one piece from the library
    def library(d):
        qtbot.keyClicks(d.search, "chancellor")
        retype(qtbot, d.letter, "C")
        qtbot.mouseClick(d.add_button, Qt.LeftButton)
    palette.run_dialog = _filled(qtbot, library)
    qtbot.mouseClick(palette.add_button, Qt.LeftButton)

    # one of our own, and the one that will be royal
    def own(letter, name, moves):
        def fill(d):
            retype(qtbot, d.letter, letter)
            qtbot.keyClicks(d.name, name)
            qtbot.keyClicks(d.definition, moves)
            qtbot.mouseClick(d.ok, Qt.LeftButton)
        return fill
    palette.run_dialog = _filled(qtbot, own("S", "Sergeant", "fmWfcF"))
    palette.new_act.trigger()
    palette.run_dialog = _filled(qtbot, own("K", "Emperor", "K"))
    palette.new_act.trigger()
    assert w.doc.selected == "K"
    palette.details.royal.click()

    # promotion: the Sergeant chooses the Chancellor, in the far two ranks
    palette.list.setCurrentRow(list(w.doc.variant.letters).index("S"))
    choices = palette.details.choices
    next(choices.item(i) for i in range(choices.count())
         if choices.item(i).data(Qt.UserRole) == "C").setCheckState(Qt.Checked)
    retype_number(qtbot, palette.details.zone, "2")

    # White's army on the setup board, from the palette and by clicks, then Black's by mirror
    setup = w.setup_editor
    w.show_central(setup)
    board = setup.board
    for sq, letter in WHITE_ARMY.items():
        palette.list.setCurrentRow(list(w.doc.variant.letters).index(letter))
        qtbot.mouseClick(board, Qt.LeftButton, pos=board.square_rect(sq).center().toPoint())
    setup.castling.boxes["K"].click()
    setup.castling.boxes["Q"].click()
    qtbot.mouseClick(setup.mirror_button, Qt.LeftButton)


def test_a_variant_made_from_nothing_survives_save_and_reopen(qtbot, settings, tmp_path):
    w = _window(qtbot, settings)
    _build(qtbot, w)
    made = w.doc.variant
    assert made.castling == "KQkq"
    rules = rules_for(made)               # the rules the game plays: the one record
    assert made.piece("K").royal and rules.promotions[0].choices.white == ("C",)
    assert rules.promotions[0].zone == zone(2, 10) and rules.castling is not None
    board = parse_fen(made.setup, 10, 10).board
    assert board[(5, 9)] == "k" and board[(0, 9)] == "c" and board[(2, 8)] == "s"

    path = tmp_path / "sergeants.ini"
    w.files.choose_path = lambda saving, filters, proposed=None: str(path)
    w.acts["save"].trigger()
    assert not w.doc.modified
    text = path.read_text()
    assert '-fen "cs3k2sc/2ssssss2/10/10/10/10/10/10/2SSSSSS2/CS3K2SC w KQkq - 0 1"' in text
    w.close()

    again = _window(qtbot, settings)
    assert again.open_file(str(path))
    assert again.doc.variant == made
    assert xboard_ini.load(path) == made
    assert [again.piece_palette.list.item(i).data(Qt.UserRole)
            for i in range(again.piece_palette.list.count())] == ["C", "S", "K"]
    settle(qtbot, again)

    # the Fairy-Stockfish export, written through File > Export
    out = tmp_path / "sergeants.variants.ini"
    again.files.choose_path = lambda saving, filters, proposed=None: str(out)
    again.acts["export:fsf"].trigger()
    sf.load_variant_config(out.read_text())
    name = fsf_ini.section_name(made)
    assert name in sf.variants()
    start = sf.start_fen(name)
    assert parse_fen(start).board == board
    assert start.split()[2] == "KQkq"
    flagged = {p.piece for p in fsf_ini.fsf_problems(made)}
    checked = 0
    whites = [sq for sq, t in board.items() if side_of(t) == "white"]
    blacks = [sq for sq, t in board.items() if side_of(t) == "black"]
    for sq in whites:
        p = made.piece(board[sq])
        if p.letter in flagged:
            continue
        q = Query(p.notation, p.dialect, 10, 10, square_name(sq),
                  tuple(square_name(s) for s in whites if s != sq),
                  tuple(square_name(s) for s in blacks), "white", True, p.royal)
        ours = {(ord(n[0]) - 97, int(n[1:]) - 1) for part in split_targets(answer(q.question()))
                for n in part}
        assert destinations(sf, name, start, sq) == ours, (p.letter, square_name(sq))
        checked += 1
    assert checked == len(whites)        # pyffish can express all three piece types
