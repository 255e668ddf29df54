"""What both protocols share: one running engine behind a ``Transport``, every wait bounded,
every failure an ``EngineError`` after which the process is gone.

A session is used from one thread (the window's worker, or the command line). Two requests
may come from any other thread: ``stop`` (move now: the search ends and its best move is
played) and ``abort`` (give up: the process is ended and the waiting call raises).
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import replace
from typing import Callable, Literal, Mapping, NoReturn

from .capability import About, Capabilities, capabilities
from .errors import EngineError, Failure
from .lines import Info
from .options import EngineOption, OptionValue
from .sections import SectionFile
from .transport import CRASHED, LineTooLong, Transport
from .values import Limit, PlayResult, EnginePosition, Timeouts

ProtocolName = Literal["uci", "xboard"]
PROTOCOLS: tuple[ProtocolName, ...] = ("uci", "xboard")

#: Lines in a row that no protocol knows before the engine counts as sending garbage.
MAX_UNKNOWN = 400
#: How often a waiting call looks at ``stop``/``abort`` requests (seconds).
_SLICE = 0.05
_KEPT = 40


class Engine(ABC):
    """One engine session. Start it with ``open_engine``; use it as a context manager or call
    ``close``. ``options`` and ``variants`` are what it announced; ``capabilities`` says
    what kind of engine it is."""

    protocol: ProtocolName

    def __init__(self, transport: Transport, timeouts: Timeouts = Timeouts()):
        self._transport = transport
        self.timeouts = timeouts
        self.name = transport.label
        self.id_name = ""
        self.author = ""
        self.banner = ""
        self.options: dict[str, EngineOption] = {}
        self.variants: tuple[str, ...] = ()
        self.board: tuple[int, int] = (8, 8)
        self._said: deque[str] = deque(maxlen=_KEPT)
        self._sent = ""
        self._unknown = 0
        self._stop = threading.Event()
        self._abort = threading.Event()
        self._stop_sent = False
        self._closed = False
        #: Called with ("<", line) for each line received and (">", line) for each sent.
        self.on_line: Callable[[str, str], None] | None = None

    # -- the conversation ------------------------------------------------------------------

    def _fail(self, message: str, kind: Failure) -> NoReturn:
        """End the process and raise what happened, with the engine's last lines."""
        error = EngineError(message, kind, self.name, self._sent, tuple(self._said))
        self._kill()
        raise error

    def _send(self, line: str) -> None:
        if self._closed:
            raise EngineError("the engine has been closed", "aborted", self.name)
        self._sent = line
        if self.on_line is not None:
            self.on_line(">", line)
        try:
            self._transport.send(line)
        except EOFError:
            self._crashed()

    def _crashed(self) -> NoReturn:
        self._transport.close(0.5)
        code = self._transport.exit_code()
        status = "its output closed" if code is None else f"exit status {code}" if code >= 0 \
            else "it crashed" if code == CRASHED else f"killed by signal {-code}"
        tail = self._transport.stderr_tail().strip().splitlines()
        said = f"; it wrote: {tail[-1][:200]}" if tail else ""
        self._fail(f"the engine stopped ({status}){said}", "crashed")

    def _receive(self, deadline: float, on_stop: Callable[[], None] | None = None,
                 soft: float | None = None) -> str:
        """The next line, before ``deadline`` (``time.monotonic``). A stop request, or the
        ``soft`` deadline passing, calls ``on_stop`` once per search (``_searching`` resets
        it); raises for an abort, an ended process, a too-long line, and when the deadline
        passes."""
        while True:
            if self._abort.is_set():
                self._fail("stopped on request", "aborted")
            if on_stop is not None and not self._stop_sent and (
                    self._stop.is_set() or (soft is not None and time.monotonic() >= soft)):
                self._stop_sent = True
                on_stop()
            left = deadline - time.monotonic()
            if left <= 0:
                self._fail("no answer within the time allowed", "no-answer")
            try:
                line = self._transport.receive(min(left, _SLICE))
            except EOFError:
                self._crashed()
            except LineTooLong as e:
                self._fail(f"sent {e}: that is no protocol line", "garbage")
            if line is None:
                continue
            self._said.append(line)
            if self.on_line is not None:
                self.on_line("<", line)
            return line

    def _known(self, known: bool, line: str) -> None:
        """Count unreadable lines; too many in a row is garbage."""
        if known:
            self._unknown = 0
            return
        self._unknown += 1
        if self._unknown > MAX_UNKNOWN:
            self._fail(f"sent {MAX_UNKNOWN} lines in a row that are no {self.protocol} "
                       f"protocol, such as {line[:80]!r}", "garbage")

    def _deadline(self, seconds: float) -> float:
        return time.monotonic() + seconds

    def _searching(self) -> None:
        """A search starts: earlier stop requests are forgotten."""
        self._stop.clear()
        self._stop_sent = False

    def _reported(self, kept: Info, said: Info, on_stop: Callable[[], None]) -> Info:
        """What a search has said so far, after its newest report ``said``: once a mate is
        proven (reported at a depth of at least its length in plies) the search is asked to
        end (``on_stop``, once), and the depth kept is the one where that mate was first
        reported. Fairy-Stockfish, like Stockfish, deepens a found mate until ``MAX_PLY``
        (``src/search.cpp``: ``while (++rootDepth < MAX_PLY ...)``; it stops early only for
        ``go mate``), so without this a mate in 1 came back as "depth 245"."""
        mate = said.score.mate if said.score is not None else None
        if mate is None:
            return said
        if kept.score is not None and kept.score.mate == mate and kept.depth is not None:
            said = replace(said, depth=kept.depth)
        plies = 2 * abs(mate) - (1 if mate > 0 else 0)
        if said.depth is not None and said.depth >= plies and not self._stop_sent:
            self._stop_sent = True
            on_stop()
        return said

    # -- requests from other threads -------------------------------------------------------

    def stop(self) -> None:
        """Ask the search in progress to end now and play its best move (thread-safe)."""
        self._stop.set()

    def abort(self) -> None:
        """Give up on the engine: the waiting call raises and the process is ended
        (thread-safe)."""
        self._abort.set()

    # -- what callers use ------------------------------------------------------------------

    @property
    def capabilities(self) -> Capabilities:
        """What kind of engine this is and which variants it can be given."""
        return capabilities(self.protocol, self.banner, self.id_name, self.variants,
                            self.options)

    @property
    def about(self) -> About:
        """What the engine told about itself, as a value (for another thread to keep)."""
        return About(self.capabilities, self.author, tuple(self.options.values()))

    def option(self, name: str) -> EngineOption | None:
        """The announced option of that name (case as the engine wrote it, or any case)."""
        return self.options.get(name) or next(
            (o for n, o in self.options.items() if n.lower() == name.lower()), None)

    def _checked(self, values: Mapping[str, object]) -> list[tuple[EngineOption, OptionValue]]:
        out = []
        for name, value in values.items():
            option = self.option(name)
            if option is None:
                raise EngineError(f"has no option {name!r}", "refused", self.name)
            try:
                out.append((option, option.check(value)))
            except ValueError as e:
                raise EngineError(str(e), "refused", self.name) from None
        return out

    @abstractmethod
    def _start(self) -> None:
        """The handshake: the engine's name, options and variants."""

    @abstractmethod
    def _set_option(self, option: EngineOption, value: OptionValue) -> None:
        """Send one option's value (a button: press it)."""

    @abstractmethod
    def _wait_ready(self) -> None:
        """Wait until the engine has read everything sent so far (``isready``, ``ping``)."""

    def configure(self, values: Mapping[str, object]) -> None:
        """Set options by name (checked against what the engine announced: ``refused`` for
        an unknown name or a bad value, nothing sent then)."""
        for option, value in self._checked(values):
            self._set_option(option, value)
        if values:
            self._wait_ready()

    def _load_section(self, section: SectionFile) -> None:
        """Give the engine a section file (``VariantPath``), before the variant is named."""
        option = self.option("VariantPath")
        if option is None:
            self._fail("cannot load a variant file (it has no VariantPath option)",
                       "unsupported")
        self._set_option(option, section.path)

    @abstractmethod
    def select_variant(self, name: str, files: int, ranks: int,
                       section: SectionFile | None = None) -> None:
        """Play ``name`` on a ``files`` x ``ranks`` board from now on; with ``section``, first
        load that Fairy-Stockfish section file (``VariantPath`` before the variant)."""

    @abstractmethod
    def new_game(self) -> None:
        """Forget the game so far (hash tables, history)."""

    @abstractmethod
    def play(self, position: EnginePosition, limit: Limit) -> PlayResult:
        """The engine's move in ``position`` within ``limit``."""

    @abstractmethod
    def _goodbye(self) -> None:
        """Ask the engine to quit (its search stopped first)."""

    def _kill(self) -> None:
        if not self._closed:
            self._closed = True
            self._transport.close(0.0)

    def close(self) -> None:
        """Stop the engine cleanly: ``quit``, a bounded wait, then the process is ended."""
        if self._closed:
            return
        try:
            self._goodbye()
        except (EngineError, EOFError):
            pass
        self._closed = True
        self._transport.close(self.timeouts.quit)

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Engine", "ProtocolName", "PROTOCOLS", "MAX_UNKNOWN"]
