"""Moves along Janggi's palace diagonals (``RuleSet.diagonal_lines``), as Fairy-Stockfish
gives them (``Position::moves_from``/``attacks_from`` and ``attackers_to``, "Janggi palace
moves"): a piece standing on a square of the lines gains ``PieceRules.palace`` moves (the
engine's wazir a fers step, its soldier a forward diagonal step, its rook a bishop's ride, its
Janggi cannon a diagonal hop) that end on squares of the lines only.

The lines are short diagonals: a ride that leaves them never comes back, so each diagonal
direction is cut after the line squares it meets one by one, and the moves are written per
square in XBetza (``frB2``, ``blpB4``), as the side's own directions (Black's turned round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.program import Program
from .geometry import Geometry
from ..rules.model import PieceRules

if TYPE_CHECKING:
    from .kinds import Kinds

DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def _direction(df: int, dr: int, colour: int) -> str:
    """XBetza's direction of a diagonal step for a side (Black's directions turned round)."""
    if colour:
        df, dr = -df, -dr
    return ("f" if dr > 0 else "b") + ("r" if df > 0 else "l")


def _run(geo: Geometry, lines: int, s: int, df: int, dr: int) -> int:
    """How many squares of the lines follow ``s`` one by one in direction (df, dr)."""
    f, r = geo.file_of[s] + df, geo.rank_of[s] + dr
    n = 0
    while geo.on(f, r) and lines >> geo.square(f, r) & 1:
        n += 1
        f, r = f + df, r + dr
    return n


def palace_text(geo: Geometry, lines: int, s: int, colour: int, palace: str) -> str:
    """The XBetza moves a piece with ``palace`` moves gains on ``s`` (empty: none)."""
    out = []
    for df, dr in DIAGONALS:
        if palace == "fF" and (dr > 0) != (colour == 0):
            continue                                 # the soldier's diagonals go forward
        n = _run(geo, lines, s, df, dr)
        if not n:
            continue
        d = _direction(df, dr, colour)
        if palace in ("F", "fF"):
            out.append(f"{d}F")
        elif palace == "B":
            out.append(f"{d}B{n}" if n > 1 else f"{d}F")
        elif palace == "pB" and n > 1:
            out.append(f"{d}pB{n}")
    return "".join(out)


def add_palace(kinds: "Kinds", pr: PieceRules, colour: int, lines: int,
               programs: list[Program], which: list[int],
               masks: list[int]) -> None:
    """Extend a code's per-square programs (``Kinds._regions``) with the palace moves of
    ``pr`` on each square of ``lines``, in place."""
    made: dict[tuple[int, str], int] = {}
    geo = kinds.geo
    for s in range(geo.size):
        if not lines >> s & 1:
            continue
        text = palace_text(geo, lines, s, colour, pr.palace)
        if not text:
            continue
        key = (which[s], text)
        if key not in made:
            base = programs[which[s]]
            extra = kinds._program(text, "xbetza")
            programs.append(Program(base.dialect, base.paths + extra.paths,
                                    base.text + text))
            masks.append(masks[which[s]])
            made[key] = len(programs) - 1
        which[s] = made[key]
