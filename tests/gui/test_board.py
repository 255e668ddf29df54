"""The probe board: blockers, origin, side, virgin, e.p., palette, zoom; and what the marks say,
checked against XBoard's own generator (the vectors) and against the seeds' sentences."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from gui_helpers import click_square, marked, settle, type_definition
from PySide6.QtCore import Qt
from repo_data import VECTORS

from designer.engine import parse_square
from designer.variant.probes import ProbeBoard
from designer.variant.fen import Setup, write_fen
from designer.variant.model import PieceType, Variant

D4, D5, D6, D7, D8 = (3, 3), (3, 4), (3, 5), (3, 6), (3, 7)


def test_placing_a_screen_gives_the_cannon_its_capture(qtbot, window):
    type_definition(qtbot, window, "mRcpR")
    marks = window.canvas.marks
    assert marks[D8] == ("move",) and not any("hop" in k for ks in marks.values() for k in ks)
    window.acts["tool:friend"].trigger()
    click_square(qtbot, window.canvas, D6)
    window.acts["tool:foe"].trigger()
    click_square(qtbot, window.canvas, D8)
    settle(qtbot, window)
    marks = window.canvas.marks
    assert window.doc.probe_board().at(D6) == ("white", "")
    assert marks[D5] == ("move",)
    assert D7 not in marks                      # the screen stops the rook moves...
    assert marks[D8] == ("hop-capture",)        # ...and lets the cannon capture behind it
    window.doc.undo_stack.undo()                # take the foe away again
    settle(qtbot, window)
    assert D8 not in window.canvas.marks


def test_classes_are_the_ones_the_seed_names(qtbot, window):
    # Seed 004: "m" = the move may only go to an empty square, "c" = only capture; W is one
    # orthogonal step, F one diagonal step. From d4 with a foe on e5: four move-only squares
    # and one capture-only square; the other diagonals are empty, so F reaches nothing there.
    type_definition(qtbot, window, "mWcF")
    window.set_probe((4, 4), "foe")
    settle(qtbot, window)
    assert window.canvas.marks == {(3, 4): ("move",), (2, 3): ("move",), (4, 3): ("move",),
                                   (3, 2): ("move",), (4, 4): ("capture",)}
    assert set(window.view.legend.kinds) == {"move", "capture"}


def _vectors() -> list[dict]:
    out = []
    for line in (VECTORS / "xboard-public.jsonl").read_text().splitlines():
        case = json.loads(line)
        if "moved" not in case:          # the probe board has no moved-piece flag per probe
            out.append(case)
    return out


@pytest.mark.parametrize("case", _vectors()[::3], ids=lambda c: c["id"])
def test_marked_squares_are_the_ones_xboard_generates(qtbot, window, case):
    """The board marks exactly the destinations XBoard 4.9.1's own generator lists."""
    files, ranks = case["files"], case["ranks"]

    def sq(name):
        return parse_square(name, files, ranks)
    holes = frozenset(sq(h) for h in case.get("holes", ()))
    setup = write_fen(Setup(files, ranks, holes=holes)) if holes else ""
    piece = PieceType("X", "", case["betza"], case["dialect"], royal=bool(case.get("royal")))
    window.load_variant(Variant(files=files, ranks=ranks, pieces=(piece,), setup=setup))
    side = case["side"]
    other = "black" if side == "white" else "white"
    probes = [(sq(s), side, "") for s in case["friends"]] + \
        [(sq(s), other, "") for s in case["foes"]]
    window.doc.set_probe_board(ProbeBoard(sq(case["square"]), tuple(sorted(probes)), side,
                                          case["virgin"]))
    settle(qtbot, window)
    expect = {sq(s) for s in case["expect"]["moves"] + case["expect"]["captures"]}
    assert marked(window) == expect


def test_right_click_cycles_foe_friend_neutral_nothing(qtbot, window):
    canvas = window.canvas
    roles = []
    for _ in range(4):
        click_square(qtbot, canvas, (6, 6), Qt.RightButton)
        probe = window.doc.probe_board().at((6, 6))
        roles.append(probe[0] if probe else None)
    assert roles == ["black", "white", "neutral", None]     # foe, friend, neutral, nothing


def test_clicking_an_empty_square_moves_the_piece(qtbot, window):
    type_definition(qtbot, window, "W")
    click_square(qtbot, window.canvas, (0, 0))
    settle(qtbot, window)
    assert window.doc.probe_board().origin == (0, 0)
    assert set(window.canvas.marks) == {(0, 1), (1, 0)}


def test_moving_a_piece_with_a_null_move_does_not_pin_its_own_square(qtbot, window):
    """A click that moves the piece must not also count as a click on the piece (which, for a
    piece that can pass, pinned the debugger on its own square and hid the Compare tab)."""
    type_definition(qtbot, window, "WmabW")           # W, and a W step there and back: a pass
    assert window.canvas.marks[(3, 3)] == ("null",)
    window.compare_dock.show()
    window.compare_dock.raise_()
    click_square(qtbot, window.canvas, (0, 0))
    settle(qtbot, window)
    assert window.doc.probe_board().origin == (0, 0)
    assert window.pinned is None
    assert not window.compare_dock.visibleRegion().isEmpty()


def test_side_virgin_and_ep_change_the_moves(qtbot, window):
    type_definition(qtbot, window, "ifmW2fmWfcFfeF")
    forward = set(window.canvas.marks)
    assert {(3, 4), (3, 5)} <= forward
    window.acts["virgin"].trigger()              # the piece has moved: no double step
    settle(qtbot, window)
    assert (3, 5) not in window.canvas.marks
    window.acts["black"].trigger()               # Black moves down the board
    settle(qtbot, window)
    assert (3, 2) in window.canvas.marks and (3, 4) not in window.canvas.marks
    window.acts["black"].trigger()
    window.set_probe((4, 3), "foe")              # the pawn that just double-stepped past e5
    window.acts["tool:ep"].trigger()
    click_square(qtbot, window.canvas, (4, 4))
    settle(qtbot, window)
    assert window.doc.probe_board().ep == (4, 4)
    assert "ep" in window.canvas.marks.get((4, 4), ())


def test_after_black_to_move_the_piece_is_drawn_like_its_friends(qtbot, window):
    window.set_probe((5, 5), "foe")
    window.set_probe((2, 2), "friend")
    assert window.canvas.origin_colour == "white"
    window.acts["black"].trigger()
    canvas = window.canvas
    assert canvas.origin_colour == "black"
    # the pieces keep their colours: the friend placed for White is now a foe of the Black piece
    assert canvas.probes[(5, 5)][0] == "black" and canvas.probes[(2, 2)][0] == "white"
    window.set_probe((6, 1), "friend")
    assert canvas.probes[(6, 1)][0] == canvas.origin_colour


def test_a_square_reached_in_several_ways_shows_each(qtbot, window):
    window.set_probe((4, 4), "foe")
    window.set_probe((5, 5), "foe")
    settle(qtbot, window)
    marks = window.canvas.marks
    assert len(marks[(5, 5)]) >= 2                 # captured directly, and as a locust target
    assert "victim" in marks[(4, 4)]


def test_typing_a_size_applies_it_once_and_keeps_the_probes(qtbot, window):
    window.set_probe((6, 6), "foe")
    stack = window.doc.undo_stack
    steps = stack.count()
    box = window.files_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), "10")
    assert window.doc.variant.files == 8           # nothing happens at each digit
    qtbot.keyClick(box.lineEdit(), Qt.Key_Return)
    assert window.doc.variant.files == 10 and stack.count() == steps + 1
    assert window.doc.probe_board().at((6, 6)) == ("black", "")


def test_board_sizes_from_one_to_twenty_six(qtbot, window):
    window.files_box.setValue(1)
    window.ranks_box.setValue(1)
    settle(qtbot, window)
    assert window.doc.probe_board().origin == (0, 0) and window.canvas.marks == {}
    window.files_box.setValue(26)
    window.ranks_box.setValue(26)
    assert (window.canvas.files, window.canvas.ranks) == (26, 26)
    window.canvas.set_zoom(3.0)
    assert window.canvas.minimumWidth() > window.view.scroll_area.viewport().width()


def test_zoom_answers_ctrl_plus_ctrl_equals_and_the_keypad(qtbot, window):
    window.activateWindow()
    qtbot.waitActive(window)
    window.canvas.setFocus()
    for key, modifiers in ((Qt.Key_Equal, Qt.ControlModifier),
                           (Qt.Key_Plus, Qt.ControlModifier | Qt.ShiftModifier),
                           (Qt.Key_Plus, Qt.ControlModifier | Qt.KeypadModifier)):
        before = window.canvas.zoom
        qtbot.keyClick(window.canvas, key, modifiers)
        assert window.canvas.zoom > before, (key, modifiers)
    before = window.canvas.zoom
    qtbot.keyClick(window.canvas, Qt.Key_Minus, Qt.ControlModifier)
    assert window.canvas.zoom < before


def test_colour_blind_palette_is_one_click_away(window):
    window.acts["safe"].trigger()
    assert window.canvas.safe and window.view.legend._safe


def test_a_too_complex_definition_is_reported_not_fatal(qtbot, window):
    window.files_box.setValue(16)
    window.ranks_box.setValue(16)
    type_definition(qtbot, window, "aaaaaaQ")
    assert "search steps" in window.editor.status.text()
    assert window.canvas.stale and window.view.analysis.moves == ()
    type_definition(qtbot, window, "Q")
    assert window.canvas.marks and not window.canvas.stale


def test_dragging_the_piece_moves_it_even_onto_a_target(qtbot, window):
    type_definition(qtbot, window, "W")
    canvas = window.canvas
    start = canvas.square_rect((3, 3)).center().toPoint()
    end = canvas.square_rect((3, 4)).center().toPoint()     # a marked square: a click would pin
    qtbot.mousePress(canvas, Qt.LeftButton, pos=start)
    qtbot.mouseMove(canvas, end)
    qtbot.mouseRelease(canvas, Qt.LeftButton, pos=end)
    assert window.doc.probe_board().origin == (3, 4)
    assert window.pinned is None
    window.doc.undo_stack.undo()
    assert window.doc.probe_board().origin == (3, 3)


def test_a_royal_piece_castles_with_its_rook_from_the_setup(qtbot, window, tmp_path):
    """FIDE's King has no O in its notation: XBoard's built-in castling applies (the King moves
    two squares towards an unmoved Rook in the corner, formats.md §1.5), and only while the
    setup's castling rights allow it."""
    from designer.gui.window.dialogs import fide
    window.load_variant(fide(), select="K")
    board = window.doc.probe_board()
    assert board.origin == (4, 0)
    cleared = replace(board, pieces=tuple(p for p in board.pieces
                                          if p[0][1] != 0 or p[1] != "white"
                                          or p[2] in ("R", "K")))
    window.doc.set_probe_board(cleared)
    settle(qtbot, window)
    marks = window.canvas.marks
    assert marks[(6, 0)] == ("castling",) and marks[(2, 0)] == ("castling",)   # g1 and c1
    window.doc.set_castling("Kkq")            # White may castle on the King's side only
    settle(qtbot, window)
    assert "castling" in window.canvas.marks[(6, 0)] and (2, 0) not in window.canvas.marks


def test_drops_show_when_the_variant_has_holdings(qtbot, window):
    # Seed 004 "Drops": @ drops the piece on an empty square (range = ranks from the own side)
    type_definition(qtbot, window, "W@2")
    assert not any("drop" in k for k in window.canvas.marks.values())
    window.doc.set_properties(holdings=1, drops=True)
    settle(qtbot, window)
    drops = {sq for sq, kinds in window.canvas.marks.items() if "drop" in kinds}
    assert drops == {(f, r) for f in range(8) for r in range(2)}


def test_promotion_squares_are_marked(qtbot, window):
    window.doc.set_piece_fields("L", promotions=("L",))
    window.doc.set_properties(promotion_zone=2)
    type_definition(qtbot, window, "fmW")               # seed 004: f forward, m move only
    window.move_piece((3, 5))
    settle(qtbot, window)
    assert window.canvas.marks[(3, 6)] == ("move", "promotion")
    assert window.canvas.zone == {(f, r) for f in range(8) for r in (6, 7)}


def test_pieces_are_drawn_with_their_pictures_when_there_are_some(qtbot, window):
    from PySide6.QtGui import QColor, QPixmap
    asked = []

    def pictures(letter, colour, size, dpr):
        asked.append((letter, colour))
        if letter != "L":
            return None
        pix = QPixmap(size, size)
        pix.fill(QColor("#00ff00"))
        return pix
    window.set_probe((5, 5), "foe", "Q")
    window.canvas.set_picture_source(pictures)
    image = window.canvas.grab().toImage()
    centre = window.canvas.square_rect((3, 3)).center().toPoint()
    assert image.pixelColor(centre) == QColor("#00ff00")      # the Lion's own picture
    assert ("L", "white") in asked and ("Q", "black") in asked   # the Queen kept its disc
