"""The setup editor through its widgets: every gesture is one undo step on the document, and
undo gives back exactly the variant there was. Expected positions are written by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from palette_helpers import FIDE_FEN, retype_number, sample, shown_on_document, undo_restores


@pytest.fixture
def make_editor(qtbot):
    def make(variant, select: str | None = None):
        from designer.gui.workbench.setup_editor import SetupEditor
        doc, widget = shown_on_document(qtbot, SetupEditor, variant, select, (1000, 700))
        return doc, widget
    return make


def _centre(board, sq) -> QPoint:
    return board.square_rect(sq).center().toPoint()


def test_typing_a_board_width_never_passes_through_a_smaller_board(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before, seen = doc.variant, []
    doc.changed.connect(lambda _a: seen.append(doc.variant.files))
    steps = doc.undo_stack.index()
    retype_number(qtbot, editor.files_spin, "10")
    assert doc.variant.files == 10 and set(seen) == {10}
    assert doc.undo_stack.index() == steps + 1
    # the armies keep their ranks and files (a 10-file board adds two empty files on the right)
    assert doc.variant.setup.startswith("rnbqkbnr2/pppppppp2/10/")
    undo_restores(doc, before)


def test_clicking_an_empty_square_puts_the_selected_piece_shift_the_other_colour(
        make_editor, qtbot):
    doc, editor = make_editor(sample("fide"), select="N")
    before = doc.variant
    qtbot.mouseClick(editor.board, Qt.LeftButton, pos=_centre(editor.board, (4, 3)))   # e4
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR"
    assert doc.undo_stack.undoText() == "Put White Knight on e4"
    qtbot.mouseClick(editor.board, Qt.LeftButton, Qt.ShiftModifier,
                     _centre(editor.board, (3, 4)))                                    # d5
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/3n4/4N3/8/PPPPPPPP/RNBQKBNR"
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_the_black_toggle_places_black_pieces(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"), select="Q")
    editor.black_act.trigger()
    qtbot.mouseClick(editor.board, Qt.LeftButton, pos=_centre(editor.board, (0, 3)))   # a4
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/q7/8/PPPPPPPP/RNBQKBNR"


def _drag(qtbot, board, start, end_pos, modifier=Qt.NoModifier) -> None:
    qtbot.mousePress(board, Qt.LeftButton, pos=_centre(board, start))
    a, b = QPointF(_centre(board, start)), QPointF(end_pos)
    for k in range(1, 6):           # several moves, as a hand does (past the drag distance)
        p = a + (b - a) * (k / 5)
        qtbot.mouseMove(board, p.toPoint())
    qtbot.mouseRelease(board, Qt.LeftButton, modifier, end_pos)


def test_dragging_a_piece_moves_it_ctrl_copies_it(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    _drag(qtbot, editor.board, (6, 0), _centre(editor.board, (5, 2)))                  # g1-f3
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R"
    assert doc.undo_stack.undoText() == "Move White Knight from g1 to f3"
    _drag(qtbot, editor.board, (5, 2), _centre(editor.board, (2, 2)), Qt.ControlModifier)
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/8/2N2N2/PPPPPPPP/RNBQKB1R"
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_dragging_a_piece_off_the_board_or_right_clicking_removes_it(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    _drag(qtbot, editor.board, (3, 0), QPoint(3, 3))       # into the gutter, off the board
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR"
    qtbot.mouseClick(editor.board, Qt.RightButton, pos=_centre(editor.board, (0, 7)))  # a8
    assert doc.variant.setup.split()[0] == "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR"
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_typing_a_letter_over_a_square_puts_that_piece(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    # the mouse rests over e5 (sent to the board itself: QTest's moves go through the window
    # system, which offscreen may hand to another test's window at the same place)
    pos = QPointF(_centre(editor.board, (4, 4)))
    QApplication.sendEvent(editor.board, QMouseEvent(QEvent.MouseMove, pos, editor.board
                                                     .mapToGlobal(pos), Qt.NoButton,
                                                     Qt.NoButton, Qt.NoModifier))
    assert editor.board.hover == (4, 4)
    qtbot.keyClick(editor.board, "n")
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/4n3/8/8/PPPPPPPP/RNBQKBNR"
    qtbot.keyClick(editor.board, Qt.Key_Delete)
    assert doc.variant.setup == FIDE_FEN


def test_clear_and_mirror_for_black(make_editor, qtbot):
    white_only = replace(sample("fide"), setup="8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
    doc, editor = make_editor(white_only)
    before = doc.variant
    qtbot.mouseClick(editor.mirror_button, Qt.LeftButton)
    assert doc.variant.setup == FIDE_FEN
    editor.clear_act.trigger()
    assert doc.variant.setup == "8/8/8/8/8/8/8/8 w - - 0 1"
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_loading_a_samples_start_position_brings_its_pieces(make_editor):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    editor.sample_menu.aboutToShow.emit()
    action = next(a for a in editor.sample_menu.actions() if a.text() == "Shogi")
    action.trigger()
    shogi = sample("shogi")
    assert (doc.variant.files, doc.variant.setup) == (9, shogi.setup)
    assert {"L", "S", "G"} <= set(doc.variant.letters)
    assert "added Lance (L)" in editor.notes.text()
    undo_restores(doc, before)


def test_the_fen_field_follows_the_board_and_the_board_follows_the_field(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    assert editor.fen.text() == FIDE_FEN
    qtbot.mouseClick(editor.board, Qt.RightButton, pos=_centre(editor.board, (0, 0)))
    # the rook of a1 goes, and with it the queen-side right it gave
    assert editor.fen.text() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"
    doc.undo_stack.undo()
    editor.fen.selectAll()
    steps = doc.undo_stack.index()
    qtbot.keyClicks(editor.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert doc.variant.setup == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert doc.undo_stack.index() == steps + 1         # the typing is one merged step
    assert editor.fen_error.isHidden()
    undo_restores(doc, before)


def test_a_fen_that_does_not_read_is_explained_under_the_field_and_not_applied(
        make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    editor.fen.selectAll()
    qtbot.keyClicks(editor.fen, "rnbqkbnr/ppzppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
    assert doc.variant == before
    assert editor.fen_error.isVisible()
    assert editor.fen_error.text().startswith("column 12: z is not a piece type")
    caret_line = editor.fen_error.text().splitlines()[2]
    assert caret_line.index("^") == 11


def test_an_ep_field_the_game_cannot_read_is_explained_and_not_kept(make_editor, qtbot):
    """Typed at the end of the FEN, "-B" was kept as the e.p. square: the saved variant then
    gave games whose PGN *Open game* refused."""
    doc, editor = make_editor(sample("fide"))
    editor.fen.setFocus()
    qtbot.keyClick(editor.fen, Qt.Key.Key_End)
    for _ in range(4):                           # "- 0 1" loses "0 1" and the space before
        qtbot.keyClick(editor.fen, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor.fen, "B")
    assert editor.fen.text().endswith(" KQkq -B")
    assert doc.variant.setup.split()[3] == "-"
    assert editor.fen_error.isVisible() and "e.p." in editor.fen_error.text()


def test_a_fen_of_another_size_can_resize_the_board(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    editor.fen.selectAll()
    qtbot.keyClicks(editor.fen, "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert editor.use_size.isVisible() and editor.use_size.text() == "Use 9x9"
    qtbot.mouseClick(editor.use_size, Qt.LeftButton)
    assert (doc.variant.files, doc.variant.ranks) == (9, 9)
    assert doc.variant.setup == "4k4/9/9/9/9/9/9/9/4K4 w - - 0 1"


def test_a_fen_of_another_size_brings_the_rules_along(make_editor, qtbot):
    """Chess's rules on a 6x6 board from the FEN: the pawns promote on the last rank and the
    king castles towards the last file, so the variant still exports to Fairy-Stockfish."""
    from designer.formats import fsf_ini
    from designer.rules.regions import Region, Sided
    doc, editor = make_editor(sample("fide"))
    editor.fen.selectAll()
    qtbot.keyClicks(editor.fen, "r1k2r/6/6/6/6/R1K2R w KQkq - 0 1")
    qtbot.mouseClick(editor.use_size, Qt.LeftButton)
    rules = doc.variant.rule_set
    assert (doc.variant.files, doc.variant.ranks) == (6, 6)
    assert rules.promotions[0].zone == Sided(Region("*6"), Region("*1"))
    assert (rules.castling.king_file, rules.castling.kingside_to) == (2, 4)
    assert fsf_ini.write(doc.variant)


def test_pieces_in_hand_are_counted_into_the_fen(make_editor, qtbot):
    doc, editor = make_editor(sample("shogi"))
    before = doc.variant
    retype_number(qtbot, editor.holdings.spins["P"], "2")
    retype_number(qtbot, editor.holdings.spins["r"], "1")
    assert doc.variant.setup.split()[0].endswith("[PPr]")
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_drops_switch_on_from_the_holdings_box(make_editor, qtbot):
    doc, editor = make_editor(sample("fide"))
    before = doc.variant
    editor.holdings.drops.click()
    assert (doc.variant.holdings, doc.variant.drops) == (5, True)
    assert doc.variant.setup.split()[0].endswith("[-]")
    assert set(editor.holdings.spins) == {"P", "p", "N", "n", "B", "b", "R", "r", "Q", "q"}
    undo_restores(doc, before)


def test_castling_check_boxes_write_the_fen_castling_field(make_editor, qtbot):
    doc, editor = make_editor(sample("capablanca"))
    before = doc.variant
    editor.castling.boxes["Q"].click()
    assert doc.variant.castling == "Kkq"
    editor.castling.boxes["q"].click()
    assert doc.variant.castling == "Kk"
    doc.undo_stack.undo()
    undo_restores(doc, before)


def test_the_promotion_zone_is_painted_on_the_board(make_editor, qtbot):
    from designer.variant.model import PieceType, Variant
    v = Variant(files=8, ranks=8, promotion_zone=2, pieces=(PieceType("K", "King", "K"),),
                setup="8/8/8/8/8/8/8/8 w - - 0 1")
    doc, editor = make_editor(v)
    img = editor.board.grab().toImage()

    def colour(sq):
        c = img.pixelColor(editor.board.square_rect(sq).center().toPoint())
        return c.red(), c.green(), c.blue()

    # same tile colour (light squares: file + rank odd), inside and outside the zones
    white_zone, black_zone, outside = colour((0, 7)), colour((1, 0)), colour((0, 3))
    def blueness(c):
        return c[2] - c[0]
    assert blueness(white_zone) > blueness(outside) + 20       # tinted blue at the top
    assert blueness(black_zone) < blueness(outside) - 5        # tinted red at the bottom
    assert black_zone[1] < outside[1] - 20
    retype_number(qtbot, editor.zone_spin, "0")
    img = editor.board.grab().toImage()
    assert colour((0, 7)) == outside


def test_use_setup_on_the_piece_board(make_editor, qtbot):
    from designer.variant.probes import ProbeBoard
    doc, editor = make_editor(sample("fide"), select="N")
    doc.set_probe_board(ProbeBoard(origin=(3, 3)))
    assert doc.has_own_probe_board("N")
    editor.probe_act.trigger()
    assert not doc.has_own_probe_board("N")
    assert doc.probe_board("N").origin == (1, 0)          # the knight on b1, as in the setup


def test_dropping_a_piece_from_the_palette_places_it(make_editor, qtbot):
    from designer.gui.workbench.piece_mime import piece_mime
    doc, editor = make_editor(sample("fide"))
    board = editor.board
    data = piece_mime("Q")
    pos = QPointF(_centre(board, (3, 3)))

    def send(modifiers, mime=data):
        # Qt delivers a drop to the widget that accepted the drag's enter event
        enter = QDragEnterEvent(pos.toPoint(), Qt.CopyAction, mime, Qt.LeftButton, modifiers)
        QApplication.sendEvent(board, enter)
        drop = QDropEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, modifiers)
        QApplication.sendEvent(board, drop)
        return enter, drop

    enter, drop = send(Qt.NoModifier)
    assert enter.isAccepted() and drop.isAccepted()
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNBQKBNR"
    send(Qt.ShiftModifier)                                        # Shift: the other colour
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/3q4/8/PPPPPPPP/RNBQKBNR"
    plain = QMimeData()
    plain.setText("Q")
    enter, _drop = send(Qt.NoModifier, plain)            # text that is no piece: refused
    assert not enter.isAccepted()
    assert doc.variant.setup.split()[0] == "rnbqkbnr/pppppppp/8/8/3q4/8/PPPPPPPP/RNBQKBNR"


def test_the_side_boxes_go_under_the_board_when_the_editor_is_narrow(make_editor, qtbot):
    doc, editor = make_editor(sample("shogi"))
    assert editor.sides.beside                               # 1000x700: a column beside it
    editor.resize(480, 640)                                  # the Setup tab at 1366x768
    qtbot.waitUntil(lambda: editor.sides.beside is False)
    # the board keeps most of the room: 9 ranks in 640 - toolbars, tabs and FEN field
    qtbot.waitUntil(lambda: editor.board.square_rect((0, 0)).width() >= 30)
    editor.sides.show_box(editor.holdings)
    assert editor.sides.tabs.currentIndex() == 2 and editor.holdings.isVisible()
    editor.resize(1000, 700)
    qtbot.waitUntil(lambda: editor.sides.beside is True)
    assert editor.holdings.title() == "Pieces in hand"
