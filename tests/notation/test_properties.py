"""Property tests: the reader never fails other than with NotationError, does work linear in
the length of any input, and canonical text reads back to the same AST for generated ASTs of
both dialects (a Bex text reads as Betza 2.0 and writes as Betza 2.0).

Work is counted, not timed: ``steps`` is the number of Python lines and calls executed while
reading (a tracer counts them), the same on every machine however loaded. Timings of the same
inputs are figures of ``variant-designer bench`` (``designer/commands/bench_notation.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from designer.notation import NotationError, format_piece, parse, parser, tokens
from designer.notation.ast import Atom, Leg, Path, Piece, Spec

from .seedfacts import load
from .strategies import pieces

ALPHABET = "WFDNAHCZGJLKBRQOU@XYSTP" "fblrvshamcdetpgoyunjiqzxkw" "0123456789" "(),-{}!+*'#[] "
DIALECTS = st.sampled_from(["xbetza", "betza2", "bex"])
VALID = sorted({(r["text"], r["dialect"]) for r in load() if r["status"] == "valid"})
# A linear budget: today's reader takes at most about 60 steps a character on any input; a
# quadratic or exponential reader exceeds this on the 40-60 character inputs tried here.
BASE_STEPS = 2_000
STEPS_PER_CHAR = 150


def steps(fn: Callable[..., Any], *args: Any) -> int:
    """Lines and calls executed by ``fn(*args)`` (a NotationError ends the call normally),
    with nothing remembered from earlier readings (``parse`` keeps recent ones)."""
    parser._READ.clear()
    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        count += 1
        return tracer

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        fn(*args)
    except NotationError:
        pass
    finally:
        sys.settrace(old)
    return count


def _read(text: str, dialect: str) -> None:
    """Read or refused: a refusal carries positioned problems inside (or just after) the text;
    what reads is written canonically and that text reads back to the same AST."""
    try:
        piece = parse(text, dialect)
    except NotationError as err:
        assert err.problems and all(p.message for p in err.problems)
        assert all(0 <= p.start <= p.end <= max(len(text), p.start + 1) for p in err.problems)
    else:
        # a Bex text reads as a Betza 2.0 piece: its canonical text is Betza 2.0
        assert parse(format_piece(piece), piece.dialect) == piece, (text, format_piece(piece))


def _check(text: str, dialect: str) -> None:
    _read(text, dialect)
    budget = BASE_STEPS + STEPS_PER_CHAR * len(text)
    assert steps(parse, text, dialect) <= budget, (text, dialect)
    assert steps(tokens, text, dialect) <= budget, (text, dialect)
    toks = tokens(text, dialect)
    assert [i for t in toks for i in range(t.start, t.end)] == list(range(len(text)))


COMMON = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@COMMON
@given(st.text(alphabet=ALPHABET, max_size=60), DIALECTS)
@example("((0", "betza2")       # a failed leap inside a group once pushed the reader past the end
def test_random_notation_like_text_is_read_or_refused(text, dialect):
    _check(text, dialect)


@COMMON
@given(st.text(max_size=40), DIALECTS)
def test_arbitrary_unicode_is_read_or_refused(text, dialect):
    _check(text, dialect)


@st.composite
def mutated(draw):
    text, dialect = draw(st.sampled_from(VALID))
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "duplicate", "swap"]))
        i = draw(st.integers(0, len(chars)))
        if op == "insert":
            chars.insert(i, draw(st.sampled_from(ALPHABET)))
        elif chars and op == "delete":
            del chars[min(i, len(chars) - 1)]
        elif chars and op == "replace":
            chars[min(i, len(chars) - 1)] = draw(st.sampled_from(ALPHABET))
        elif op == "duplicate":
            j = draw(st.integers(i, len(chars)))
            chars[i:i] = chars[i:j]
        elif len(chars) > 1 and op == "swap":
            k = min(i, len(chars) - 2)
            chars[k], chars[k + 1] = chars[k + 1], chars[k]
    return "".join(chars), dialect


@COMMON
@given(mutated())
def test_mutated_seed_examples_are_read_or_refused(case):
    _check(*case)


LONG_FAMILIES = [("fmWfceFifmnD", 12, "xbetza"), ("(", 1000, "betza2"), ("a", 1500, "xbetza"),
                 ("W-", 500, "betza2"), ("{", 250, "betza2"), ("c{", 400, "betza2"),
                 ("(1,", 300, "xbetza"), ("x", 2000, "betza2"), ("(W", 100, "betza2")]


@pytest.mark.parametrize("unit,count,dialect", LONG_FAMILIES)
def test_long_and_deeply_nested_input_takes_linear_work(unit, count, dialect):
    """Doubling a long or deeply nested input at most doubles the reader's work (10% slack),
    and stays within the per-character budget; 4,001 characters are refused at once."""
    for fn in (parse, tokens):
        short, long = unit * count, unit * (2 * count)
        _check(long, dialect)
        assert steps(fn, long, dialect) <= 2.2 * steps(fn, short, dialect), (unit, fn.__name__)
    assert steps(parse, "x" * 4001, dialect) < BASE_STEPS


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pieces())
def test_canonical_text_reads_back_to_the_same_ast(piece):
    text = format_piece(piece)
    again = parse(text, piece.dialect)
    assert again == piece, text
    assert format_piece(again) == text


@pytest.mark.parametrize("letter", ["R", "B", "Q", "U"])
@pytest.mark.parametrize("dialect", ["xbetza", "betza2"])
def test_two_bare_groups_of_one_letter_round_trip(letter, dialect):
    from designer.notation.atoms import STEPS
    group = Path((Leg(Atom(letter, *STEPS[letter])),))
    piece = Piece(dialect, Spec((group, group)))
    assert parse(format_piece(piece), dialect) == piece
