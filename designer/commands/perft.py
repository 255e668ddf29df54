"""``variant-designer perft FILE DEPTH [--fen FEN] [--section NAME] [--divide]``.

Counts the leaf nodes of the legal-move tree of a variant file's game (any format our readers
read; ``--section`` picks a Fairy-Stockfish section, which may inherit a built-in variant) from
its start position or ``--fen`` (XBoard's or Fairy-Stockfish's form). The count is the last line
of the output; ``--divide`` first prints each first move with its count. Bad input (a file that
does not read, a FEN that does not fit, a depth out of range, rules the game does not play yet)
gets one positioned error line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys

MAX_DEPTH = 12


def _depth(text: str) -> int:
    t = text.strip()
    if not t.isdigit() or not t.isascii() or not 0 <= int(t) <= MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"depth must be a whole number 0..{MAX_DEPTH}, "
                                         f"not {text!r}")
    return int(t)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
    parser.add_argument("depth", type=_depth, help=f"plies to count (0..{MAX_DEPTH})")
    parser.add_argument("--fen", help="start from this position (XBoard or Fairy-Stockfish FEN)")
    parser.add_argument("--section", help="variants.ini input: the section to play")
    parser.add_argument("--divide", action="store_true",
                        help="print each first move with its count before the total")


def run(args: argparse.Namespace) -> int:
    from ..formats.errors import FormatError
    from ..notation.errors import DesignerError
    try:
        game = _game(args)
        if args.divide:
            total = 0
            for mv, n in game.divide(args.depth) if args.depth > 0 else []:
                print(f"{game.move_text(mv)}: {n}")
                total += n
            print()
            print(total if args.depth > 0 else 1)
        else:
            print(game.perft(args.depth))
    except FormatError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except DesignerError as e:
        where = f"{args.file}: " + ("--fen: " if args.fen and "FEN" in str(e) else "")
        print(f"error: {where}{e}", file=sys.stderr)
        return 2
    except (KeyError, ValueError) as e:
        print(f"error: {args.file}: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    return 0


def _game(args: argparse.Namespace):                                   # type: ignore[no-untyped-def]
    from ..game.game import Game
    from .fsf_parents import playable
    return Game(playable(args.file, args.section), args.fen)
