"""Betza 2.0 chains and the XBetza strings with the same meaning give the same moves on any
position. The pairs are the ones the shared vectors name as equivalent (their `source` field),
so this checks both dialects against each other far beyond the vectors' positions."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from repo_data import VECTORS
from designer.engine.compile import program_for
from designer.engine.generate import generate
from designer.engine.position import BLACK, WHITE, Placed, PieceBoard


def equivalent_pairs():
    pairs = {}
    for line in (VECTORS / "betza2-public.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        marker = "XBetza equivalent "
        if marker in case["source"]:
            pairs[case["betza"]] = case["source"].split(marker)[1].strip()
    return sorted(pairs.items())


PAIRS = equivalent_pairs()


def test_the_vectors_name_equivalent_pairs():
    assert len(PAIRS) >= 15


@st.composite
def positions(draw):
    files = draw(st.integers(5, 12))
    ranks = draw(st.integers(5, 12))
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    origin = draw(st.sampled_from(squares))
    occupied = draw(st.lists(st.sampled_from([s for s in squares if s != origin]), max_size=16,
                             unique=True))
    sides = draw(st.lists(st.booleans(), min_size=len(occupied), max_size=len(occupied)))
    return PieceBoard(files, ranks, {s: Placed(WHITE if w else BLACK)
                                   for s, w in zip(occupied, sides)}), origin


def targets(moves):
    return ({m.destination for m in moves if not m.removed},
            {m.destination for m in moves if m.removed})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PAIRS), positions(), st.sampled_from([WHITE, BLACK]))
def test_betza2_chain_equals_its_xbetza_equivalent(pair, setup, side):
    b2, xb = pair
    pos, origin = setup
    a = targets(generate(program_for(b2, "betza2"), pos, origin, side))
    b = targets(generate(program_for(xb, "xbetza"), pos, origin, side))
    assert a == b, (b2, xb)
