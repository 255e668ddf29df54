"""``variant-designer grammar [--dialect xbetza|betza2] [--html OUT.html]``: show a reference grammar.

Without ``--html`` it prints the grammar EBNF-like, every production with its sentence, followed
by the context rules applied after it. With ``--html`` it writes pyparsing's railroad diagrams of
the same grammar (one diagram per named production) to a standalone HTML page.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.vocabulary import DIALECTS, XBETZA, parse_dialect


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dialect", choices=DIALECTS, default=XBETZA,
                        help="which dialect's grammar (default: xbetza)")
    parser.add_argument("--html", metavar="OUT.html",
                        help="write railroad diagrams of the grammar to this HTML file")


def run(args: argparse.Namespace) -> int:
    from designer.notation.grammar import grammar_text, railroad_html

    dialect = parse_dialect(args.dialect)   # argparse offered only these

    if not args.html:
        sys.stdout.write(grammar_text(dialect))
        return 0
    try:
        html = railroad_html(dialect)
    except ImportError as e:
        print(f"variant-designer grammar: {e}", file=sys.stderr)
        return 1
    out = Path(args.html)
    try:
        out.write_text(html, encoding="utf-8")
    except OSError as e:
        print(f"variant-designer grammar: cannot write {out}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"wrote {out}")
    return 0
