"""Entering a move that places a wall: the squares of the move, then one click on the wall's
square among those marked (a bar of buttons, one per square, could not hold the duck's
thirty-odd squares)."""

from __future__ import annotations

from dataclasses import replace

from designer.formats.registry import read_any
from designer.play import Entry
from designer.play.marks import WALL
from designer.variant.derive import rules_for
from designer.game.game import Game
from designer.rules.model import Walls
from repo_data import ROOT


def walls_game(rule: str) -> Game:
    fide = read_any(str(ROOT / "variants" / "fide.ini"))
    return Game(replace(fide, rule_set=replace(rules_for(fide), walls=Walls(rule))))


def test_the_wall_is_the_click_after_the_move():
    g = walls_game("duck")
    names = g.geo.names
    entry = Entry.pick(g.legal_moves(), names.index("e2"))
    step = entry.click(names.index("e4"))
    assert step.done == () and step.hint == "wall" and step.entry.walling
    marks = step.entry.marks({})
    walls = {names[s] for s, kinds in marks.items() if kinds == (WALL,)}
    assert len(walls) == 32 and "e2" in walls and "e4" not in walls   # empty after e2-e4
    assert step.entry.click(names.index("e7")).done == ()              # occupied: no wall
    done = step.entry.click(names.index("d5")).done
    assert [m.text(g.geo) for m in done] == ["e2e4,e4d5"]


def test_a_drag_straight_to_the_destination_waits_for_the_wall_too():
    g = walls_game("arrow")
    names = g.geo.names
    step = Entry.pick(g.legal_moves(), names.index("g1")).drag(names.index("f3"))
    assert step.hint == "wall"
    assert [m.text(g.geo) for m in step.entry.click(names.index("g1")).done] == ["g1f3,f3g1"]


def test_a_move_with_a_single_wall_square_needs_no_more_click():
    g = walls_game("past")                   # the wall goes where the piece was
    names = g.geo.names
    step = Entry.pick(g.legal_moves(), names.index("g1")).click(names.index("f3"))
    assert [m.text(g.geo) for m in step.done] == ["g1f3,f3g1"]
