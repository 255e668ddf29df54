"""Every estimate for every piece of a variant, on the variant's own board: ``piece_values``.

The methods (``estimates.ESTIMATES``): mobility on a crowded board (``mobility``), H.G. Muller's
leaper law (``leaper_law``), Fairy-Stockfish's formula and its table (``fsf_estimate``), and the
values fitted from play (``fit``; given by the caller once games have been played). Each comes
with a one-line explanation and a tooltip; a piece whose estimates disagree by more than a
factor of 1.5 gets a warning. Deterministic: the crowded positions come from a fixed seed, and
the move generator's work is counted, never timed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from ..errors import DesignerError
from ..notation.errors import TooComplexError
from ..variant.fen import FenError
from ..variant.derive import captures_to_hand, promotes
from ..variant.model import PieceType, Variant
from ..vocabulary import Dialect, Square
from .estimates import Estimate, EstimateName, PieceValues, ValueTable, disagreement
from .fit import FittedValues
from .fsf_estimate import FsfEstimate, fsf_estimates
from .fsf_value import PAWN_EG, FsfValue, drops_saturated
from .leaper_law import law_for
from .mobility import CHESSV_REACH, DEFAULT_SEED, MOVE_ONLY, Mobility, mobility

Progress = Callable[[int, int], bool]      # (done, total) -> go on?


class Cancelled(Exception):
    """The caller's progress callback asked to stop."""


def density_of(v: Variant) -> tuple[float, str]:
    """The crowded board's chance of an occupied square, and how it was chosen: half the
    setup's (a game starts with the setup and ends nearly bare), or ChessV's 0.3 without one."""
    try:
        setup = v.position() if v.setup else None
    except FenError:
        setup = None
    squares = v.files * v.ranks - (len(setup.holes) if setup else 0)
    if setup is None or not setup.board or squares <= 0:
        d = round(1.0 - CHESSV_REACH, 6)
        return d, f"no setup to count: {d:.2f}, as ChessV's 0.7 per further square"
    full = len(setup.board) / squares
    d = full / 2.0
    return d, (f"half the setup's {len(setup.board)} pieces on {squares} squares ({full:.0%}): "
               f"the average of a game that starts full and ends bare")


@lru_cache(maxsize=256)
def _mobility(notation: str, dialect: Dialect, files: int, ranks: int, density: float,
              holes: frozenset[Square], seed: int) -> Mobility | str:
    try:
        return mobility(notation, dialect, files, ranks, density, holes, seed)
    except TooComplexError as e:
        return f"its moves are too complex to follow on this board ({e.message})"
    except DesignerError as e:
        return str(e)


def _mobility_estimate(p: PieceType, m: Mobility | str, knight: Mobility | str,
                       density_note: str, promoting: bool = False) -> Estimate:
    if isinstance(m, str):
        return Estimate("mobility", None, "Mobility could not be measured", m, m)
    if isinstance(knight, str) or knight.crowded <= 0:
        return Estimate("mobility", None, "No Knight on this board to scale by", "",
                        "a Knight has no moves on this board")
    pawns = 3.0 * m.crowded / knight.crowded
    line = (f"{m.crowded:.2f} squares on a crowded board ({m.empty:.2f} when empty); "
            f"a Knight ({knight.crowded:.2f}) is 3")
    tip = (f"Target squares, each counting 1 where the piece may move and capture, 2/3 where it "
           f"may only capture and 1/3 where it may only move (H.G. Muller's weights).\n"
           f"Empty board: {m.empty:.2f} on average over every square.\n"
           f"Crowded board: {m.crowded:.2f}, over {m.samples} seeded random positions (seed "
           f"{m.seed}) with the piece on every square; each other square is occupied with "
           f"chance {m.density:.2f} ({density_note}). A square counts by the chance of reaching "
           f"it (Betza's crowded board; ChessV counts 0.7 per further square).\n"
           f"In pawns: in proportion to a Knight's crowded mobility on this board, taken as 3.")
    if promoting:                             # the rule set says it promotes
        tip += "\nIts promotion is not counted."
    return Estimate("mobility", pawns, line, tip, knight=3.0)


def _law_estimate(p: PieceType, v: Variant) -> Estimate:
    law = law_for(p.notation, p.dialect, v.files, v.ranks, p.royal,
                  promotes(v, p.letter))
    knight = law_for("N", "xbetza", v.files, v.ranks, False, False)
    kv = None if knight.centipawns is None or knight.centipawns <= 0 else knight.centipawns / 100
    if law.centipawns is None:
        return Estimate("leaper-law", None, "Out of the leaper law's domain",
                        f"Out of its domain: {law.reason}. H.G. Muller's law holds for "
                        "short-range leapers only.", law.reason, knight=kv)
    n = law.targets
    line = f"V = 1.1 x {n:g} x (30 + 5/8 x {n:g}) = {law.centipawns:.0f} centipawns"
    tip = (f"H.G. Muller's law for short-range leapers: V = 1.1 N (30 + 5/8 N) centipawns, with "
           f"N = {n:g} target squares (the most it has on any square of the empty "
           f"{v.files}x{v.ranks} board; capture-only 2/3, move-only {MOVE_ONLY:.2f}).")
    return Estimate("leaper-law", law.centipawns / 100.0, line, tip, knight=kv)


def _knight_fsf(v: Variant, table: bool) -> float:
    raw = FsfValue(781, 854) if table else FsfValue(773, 866)   # types.h; the formula for N
    return (drops_saturated(raw) if captures_to_hand(v) else raw).mg / PAWN_EG


_PAWN = f"In pawns as the engine prints them: {PAWN_EG} internal units (its end-game pawn)."


def _fsf_one(name: EstimateName, value: FsfValue | None, raw: FsfValue | None, used: bool,
             why: str, missing: str, head: str, source: str, knight: float,
             notes: str) -> Estimate:
    """One of the two Fairy-Stockfish estimates (its value, or why there is none)."""
    if value is None or raw is None:
        return Estimate(name, None, missing, why, why, knight=knight)
    uses = " (the engine uses this one)" if used else ""
    return Estimate(name, value.pawns,
                    f"{head}: {value.mg} middle game, {value.eg} end game{uses}",
                    f"{source} {raw.mg} middle game, {raw.eg} end game.{notes}\n{_PAWN}",
                    knight=knight)


def _fsf_estimates(e: FsfEstimate, v: Variant) -> tuple[Estimate, Estimate]:
    notes = "".join(f"\n{n[:1].upper()}{n[1:]}." for n in e.notes)
    formula = _fsf_one(
        "fsf-formula", e.formula, e.raw_formula, e.used == "formula",
        e.reason or "Fairy-Stockfish cannot play it", "No Fairy-Stockfish value",
        "Custom-piece formula", f"Fairy-Stockfish's estimate for a custom piece (psqt.cpp "
        f"piece_value) from its reading of `{e.betza}`: {e.terms}; v0 * exp(v0 / 10000) =",
        _knight_fsf(v, False), notes)
    table = _fsf_one(
        "fsf-table", e.table, e.raw_table, e.used == "table",
        e.reason or "Fairy-Stockfish has no built-in piece with these moves",
        "Not a built-in Fairy-Stockfish piece", f"Built-in {e.builtin}",
        f"Fairy-Stockfish has this piece built in as `{e.builtin}`: its table value (types.h) "
        "is", _knight_fsf(v, True), notes)
    return formula, table


def _fitted_estimate(p: PieceType, fitted: FittedValues | None, unfitted: str) -> Estimate:
    if fitted is None:
        if unfitted:
            return Estimate("fitted", None, "No values from these games", unfitted, unfitted)
        why = "no games played yet: a balance report fits values from self-play"
        return Estimate("fitted", None, "Not fitted yet", why, why)
    fv = fitted.get(p.letter)
    if fv is None:
        why = "its material never differed in the games played"
        return Estimate("fitted", None, "Not enough games", why, why,
                        positions=fitted.positions)
    ref = fitted.get("N") if fitted.reference != "N" else None
    knight = 3.0 if fitted.reference == "N" else (ref.value if ref else None)
    return Estimate(
        "fitted", fv.value, f"{fv.value:.2f} (95 % interval {fv.low:.2f} to {fv.high:.2f}) "
        f"from {fitted.positions:,} positions",
        f"Logistic regression of {fitted.games:,} games' results on the material difference "
        f"in {fitted.positions:,} positions; values relative to {fitted.reference} = "
        f"{fitted.reference_value:g}, with a 95 % interval (delta method).",
        interval=(fv.low, fv.high), positions=fitted.positions, knight=knight)


def _scaled(e: Estimate) -> Estimate:
    if e.pawns is None or not e.knight:
        return e
    f = 3.0 / e.knight
    interval = (e.interval[0] * f, e.interval[1] * f) if e.interval else None
    return replace(e, pawns=e.pawns * f, interval=interval, knight=3.0,
                   tooltip=e.tooltip + "\nShown with a Knight as 3.")


def piece_values(v: Variant, knight3: bool = False, fitted: FittedValues | None = None,
                 seed: int = DEFAULT_SEED, progress: Progress | None = None,
                 unfitted: str = "") -> ValueTable:
    """The estimates of every piece of ``v`` (module docstring). ``progress(done, total)`` is
    called after each piece; returning False raises ``Cancelled``. ``unfitted``: why games
    that were played gave no fitted values (shown in the fitted column instead)."""
    density, note = density_of(v)
    holes = frozenset(v.position().holes) if v.setup and _fen_ok(v) else frozenset()
    knight = _mobility("N", "xbetza", v.files, v.ranks, density, holes, seed)
    fsf = fsf_estimates(v)
    out = []
    for i, p in enumerate(v.pieces):
        m = _mobility(p.notation, p.dialect, v.files, v.ranks, density, holes, seed)
        formula, table = _fsf_estimates(fsf.get(p.letter, FsfEstimate(reason="not exported")), v)
        ests: tuple[Estimate, ...] = (_mobility_estimate(p, m, knight, note,
                                                         promotes(v, p.letter)),
                                      _law_estimate(p, v), formula, table,
                                      _fitted_estimate(p, fitted, unfitted))
        if p.royal:
            ests = tuple(replace(e, pawns=None, reason="a royal piece is never exchanged",
                                 explanation="Royal: no value in pawns")
                         if e.pawns is not None else e for e in ests)
        if knight3:
            ests = tuple(_scaled(e) for e in ests)
        out.append(PieceValues(p.letter, p.name, p.notation, ests,
                               m if isinstance(m, Mobility) else None,
                               m if isinstance(m, str) else "", disagreement(ests, knight3)))
        if progress is not None and not progress(i + 1, len(v.pieces)):
            raise Cancelled()
    return ValueTable(v.name, v.files, v.ranks, tuple(out), knight3, density, note, seed)


def _fen_ok(v: Variant) -> bool:
    try:
        v.position()
    except FenError:
        return False
    return True


__all__ = ["Cancelled", "Progress", "density_of", "piece_values"]
