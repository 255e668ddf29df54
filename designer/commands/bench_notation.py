"""Parse and highlight timings of the notation reader (figures, not a test).

``notation_figures()`` returns them as a dict for ``variant-designer bench`` (``python -m
designer.commands.bench_notation`` prints them alone). The examples are the seed documents'
valid definitions, shipped with the package (``designer/data/seed_examples.jsonl``). Targets (issue "Notation core"): median parse < 0.3 ms for a
typical piece, < 3 ms for a 300-character definition, ``tokens()`` < 1 ms, and < 50 ms for the
slowest of the hostile inputs (long, deeply nested, over-long), which the property tests only
count the work of.
"""

from __future__ import annotations

import json
import statistics
import time
from importlib import resources
from typing import Any

from ..notation.parser import parse, tokens
from ..vocabulary import XBETZA, Dialect, parse_dialect
from collections.abc import Callable

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
HOSTILE: list[tuple[str, Dialect]] = [
    ("fmWfceFifmnD" * 25, "xbetza"), ("(" * 200 + "W" + ")" * 200, "betza2"),
    ("(" * 2000, "betza2"), ("a" * 3000 + "K", "xbetza"), ("W-" * 1000 + "F", "betza2"),
    ("{" * 500, "betza2"), ("c{" * 800, "betza2"), ("(1," * 600, "xbetza"), ("x" * 4001, "betza2")]


def _quietly(fn: Callable[[str, Dialect], object]) -> Callable[[str, Dialect], None]:
    """``fn`` with the reader's refusal (NotationError) taken as an answer, not a failure."""
    from ..notation.errors import NotationError

    def call(text: str, dialect: Dialect) -> None:
        try:
            fn(text, dialect)
        except NotationError:
            pass
    return call


def seed_examples() -> list[dict[str, Any]]:
    """The seed documents' notation examples, as shipped (one JSON record a line)."""
    text = resources.files("designer.data").joinpath("seed_examples.jsonl").read_text("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _examples() -> list[tuple[str, Dialect]]:
    out = []
    for record in seed_examples():
        if record["status"] == "valid":
            out.append((record["text"], parse_dialect(record["dialect"])))
    return out


def _times(fn: Callable[[str, Dialect], object], cases: list[tuple[str, Dialect]],
           rounds: int) -> list[float]:
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


def notation_figures(rounds: int = 20) -> dict[str, Any]:
    """Median and p95 of parse (seed examples, a 300-character definition) and tokens(), as flat
    ``notation_*`` keys so that ``variant-designer bench`` can merge them with other figures.
    Targets: parse median < 0.3 ms typical and < 3 ms for 300 characters, tokens < 1 ms."""
    examples = _examples()
    long_text = LONG
    from ..notation.parser import forget_readings

    def read(text: str, dialect: Dialect) -> None:
        forget_readings()          # parse() remembers recent readings: time the reading itself
        parse(text, dialect)

    _times(read, examples, 1)  # warm-up
    seeds = _summary(_times(read, examples, rounds))
    long = _summary(_times(read, [(long_text, XBETZA)], rounds * 20))
    toks = _summary(_times(tokens, examples, rounds))
    toks_long = _summary(_times(tokens, [(long_text, XBETZA)], rounds * 20))
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
