"""A definition text as the core reads it for the window: its tokens, and the piece or the error.

``read_definition`` is cheap and cached (the highlighter, the board and the editor's details ask
for the same text many times while the user types); it never raises: an unexpected failure of
the reader becomes an error at column 1, shown on the definition.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..vocabulary import Dialect
from .errors import NotationError, Problem
from .ast import Piece
from ._reader import Token
from .parser import forget_readings, parse, tokens


@dataclass(frozen=True)
class Reading:
    """What the core says about one definition text: its tokens, and a piece or an error."""

    text: str
    dialect: Dialect
    tokens: tuple[Token, ...]
    piece: Piece | None
    error: NotationError | None

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.error.problems if self.error is not None else ()


class LruCache(OrderedDict[object, object]):
    """A small thread-safe least-recently-used map (a worker thread and the UI share it)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        self.lock = threading.Lock()

    def lookup(self, key: object) -> object:
        with self.lock:
            return self.get(key)

    def remember(self, key: object, value: object) -> object:
        with self.lock:
            self[key] = value
            self.move_to_end(key)
            while len(self) > self.size:
                self.popitem(last=False)
        return value

    def forget(self) -> None:
        with self.lock:
            self.clear()


_READINGS = LruCache(256)


def forget() -> None:
    """Forget every remembered reading (benchmarks time fresh work)."""
    _READINGS.forget()
    forget_readings()


def read_definition(text: str, dialect: Dialect) -> Reading:
    """Tokens and parse result of ``text`` (cached: the highlighter and the board share it).
    Never raises: an unexpected failure of the reader becomes an error at column 1."""
    key = (text, dialect)
    hit = _READINGS.lookup(key)
    if isinstance(hit, Reading):
        return hit
    try:
        toks = tuple(tokens(text, dialect))
    except Exception:   # noqa: BLE001 - highlighting must go on whatever the tokenizer does
        toks = ()
    try:
        piece, error = parse(text, dialect), None
    except NotationError as e:
        piece, error = None, e
    except Exception as e:   # noqa: BLE001 - shown as an error of the definition, not a crash
        error = NotationError(f"cannot read this definition ({type(e).__name__}: {e})",
                              0, max(1, len(text)))
        return Reading(text, dialect, toks, None, error)   # not remembered: may not recur
    reading = Reading(text, dialect, toks, piece, error)
    _READINGS.remember(key, reading)
    return reading
