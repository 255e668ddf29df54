"""Parse and highlight timings of the notation reader (figures, not a test).

Run ``python benchmarks/notation_bench.py``; ``notation_figures()`` returns the same figures as a
dict for ``variant-designer bench``. Targets (issue "Notation core"): median parse < 0.3 ms for a
typical piece, < 3 ms for a 300-character definition, ``tokens()`` < 1 ms, and < 50 ms for the
slowest of the hostile inputs (long, deeply nested, over-long), which the property tests only
count the work of.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from designer.notation.parser import parse, tokens  # noqa: E402

SEED_DATA = ROOT / "tests" / "notation" / "data" / "seed_examples.jsonl"
FALLBACK = [("fmWfceFifmnD", "xbetza"), ("mRcpR", "xbetza"), ("KNADcaKmcabK", "xbetza"),
            ("fcafmF", "xbetza"), ("gabyabsR", "xbetza"), ("mR(pR-cR)", "betza2"),
            ("irdiW03-buD-bW", "betza2"), ("(cdW-bW-R-uW-bW)(moW-bW-R)", "betza2")]
# A realistic long definition built from real groups (Lion, Horned Falcon, pawns, bent riders)
# and padded with single-letter leapers to exactly 300 characters.
_GROUPS = ["KNADcaKmcabK", "BsbRfWfDfcavW", "fmWfceFifmnD", "mRcpR", "gabyabsR", "afraflWaflafrW",
           "mpafmpafmpafsW", "WFisO2", "hrarfNhlalfN", "mFyafsmFpafscB1yafscpF"]


def _long_definition(length: int = 300) -> str:
    text = ""
    i = 0
    while len(text) + len(_GROUPS[i % len(_GROUPS)]) <= length:
        text += _GROUPS[i % len(_GROUPS)]
        i += 1
    pad = "DAHGCZ"
    while len(text) < length:
        text += pad[len(text) % len(pad)]
    return text


LONG = _long_definition()

# Long and deeply nested input the reader must refuse or read in linear time (the property
# tests count its work; the milliseconds are these figures). Target: each < 50 ms.
HOSTILE = [("fmWfceFifmnD" * 25, "xbetza"), ("(" * 200 + "W" + ")" * 200, "betza2"),
           ("(" * 2000, "betza2"), ("a" * 3000 + "K", "xbetza"), ("W-" * 1000 + "F", "betza2"),
           ("{" * 500, "betza2"), ("c{" * 800, "betza2"), ("(1," * 600, "xbetza"),
           ("x" * 4001, "betza2")]


def _quietly(fn):
    """``fn`` with the reader's refusal (NotationError) taken as an answer, not a failure."""
    from designer.notation.errors import NotationError

    def call(text: str, dialect: str) -> None:
        try:
            fn(text, dialect)
        except NotationError:
            pass
    return call


def _examples() -> list[tuple[str, str]]:
    if not SEED_DATA.exists():
        return FALLBACK
    out = []
    for line in SEED_DATA.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["status"] == "valid":
            out.append((record["text"], record["dialect"]))
    return out


def _times(fn, cases: list[tuple[str, str]], rounds: int) -> list[float]:
    """Milliseconds per call, each call timed on its own."""
    samples = []
    for _ in range(rounds):
        for text, dialect in cases:
            start = time.perf_counter()
            fn(text, dialect)
            samples.append((time.perf_counter() - start) * 1000.0)
    return samples


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"median_ms": round(statistics.median(ordered), 4), "p95_ms": round(p95, 4)}


def notation_figures(rounds: int = 20) -> dict:
    """Median and p95 of parse (seed examples, a 300-character definition) and tokens(), as flat
    ``notation_*`` keys so that ``variant-designer bench`` can merge them with other figures.
    Targets: parse median < 0.3 ms typical and < 3 ms for 300 characters, tokens < 1 ms."""
    examples = _examples()
    long_text = LONG
    from designer.notation.parser import forget_readings

    def read(text: str, dialect: str) -> None:
        forget_readings()          # parse() remembers recent readings: time the reading itself
        parse(text, dialect)

    _times(read, examples, 1)  # warm-up
    seeds = _summary(_times(read, examples, rounds))
    long = _summary(_times(read, [(long_text, "xbetza")], rounds * 20))
    toks = _summary(_times(tokens, examples, rounds))
    toks_long = _summary(_times(tokens, [(long_text, "xbetza")], rounds * 20))
    hostile = max(min(_times(_quietly(fn), [case], 3)) for case in HOSTILE
                  for fn in (read, tokens))
    return {
        "notation_seed_examples": len(examples),
        "notation_long_definition_chars": len(long_text),
        "notation_parse_median_ms": seeds["median_ms"],
        "notation_parse_p95_ms": seeds["p95_ms"],
        "notation_parse_300_chars_median_ms": long["median_ms"],
        "notation_parse_300_chars_p95_ms": long["p95_ms"],
        "notation_tokens_median_ms": toks["median_ms"],
        "notation_tokens_p95_ms": toks["p95_ms"],
        "notation_tokens_300_chars_median_ms": toks_long["median_ms"],
        "notation_tokens_300_chars_p95_ms": toks_long["p95_ms"],
        "notation_hostile_slowest_ms": round(hostile, 3),
        "notation_meets_targets": seeds["median_ms"] < 0.3 and long["median_ms"] < 3.0
        and toks["median_ms"] < 1.0 and toks_long["median_ms"] < 1.0 and hostile < 50.0,
    }

if __name__ == "__main__":
    print(json.dumps(notation_figures(), indent=2))
