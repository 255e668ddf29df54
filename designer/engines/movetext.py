"""Move text as engines write it (Fairy-Stockfish's ``UCI::move``, ``src/uci.cpp``), read into
a value and written back: ``e2e4``; promotions ``e7e8q`` (the piece in lower case), Shogi's
``+`` and ``-`` after the squares; drops ``P@e4`` and ``+P@e4``; S-chess gating ``e1g1h`` or
``b1c3hb1`` (the gated piece, and its square when that is not the origin); ``0000`` a null
move; ``@@@@`` the XBoard pass.

Squares are a file letter and a rank number. UCI counts ranks from 1 on every board; the
XBoard protocol counts them from 0 on a board of exactly ten ranks (Xiangqi and Grand engines
write ``a0``…``a9``; Fairy-Stockfish does so too: ``UCI::square``). Our canonical text is the
UCI form; ``rank_base`` converts at the XBoard boundary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..vocabulary import Square

NULL = "0000"
PASS = "@@@@"
_SQ = r"[a-z](?:\d{1,2})"
_MOVE = re.compile(rf"(?P<drop>\+?[A-Za-z])@(?P<dto>{_SQ})"
                   rf"|(?P<frm>{_SQ})(?P<to>{_SQ})(?P<suffix>\+|-|=|[a-z](?:{_SQ})?)?")


@dataclass(frozen=True, slots=True)
class EngineMove:
    """A move as the engine wrote it. ``origin`` is None for drops and the null/pass moves;
    ``dropped`` the dropped piece's letter as the engine writes it (upper case, ``+`` for a
    promoted drop); ``suffix`` a promotion letter, ``+``/``-``, or a gated piece's letter;
    ``gate`` the gating square when it is given."""

    text: str
    origin: Square | None = None
    target: Square | None = None
    dropped: str = ""
    suffix: str = ""
    gate: Square | None = None

    @property
    def is_null(self) -> bool:
        return self.text in (NULL, PASS)


def _square(text: str, files: int, ranks: int, base: int) -> Square:
    f, r = ord(text[0]) - ord("a"), int(text[1:]) - base
    if len(text) > 2 and text[1] == "0":
        raise ValueError(f"square {text} has a leading zero")
    if not (0 <= f < files and 0 <= r < ranks):
        raise ValueError(f"square {text} is not on the {files}x{ranks} board")
    return (f, r)


def square_name(sq: Square, base: int = 1) -> str:
    """``(4, 3)`` -> ``e4`` (``base`` 0: ``e3``, XBoard's ten-rank boards)."""
    return f"{chr(ord('a') + sq[0])}{sq[1] + base}"


def parse_move(text: str, files: int, ranks: int, rank_base: int = 1) -> EngineMove:
    """``text`` as a move on a ``files`` x ``ranks`` board; ``ValueError`` saying why it is
    none. The result's ``text`` is the canonical (UCI) form."""
    if text in (NULL, PASS):
        return EngineMove(text)
    m = _MOVE.fullmatch(text)
    if not m:
        raise ValueError(f"{text!r} is no move text (e2e4, e7e8q, P@e4, …)")
    if m["drop"]:
        to = _square(m["dto"], files, ranks, rank_base)
        dropped = m["drop"].upper()
        return EngineMove(f"{dropped}@{square_name(to)}", None, to, dropped=dropped)
    origin = _square(m["frm"], files, ranks, rank_base)
    target = _square(m["to"], files, ranks, rank_base)
    suffix = m["suffix"] or ""
    gate = None
    if len(suffix) > 1:
        gate = _square(suffix[1:], files, ranks, rank_base)
        suffix = suffix[0]
    if suffix == "=":           # a Shogi move that declines promotion, as some GUIs write it
        suffix = ""
    canonical = square_name(origin) + square_name(target) + suffix + \
        (square_name(gate) if gate is not None else "")
    return EngineMove(canonical, origin, target, suffix=suffix, gate=gate)


def write_move(move: EngineMove, rank_base: int = 1) -> str:
    """The move's text with ranks counted from ``rank_base``."""
    if move.is_null or rank_base == 1:
        return move.text
    if move.origin is None:
        assert move.target is not None
        return f"{move.dropped}@{square_name(move.target, rank_base)}"
    assert move.target is not None
    return square_name(move.origin, rank_base) + square_name(move.target, rank_base) + \
        move.suffix + (square_name(move.gate, rank_base) if move.gate is not None else "")


def rank_base_for(protocol: str, ranks: int) -> int:
    """0 where the XBoard protocol counts ranks from 0 (a board of exactly ten ranks), else 1."""
    return 0 if protocol == "xboard" and ranks == 10 else 1


def engine_reading(text: str, files: int, ranks: int) -> str:
    """What move text means to an engine, in words (``e2e5``: from e2 to e5)."""
    try:
        m = parse_move(text, files, ranks)
    except ValueError as e:
        return str(e)
    if m.is_null:
        return "a null move (pass)"
    assert m.target is not None
    if m.origin is None:
        return f"drops {m.dropped} on {square_name(m.target)}"
    words = f"from {square_name(m.origin)} to {square_name(m.target)}"
    if m.suffix in ("+", "-"):
        words += ", promoting" if m.suffix == "+" else ", demoting"
    elif m.suffix:
        words += f", {'gating' if m.gate is not None else 'promoting to'} {m.suffix}"
    return words


__all__ = ["engine_reading", "EngineMove", "parse_move", "write_move", "square_name", "rank_base_for", "NULL",
           "PASS"]
