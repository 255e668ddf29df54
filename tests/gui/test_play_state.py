"""The Play board acts on the game as it is when a move is made: a rule edited mid-game reaches
the board at once (its legal moves, and the reason a move it cut is no longer legal), a move
entered in the same event-loop turn as an Undo is not played into the game the Undo changed,
and a game whose moves place walls shows them and keeps them in its records."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from play_helpers import click, open_window, sample, settled, sq, start, status, texts


def _rules(w):
    from designer.variant.derive import rules_for
    v = w.doc.variant
    return v.rule_set if v.rule_set is not None else rules_for(v)


OPEN_CASTLING = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def test_castling_switched_off_mid_game_leaves_the_board_at_once(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, OPEN_CASTLING)
    view = w.play.view
    assert any(m.rook >= 0 for m in view.replay.legal)
    w.doc.set_rule_set(replace(_rules(w), castling=None), "Castling off")
    settled(qtbot, w)                        # the edit asked for a new answer, and it came
    assert not any(m.rook >= 0 for m in view.replay.legal)
    click(qtbot, w, "e1", "g1")              # the King's castling square: no move there now
    settled(qtbot, w)
    assert texts(w) == [] and w.doc.game.moves == ()
    assert view.replay.illegal is None


def test_a_castling_the_edit_made_illegal_is_cut_with_the_right_reason(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, OPEN_CASTLING)
    click(qtbot, w, "e1", "g1")
    settled(qtbot, w)
    assert texts(w) == ["e1g1"]
    w.doc.set_rule_set(replace(_rules(w), castling=None), "Castling off")
    settled(qtbot, w)
    cut = w.play.view.replay.illegal
    assert cut is not None and cut.ply == 0
    assert cut.reason == "Castling is not allowed in this variant."
    assert "no longer legal after the edit: Castling is not allowed in this variant." in \
        w.play.view.banner.text()


def test_a_move_made_in_the_same_turn_as_undo_is_not_played_at_the_wrong_point(qtbot,
                                                                               settings):
    """Undo takes back Black's reply; before the board has its answer (no event is processed
    in between), White's next move is entered on the board still showing Black's reply.
    It used to be appended to the shortened game: White moved twice."""
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    view = w.play.view
    w.doc.undo_stack.undo()                  # the game is now 1. e4, Black to move
    canvas = view.canvas
    for name in ("g1", "f3"):                # the same turn: the gestures the canvas reports
        canvas.pressed.emit(sq(name))
        canvas.clicked.emit(sq(name), Qt.MouseButton.LeftButton)
    assert [m.text(_geo(w)) for m in w.doc.game.moves] == ["e2e4"]
    assert "catching up" in status(w)
    settled(qtbot, w)
    assert texts(w) == ["e2e4"] and view.frame().turn == "black"
    click(qtbot, w, "g8", "f6")              # caught up: the board takes moves again
    settled(qtbot, w)
    assert texts(w) == ["e2e4", "g8f6"]


def test_a_move_chosen_on_the_board_and_undo_in_one_turn(qtbot, settings):
    """The move completed after the Undo in the same turn (a promotion or wall chosen, a drag
    released): refused rather than played from the position no longer the game's."""
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    view = w.play.view
    knight = next(m for m in view.replay.legal if m.text(_geo(w)) == "g1f3")
    w.doc.undo_stack.undo()
    view.play(knight)
    assert [m.text(_geo(w)) for m in w.doc.game.moves] == ["e2e4"]
    settled(qtbot, w)
    assert texts(w) == ["e2e4"]


def _geo(w):
    from designer.game.geometry import geometry
    return geometry(w.doc.variant.files, w.doc.variant.ranks)


def test_a_walls_game_shows_its_walls_and_keeps_them_in_every_record(qtbot, settings, tmp_path):
    from designer.gui.play.keeper import read_kept
    from designer.gui.play.records_io import load, save
    from designer.rules.model import Walls
    w = open_window(qtbot, settings, sample("fide"))
    w.doc.set_rule_set(replace(_rules(w), walls=Walls("arrow")), "Walls on")
    start(qtbot, w)
    view = w.play.view
    click(qtbot, w, "g1", "f3")              # a Knight's arrow: five squares to wall
    assert not view.choice.asking and view.entry.walling
    marked = {s for s, kinds in view.canvas.marks.items() if "wall" in kinds}
    assert marked == {sq(n) for n in ("d4", "e5", "g1", "g5", "h4")}   # the Knight's empty ones
    assert "wall" in status(w)
    click(qtbot, w, "e4")                    # no wall there: still waiting for one
    assert view.entry is not None and view.entry.walling and w.doc.game.moves == ()
    click(qtbot, w, "g5")
    settled(qtbot, w)
    click(qtbot, w, "g8", "h6", "g4")
    settled(qtbot, w)
    click(qtbot, w, "e2", "e4")              # a Pawn's arrow: e5 only, no question
    settled(qtbot, w)
    assert texts(w) == ["g1f3,f3g5", "g8h6,h6g4", "e2e4,e4e5"]
    assert list(view.replay.san) == ["Nf3,g5", "Nh6,g4", "e4,e5"]
    assert set(view.frame().walls) == {sq("g5"), sq("g4"), sq("e5")}
    assert view.canvas.walls == view.frame().walls
    # the game-recovery file
    w.play.keeper.write()
    variant, line, _origin = read_kept(w.play.keeper.path)
    assert line == w.doc.game and variant == w.doc.variant
    # Save game as PGN, read back as Open game reads it
    path = str(tmp_path / "walls.pgn")
    save(path, view.replay)
    assert load(path).moves == w.doc.game.moves


def test_take_back_and_resign_in_the_same_turn_as_undo_act_on_no_stale_game(qtbot, settings):
    """Both count on the position shown (who is to move, how many moves): right after an
    Undo they would act on the game before it."""
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    w.doc.undo_stack.undo()                  # 1. e4, Black to move; the board still shows e5
    steps = w.doc.undo_stack.index()
    w.play.take_back()
    w.play.controller.resign()               # White would resign: the side shown to move
    assert w.doc.undo_stack.index() == steps and w.doc.game.stop is None
    settled(qtbot, w)
    w.play.controller.resign()
    assert w.doc.game.stop is not None and w.doc.game.stop.result == "1-0"   # Black resigned
