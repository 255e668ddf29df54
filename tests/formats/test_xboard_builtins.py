"""XBoard's built-in variants as data (designer/data/xboard_variants.json) checked against
XBoard 4.9.1 itself: the positions it saves for every -variant name
(tests/data/xboard/starts.json) and the moves it accepts from an engine with legality testing
on (tests/data/xboard/legality.json), both recorded from the real program by
tools/xboard_probe.py."""

import json

import pytest

from designer.engine.api import Query
from designer.engine.question import answer
from designer.geometry.board import square_name
from designer.formats.xboard_variants import (builtin, builtins, engines_for, real_variant,
                                              variant_name)
from designer.variant.fen import base_letter, parse_fen

from format_samples import ROOT

DATA = ROOT / "tests" / "data" / "xboard"
RECORDED = json.loads((DATA / "starts.json").read_text())["variants"]
# every name of common.h's list was given to the real XBoard; "twilight" it refuses
STARTS = {n: r for n, r in RECORDED.items() if "Unknown variant" not in r["output"]}
PROBES = json.loads((DATA / "legality.json").read_text())["probes"]


def test_the_names_are_those_xboard_accepts():
    assert list(builtins()) == list(STARTS)
    assert "Unknown variant name twilight" in RECORDED["twilight"]["output"]
    assert builtin("twilight") is None


@pytest.mark.parametrize("name", list(STARTS))
def test_board_and_holdings_are_those_of_the_position_xboard_saves(name):
    b = builtin(name)
    s = parse_fen(STARTS[name]["fen"])
    assert (s.files, s.ranks) == (b.files, b.ranks)
    assert (s.hand is not None) == (b.holdings > 0)


@pytest.mark.parametrize("name", list(STARTS))
def test_setup_is_the_position_xboard_saves(name):
    b = builtin(name)
    if b.shuffled:
        assert b.setup == ""               # XBoard shuffles the back rank on every start
        return
    ours, theirs = parse_fen(b.setup), parse_fen(STARTS[name]["fen"])
    assert (ours.board, ours.hand, ours.castling) == (theirs.board, theirs.hand, theirs.castling)


@pytest.mark.parametrize("name", list(STARTS))
def test_every_piece_xboard_sets_up_is_a_piece_of_the_variant(name):
    letters = {p.letter for p in builtin(name).pieces}
    s = parse_fen(STARTS[name]["fen"])
    assert {base_letter(t) for t in list(s.board.values()) + list(s.hand or ())} <= letters


def _probe_id(p):
    return f"{p['variant']}-{p['move']}-{p['what'].split(':')[0]}"


@pytest.mark.parametrize("probe", PROBES, ids=[_probe_id(p) for p in PROBES])
def test_pieces_move_as_xboard_moves_them(probe):
    """A move XBoard accepts is one of the piece's moves in our data, and a move it refuses is
    not, except where the piece's note names the rule the notation cannot carry."""
    v = real_variant(builtin(probe["variant"]))
    s = parse_fen(probe["fen"])
    base = 0 if v.ranks == 10 else 1          # XBoard counts ranks from 0 on 10-rank boards
    move = probe["move"]
    origin = (ord(move[0]) - 97, int(move[1]) - base)
    target = square_name((ord(move[2]) - 97, int(move[3]) - base))
    piece = v.piece(base_letter(s.board[origin]))
    friends = tuple(square_name(sq) for sq, t in s.board.items() if t.isupper() and sq != origin)
    foes = tuple(square_name(sq) for sq, t in s.board.items() if t.islower())
    q = Query(piece.notation, piece.dialect, v.files, v.ranks, square_name(origin), friends,
              foes, "white", True)
    ours = target in {square_name(m.destination) for m in answer(q.question()).moves}
    if ours != probe["xboard_legal"]:
        assert piece.notes, (probe["what"], piece.notation)
    else:
        assert ours == probe["xboard_legal"]


def test_the_probes_cover_rules_beyond_the_notation():
    """The notes are not decoration: the probes include moves XBoard refuses for a rule the
    notation cannot say (Xiangqi's river and palace)."""
    differing = []
    for probe in PROBES:
        if probe["variant"] == "xiangqi" and not probe["xboard_legal"]:
            differing.append(probe["what"])
    assert {"Elephant: across the river", "Advisor: out of the palace",
            "General: out of the palace"} <= set(differing)


@pytest.mark.parametrize("text,expected", [
    ("xiangqi", "xiangqi"), ("Xiangqi", "xiangqi"), ("normal", "normal"),
    ("10x8+0_capablanca", "capablanca"),   # backend.c StringToVariant skips the size prefix
    ("8x8+0_my-game", None),               # not a name XBoard knows: it plays normal chess
    ("wild/fr", "fischerandom"), ("mycapablanca", None),   # later names only at the start
    ("fooatomic", "atomic"),               # early names anywhere (the ICC/FICS names)
])
def test_variant_names_resolve_as_xboard_resolves_them(text, expected):
    assert variant_name(text) == expected


def test_engines_are_those_that_announce_the_variant_at_its_own_size():
    names = {e.program for e in engines_for("capablanca", 10, 8, 0)}
    assert any(n.startswith("Fairy-Max") for n in names)
    assert any(n.startswith("Fairy-Stockfish") for n in names)
    # backend.c SupportedVariant asks for 10x10+0_grand, which nobody announces
    assert engines_for("grand", 10, 10, 0) == ()
    assert engines_for("grand", 10, 10, 7)
    assert {e.program for e in engines_for("xiangqi", 9, 10, 0)} >= {"MaxQi 4.8G"}


def test_reading_only_a_parent_name_gives_the_real_variant():
    """XBoard sets up the whole game from the name alone (backend.c InitPosition)."""
    v = real_variant(builtin("shogi"))
    assert (v.files, v.ranks, v.holdings, v.drops) == (9, 9, 7, True)
    assert v.piece("P").promotes_to == "+P" and v.piece("+P").notation == "WfF"
    assert v.piece("N").notation == "ffN" and v.piece("L").notation == "fR"
    v = real_variant(builtin("grand"))
    assert (v.files, v.ranks, v.holdings, v.drops, v.promotion_zone) == (10, 10, 0, False, 3)
