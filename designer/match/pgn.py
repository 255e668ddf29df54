"""Match games as PGN: the seven-tag roster, the variant, the start position when it is not the
variant's own, how the game ended, and the moves.

The moves are written in the coordinate form the engine protocols use (``e2e4``, ``e7e8q``,
``P@e5``, ``h2b8+``), which XBoard reads in PGN as it reads SAN; a game that did not end by the
rules carries ``*`` and says why in a comment and in its ``Termination`` tag. Every value is
written from the record, so a run written twice gives the same text (no dates, no clocks).
"""

from __future__ import annotations

from typing import Iterable, TextIO

from ..variant.model import Variant
from .records import GameRecord

LINE = 79

#: PGN's Termination tag by how the game ended (the standard's values)
_TERMINATION = {"resignation": "normal", "illegal move": "rules infraction",
                "failure": "abandoned", "ply limit": "unterminated", "stopped": "unterminated"}


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def variant_tag(variant: Variant) -> str:
    """The ``Variant`` tag: XBoard's name for the game it is built on, else ours."""
    return (variant.parent or variant.name or "fairy").strip()


def game_text(record: GameRecord, variant: Variant, event: str = "Variant Designer match"
              ) -> str:
    """One game as PGN text (tags, a blank line, the moves, a blank line)."""
    tags = [("Event", event), ("Site", "?"), ("Date", "????.??.??"),
            ("Round", str(record.index + 1)), ("White", record.white),
            ("Black", record.black), ("Result", record.result),
            ("Variant", variant_tag(variant))]
    if record.fen is not None:
        tags += [("SetUp", "1"), ("FEN", record.fen)]
    tags += [("Termination", _TERMINATION.get(record.termination, "normal")),
             ("PlyCount", str(record.plies))]
    head = "\n".join(f'[{name} "{_quote(value)}"]' for name, value in tags)
    return head + "\n\n" + _movetext(record) + "\n\n"


def _movetext(record: GameRecord) -> str:
    black_first = record.fen is not None and len(record.fen.split()) > 1 and \
        record.fen.split()[1] == "b"
    full = 1
    if record.fen is not None:
        fields = record.fen.split()
        if len(fields) > 5 and fields[-1].isdigit():
            full = int(fields[-1])
    tokens: list[str] = []
    for i, text in enumerate(record.texts):
        white_moves = (i % 2 == 0) != black_first
        if white_moves:
            tokens.append(f"{full}.")
        elif i == 0:
            tokens.append(f"{full}...")
        tokens.append(text)
        if i == record.opening - 1 and record.opening:
            tokens.append(f"{{random opening of {record.opening} plies}}")
        if not white_moves:
            full += 1
    reason = record.reason.replace("{", "(").replace("}", ")")
    tokens.append(f"{{{reason}}}" if reason else "")
    tokens.append(record.result)
    return _wrap([t for t in tokens if t])


def _wrap(tokens: list[str]) -> str:
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > LINE:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return "\n".join(lines)


def write_pgn(records: Iterable[GameRecord], variant: Variant, out: TextIO) -> int:
    """Write every record as a PGN game; returns how many were written."""
    n = 0
    for record in records:
        out.write(game_text(record, variant))
        n += 1
    return n


__all__ = ["game_text", "write_pgn", "variant_tag"]
