"""No clock decides an answer: a definition has its moves or is too complex the same on every
machine, under any load, and with or without details.

The generator bounds its work by counting units, never by reading a clock; ``generate`` (moves
with their traces: the window, ``targets --details``) and ``targets`` (squares only: plain
``targets``) count exactly the same units, so they give up at the same point with the same words.
"""

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.commands.targets import answer_line
from designer.engine.compile import program_for
from designer.engine.generate import DEFAULT_BUDGET, generate, search_work, targets
from designer.engine.position import PieceBoard
from designer.notation.errors import NotationError, TooComplexError

from test_nothing_escapes import betza2_spec, positions, xbetza

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# Queries that once had squares without details and "too complex" with them (the traced
# search was charged for building moves, the squares-only search was not), or whose refusal
# said "takes longer than 0.15 s" on a busy machine and "needs more than ... steps" on an idle one.
QUERIES = [
    {"betza": "ohramvamffQ", "square": "a1", "files": 26, "ranks": 26},
    {"betza": "oasayQ2", "square": "d4", "friends": ["a3"], "foes": ["b7"]},
    {"betza": "mamamaK", "square": "m13", "files": 26, "ranks": 26},
    {"betza": "R-aR-aR-aR-aR", "dialect": "betza2", "square": "m13", "files": 26, "ranks": 26},
    {"betza": "aaaaaaQ", "square": "h8", "files": 16, "ranks": 16},
    {"betza": "WFmamamamaQN", "square": "h8", "files": 16, "ranks": 16},
]


def _squares_or_refusal(answer: dict) -> dict:
    if "error" in answer:
        return {"error": answer["error"], "column": answer["column"]}
    return {"moves": answer["moves"], "captures": answer["captures"]}


@pytest.mark.parametrize("query", QUERIES, ids=[q["betza"] for q in QUERIES])
def test_the_same_query_gets_the_same_answer_with_and_without_details(query):
    line = json.dumps(query)
    plain = answer_line(line, details=False, warnings=False)
    detailed = answer_line(line, details=True, warnings=False)
    assert _squares_or_refusal(plain) == _squares_or_refusal(detailed)


def _work_alike(text: str, dialect: str, setup, side, virgin, royal) -> None:
    try:
        program = program_for(text, dialect)
    except NotationError:
        return
    pos, origin = setup
    traced = search_work(program, pos, origin, side, virgin, royal, budget=20_000, trace=True)
    lean = search_work(program, pos, origin, side, virgin, royal, budget=20_000, trace=False)
    assert traced == lean, text


@SETTINGS
@given(xbetza(), positions(), st.sampled_from(["white", "black"]), st.booleans(), st.booleans())
def test_xbetza_work_is_counted_alike_with_and_without_traces(text, setup, side, virgin, royal):
    _work_alike(text, "xbetza", setup, side, virgin, royal)


@SETTINGS
@given(betza2_spec(0), positions(), st.sampled_from(["white", "black"]), st.booleans(),
       st.booleans())
def test_betza2_work_is_counted_alike_with_and_without_traces(text, setup, side, virgin, royal):
    _work_alike(text, "betza2", setup, side, virgin, royal)


class _RacingClock:
    """Every reading is a thousand seconds after the last: a machine as slow as can be."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1000.0
        return self.now


def _outcome(fn, text: str, dialect: str, size: int, square: tuple[int, int]):
    try:
        result = fn(program_for(text, dialect), PieceBoard(size, size), square)
    except TooComplexError as e:
        return ("too complex", e.message, e.start, e.end)
    if fn is generate:
        return sorted((m.destination, bool(m.removed)) for m in result)
    return sorted(result[0]), sorted(result[1])


@pytest.mark.parametrize("text,dialect,size,square", [
    ("mamamaK", "xbetza", 26, (12, 12)),           # heavy, answered
    ("masR", "xbetza", 26, (12, 12)),
    ("(W-F)0", "betza2", 26, (12, 12)),
    ("aaaaaaQ", "xbetza", 16, (7, 7)),             # too complex
])
def test_an_answer_does_not_depend_on_any_clock(monkeypatch, text, dialect, size, square):
    calm = [_outcome(fn, text, dialect, size, square) for fn in (generate, targets)]
    for name in ("thread_time", "process_time", "perf_counter", "monotonic", "time"):
        monkeypatch.setattr(time, name, _RacingClock())
    racing = [_outcome(fn, text, dialect, size, square) for fn in (generate, targets)]
    assert racing == calm


def test_the_refusal_says_what_was_counted_never_a_time():
    with pytest.raises(TooComplexError) as info:
        generate(program_for("aaaaaaQ"), PieceBoard(16, 16), (7, 7))
    assert f"{DEFAULT_BUDGET:,} search steps" in info.value.message
    assert " s " not in info.value.message and "longer" not in info.value.message
