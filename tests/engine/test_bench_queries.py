"""The speed comparison's query set is the same every time and holds only what XBoard reads."""

import json

from designer.commands.bench_queries import build_queries, piece_pool, xboard_readable
from designer.notation.xboard._reading import read


def test_query_set_is_deterministic_and_mixed():
    a, b = build_queries(400), build_queries(400)
    assert a == b
    cases = [json.loads(line) for line in a]
    assert {c["side"] for c in cases} == {"white", "black"}
    sizes = {(c["files"], c["ranks"]) for c in cases}
    assert min(min(s) for s in sizes) >= 8 and max(max(s) for s in sizes) <= 16
    assert len({c["betza"] for c in cases}) == len(piece_pool())   # every piece is asked about
    for c in cases:
        occupied = c["friends"] + c["foes"]
        assert c["square"] not in occupied and len(set(occupied)) == len(occupied)


def test_pool_holds_sample_pieces_and_seed_examples_that_xboard_reads():
    pool = piece_pool()
    assert "KNADcaKmcabK" in pool        # the Chu Shogi Lion of variants/chu.ini
    assert "fmWfceFifmnD" in pool        # the FIDE pawn of variants/fide.ini
    assert "mamaK" in pool               # a seed 004 example
    # XBoard's own reading (as notation.xboard models moves.c), not the filter that built the
    # pool: every letter is read, nothing makes XBoard stop early
    assert all(read(t).stop is None for t in pool), [t for t in pool if read(t).stop]
    assert not xboard_readable("(1,4)") and not xboard_readable("U") and not xboard_readable("qN")
