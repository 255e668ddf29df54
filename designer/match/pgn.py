"""Match games as PGN, written by ``designer.records`` as XBoard writes them (SAN, the variant's
tags, our ``; @designer`` data lines so the file opens as the variant it was played in).

The first game carries the data lines; the others follow with their tags and moves, read as the
same variant (``records.read_games``). Each game has the seven-tag roster (no dates or clocks,
so a run written twice gives the same text), the number of random opening plies, PGN's
``Termination`` tag and the reason the game ended as the comment before the result.
"""

from __future__ import annotations

from typing import Iterable, TextIO

from ..records import GameRecord, write_game
from ..records.pgn import movetext, tag_pairs
from ..variant.model import Variant
from .played import PlayedGame

#: PGN's Termination tag by how the game ended (the standard's values)
_TERMINATION = {"resignation": "normal", "illegal move": "rules infraction",
                "failure": "abandoned", "ply limit": "unterminated", "stopped": "unterminated",
                "adjudication": "adjudication"}


def as_record(played: PlayedGame, variant: Variant, event: str = "Variant Designer match"
              ) -> GameRecord:
    """The ``designer.records`` record of a played game."""
    tags = (("Event", event), ("Site", "?"), ("Date", "????.??.??"),
            ("Round", str(played.index + 1)), ("White", played.white),
            ("Black", played.black),
            ("Termination", _TERMINATION.get(played.termination, "normal")),
            ("Opening", f"{played.opening} random plies (seed {played.seed})"),
            ("PlyCount", str(played.plies)))
    return GameRecord(variant, played.moves, played.fen or "", played.result, played.reason,
                      tags)


def _quote(text: str) -> str:
    return " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"')


def game_text(played: PlayedGame, variant: Variant, first: bool = True) -> str:
    """One game as PGN text: with the variant's data lines when ``first``."""
    record = as_record(played, variant)
    if first:
        return write_game(record) + "\n"
    tags = "".join(f'[{k} "{_quote(v)}"]\n' for k, v in tag_pairs(record))
    return tags + "\n" + movetext(record) + "\n"


def write_pgn(games: Iterable[PlayedGame], variant: Variant, out: TextIO) -> int:
    """Write every game as PGN; returns how many were written."""
    n = 0
    for played in games:
        out.write(game_text(played, variant, first=n == 0))
        n += 1
    return n


__all__ = ["as_record", "game_text", "write_pgn"]
