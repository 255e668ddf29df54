"""``variant-designer values FILE [--json] [--knight3]``: what each piece is worth.

A table of every piece type's estimates (mobility, H.G. Muller's leaper law, Fairy-Stockfish's
formula and table; values fitted from play come from a balance report), in pawns or with the
Knight as 3, with each estimate's reason where it does not apply and a warning where they
disagree by more than a factor of 1.5. ``--json``: one object, piece letter -> estimate name ->
value in pawns (null where the estimate does not apply).
Exit codes: 0 done, 1 unreadable file, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..balance import ESTIMATES, LABELS, ValueTable, piece_values
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


def run(args: argparse.Namespace) -> int:
    try:
        v = read_any(args.file, args.section)
    except (FormatError, DesignerError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    table = piece_values(v, knight3=args.knight3)
    if args.json:
        print(json.dumps(table.as_json(), indent=1))
        return 0
    print(render_table(table, args.verbose))
    return 0


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
