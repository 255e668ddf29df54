"""The headless game driver: two players, a referee, and a loop that asks the side to move
for its move given the moves so far, checks it against the referee's legal moves and stops at
the game's end.

Every move is checked: a move the referee rejects stops the game with both readings (the
engine's text and what it means to the engine, and our reading of it), never played on. An
engine that fails (no answer, crash, garbage) stops the game with its error; the record keeps
the moves played until then.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from .errors import EngineError
from .movetext import EngineMove, parse_move, square_name
from .players import GameStart, Outcome, Player, Referee
from .settings import SettingsError

DEFAULT_MAX_PLIES = 1000


@dataclass(frozen=True, slots=True)
class Rejection:
    """A move we refused: who sent it, its text, what it means to the engine, and our
    reading."""

    player: str
    move: str
    engine_reading: str
    our_reading: str

    def __str__(self) -> str:
        return (f"{self.player} played {self.move} ({self.engine_reading}), which we reject: "
                f"{self.our_reading}")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A played game: the players, the start FEN (None: the variant's own), the moves in UCI
    text, the outcome, and the rejected move that stopped it, if any."""

    white: str
    black: str
    fen: str | None
    moves: tuple[str, ...]
    outcome: Outcome
    rejection: Rejection | None = None


def engine_reading(text: str, files: int, ranks: int) -> str:
    """What move text means to an engine, in words (``e2e5``: from e2 to e5)."""
    try:
        m: EngineMove = parse_move(text, files, ranks)
    except ValueError as e:
        return str(e)
    if m.is_null:
        return "a null move (pass)"
    assert m.target is not None
    if m.origin is None:
        return f"drops {m.dropped} on {square_name(m.target)}"
    words = f"from {square_name(m.origin)} to {square_name(m.target)}"
    if m.suffix in ("+", "-"):
        words += ", promoting" if m.suffix == "+" else ", demoting"
    elif m.suffix:
        words += f", {'gating' if m.gate is not None else 'promoting to'} {m.suffix}"
    return words


def _white_first(fen: str | None) -> bool:
    fields = fen.split() if fen else []
    return not (len(fields) > 1 and fields[1] == "b")


def _loss(white_lost: bool, reason: str) -> Outcome:
    return Outcome("0-1" if white_lost else "1-0", reason)


def play_game(referee: Referee, white: Player, black: Player, game: GameStart,
              max_plies: int = DEFAULT_MAX_PLIES,
              on_move: Callable[[tuple[str, ...]], None] | None = None,
              cancel: threading.Event | None = None) -> GameRecord:
    """Play one game to its end (the referee's outcome), a rejected move, a player's failure,
    ``max_plies`` moves or ``cancel``; ``on_move`` sees the moves after each one."""
    files, ranks = game.variant.files, game.variant.ranks
    moves: list[str] = []
    white_first = _white_first(game.fen)

    def record(outcome: Outcome, rejection: Rejection | None = None) -> GameRecord:
        return GameRecord(white.name, black.name, game.fen, tuple(moves), outcome, rejection)

    for who in (white, black):
        try:
            who.start(game)
        except (EngineError, SettingsError) as e:
            return record(Outcome("*", f"{who.name} cannot play this game: {e}"))
    while True:
        outcome = referee.outcome(moves)
        if outcome is not None:
            return record(outcome)
        if cancel is not None and cancel.is_set():
            return record(Outcome("*", "stopped"))
        if len(moves) >= max_plies:
            return record(Outcome("*", f"stopped after {max_plies} moves"))
        white_moves = (len(moves) % 2 == 0) == white_first
        player = white if white_moves else black
        try:
            reply = player.move(game, tuple(moves))
        except EngineError as e:
            return record(Outcome("*", f"{player.name} failed: {e}"))
        if reply.resigned:
            return record(_loss(white_moves, f"{player.name} resigns"))
        if reply.move is None:
            claim = reply.claim or "no move"
            return record(Outcome("*", f"{player.name} gave no move ({claim}) but the game "
                                       "goes on"),
                          Rejection(player.name, claim, "the game is over",
                                    "the game goes on: " + referee.reading(moves, "")))
        if reply.move not in referee.legal_moves(moves):
            rejection = Rejection(player.name, reply.move,
                                  engine_reading(reply.move, files, ranks),
                                  referee.reading(moves, reply.move))
            return record(Outcome("*", str(rejection)), rejection)
        moves.append(reply.move)
        if on_move is not None:
            on_move(tuple(moves))


__all__ = ["Rejection", "GameRecord", "play_game", "engine_reading", "DEFAULT_MAX_PLIES"]
