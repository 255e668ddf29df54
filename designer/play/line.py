"""A game as the document keeps it: where it started, the moves played, who plays each side,
and an end the rules did not decide (a resignation, an engine's move we refused, a stop).

A ``GameLine`` is a plain frozen value, so that it is part of the document's undo steps and
autosave exactly as the variant is. It never holds a position: positions, legality, notation and
the result are derived from it by ``replay`` under the variant as it is *now*, which is how the
game survives edits of the variant (see ``designer.play.replay``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from ..game.moves import Move
from ..vocabulary import PGN_RESULTS, PgnResult

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class Stop:
    """An end the rules did not decide, after ``ply`` moves: ``result`` in PGN form and why
    (``*``: the game was stopped unfinished, e.g. an engine's move we refused)."""

    ply: int
    result: PgnResult
    reason: str


@dataclass(frozen=True, slots=True)
class GameLine:
    """``start`` is the FEN the game began from; ``moves`` the moves in order (the rules
    engine's values); ``white``/``black`` name the players (``human``, ``builtin`` or an
    engine's name); ``stop`` an end the rules did not decide; ``tags`` further PGN tags kept
    from an opened file (Event, Site, Date, ...)."""

    start: str
    moves: tuple[Move, ...] = ()
    white: str = HUMAN
    black: str = HUMAN
    stop: Stop | None = None
    tags: tuple[tuple[str, str], ...] = ()

    def played(self, move: Move, at: int | None = None) -> "GameLine":
        """The line with ``move`` played after ``at`` moves (default: at the end); the moves
        after ``at`` and any stop are dropped: playing from an earlier position starts a new
        continuation."""
        keep = len(self.moves) if at is None else at
        return replace(self, moves=self.moves[:keep] + (move,), stop=None)

    def cut(self, plies: int) -> "GameLine":
        """The first ``plies`` moves (a stop after them is dropped)."""
        stop = self.stop if self.stop is not None and self.stop.ply <= plies else None
        return replace(self, moves=self.moves[:plies], stop=stop)

    def stopped(self, result: PgnResult, reason: str, ply: int | None = None) -> "GameLine":
        """The line ended after ``ply`` moves (default: all of them) by ``result``."""
        at = len(self.moves) if ply is None else ply
        return replace(self, moves=self.moves[:at], stop=Stop(at, result, reason))

    def with_players(self, white: str, black: str) -> "GameLine":
        return replace(self, white=white, black=black)


LINE_VERSION = 1


class LineError(ValueError):
    """A stored game line that cannot be read; the message says which field."""


def line_to_json(line: GameLine) -> dict[str, Any]:
    """The line as JSON data (the window's crash recovery keeps games this way)."""
    return {"version": LINE_VERSION, "start": line.start, "white": line.white,
            "black": line.black,
            "moves": [_move_data(m) for m in line.moves],
            "stop": None if line.stop is None else
            {"ply": line.stop.ply, "result": line.stop.result, "reason": line.stop.reason},
            "tags": [list(t) for t in line.tags]}


def _move_data(m: Move) -> list[object]:
    """A move as seven fields, and an eighth, its wall square, for a move that places one
    (a file written before walls were kept reads as it did)."""
    data: list[object] = [m.origin, m.target, m.promotion, m.drop, list(m.kills), m.rook,
                          list(m.via)]
    if m.wall >= 0:
        data.append(m.wall)
    return data


def _ints(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                              for x in value):
        raise LineError(f"{where}: not a list of whole numbers")
    return tuple(value)


def _move(item: object, i: int) -> Move:
    where = f"moves[{i}]"
    if not isinstance(item, list) or len(item) not in (7, 8):
        raise LineError(f"{where}: not a move of seven fields (eight with a wall square)")
    origin, target, promotion, drop, kills, rook, via = item[:7]
    wall = item[7] if len(item) == 8 else -1
    if not all(isinstance(x, int) and not isinstance(x, bool)
               for x in (origin, target, rook, wall)):
        raise LineError(f"{where}: squares are whole numbers")
    if not isinstance(promotion, str) or not isinstance(drop, str):
        raise LineError(f"{where}: promotion and drop are letters")
    return Move(origin, target, promotion, drop, _ints(kills, where + ".kills"), rook,
                _ints(via, where + ".via"), wall)


def line_from_json(data: object) -> GameLine:
    """The line written by ``line_to_json`` (``LineError`` naming the field at fault)."""
    if not isinstance(data, dict):
        raise LineError("not an object")
    if data.get("version") != LINE_VERSION:
        raise LineError(f"version {data.get('version')!r}; this program reads {LINE_VERSION}")
    for key in ("start", "white", "black"):
        if not isinstance(data.get(key), str):
            raise LineError(f"{key}: not text")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise LineError("moves: not a list")
    stop = data.get("stop")
    parsed_stop = None
    if stop is not None:
        if not isinstance(stop, dict) or not isinstance(stop.get("ply"), int) or \
                stop.get("result") not in PGN_RESULTS or not isinstance(stop.get("reason"), str):
            raise LineError("stop: not a ply, a result and a reason")
        parsed_stop = Stop(stop["ply"], cast(PgnResult, stop["result"]), stop["reason"])
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(
            isinstance(t, list) and len(t) == 2 and all(isinstance(x, str) for x in t)
            for t in tags):
        raise LineError("tags: not a list of name and value pairs")
    return GameLine(data["start"], tuple(_move(m, i) for i, m in enumerate(moves)),
                    data["white"], data["black"], parsed_stop,
                    tuple((t[0], t[1]) for t in tags))


__all__ = ["GameLine", "Stop", "HUMAN", "LineError", "line_to_json",
           "line_from_json"]
