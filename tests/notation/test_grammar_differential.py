"""The fast reader and the reference grammar (with its context rules) read every string alike.

Both must accept the same strings and, where they accept, build equal ASTs. The strings come
from the grammar itself (structurally valid, some breaking a context rule), from the seeds'
examples with a few characters changed, and from random ASTs written out canonically.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from designer.notation import NotationError, format_piece, parse
from designer.notation.grammar import reference_parse

from .grammar_strategies import from_grammar, mutants, seed_texts
from .strategies import pieces

DIALECTS = ("xbetza", "betza2")
QUICK = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _both(text: str, dialect: str):
    readings = []
    for read in (parse, reference_parse):
        try:
            readings.append(read(text, dialect))
        except NotationError:
            readings.append(None)
    return readings


def assert_agree(text: str, dialect: str) -> None:
    fast, reference = _both(text, dialect)
    assert (fast is None) == (reference is None), (
        f"{text!r} ({dialect}): the fast reader {'accepts' if fast else 'rejects'} it, "
        f"the reference grammar {'accepts' if reference else 'rejects'} it")
    assert fast == reference, f"{text!r} ({dialect}): different ASTs"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_seed_example_reads_alike_in_both(dialect):
    texts = seed_texts(dialect)
    assert len(texts) > 100
    for text in texts:
        assert_agree(text, dialect)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_strings_drawn_from_the_grammar_read_alike(dialect):
    @QUICK
    @given(from_grammar(dialect))
    def check(text):
        assert_agree(text, dialect)

    check()


@pytest.mark.parametrize("dialect", DIALECTS)
def test_mutated_seed_examples_read_alike(dialect):
    @QUICK
    @given(mutants(dialect))
    def check(text):
        assert_agree(text, dialect)

    check()


@pytest.mark.parametrize("dialect", DIALECTS)
def test_canonical_texts_of_random_pieces_read_alike(dialect):
    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(pieces(dialect))
    def check(piece):
        text = format_piece(piece)
        assert reference_parse(text, dialect) == piece

    check()


@pytest.mark.parametrize("text, accepted", [
    ("(@)1", True),         # a group written once is the group, (@) is @
    ("(@(0,0))1", True),
    ("f(@)", True),         # directions handed to the group's one leg: f@
    ("(@)2", False),        # a repeated group holds a drop: refused (seed 004 'Drops')
    ("m(@)1", False),       # a modified group
    ("W-(@)", False),       # a leg of a chain
])
def test_a_drop_in_a_plain_group_reads_alike_in_both(text, accepted):
    assert_agree(text, "betza2")
    assert (_both(text, "betza2")[0] is not None) == accepted
