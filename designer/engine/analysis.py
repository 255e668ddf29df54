"""The window's answers: a ``Question`` read, compiled and answered, every error a value.

``analyse`` never raises: a definition that does not read keeps its ``Reading`` (tokens and the
positioned error), a generation problem (too complex, nested too deeply) becomes ``failure``
with the columns at fault, and a defect of the generator is shown, never fatal. Answers are
cached by question (a thread-safe map shared by the worker thread and the UI thread); the moves
are grouped by destination for the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..notation.definition import LruCache, Reading, forget, read_definition
from ..errors import DesignerError
from ..vocabulary import Square
from . import moves as M
from .compile import clear_cache
from .question import Question, answer


@dataclass(frozen=True)
class Analysis:
    """The moves of one question grouped by destination, or why there are none."""

    reading: Reading
    question: Question | None = None
    moves: tuple[M.PieceMove, ...] = ()
    by_square: dict[Square, tuple[M.PieceMove, ...]] = field(default_factory=dict)
    failure: str = ""                      # generation problem shown on the definition
    failure_span: tuple[int, int] | None = None
    promotions: frozenset[Square] = frozenset()   # destinations in the promotion zone

    @property
    def ok(self) -> bool:
        return self.reading.error is None and not self.failure


_ANALYSES = LruCache(64)


def clear_caches() -> None:
    """Forget every reading, compiled program and analysis (benchmarks time fresh work)."""
    _ANALYSES.forget()
    forget()
    clear_cache()


def cached(q: Question) -> Analysis | None:
    """The remembered analysis of ``q``, if any (the window delivers it without a worker)."""
    hit = _ANALYSES.lookup(q)
    return hit if isinstance(hit, Analysis) else None


def analyse(q: Question) -> Analysis:
    """Read, compile and answer ``q``; every error becomes a value, never an exception."""
    hit = cached(q)
    if hit is not None:
        return hit
    reading = read_definition(q.text, q.dialect)
    if reading.piece is None:
        return Analysis(reading, q)
    try:
        found = answer(q)
    except DesignerError as e:
        span = (e.location.start or 0, e.location.end or 0)
        out = Analysis(reading, q, failure=e.message,
                       failure_span=span if span[1] > span[0] else None)
        _ANALYSES.remember(q, out)
        return out
    except RecursionError:
        return Analysis(reading, q, failure="this definition nests too deeply to follow")
    except Exception as e:   # noqa: BLE001 - an engine defect is shown, never fatal
        return Analysis(reading, q, failure=f"the move generator failed on this definition "
                        f"({type(e).__name__}: {e}); please report it",
                        failure_span=(0, max(1, len(q.text))))
    by_square: dict[Square, list[M.PieceMove]] = {}
    for m in found.moves:
        by_square.setdefault(m.destination, []).append(m)
    out = Analysis(reading, q, found.moves, {k: tuple(v) for k, v in by_square.items()},
                   promotions=found.promotions)
    _ANALYSES.remember(q, out)
    return out
