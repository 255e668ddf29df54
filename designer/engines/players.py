"""External engines as players (``players.Player``), player specifications as the command line
writes them, and the one maker of a player from a specification (``player_for``).

A specification is ``human`` (the window only), ``builtin`` (our own opponent), ``random`` or
``random:SEED``, or an engine's command line, with ``uci:`` or ``xboard:`` in front to name its
protocol (UCI by default), followed by any number of engine options as cutechess-cli writes
them, ``option.NAME=VALUE`` (``"option.Style=very risky"`` quoted as a shell would): set after
the handshake, checked against what the engine announces::

    /usr/games/fairy-stockfish option.UCI_LimitStrength=true option.UCI_Elo=1900
"""

from __future__ import annotations

import os
import shlex
import tempfile
import threading
from dataclasses import dataclass
from typing import Callable, Literal, Sequence

from ..game.game import Game
from ..game.moves import Move
from ..opponent import Limits, Settings
from ..opponent.search import StopSignal
from ..players import NEVER, Answer, BuiltinPlayer, Player, RandomPlayer
from ..variant.model import Variant
from .errors import EngineError
from .launch import EngineVariant, give_variant, open_settings
from .lines import Info
from .movetext import engine_reading
from .referee import RulesReferee, engine_fen
from .session import Engine, ProtocolName
from .settings import EngineSettings, SettingsError
from .values import Limit, Position, Timeouts

#: A mate's evaluation as a score (centipawns of the mate's sign): adjudication counts it as
#: a huge score, as cutechess-cli does.
MATE_CP = 100_000
OPTION_PREFIX = "option."


class EnginePlayer(Player):
    """An external engine (UCI or XBoard protocol). It is started by the first game and kept
    for the next ones; the variant is given to it when a game starts (``give_variant``:
    refused with the reasons when it cannot play it), written as a section into a folder of
    its own when needed. Moves cross in its own text and letters (``RulesReferee``
    translates); a move our rules reject is answered as ``rejected`` with both readings; a stop
    signal or ``stop()`` makes it move now. ``limit`` bounds each move (default: the
    settings' time per move and depth)."""

    def __init__(self, settings: EngineSettings, timeouts: Timeouts = Timeouts(),
                 opener: Callable[[EngineSettings, Timeouts], Engine] | None = None,
                 limit: Limit | None = None):
        self.settings = settings
        self.name = settings.name
        self.limit: Limit = limit if limit is not None else settings.limit()
        self._timeouts = timeouts
        self._opener = opener or (lambda s, t: open_settings(s, timeouts=t))
        self._engine: Engine | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._given: tuple[Variant, EngineVariant] | None = None
        self._referee: RulesReferee | None = None
        self._fen: str | None = None
        self._moves: list[Move] = []
        self._texts: list[str] = []

    @property
    def engine(self) -> Engine | None:
        return self._engine

    @property
    def given(self) -> EngineVariant | None:
        """How the engine plays the current game's variant."""
        return self._given[1] if self._given else None

    def begin(self, variant: Variant, fen: str | None, seed: int | None = None) -> None:
        """Start the engine if needed and give it the variant: ``EngineError`` when it cannot
        be started or refuses the variant (with the reasons), ``SettingsError`` for an
        option it refuses."""
        self._referee = None
        self._start(variant)
        given = self.given
        assert given is not None
        self._referee = RulesReferee(variant, fen, given.letters)
        self._moves.clear()
        self._texts.clear()
        self._fen = None if fen is None or fen == variant.setup else \
            engine_fen(fen, given.letters)

    def open(self) -> Engine:
        """The engine, started when it is not running (``EngineError`` when it cannot be):
        to ask it what it plays before a game (``can_play(engine.capabilities, variant)``)."""
        if self._engine is None or self._engine.closed:
            self._engine = self._opener(self.settings, self._timeouts)
            self._given = None
        return self._engine

    def abort(self) -> None:
        """End whatever the engine runs at once (any thread): the window closing."""
        engine = self._engine
        if engine is not None:
            engine.abort()

    def _start(self, variant: Variant) -> None:
        self._engine = self.open()
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="variant-designer-engine-")
        if self._given is not None and self._given[0] == variant:
            self._engine.new_game()
            return
        self._given = (variant, give_variant(self._engine, variant, self._folder.name))

    def ask(self, game: Game, legal: Sequence[Move], stop: StopSignal = NEVER) -> Answer:
        referee, engine, given = self._referee, self._engine, self.given
        if referee is None or engine is None or given is None:
            return Answer(failure=f"{self.name} was asked before its game began")
        try:
            texts = self._texts_of(referee, game.moves)
        except ValueError as e:
            return Answer(failure=f"{self.name}: the game's moves: {e}")
        watcher = _Watcher(stop, self.stop)
        try:
            result = engine.play(Position(given.name, self._fen, tuple(texts)), self.limit)
        except EngineError as e:
            return Answer(failure=f"{self.name} failed: {e}")
        finally:
            watcher.done()
        if result.resigned:
            return Answer(resigned=True)
        if result.move is None:
            return Answer(failure=f"{self.name} gave no move ({result.claim or 'no move'}) "
                                  "but the game goes on")
        move = referee.move_of(texts, result.move)
        if move is None or move not in legal:
            ours = referee.reading(texts, result.move)
            theirs = engine_reading(result.move, game.geo.files, game.geo.ranks)
            return Answer(rejected=f"{self.name} played {result.move} ({theirs}), which we "
                                   f"reject: {ours}")
        return Answer(move, score=_centipawns(result.info), info=_words(result.info))

    def _texts_of(self, referee: RulesReferee, moves: Sequence[Move]) -> list[str]:
        """``moves`` in the engine's text, converting only those new since the last question
        (a move's text depends on its position: the referee follows the game)."""
        common = 0
        while common < min(len(moves), len(self._moves)) and moves[common] == self._moves[common]:
            common += 1
        del self._moves[common:], self._texts[common:]
        for mv in moves[common:]:
            referee.legal_moves(self._texts)
            text = referee.engine_text(mv)
            if referee.move_of(self._texts, text) != mv:
                raise ValueError(f"move {len(self._texts) + 1} ({mv.text(referee.game.geo)}) is "
                                 "not legal where it is played")
            self._moves.append(mv)
            self._texts.append(text)
        return list(self._texts)

    def stop(self) -> None:
        engine = self._engine
        if engine is not None:
            engine.stop()

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None
        self._given = None


def _centipawns(info: Info) -> int | None:
    score = info.score
    if score is None:
        return None
    if score.cp is not None:
        return score.cp
    return None if score.mate is None else (MATE_CP if score.mate > 0 else -MATE_CP)


def _words(info: Info) -> str:
    words = []
    if info.depth:
        words.append(f"depth {info.depth}")
    if info.score is not None:
        words.append(f"mate in {info.score.mate}" if info.score.mate is not None else
                     f"{(info.score.cp or 0) / 100:+.2f}")
    return ", ".join(words)


class _Watcher:
    """Calls ``stop_engine`` when ``stop`` is set while an engine thinks."""

    def __init__(self, stop: StopSignal, stop_engine: Callable[[], None]):
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if stop is not NEVER:
            self._thread = threading.Thread(target=self._watch, args=(stop, stop_engine),
                                            daemon=True)
            self._thread.start()

    def _watch(self, stop: StopSignal, stop_engine: Callable[[], None]) -> None:
        while not self._done.wait(0.05):
            if stop.is_set():
                stop_engine()
                return

    def done(self) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()


Kind = Literal["human", "builtin", "random", "engine"]


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as the command line names it (see the module's docstring); ``options`` are an
    engine's ``option.NAME=VALUE`` words, as (name, text) pairs in the order given."""

    kind: Kind
    command: tuple[str, ...] = ()
    protocol: ProtocolName = "uci"
    seed: int = 0
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> "PlayerSpec":
        """The specification ``text`` names; ``SettingsError`` (at ``player``) saying why
        not."""
        word = text.strip()
        if word in ("human", "builtin"):
            return cls(word)  # type: ignore[arg-type]   # one of the two literals
        if word == "random" or word.startswith("random:"):
            seed = word.partition(":")[2] or "0"
            if not seed.isdigit():
                raise SettingsError(f"random:{seed}: the seed is a whole number", "player")
            return cls("random", seed=int(seed))
        protocol: ProtocolName = "uci"
        for prefix in ("uci:", "xboard:"):
            if word.startswith(prefix):
                protocol = "uci" if prefix == "uci:" else "xboard"
                word = word[len(prefix):]
        try:
            words = shlex.split(word)
        except ValueError as e:
            raise SettingsError(f"{text!r} cannot be read as a command line ({e})",
                                "player") from None
        command = tuple(w for w in words if not w.startswith(OPTION_PREFIX))
        options = []
        for w in words:
            if w.startswith(OPTION_PREFIX):
                name, equals, value = w[len(OPTION_PREFIX):].partition("=")
                if not name.strip() or not equals:
                    raise SettingsError(f"{w!r}: an engine option is written "
                                        "option.NAME=VALUE", "player")
                options.append((name.strip(), value))
        if not command:
            raise SettingsError("a player is human, builtin, random or an engine's command "
                                "line", "player")
        return cls("engine", command, protocol, options=tuple(options))

    def engine_settings(self, movetime_ms: int | None = None,
                        depth: int | None = None) -> EngineSettings:
        """An engine's settings (its name is its program's) with this specification's
        options, searching 2 plies when given neither a time nor a depth; ``SettingsError``
        for a specification that names no engine."""
        if self.kind != "engine":
            raise SettingsError(f"{self.kind} is no engine", "player")
        if movetime_ms is None and depth is None:
            depth = 2
        return EngineSettings(os.path.basename(self.command[0]), self.command, self.protocol,
                              movetime_ms, depth, tuple(self.options))


def player_for(spec: PlayerSpec, settings: Settings = Settings(),
               limits: Limits = Limits(depth=2), movetime_ms: int | None = None,
               timeouts: Timeouts = Timeouts()) -> Player:
    """The player a specification names, for a headless game (``human`` plays only in the
    window): ``limits`` (depth, nodes) and ``movetime_ms`` bound each move of the built-in
    opponent and of an engine (an engine given none searches 2 plies); ``settings`` are the
    built-in opponent's."""
    if spec.kind == "human":
        raise SettingsError("a human plays in the window (variant-designer play), not in a "
                            "headless match", "player")
    if spec.kind == "builtin":
        return BuiltinPlayer(settings, limits, movetime_ms)
    if spec.kind == "random":
        return RandomPlayer(spec.seed, "random" if not spec.seed else f"random:{spec.seed}")
    bounded = movetime_ms is not None or limits.depth is not None or limits.nodes is not None
    limit = Limit(movetime_ms=movetime_ms, depth=limits.depth, nodes=limits.nodes) \
        if bounded else Limit(depth=2)
    engine = spec.engine_settings(movetime_ms,
                                  None if movetime_ms is not None else limit.depth or 64)
    return EnginePlayer(engine, timeouts, limit=limit)


__all__ = ["EnginePlayer", "PlayerSpec", "player_for", "MATE_CP", "OPTION_PREFIX"]
