"""``variant-designer describe BETZA [--dialect xbetza|betza2]``: explain a definition in English.

Prints the description, the canonical form, any compatibility warnings (how XBoard 4.9 or
Fairy-Stockfish would read the string differently) and notes on the readings the seeds leave
open that the string relies on (``notation.readings``). On text that cannot be read it prints every
problem with its column, a caret under the text and the hint, and exits 2.
"""

from __future__ import annotations

import argparse
import sys

from designer.vocabulary import DIALECTS, XBETZA, Dialect, parse_dialect
from designer.notation.errors import NotationError, Problem
from designer.notation.errors import CompatWarning


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("betza", metavar="BETZA", help="the move definition, e.g. 'fcafmF'")
    parser.add_argument("--dialect", choices=DIALECTS, default=XBETZA,
                        help="notation dialect (default: xbetza)")


def run(args: argparse.Namespace) -> int:
    from designer.notation.english import describe
    from designer.notation.format import format_piece
    from designer.notation.parser import parse

    text, dialect = args.betza, parse_dialect(args.dialect)   # argparse offered only these
    try:
        piece = parse(text, dialect)
    except NotationError as err:
        for problem in err.problems:
            print(render_problem(text, problem), file=sys.stderr)
        return 2
    out = sys.stdout
    print(describe(piece), file=out)
    print(f"canonical ({piece.dialect}): {format_piece(piece)}", file=out)   # Bex reads as Betza 2.0
    for warning in _warnings(text, dialect):
        print(render_warning(text, warning), file=out)
    return 0


def render_problem(text: str, problem: Problem) -> str:
    """'column N: message', the text, a caret line under the span, and the hint."""
    width = max(1, problem.end - problem.start)
    lines = [f"error: column {problem.start + 1}: {problem.message}",
             f"  {text}",
             "  " + " " * problem.start + "^" * min(width, max(1, len(text) - problem.start))]
    if problem.hint:
        lines.append(f"  hint: {problem.hint}")
    return "\n".join(lines)


def render_warning(text: str, warning: CompatWarning) -> str:
    start, end = warning.start, max(warning.end, warning.start + 1)
    lines = [f"warning ({warning.program}): column {start + 1}: {warning.message}",
             f"  {text}", "  " + " " * start + "^" * (end - start)]
    if getattr(warning, "fixed_text", None):
        lines.append(f"  fix: {warning.fixed_text}")
    return "\n".join(lines)


def _warnings(text: str, dialect: Dialect) -> list[CompatWarning]:
    """Compatibility warnings, when the linter module is available."""
    try:
        from designer.notation.xboard import xboard_warnings
    except ImportError:
        return []
    from designer.notation.readings import reading_notes
    found = list(xboard_warnings(text, dialect))
    try:
        from designer.formats.fsf_reading import fsf_warnings
    except ImportError:
        return found + reading_notes(text, dialect)
    return found + list(fsf_warnings(text, dialect)) + reading_notes(text, dialect)
