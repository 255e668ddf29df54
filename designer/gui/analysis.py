"""What the core says about the piece on its probe board, computed off the UI thread.

``read_definition`` (tokens and parse result, cached and shared with the highlighter) is cheap
and runs where it is needed. Compiling and generating can take a third of a second for a heavy
definition on a big board, so the window asks an ``Analyst``: each ``request`` carries a
generation number, one worker of a ``QThreadPool`` computes the latest request (older waiting
ones are skipped), and an answer that is out of date when it arrives is dropped. ``analyse``
never raises: whatever the core throws becomes an ``Analysis.failure`` shown on the definition.

A ``Request`` carries everything the file says about the piece: royalty (castling, with the
setup's castling rights and XBoard's built-in castling for a King without ``O``), drops when
the variant has holdings, and the promotion zone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from ..engine import Move, Placed, Position
from ..notation import NotationError, Piece, Token, parse, tokens
from ..notation.errors import DesignerError, Problem
from ..vocabulary import BLACK, WHITE, XBETZA, Dialect, Side, Square
from ..variant.probes import NEUTRAL, Probe


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


@dataclass(frozen=True)
class Request:
    """One question for the generator: a piece's definition on a probe board, with the rules
    the variant adds (all plain values: requests are compared and cached)."""

    text: str
    dialect: Dialect
    files: int = 8
    ranks: int = 8
    holes: frozenset[Square] = frozenset()
    origin: Square = (3, 3)
    pieces: tuple[Probe, ...] = ()   # (square, colour, letter)
    side: Side = WHITE
    virgin: bool = True
    ep: Square | None = None
    letter: str = ""
    royal: bool = False
    royals: frozenset[str] = frozenset()   # type letters of royal pieces (probe pieces' royalty)
    drops: bool = False                    # the variant has holdings: show @ drops
    castling: str | None = None            # the setup's rights; None = no setup, no filter
    builtin_castle: int = 0                # XBoard's King castling distance (0 = none)
    zone: int = 0                          # promotion zone depth for this piece (0 = none)


@dataclass(frozen=True)
class Analysis:
    """The moves of one request grouped by destination, or why there are none."""

    reading: Reading
    request: Request | None = None
    moves: tuple[Move, ...] = ()
    by_square: dict[Square, tuple[Move, ...]] = field(default_factory=dict)
    failure: str = ""                      # generation problem shown on the definition
    failure_span: tuple[int, int] | None = None
    promotions: frozenset[Square] = frozenset()   # destinations in the promotion zone

    @property
    def ok(self) -> bool:
        return self.reading.error is None and not self.failure


class _Cache(OrderedDict[Any, Any]):
    """A small thread-safe LRU map (the worker and the UI thread share it)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        self.lock = threading.Lock()

    def lookup(self, key: Any) -> Any:
        with self.lock:
            return self.get(key)

    def remember(self, key: Any, value: Any) -> Any:
        with self.lock:
            self[key] = value
            self.move_to_end(key)
            while len(self) > self.size:
                self.popitem(last=False)
        return value


_READINGS = _Cache(256)
_ANALYSES = _Cache(64)


def clear_caches() -> None:
    """Forget every reading, compiled program and analysis (benchmarks time fresh work)."""
    for cache in (_READINGS, _ANALYSES):
        with cache.lock:
            cache.clear()
    from ..engine.compile import clear_cache
    from ..notation.parser import forget_readings
    clear_cache()
    forget_readings()


def read_definition(text: str, dialect: Dialect) -> Reading:
    """Tokens and parse result of ``text`` (cached: the highlighter and the board share it).
    Never raises: an unexpected failure of the reader becomes an error at column 1."""
    key = (text, dialect)
    hit = _READINGS.lookup(key)
    if hit is not None:
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
    return _READINGS.remember(key, Reading(text, dialect, toks, piece, error))


def program_for(reading: Reading) -> Any:
    """The compiled move program of a successfully read definition (the engine's one cache of
    compiled definitions: compiled once per definition)."""
    from ..engine.compile import compile_piece
    assert reading.piece is not None
    return compile_piece(reading.piece)


def position_of(req: Request) -> Position:
    """The engine position of a request's probe board."""
    pieces = {sq: Placed(None if colour == NEUTRAL else colour, letter, True, letter in req.royals)
              for sq, colour, letter in req.pieces if sq != req.origin}
    return Position(req.files, req.ranks, pieces, req.holes, req.ep)


def _castling_allowed(move: Move, req: Request) -> bool:
    """Whether the setup's castling rights allow this castling move (XBoard FEN: ``K``/``Q``
    for the King and Queen side, or the partner's file letter; upper case for White)."""
    if req.castling is None:
        return True
    rights = req.castling.replace("-", "")
    mine = [c for c in rights if c.isupper() == (req.side == WHITE)]
    kingside = move.destination[0] > move.origin[0]
    for c in mine:
        if c.upper() == "K" and kingside or c.upper() == "Q" and not kingside:
            return True
        if c.upper() not in "KQ" and move.partner is not None \
                and ord(c.lower()) - ord("a") == move.partner[0]:
            return True
    return False


def _generate(req: Request, text: str, dialect: Dialect) -> list[Move]:
    from ..engine.generate import generate
    reading = read_definition(text, dialect)
    return generate(program_for(reading), position_of(req), req.origin, req.side, req.virgin,
                    req.royal, req.letter, include_drops=req.drops)


def _zone_squares(req: Request) -> frozenset[Square]:
    if req.zone <= 0:
        return frozenset()
    rows = range(req.ranks - req.zone, req.ranks) if req.side == WHITE else range(req.zone)
    return frozenset((f, r) for f in range(req.files) for r in rows)


def analyse(req: Request) -> Analysis:
    """Read, compile and generate for ``req``; every error becomes a value, never an exception."""
    hit = _ANALYSES.lookup(req)
    if hit is not None:
        return hit
    reading = read_definition(req.text, req.dialect)
    if reading.piece is None:
        return Analysis(reading, req)
    try:
        moves = _generate(req, req.text, req.dialect)
        if req.royal and req.builtin_castle and req.virgin:
            # XBoard's built-in castling for a King whose Betza has no O (formats.md §1.5,
            # moves.c GenLegal): the King slides (files+2)/4 squares towards an unmoved corner
            # piece; the engine's O<n> rule is the same move.
            moves += [m for m in _generate(req, f"O{req.builtin_castle}", XBETZA)
                      if m.kind == "castling"]
        # Castling needs the royal piece unmoved and the setup's right for that wing.
        moves = [m for m in moves if m.kind != "castling"
                 or (req.virgin and _castling_allowed(m, req))]
    except DesignerError as e:
        span = (getattr(e, "start", 0), getattr(e, "end", 0))
        failure = getattr(e, "message", "") or str(e)
        return _ANALYSES.remember(req, Analysis(reading, req, failure=failure,
                                                failure_span=span if span[1] > span[0] else None))
    except RecursionError:
        return Analysis(reading, req, failure="this definition nests too deeply to follow")
    except Exception as e:   # noqa: BLE001 - an engine defect is shown, never fatal
        return Analysis(reading, req, failure=f"the move generator failed on this definition "
                        f"({type(e).__name__}: {e}); please report it",
                        failure_span=(0, max(1, len(req.text))))
    by_square: dict[Square, list[Move]] = {}
    for m in moves:
        by_square.setdefault(m.destination, []).append(m)
    zone = _zone_squares(req)
    promo = frozenset(m.destination for m in moves if m.destination in zone
                      and m.kind not in ("drop", "null", "castling"))
    out = Analysis(reading, req, tuple(moves), {k: tuple(v) for k, v in by_square.items()},
                   promotions=promo)
    return _ANALYSES.remember(req, out)


# -- the worker --------------------------------------------------------------------------------
class _Bridge(QObject):
    """Lives in the UI thread; the worker emits through it, so answers arrive as queued calls."""

    done = Signal(int, object)


class _Job(QRunnable):
    def __init__(self, bridge: _Bridge, generation: int, request: Request):
        super().__init__()
        self.bridge, self.generation, self.request = bridge, generation, request
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = analyse(self.request)
        except BaseException as e:   # noqa: BLE001 - nothing may escape a worker thread
            reading = Reading(self.request.text, self.request.dialect, (), None, None)
            result = Analysis(reading, self.request, failure=f"internal error: {e!r}")
        try:
            self.bridge.done.emit(self.generation, result)
        except RuntimeError:   # the window closed while this ran
            pass


class Analyst(QObject):
    """Answers requests in a worker thread; ``ready`` delivers the answer to the latest one.

    At most one request runs and one waits: a newer request replaces the waiting one, and an
    answer for anything but the latest generation is dropped when it arrives.
    """

    ready = Signal(object)        # the Analysis of the latest request
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.generation = 0
        self.latest: Analysis | None = None
        self._running = False
        self._waiting: tuple[int, Request] | None = None
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._done)
        # A new job starts once the UI thread has finished handling the event that asked for
        # it (a keystroke), so the two threads do not take turns on the interpreter meanwhile.
        self._kick = QTimer(self, singleShot=True, interval=0)
        self._kick.timeout.connect(self._start_waiting)
        self.jobs_started = 0     # for tests and benchmarks: work actually done

    @property
    def busy(self) -> bool:
        return self._running or self._waiting is not None

    def request(self, req: Request) -> int:
        """Ask for ``req``; returns its generation. A cached answer is delivered at once."""
        self.generation += 1
        hit = _ANALYSES.lookup(req)
        if hit is not None:
            self._waiting = None
            self._deliver(hit)
            return self.generation
        was_busy = self.busy
        self._waiting = (self.generation, req)
        if not self._running:
            self._kick.start()
        if not was_busy:
            self.busy_changed.emit(True)
        return self.generation

    def _start_waiting(self) -> None:
        if self._waiting is not None and not self._running:
            self._start()

    def _start(self) -> None:
        assert self._waiting is not None
        generation, req = self._waiting
        self._waiting = None
        self._running = True
        self.jobs_started += 1
        self.pool.start(_Job(self._bridge, generation, req))

    def _done(self, generation: int, analysis: Analysis) -> None:
        self._running = False
        if self._waiting is not None:
            self._start()
        if generation == self.generation:
            self._deliver(analysis)
        if not self.busy:
            self.busy_changed.emit(False)

    def _deliver(self, analysis: Analysis) -> None:
        self.latest = analysis
        self.ready.emit(analysis)

    def shutdown(self, msecs: int = 5000) -> None:
        """Drop waiting work and let the running job finish (before the window goes away)."""
        self._waiting = None
        self._kick.stop()
        self.pool.waitForDone(msecs)


__all__ = ["Reading", "Request", "Analysis", "Analyst", "analyse",
           "read_definition", "program_for", "position_of", "clear_caches", "BLACK", "WHITE"]
