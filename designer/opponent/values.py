"""What each piece is worth to the opponent, in centipawns, and how mobile it is on each square.

The opponent's own estimate (``tables``) reads the compiled move tables the game plays with:
a piece's crowded-board mobility on a square counts each target by its modality (H.G. Muller's
weights: move and capture 1, capture only 2/3, move only 1/3) and each further square along a
ride by the chance it is reached on a crowded board (0.7 per square, as ChessV counts), hops
beyond their screen at half that; what the tables leave to the walker (multi-leg moves, Betza
2.0 chains) is counted on the empty board. In pawns, a piece is worth 3 times its average
mobility over the board divided by a Knight's on the same board (the scale
``designer.balance``'s mobility estimate uses too), so a new piece is valued the moment it is
defined. The other sources are ``designer.balance``'s estimates (``ValueSource``); royal
pieces are worth nothing (they are never exchanged: the search sees their loss as the end).
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.generate import targets as walker_targets
from ..engine.position import PieceBoard
from ..engine.program import Program
from ..game.config import Config
from ..game.tables import SquareMoves
from ..variant.model import Variant
from ..vocabulary import BLACK, WHITE, Side
from .settings import Settings, ValueSource

CROWDED = 0.7                  # chance that a ride goes on past a square
BOTH, CAPTURE_ONLY, MOVE_ONLY = 1.0, 2 / 3, 1 / 3
WALKER_STRIDE = 2              # walker parts are sampled on every other file and rank


def _weight(cm: bool, cc: bool) -> float:
    return BOTH if cm and cc else CAPTURE_ONLY if cc else MOVE_ONLY if cm else 0.0


def square_mobility(sqm: SquareMoves) -> float:
    """The crowded-board mobility of the compiled components of one piece on one square."""
    mask = sqm.mask
    m, c = sqm.leap_m & mask, sqm.leap_c & mask
    total = (m & c).bit_count() * BOTH + (c & ~m).bit_count() * CAPTURE_ONLY + \
        (m & ~c).bit_count() * MOVE_ONLY
    for ray, cm, cc in sqm.rides:
        w = _weight(cm, cc)
        chance = 1.0
        for b in ray:
            if b & mask:
                total += w * chance
            chance *= CROWDED
    for ray, cm, cc, grass in sqm.hops:
        w = _weight(cm, cc) * (1 - CROWDED)       # a screen is there
        chance = 1.0
        for i, b in enumerate(ray[1:]):
            if b & mask:
                total += w * chance
            chance *= 0.0 if grass else CROWDED
    for tb, _, cm, cc in sqm.lames:
        if tb & mask:
            total += _weight(cm, cc) * CROWDED
    return total


def _walker_mobility(program: Program, cfg: Config, colour: int, letter: str) -> list[float]:
    """Targets of the walker's share of a piece on the empty board, per square (sampled on a
    grid, each square taking its sample's figure)."""
    geo = cfg.geo
    holes = frozenset((s % geo.files, s // geo.files) for s in range(geo.size)
                      if cfg.holes >> s & 1)
    empty = PieceBoard(geo.files, geo.ranks, {}, holes)
    side: Side = BLACK if colour else WHITE
    sampled: dict[tuple[int, int], float] = {}
    out = []
    for s in range(geo.size):
        x, y = s % geo.files, s // geo.files
        key = (x - x % WALKER_STRIDE, y - y % WALKER_STRIDE)
        got = sampled.get(key)
        if got is None:
            try:
                plain, caps = walker_targets(program, empty, key, side, False, False, letter)
                got = float(len((plain | caps) - {key}))
            except Exception:       # a definition the walker refuses here: no figure
                got = 0.0
            sampled[key] = got
        out.append(got)
    return out


def mobility_table(cfg: Config, code: int) -> list[float]:
    """The crowded-board mobility of a piece of ``code`` on every square (0 on holes)."""
    tab = cfg.kinds.tables(code)
    out = [0.0 if cfg.holes >> s & 1 else square_mobility(sqm)
           for s, sqm in enumerate(tab.squares)]
    if tab.has_fallback:
        program = next(f for f in tab.fallback if f is not None)
        extra = _walker_mobility(program, cfg, code & 1, cfg.kinds.letters[code >> 1])
        out = [a + (b if tab.fallback[s] is not None else 0.0)
               for s, (a, b) in enumerate(zip(out, extra))]
    return out


def _average(cfg: Config, values: list[float]) -> float:
    squares = [v for s, v in enumerate(values) if cfg.board >> s & 1]
    return sum(squares) / len(squares) if squares else 0.0


def knight_mobility(cfg: Config) -> float:
    """A Knight's average mobility on this board (its eight leaps that stay on the board)."""
    geo = cfg.geo
    total = 0
    count = 0
    for s in range(geo.size):
        if not cfg.board >> s & 1:
            continue
        x, y = s % geo.files, s // geo.files
        count += 1
        for dx, dy in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            tx, ty = x + dx, y + dy
            if 0 <= tx < geo.files and 0 <= ty < geo.ranks and cfg.board >> (ty * geo.files +
                                                                              tx) & 1:
                total += 1
    return total / count if count else 1.0


def table_values(cfg: Config, mobility: list[list[float]]) -> list[float]:
    """Pawns per kind (index 0 unused) by the opponent's own estimate (module docstring)."""
    knight = knight_mobility(cfg) or 1.0
    out = [0.0]
    for k in range(1, cfg.kinds.count):
        out.append(0.0 if cfg.kinds.royal[k] else 3.0 * _average(cfg, mobility[2 * k]) / knight)
    return out


@lru_cache(maxsize=8)
def _balance_values(variant: Variant, source: ValueSource) -> dict[str, float]:
    """``designer.balance``'s estimate for every piece that has one (computed once per
    variant and process: it samples crowded positions, which takes a moment)."""
    from ..balance import piece_values
    table = piece_values(variant)
    out = {}
    for p in table.pieces:
        v = p.value(source)            # type: ignore[arg-type]   # not "tables" here
        if v is not None:
            out[p.letter] = v
    return out


def piece_values(variant: Variant, cfg: Config, settings: Settings,
                 mobility: list[list[float]]) -> list[int]:
    """Centipawns per kind by the settings: explicit values first, then the chosen source,
    then the opponent's own estimate; royal pieces 0."""
    own = table_values(cfg, mobility)
    chosen: dict[str, float] = {}
    if settings.values != "tables":
        chosen = _balance_values(variant, settings.values)
    chosen.update(dict(settings.piece_values))
    letters = cfg.kinds.letters
    out = [0]
    for k in range(1, cfg.kinds.count):
        if cfg.kinds.royal[k]:
            out.append(0)
            continue
        pawns = chosen.get(letters[k], own[k])
        out.append(max(1, round(100 * pawns)))
    return out


__all__ = ["piece_values", "mobility_table", "square_mobility", "table_values",
           "knight_mobility"]
