"""Talking to pyffish in the Fairy-Stockfish agreement tests: a board written as FEN by hand
(independent of our own FEN writer) and the destinations pyffish allows from one square."""

from __future__ import annotations

import re

_UCI = re.compile(r"([a-z])(\d+)([a-z])(\d+).*")


def board_fen(files: int, ranks: int, token_at) -> str:
    """The placement part of a FEN; ``token_at((file, rank))`` gives a letter or None."""
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, run = "", 0
        for f in range(files):
            t = token_at((f, r))
            if t is None:
                run += 1
                continue
            row += (str(run) if run else "") + t
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


def destinations(sf, name: str, fen: str, origin: tuple[int, int]) -> set[tuple[int, int]]:
    """Squares pyffish's legal moves from ``origin`` go to."""
    out = set()
    for uci in sf.legal_moves(name, fen, []):
        m = _UCI.fullmatch(uci)
        if m and (ord(m[1]) - 97, int(m[2]) - 1) == origin:
            out.add((ord(m[3]) - 97, int(m[4]) - 1))
    return out
