"""Engine differences: where XBoard 4.9 or Fairy-Stockfish move a piece differently from us.

The expected answers are the programs' own: the vectors record what XBoard 4.9.1's generator
(``xboard_reads``) and Fairy-Stockfish's (``fsf_reads``, ``expect`` of the Fairy-Stockfish
cases) do in each position. Our moves changed by the differences we report must give exactly
the program's moves, square by square."""

import json

import pytest

from designer.balance.differences import (FAIRY, XBOARD, _ours, engine_differences,
                                          fsf_differences, xboard_differences)
from designer.engine.api import Query
from designer.engine.question import position_of
from designer.geometry.board import square_name
from designer.engine.position import PieceBoard
from repo_data import VECTORS

FIELDS = ("betza", "dialect", "files", "ranks", "square", "friends", "foes", "side", "virgin",
          "ep", "holes", "royal_foes", "moved", "royal", "types")


def _cases(name, key):
    out = []
    for line in (VECTORS / name).read_text().splitlines():
        if line.strip() and key in (case := json.loads(line)):
            out.append(case)
    return out


def _query(case):
    kw = {}
    for k in FIELDS:
        if k in case:
            v = case[k]
            kw[k] = tuple(sorted(v.items())) if k == "types" else tuple(v) \
                if isinstance(v, list) else v
    return Query(**kw)


def _program_answer(want):
    """(moves, captures) the program made; multi-leg captures are listed under ``legs``."""
    caps = set(want.get("captures", [])) | {leg["to"] for leg in want.get("legs", [])}
    return set(want.get("moves", [])), caps


def _theirs(case, differ, skip=frozenset()):
    q = _query(case)
    question = q.question()
    pos, origin = position_of(question), question.origin
    d = differ(q.betza, q.dialect, pos, origin, q.side, q.virgin, q.royal)
    if not d.compared:
        return None
    moves, caps = _ours(q.betza, q.dialect, pos, origin, q.side, q.virgin, q.royal, skip)
    for s in d.squares:
        (moves.add if s.theirs_move else moves.discard)(s.square)
        (caps.add if s.theirs_capture else caps.discard)(s.square)
    return {square_name(s) for s in moves}, {square_name(s) for s in caps}


XBOARD_CASES = _cases("xboard-quirks.jsonl", "xboard_reads") + \
    _cases("fsf-divergent.jsonl", "xboard_reads")
FSF_CASES = [(c, "fsf_reads") for c in _cases("fsf-divergent.jsonl", "fsf_reads")] + \
    [(c, "expect") for c in _cases("fsf-public.jsonl", "expect")]


@pytest.mark.parametrize("case", XBOARD_CASES, ids=[c["id"] for c in XBOARD_CASES])
def test_xboard_differences_turn_our_moves_into_xboards(case):
    theirs = _theirs(case, xboard_differences)
    if theirs is None:
        pytest.skip("XBoard's reading of this string cannot be drawn (said in the result)")
    assert theirs == _program_answer(case["xboard_reads"]), case["note"]


def test_xboard_differences_on_thousands_of_generated_strings():
    cases = _cases("xboard-generated.jsonl", "xboard_reads")
    compared = 0
    for case in cases:
        theirs = _theirs(case, xboard_differences)
        if theirs is not None:
            assert theirs == _program_answer(case["xboard_reads"]), case["id"]
            compared += 1
    assert compared >= 0.9 * len(cases)


@pytest.mark.parametrize("case,key", FSF_CASES, ids=[c["id"] for c, _ in FSF_CASES])
def test_fairy_stockfish_differences_turn_our_moves_into_its(case, key):
    theirs = _theirs(case, fsf_differences, frozenset({"castling", "drop", "ep"}))
    assert theirs is not None
    assert theirs == _program_answer(case[key]), case.get("note")


def test_a_piece_both_programs_read_as_we_do_has_no_differences():
    d = engine_differences("Q", "xbetza", PieceBoard(8, 8), (3, 3), "white")
    assert [p.program for p in d.programs] == [XBOARD, FAIRY]
    assert all(p.compared and not p.squares for p in d.programs)


def test_fK_differs_for_fairy_stockfish_on_the_two_forward_diagonals():
    d = engine_differences("fK", "xbetza", PieceBoard(8, 8), (3, 3), "white")
    assert d.squares().keys() == {(2, 4), (4, 4)}
    assert all("Fairy-Stockfish" in text for texts in d.squares().values() for text in texts)


def test_a_definition_without_xbetza_form_says_why_instead_of_marking():
    # a Betza 2.0 repeated group with no XBetza form
    d = engine_differences("(W-F)0", "betza2", PieceBoard(8, 8), (3, 3), "white")
    for p in d.programs:
        assert not p.compared and "no XBetza form" in p.reason and not p.squares
