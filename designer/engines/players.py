"""Who makes the moves of a game: the ``Player`` interface, engines as players, a seeded random
mover, and player specifications as the command line writes them (``human``, ``builtin``,
``random``, or an engine's command line, ``xboard:`` in front for an XBoard engine).
"""

from __future__ import annotations

import os
import random
import shlex
import tempfile
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable, Literal, Sequence

from ..variant.model import Variant
from .errors import EngineError
from .launch import EngineVariant, give_variant, open_settings
from .lines import Info
from .session import Engine, ProtocolName
from .settings import EngineSettings, SettingsError
from .values import Limit, EnginePosition, Timeouts


@dataclass(frozen=True)
class GameStart:
    """What every player of a game is told first: the variant and the start position (None:
    the variant's own; otherwise a FEN in the engine's letters)."""

    variant: Variant
    fen: str | None = None


@dataclass(frozen=True, slots=True)
class Reply:
    """A player's answer: a move in UCI text, or none (resigned, or it claims the game is
    over: ``claim``)."""

    move: str | None
    resigned: bool = False
    claim: str | None = None
    draw_offered: bool = False
    info: Info = Info()


class Referee(ABC):
    """The rules of the game being played, as far as the driver needs them: the legal moves
    after the moves so far (UCI text), whether the game is over, and how we read a move.
    The rules engine answers these; until it is there, tests use Fairy-Stockfish's own move
    generator (``pyffish``) as the stand-in."""

    @abstractmethod
    def legal_moves(self, moves: Sequence[str]) -> frozenset[str]:
        """The legal moves after ``moves`` from the start, as UCI text."""

    @abstractmethod
    def outcome(self, moves: Sequence[str]) -> "Outcome | None":
        """The result and its reason when the game is over after ``moves``, else None."""

    def reading(self, moves: Sequence[str], move: str) -> str:
        """What ``move`` is to us after ``moves`` (for a rejected move: why it is illegal)."""
        legal = sorted(self.legal_moves(moves))
        shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
        return f"not among the {len(legal)} legal moves ({shown})" if legal else \
            "there is no legal move here"


@dataclass(frozen=True, slots=True)
class Outcome:
    """``result`` in PGN form (``*``: unfinished, the game was stopped) and why."""

    result: Literal["1-0", "0-1", "1/2-1/2", "*"]
    reason: str


class Player(ABC):
    """One side of a game. ``start`` before each game, ``move`` for each of its turns,
    ``close`` when no more games follow."""

    name: str = "player"

    def start(self, game: GameStart) -> None:
        """Get ready for a new game (an engine selects the variant here, or refuses it)."""

    @abstractmethod
    def move(self, game: GameStart, moves: tuple[str, ...]) -> Reply:
        """The player's move after ``moves``."""

    def stop(self) -> None:
        """Move now (thread-safe): an engine plays its best move so far."""

    def close(self) -> None:
        """Free what the player holds (an engine process)."""


class EnginePlayer(Player):
    """An external engine. It is started by the first game and kept for the next ones; the
    variant is given to it when a game starts (``give_variant``: refused with the reasons
    when it cannot play it), written as a section into a folder of its own when needed."""

    def __init__(self, settings: EngineSettings, timeouts: Timeouts = Timeouts(),
                 opener: Callable[[EngineSettings, Timeouts], Engine] | None = None):
        self.settings = settings
        self.name = settings.name
        self.limit: Limit = settings.limit()
        self._timeouts = timeouts
        self._opener = opener or (lambda s, t: open_settings(s, timeouts=t))
        self._engine: Engine | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._given: tuple[Variant, EngineVariant] | None = None

    @property
    def engine(self) -> Engine | None:
        return self._engine

    @property
    def given(self) -> EngineVariant | None:
        """How the engine plays the current game's variant."""
        return self._given[1] if self._given else None

    def start(self, game: GameStart) -> None:
        if self._engine is None or self._engine.closed:
            self._engine = self._opener(self.settings, self._timeouts)
            self._given = None
        if self._folder is None:
            self._folder = tempfile.TemporaryDirectory(prefix="variant-designer-engine-")
        if self._given is not None and self._given[0] == game.variant:
            self._engine.new_game()
            return
        self._given = (game.variant, give_variant(self._engine, game.variant,
                                                  self._folder.name))

    def move(self, game: GameStart, moves: tuple[str, ...]) -> Reply:
        if self._engine is None or self._given is None:
            raise EngineError("the engine was not started for this game", "aborted",
                              self.name)
        result = self._engine.play(EnginePosition(self._given[1].name, game.fen, moves), self.limit)
        return Reply(result.move, result.resigned, result.claim, result.draw_offered,
                     result.info)

    def stop(self) -> None:
        if self._engine is not None:
            self._engine.stop()

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None
        self._given = None


class RandomPlayer(Player):
    """Plays a random legal move (seeded: the same seed gives the same game)."""

    def __init__(self, referee: Referee, seed: int = 0, name: str = "random"):
        self.name = name
        self._referee = referee
        self._random = random.Random(seed)

    def move(self, game: GameStart, moves: tuple[str, ...]) -> Reply:
        legal = sorted(self._referee.legal_moves(moves))
        return Reply(self._random.choice(legal) if legal else None)


Kind = Literal["human", "builtin", "random", "engine"]


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as the command line names it: ``human`` (the window only), ``builtin`` (our
    own opponent), ``random`` or ``random:SEED``, or an engine's command line, with
    ``uci:`` or ``xboard:`` in front to name its protocol (UCI by default)."""

    kind: Kind
    command: tuple[str, ...] = ()
    protocol: ProtocolName = "uci"
    seed: int = 0

    @classmethod
    def parse(cls, text: str) -> "PlayerSpec":
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
            command = tuple(shlex.split(word))
        except ValueError as e:
            raise SettingsError(f"{text!r} cannot be read as a command line ({e})",
                                "player") from None
        if not command:
            raise SettingsError("a player is human, builtin, random or an engine's command "
                                "line", "player")
        return cls("engine", command, protocol)


#: Makers of the built-in opponent by variant, registered by the package that provides it.
BUILTIN_PLAYERS: dict[str, Callable[[Limit], Player]] = {}


def make_player(spec: PlayerSpec, limit: Limit, referee: Referee,
                timeouts: Timeouts = Timeouts()) -> Player:
    """A player for a headless game (``match``): ``human`` is refused (it plays in the
    window), ``builtin`` needs the built-in opponent."""
    if spec.kind == "human":
        raise SettingsError("a human plays in the window (variant-designer play), not in a "
                            "headless match", "player")
    if spec.kind == "random":
        return RandomPlayer(referee, spec.seed, f"random:{spec.seed}")
    if spec.kind == "builtin":
        maker = BUILTIN_PLAYERS.get("builtin")
        if maker is None:
            raise SettingsError("the built-in opponent is not part of this program yet",
                                "player")
        return maker(limit)
    settings = EngineSettings(os.path.basename(spec.command[0]), spec.command, spec.protocol,
                              limit.movetime_ms, limit.depth)
    return EnginePlayer(settings, timeouts)


__all__ = ["GameStart", "Reply", "Referee", "Outcome", "Player", "EnginePlayer", "RandomPlayer",
           "PlayerSpec", "BUILTIN_PLAYERS", "make_player"]

