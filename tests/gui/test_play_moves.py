"""The Play mode driven like a user: moves by click-click and drag, illegal moves refused with
the reason, promotions asked only when the rules leave a choice, drops dragged from the hand,
a Chu Lion's double capture and pass entered square by square."""

from __future__ import annotations

from PySide6.QtCore import Qt

from play_helpers import (click, drag, drag_from_hand, open_window, sample, settled, start,
                          status, texts)


def test_click_click_and_drag_play_moves_each_one_undo_step(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2")
    marks = w.play.view.canvas.marks
    assert set(marks) == {(4, 2), (4, 3)} and all(k == ("move",) for k in marks.values())
    assert set(w.play.view.legend.kinds) == {"move"}
    click(qtbot, w, "e4")
    settled(qtbot, w)
    drag(qtbot, w, "g8", "f6")
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "g8f6"]
    assert not w.isWindowModified()                 # the game is not the variant's file
    w.doc.undo_stack.undo()
    settled(qtbot, w)
    assert texts(w) == ["e2e4"]
    w.doc.undo_stack.redo()
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "g8f6"]
    assert w.play.view.canvas.last == ((6, 7), (5, 5))


def test_an_illegal_move_is_refused_with_the_reason(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, "4k3/8/8/b7/8/8/3N4/4K2R w K - 0 1")
    click(qtbot, w, "d2", "f3")
    qtbot.waitUntil(lambda: "pinned" in status(w))
    assert "Bishop on a5" in status(w)
    assert texts(w) == []


def test_check_is_highlighted_and_mate_ends_the_game(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    for a, b in (("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")):
        click(qtbot, w, a, b)
        settled(qtbot, w)
    view = w.play.view
    assert view.canvas.checked == ((4, 0),)
    assert view.replay.result()[0] == "0-1"
    assert "Black wins" in view.banner.text() and "checkmate" in view.banner.text().lower()
    click(qtbot, w, "e1")
    assert view.entry is None                        # the game is over: nothing to pick


def test_promotion_asks_only_the_rules_choices(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    click(qtbot, w, "b7", "b8")
    bar = w.play.view.choice
    assert bar.asking and bar.title.text() == "Promote to"
    labels = {b.text() for b in bar.buttons}
    assert labels == {"Queen", "Rook", "Bishop", "Knight"}
    knight = next(b for b in bar.buttons if b.text() == "Knight")
    qtbot.mouseClick(knight, Qt.LeftButton)
    settled(qtbot, w)
    assert texts(w) == ["b7b8n"]


def test_shogi_promotion_is_asked_and_a_forced_one_is_not(qtbot, settings):
    w = open_window(qtbot, settings, sample("shogi"))
    start(qtbot, w, "k8/3P5/9/9/4R4/9/9/9/4K4[-] w - - 0 1")
    click(qtbot, w, "e5", "e7")
    bar = w.play.view.choice
    assert bar.asking and bar.title.text() == "Promote?"
    assert [b.text() for b in bar.buttons] == ["Stay", "Promote"]
    qtbot.mouseClick(bar.buttons[1], Qt.LeftButton)
    settled(qtbot, w)
    assert texts(w) == ["e5e7+"]
    w.doc.undo_stack.undo()
    settled(qtbot, w)
    click(qtbot, w, "d8", "d9")                     # a pawn on the last rank must promote
    settled(qtbot, w)
    assert not bar.asking and texts(w) == ["d8d9+"]


def test_a_drop_is_dragged_from_the_hand(qtbot, settings):
    w = open_window(qtbot, settings, sample("shogi"))
    start(qtbot, w, "4k4/9/9/9/9/9/4P4/9/4K4[PGp] w - - 0 1")
    view = w.play.view
    hand = view.bottom_hand
    assert hand.isVisible() and dict(hand.hand) == {"G": 1, "P": 1}
    drag_from_hand(qtbot, w, hand, "P", "e5")         # a second pawn on the e-file
    qtbot.waitUntil(lambda: "two Pawns on a file" in status(w))
    assert texts(w) == []
    drag_from_hand(qtbot, w, hand, "G", "e5")
    settled(qtbot, w)
    assert texts(w) == ["G@e5"]
    assert dict(view.bottom_hand.hand) == {"P": 1}


CHU_LION = "6k5/12/12/12/12/5pp5/5N6/12/12/12/12/6K5 w - - 0 1"


def test_a_chu_lion_double_capture_by_clicks(qtbot, settings):
    w = open_window(qtbot, settings, sample("chu"))
    start(qtbot, w, CHU_LION)
    click(qtbot, w, "f6", "f7")
    view = w.play.view
    assert view.entry is not None and view.entry.clicked and "again" in status(w)
    assert (6, 6) in view.canvas.marks                 # g7, the second victim, is marked
    click(qtbot, w, "g7")
    settled(qtbot, w)
    assert texts(w) == ["f6f7,f7g7"]
    frame = view.frame()
    assert frame.piece_at((5, 6)) is None and frame.piece_at((6, 6)) == ("N", "white")


def test_a_chu_lion_pass_by_clicks(qtbot, settings):
    w = open_window(qtbot, settings, sample("chu"))
    start(qtbot, w, CHU_LION)
    click(qtbot, w, "f6", "g6")
    assert w.play.view.canvas.marks[(5, 5)] == ("null",)      # back to f6: a pass
    click(qtbot, w, "f6")
    settled(qtbot, w)
    assert texts(w) == ["f6g6,g6f6"]
    assert w.play.view.frame().turn == "black"
