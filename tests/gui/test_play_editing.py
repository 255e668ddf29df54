"""Editing the variant while a game is played: the game stays, is re-checked from the start,
and is cut at the first move that became illegal, as part of the edit's own undo step."""

from __future__ import annotations

from gui_helpers import type_definition
from play_helpers import click, open_window, sample, settled, start, texts


def play_opening(qtbot, w) -> None:
    for a, b in (("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6"), ("f1", "c4")):
        click(qtbot, w, a, b)
        settled(qtbot, w)


def test_changing_a_piece_cuts_the_game_at_its_first_illegal_move(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]
    w.doc.select("N")
    steps = w.doc.undo_stack.count()
    type_definition(qtbot, w, "W")                  # the Knight becomes a Wazir
    settled(qtbot, w)
    view = w.play.view
    assert texts(w) == ["e2e4", "e7e5"]
    assert view.replay.illegal.text == "g1f3"
    assert "g1f3" in view.banner.text() and "Undo" in view.banner.text()
    assert "Knight on g1 does not move to f3" in view.banner.text()
    cut = [view.moves.item(r, c) for r in range(view.moves.rowCount()) for c in range(2)]
    assert any(i is not None and i.text() == "g1f3" and i.font().strikeOut() for i in cut)
    assert w.doc.undo_stack.count() == steps + 1    # the edit and the cut: one step
    w.doc.undo_stack.undo()
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"] and view.replay.illegal is None


def test_playing_on_from_the_cut_replaces_the_rest(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    w.doc.select("N")
    type_definition(qtbot, w, "W")
    settled(qtbot, w)
    click(qtbot, w, "d2", "d4")
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "d2d4"] and w.play.view.replay.illegal is None
    w.doc.undo_stack.undo()
    settled(qtbot, w)
    assert w.play.view.replay.illegal.text == "g1f3"      # the cut line is back


def test_navigation_and_a_move_from_an_earlier_position(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    acts = w.play.acts
    view = w.play.view
    acts["first"].trigger()
    settled(qtbot, w)
    assert view.replay.at == 0 and view.frame().piece_at((4, 1)) == ("P", "white")
    acts["forward"].trigger()
    acts["forward"].trigger()
    settled(qtbot, w)
    assert view.replay.at == 2 and view.moves.currentItem().text() == "e5"
    acts["last"].trigger()
    settled(qtbot, w)
    assert view.replay.at == 5
    view.moves.ply_chosen.emit(3)                     # a click on the third move
    settled(qtbot, w)
    assert view.replay.at == 3
    click(qtbot, w, "d7", "d6")                       # Black plays from there
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "d7d6"]
    assert "replaces the 2 later plies" in w.statusBar().currentMessage()


def test_take_back_and_flip(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    w.play.acts["take_back"].trigger()
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "b8c6"]
    canvas = w.play.view.canvas
    a1 = canvas.square_rect((0, 0))
    w.play.acts["flip"].trigger()
    assert canvas.flipped and canvas.square_rect((7, 7)) == a1
    click(qtbot, w, "f1", "c4")                       # clicks still name the right squares
    settled(qtbot, w)
    assert texts(w)[-1] == "f1c4"


def test_undo_of_moves_keeps_the_redo_steps(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    stack = w.doc.undo_stack
    for _ in range(3):
        stack.undo()
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5"] and stack.canRedo()
    for _ in range(3):
        stack.redo()
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]


def test_the_game_keys_work_while_typing_in_the_definition(qtbot, settings):
    from PySide6.QtCore import Qt
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    play_opening(qtbot, w)
    edit = w.editor.edit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClick(edit, Qt.Key_Left, Qt.AltModifier)          # back one move
    settled(qtbot, w)
    assert w.play.view.replay.at == 4
    qtbot.keyClick(edit, Qt.Key_Home, Qt.AltModifier)          # the start
    settled(qtbot, w)
    assert w.play.view.replay.at == 0
    qtbot.keyClick(edit, Qt.Key_End, Qt.AltModifier)
    qtbot.keyClick(edit, Qt.Key_B, Qt.ControlModifier)         # take back
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "e7e5", "g1f3", "b8c6"]
    qtbot.keyClick(edit, Qt.Key_F, Qt.ControlModifier | Qt.ShiftModifier)
    assert w.play.view.canvas.flipped
    assert edit.toPlainText() == w.doc.piece().notation       # nothing was typed
