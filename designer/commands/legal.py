"""``variant-designer legal FILE [--section NAME]``: legal moves and results, line by line.

Reads lines ``FEN [MOVE ...]`` on standard input (``startpos`` for the variant's start
position; the moves in the engines' text, as Fairy-Stockfish writes them: ``e2e4``,
``e7e8q``, ``P@e5``, ``h2b8+``) and prints, for each, one line: the legal moves of the position
reached, in the same text, sorted and separated by spaces, followed by ``; RESULT
TERMINATION`` (``1-0``, ``0-1`` or ``1/2-1/2``, and how it ended) when the game has ended
there (a line that starts with ``;`` has no legal move): what pyffish's ``legal_moves`` and
``game_result`` answer, so that anyone can compare our rules with another program's without
our Python API. A line that cannot be played (a FEN
that does not fit, an illegal move) prints ``error: WHY`` in its place and the exit status is 1;
a file that does not read or rules the game does not play yet: one error line, exit status 2.
Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TextIO

# a move in the engines' text: a drop (P@e5, +P@e5) or two squares and what follows them
_MOVE = re.compile(r"(?:\+?[A-Za-z]'?@[a-z][0-9]+|[a-z][0-9]+[a-z][0-9]+\S*)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
    parser.add_argument("--section", help="variants.ini input: the section to play")


def split_line(line: str) -> tuple[str | None, list[str]]:
    """(FEN or None for ``startpos``, moves) of an input line: the moves are the tokens
    from the first one that reads as a move on (a FEN's fields never do: its e.p. field is
    one square)."""
    tokens = line.split()
    if tokens and tokens[0] == "startpos":
        rest = tokens[1:]
        if rest and rest[0] == "moves":
            rest = rest[1:]
        return None, rest
    for i, tok in enumerate(tokens):
        if i and (tok == "moves" or _MOVE.fullmatch(tok)):
            return " ".join(tokens[:i]), tokens[i + (tok == "moves"):]
    return " ".join(tokens), []


def answer(variant: object, line: str) -> str:
    """The output line for one input line (DesignerError for a line that cannot be played)."""
    from ..game.game import Game, IllegalMove
    from ..variant.model import Variant
    assert isinstance(variant, Variant)
    fen, moves = split_line(line)
    game = Game(variant, fen)
    for i, text in enumerate(moves):
        try:
            game.push(game.move_from_text(text))
        except IllegalMove:
            raise IllegalMove(f"move {i + 1} ({text}) is not legal after "
                              f"{' '.join(moves[:i]) or 'the position'}") from None
    texts = sorted(game.move_text(m) for m in game.legal_moves())
    out = game.outcome()
    if out is None:
        return " ".join(texts)
    return " ".join(texts + [";", out.result(), out.termination])


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    from ..formats.errors import FormatError
    from ..notation.errors import DesignerError
    from .fsf_parents import playable
    try:
        variant = playable(args.file, args.section)
        from ..game.game import Game
        Game(variant)              # rules the game does not play: said once, up front
    except FormatError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except DesignerError as e:
        print(f"error: {args.file}: {e}", file=sys.stderr)
        return 2
    failed = False
    for number, raw in enumerate(stdin or sys.stdin, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            print(answer(variant, line), flush=True)
        except (DesignerError, ValueError, KeyError) as e:
            message = e.args[0] if isinstance(e, KeyError) and e.args else e
            print(f"error: {message}", flush=True)
            print(f"error: line {number}: {message}", file=sys.stderr)
            failed = True
    return 1 if failed else 0
