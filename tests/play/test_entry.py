"""Entering moves by clicks: a Chu Lion's double capture, its single capture (the victim
clicked twice), its pass, a locust, promotion choices and drags."""

from __future__ import annotations

from designer.formats.registry import read_any
from designer.play import Entry, differ_only_by_promotion, promotion_choices
from designer.game.game import Game
from designer.variant.model import PieceType, Variant
from repo_data import ROOT

CHU = str(ROOT / "variants" / "chu.ini")
# White Lion on f6, Black pawns on f7 and g7, kings far away.
LION_FEN = "6k5/12/12/12/12/5pp5/5N6/12/12/12/12/6K5 w - - 0 1"


def lion_game() -> Game:
    return Game(read_any(CHU), fen=LION_FEN)


def sq(g: Game, name: str) -> int:
    return g.geo.names.index(name)


def test_lion_double_capture_by_clicking_both_victims():
    g = lion_game()
    entry = Entry.pick(g.legal_moves(), sq(g, "f6"))
    step = entry.click(sq(g, "f7"))
    assert step.done == () and step.hint == "again"        # f7 alone, or on from f7
    step = step.entry.click(sq(g, "g7"))
    assert [m.text(g.geo) for m in step.done] == ["f6f7,f7g7"]
    assert step.done[0].kills == (sq(g, "f7"),)


def test_lion_single_capture_is_the_victim_clicked_twice():
    g = lion_game()
    step = Entry.pick(g.legal_moves(), sq(g, "f6")).click(sq(g, "f7"))
    step = step.entry.click(sq(g, "f7"))
    assert [m.text(g.geo) for m in step.done] == ["f6f7"]


def test_lion_pass_out_and_back():
    g = lion_game()
    step = Entry.pick(g.legal_moves(), sq(g, "f6")).click(sq(g, "g6"))
    assert step.hint == "again"                                # g6, or back to f6: a pass
    marks = step.entry.marks({})
    assert marks[sq(g, "f6")] == ("null",) and sq(g, "g6") in marks
    step = step.entry.click(sq(g, "f6"))
    assert len(step.done) == 1 and step.done[0].origin == step.done[0].target
    assert not step.done[0].kills


def test_after_the_first_victim_only_the_continuations_are_marked():
    g = lion_game()
    step = Entry.pick(g.legal_moves(), sq(g, "f6")).click(sq(g, "f7"))
    nexts = {g.geo.names[s] for s in step.entry.marks({sq(g, "g7"): True})}
    assert nexts == {"f8", "g8", "g7", "g6", "e6", "e7", "e8", "f6", "f7"}


def test_a_drag_takes_the_shortest_path():
    g = lion_game()
    step = Entry.pick(g.legal_moves(), sq(g, "f6")).drag(sq(g, "f7"))
    assert [m.text(g.geo) for m in step.done] == ["f6f7"]


def test_a_click_off_every_path_is_refused():
    g = lion_game()
    assert Entry.pick(g.legal_moves(), sq(g, "f6")).click(sq(g, "a1")).entry is None


def test_a_locust_clicks_its_victim_then_its_landing_square():
    # A checker-like piece: captures diagonally by jumping over the victim (cafF).
    v = Variant(files=8, ranks=8, pieces=(PieceType("K", "King", "K", royal=True),
                                           PieceType("C", "Checker", "mFcafF"),
                                           PieceType("P", "Pawn", "fmWfcF")),
                setup="7k/8/8/8/4p3/3C4/8/K7 w - - 0 1")
    g = Game(v)
    entry = Entry.pick(g.legal_moves(), sq(g, "d3"))
    marks = entry.marks({sq(g, "e4"): True})
    assert "victim" in marks[sq(g, "e4")] and "locust" in marks[sq(g, "f5")]
    step = entry.click(sq(g, "e4"))
    step = step.entry.click(sq(g, "f5"))
    assert len(step.done) == 1 and step.done[0].kills == (sq(g, "e4"),)
    # the landing square clicked straight away names one path too
    step = entry.click(sq(g, "f5"))
    assert len(step.done) == 1 and step.done[0].kills == (sq(g, "e4"),)


def test_promotion_choices_are_the_rules_own():
    v = read_any(str(ROOT / "variants" / "fide.ini"))
    g = Game(v, fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    step = Entry.pick(g.legal_moves(), sq(g, "b7")).click(sq(g, "b8"))
    assert differ_only_by_promotion(step.done)
    assert set(promotion_choices(step.done)) == {"Q", "R", "B", "N"}


def test_shogi_promotion_is_optional_and_asked():
    g = Game(read_any(str(ROOT / "variants" / "shogi.ini")),
             fen="4k4/9/9/9/4R4/9/9/9/4K4[-] w - - 0 1")
    step = Entry.pick(g.legal_moves(), sq(g, "e5")).click(sq(g, "e7"))
    assert promotion_choices(step.done) == ("", "+R")
    forced = Game(read_any(str(ROOT / "variants" / "shogi.ini")),
                  fen="4k4/4P4/9/9/9/9/9/9/4K4[-] w - - 0 1")
    # a pawn on the last rank must promote: one move, no question (e8 -> e9 is the King:
    # take the pawn on the eighth rank of a free file instead)
    forced = Game(read_any(str(ROOT / "variants" / "shogi.ini")),
                  fen="k8/3P5/9/9/9/9/9/9/4K4[-] w - - 0 1")
    step = Entry.pick(forced.legal_moves(), sq(forced, "d8")).click(sq(forced, "d9"))
    assert len(step.done) == 1 and step.done[0].promotion


def test_drops_pick_from_the_hand():
    g = Game(read_any(str(ROOT / "variants" / "shogi.ini")),
             fen="4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1")
    entry = Entry.pick_drop(g.legal_moves(), "P")
    assert entry.candidates and all(m.is_drop for m in entry.candidates)
    step = entry.click(sq(g, "e5"))
    assert [m.text(g.geo) for m in step.done] == ["P@e5"]
