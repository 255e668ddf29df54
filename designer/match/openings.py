"""Openings that do not decide the game: start positions read from a file, and random opening
plies kept only when a shallow search finds the position level.

``read_openings(path, variant)`` reads EPD or FEN lines (one position a line; EPD's operations
after the position and ``#`` comment lines are ignored; a line of four EPD fields is completed
with the move counters) or a PGN file (each game's start and moves are an opening), every
opening checked in the variant, a bad one named by its line or game.

``balanced_keep(variant, fen, margin)`` is the judge the driver asks about each random opening
ply (``driver.play_game``): the built-in opponent's node-bounded search of the position after
the ply, from the side to move's point of view. The driver keeps the first of the game's
seeded shuffle of the legal moves whose search stays within ``margin`` centipawns of level
(the most level of those it tried when none does), so that the openings are a function of the
game's seed, and a thousand games of a deterministic player differ without starting lost (the
same idea as the books of "balanced" openings engine testers use, UHO and 8-move books, made
here for any variant).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..formats.errors import FormatError
from ..opponent import Limits, Opponent, Settings
from ..game.game import Game
from ..variant.model import Variant

#: the search that judges an opening ply: counted work (reproducible), a few hundred nodes
BALANCE_LIMITS: Final = Limits(depth=2, nodes=400)
#: the balanced generator's margin by default (centipawns)
DEFAULT_MARGIN: Final = 30

Judge = Callable[[Game], int]


@dataclass(frozen=True, slots=True)
class Opening:
    """A start: ``fen`` (None: the variant's setup or the run's ``--fen``) and ``moves`` (the
    protocol's text, ``e2e4``) played from it before anything else."""

    fen: str | None = None
    moves: tuple[str, ...] = ()


def _fen_line(variant: Variant, text: str) -> str | None:
    """The position of an EPD or FEN line, or None when no reading of it is one."""
    tokens = text.split(";", 1)[0].split()
    for k in range(len(tokens), 0, -1):
        for candidate in (" ".join(tokens[:k]), " ".join(tokens[:k]) + " 0 1"):
            try:
                Game(variant, candidate)
            except Exception:      # noqa: BLE001 - any error of the FEN reader: not this one
                continue
            return candidate
    return None


def read_openings(path: str | os.PathLike[str], variant: Variant) -> tuple[Opening, ...]:
    """The openings of an EPD/FEN or PGN file (module docstring); FormatError naming the
    line or game that is not one, or a file without any."""
    name = os.fspath(path)
    try:
        with open(name, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise FormatError(f"cannot read the openings: {e}", name, 0) from None
    if name.lower().endswith(".pgn") or text.lstrip().startswith("["):
        out = _pgn_openings(text, name, variant)
    else:
        out = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen = _fen_line(variant, line)
            if fen is None:
                raise FormatError(f"not a position of {variant.name}: {line[:60]}", name,
                                  number)
            out.append(Opening(fen))
    if not out:
        raise FormatError("the file holds no opening", name, 0)
    return tuple(out)


def _pgn_openings(text: str, name: str, variant: Variant) -> list[Opening]:
    from ..records import read_games
    out: list[Opening] = []
    for number, record in enumerate(read_games(text, name), 1):
        fen = record.start or None
        try:
            game, theirs = Game(variant, fen), Game(record.variant, fen)
            texts: list[str] = []
            for mv in record.moves:
                move = game.move_from_text(theirs.move_text(mv))
                theirs.push(mv)
                texts.append(game.move_text(move))
                game.push(move)
        except Exception as e:     # noqa: BLE001 - the reason goes into the message
            raise FormatError(f"game {number} is not an opening of {variant.name}: {e}",
                              name, 0) from None
        out.append(Opening(fen, tuple(texts)))
    return out


class _Level:
    """How far from level a position is for the built-in opponent's shallow search: the
    absolute score (centipawns) for the side to move."""

    def __init__(self, variant: Variant, fen: str | None):
        self._opponent = Opponent(variant, Settings(noise=0), fen)

    def __call__(self, game: Game) -> int:
        thought = self._opponent.think(tuple(game.moves), BALANCE_LIMITS, verify=False)
        return abs(thought.score) if thought.move is not None else 1_000_000


def balanced_keep(variant: Variant, fen: str | None, margin: int | None
                  ) -> tuple[Judge, int] | None:
    """The judge of opening plies and its margin (module docstring), None when ``margin``
    is None (plain random plies)."""
    if margin is None:
        return None
    return _Level(variant, fen), margin


__all__ = ["BALANCE_LIMITS", "DEFAULT_MARGIN", "Opening", "balanced_keep",
           "read_openings"]
