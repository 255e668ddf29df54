"""``variant-designer values FILE [--json] [--knight3] [--fitted --games N ...]``: what each
piece is worth.

A table of every piece type's estimates (mobility, H.G. Muller's leaper law, Fairy-Stockfish's
formula and table; with ``--fitted``, values fitted from self-play games played first, with
``match``'s options for how they are played), in pawns or with the
Knight as 3, with each estimate's reason where it does not apply and a warning where they
disagree by more than a factor of 1.5. ``--json``: one object, piece letter -> estimate name ->
value in pawns (null where the estimate does not apply; with ``--fitted``, also ``fitted-low``
and ``fitted-high``, the fitted value's 95 % interval; the number of games and positions goes
to stderr).
Exit codes: 0 done, 1 unreadable file, 2 usage, 130 games stopped by Ctrl+C (the values are
fitted to the games played).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..balance import ESTIMATES, LABELS, FittedValues, ValueTable, piece_values
from ..formats.errors import FormatError
from ..formats.registry import read_any
from ..errors import DesignerError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
    parser.add_argument("--section", help="variants.ini input: the section to read")
    parser.add_argument("--json", action="store_true",
                        help="print piece letter -> estimate name -> value in pawns")
    parser.add_argument("--knight3", action="store_true",
                        help="scale every estimate so that a Knight is 3")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="also print each estimate's explanation")
    parser.add_argument("--fitted", action="store_true",
                        help="play self-play games first and fill the fitted column (a "
                             "logistic regression of their results on material)")
    from .match import add_play_arguments
    add_play_arguments(parser.add_argument_group(
        "games for --fitted", "as variant-designer match; 4 random opening plies and 10 cp of "
        "evaluation noise unless given"))


def run(args: argparse.Namespace) -> int:
    try:
        v = read_any(args.file, args.section)
    except (FormatError, DesignerError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    fitted, note, code, unfitted = None, "", 0, ""
    if args.fitted:
        played = _fit(args)
        if isinstance(played, str):
            print(f"error: {played}", file=sys.stderr)
            return 2
        fitted, note, code = played
        unfitted = "" if fitted is not None else note.partition(": ")[2]
    table = piece_values(v, knight3=args.knight3, fitted=fitted, unfitted=unfitted)
    if args.json:
        print(json.dumps(_json(table), indent=1))
        if note:
            print(note, file=sys.stderr)
        return code
    print(render_table(table, args.verbose) + (f"\n\n{note}" if note else ""))
    return code


def _json(table: ValueTable) -> dict[str, dict[str, float | None]]:
    """``table.as_json()``, with the fitted value's 95 % interval beside it
    (``fitted-low``, ``fitted-high``) for pieces that have one."""
    out = table.as_json()
    for p in table.pieces:
        interval = p.estimate("fitted").interval
        if interval is not None:
            out[p.letter]["fitted-low"] = round(interval[0], 3)
            out[p.letter]["fitted-high"] = round(interval[1], 3)
    return out


def _fit(args: argparse.Namespace) -> tuple[FittedValues | None, str, int] | str:
    """Play the games and fit values to them: (values or None, a line saying from what or
    why none, exit code), or the message saying what is wrong."""
    from ..report import fit_games
    from .match import _config, play
    config = _config(args, report=True)
    if isinstance(config, str):
        return config
    result = play(config, args.pgn)
    if isinstance(result, str):
        return result
    fit = fit_games(result.records)
    code = 130 if result.stopped else 0
    played = f"{len(result.records)} games ({fit.games} finished), {fit.positions:,} positions"
    if fit.values is None:
        return None, f"Fitted from play: none from {played}: {fit.reason}", code
    ref = fit.values
    return ref, (f"Fitted from play: {played}; {ref.reference} = {ref.reference_value:g}, "
                 "95 % intervals in each cell's tooltip in the window and in --verbose"), code


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def render_table(table: ValueTable, verbose: bool = False) -> str:
    """The table as text: one row per piece, one column per estimate, then the notes."""
    unit = "Knight = 3" if table.knight3 else "pawns"
    heads = ["Piece", "Moves"] + [LABELS[n] for n in ESTIMATES] + ["Empty", "Crowded"]
    rows = []
    for p in table.pieces:
        m = p.mobility
        rows.append([f"{p.letter} {p.name}".strip(), p.notation]
                    + [_cell(p.value(n)) for n in ESTIMATES]
                    + [_cell(m.empty if m else None), _cell(m.crowded if m else None)])
    widths = [max(len(r[i]) for r in [heads] + rows) for i in range(len(heads))]
    lines = [f"{table.variant}, {table.files}x{table.ranks}: piece values in {unit}; mobility "
             f"in target squares (crowded: density {table.density:.2f}, {table.density_note})"]
    for r in [heads] + rows:
        lines.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    notes = []
    for p in table.pieces:
        if p.warning:
            notes.append(f"{p.letter}: warning: {p.warning}")
        for e in p.estimates:
            if verbose:
                notes.append(f"{p.letter}: {e.label}: {e.reason or e.explanation}")
    return "\n".join(lines + ([""] + notes if notes else []))


__all__ = ["add_arguments", "render_table", "run"]
