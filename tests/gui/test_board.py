"""The probe board: blockers, origin, side, virgin, e.p., palette, zoom."""

from __future__ import annotations

from gui_helpers import click_square, type_definition
from PySide6.QtCore import Qt

from designer.gui.board_canvas import marks_for

D4, D5, D6, D7, D8 = (3, 3), (3, 4), (3, 5), (3, 6), (3, 7)


def test_placing_a_screen_gives_the_cannon_its_capture(qtbot, window):
    type_definition(qtbot, window, "mRcpR")
    marks = window.canvas.marks
    assert marks[D8] == ("move",) and not any("hop" in k for ks in marks.values() for k in ks)
    window.acts["tool:friend"].trigger()
    click_square(qtbot, window.canvas, D6)
    window.acts["tool:foe"].trigger()
    click_square(qtbot, window.canvas, D8)
    marks = window.canvas.marks
    assert window.session.state.probe_at(D6) == ("friend", "")
    assert marks[D5] == ("move",)
    assert D7 not in marks                      # the screen stops the rook moves...
    assert marks[D8] == ("hop-capture",)        # ...and lets the cannon capture behind it
    window.session.undo_stack.undo()            # take the foe away again
    assert D8 not in window.canvas.marks


def test_right_click_cycles_foe_friend_neutral_nothing(qtbot, window):
    canvas = window.canvas
    roles = []
    for _ in range(4):
        click_square(qtbot, canvas, (6, 6), Qt.RightButton)
        probe = window.session.state.probe_at((6, 6))
        roles.append(probe[0] if probe else None)
    assert roles == ["foe", "friend", "neutral", None]


def test_clicking_an_empty_square_moves_the_piece(qtbot, window):
    type_definition(qtbot, window, "W")
    click_square(qtbot, window.canvas, (0, 0))
    assert window.session.state.origin == (0, 0)
    assert set(window.canvas.marks) == {(0, 1), (1, 0)}


def test_side_virgin_and_ep_change_the_moves(qtbot, window):
    type_definition(qtbot, window, "ifmW2fmWfcFfeF")
    forward = set(window.canvas.marks)
    assert {(3, 4), (3, 5)} <= forward
    window.acts["virgin"].trigger()              # the piece has moved: no double step
    assert (3, 5) not in window.canvas.marks
    window.acts["black"].trigger()               # Black moves down the board
    assert (3, 2) in window.canvas.marks and (3, 4) not in window.canvas.marks
    window.acts["black"].trigger()
    window.set_probe((4, 3), "foe")              # the pawn that just double-stepped past e5
    window.acts["tool:ep"].trigger()
    click_square(qtbot, window.canvas, (4, 4))
    assert window.session.state.ep == (4, 4)
    assert "ep" in window.canvas.marks.get((4, 4), ())


def test_a_square_reached_in_several_ways_shows_each(window):
    window.session.edit("Lion", probes=(((4, 4), "foe", ""), ((5, 5), "foe", "")))
    marks = window.canvas.marks
    assert len(marks[(5, 5)]) >= 2                 # captured directly, and as a locust target
    assert "victim" in marks[(4, 4)]


def test_board_sizes_from_one_to_twenty_six(qtbot, window):
    window.files_box.setValue(1)
    window.ranks_box.setValue(1)
    assert window.session.state.origin == (0, 0) and window.canvas.marks == {}
    window.files_box.setValue(26)
    window.ranks_box.setValue(26)
    assert (window.canvas.files, window.canvas.ranks) == (26, 26)
    window.canvas.set_zoom(3.0)
    assert window.canvas.minimumWidth() > window.scroll.viewport().width()


def test_colour_blind_palette_is_one_click_away(window):
    window.acts["safe"].trigger()
    assert window.canvas.safe and window.legend._safe


def test_marks_for_orders_classes_and_adds_victims(window):
    marks = marks_for(window.session.analysis.by_square)
    assert marks == window.canvas.marks


def test_a_too_complex_definition_is_reported_not_fatal(qtbot, window):
    window.files_box.setValue(16)
    window.ranks_box.setValue(16)
    type_definition(qtbot, window, "aaaaaaQ")
    assert "search steps" in window.editor.status.text()
    assert window.canvas.stale and window.session.analysis.moves == ()
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
    assert window.session.state.origin == (3, 4)
    assert window.pinned is None
    window.session.undo_stack.undo()
    assert window.session.state.origin == (3, 3)
