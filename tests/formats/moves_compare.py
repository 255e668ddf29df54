"""Comparing two definitions the way a player would: the squares each reaches, with what it
captures there, from a few fixed squares among fixed friends and foes (the interpreter's
answers; the interpreter itself is checked against XBoard's and Fairy-Stockfish's vectors)."""

from __future__ import annotations

from designer.engine.api import Query
from designer.engine.question import answer
from designer.geometry.board import square_name


def targets(text: str, dialect: str, files: int, ranks: int) -> list[frozenset]:
    out = []
    cf, cr = files // 2, ranks // 2
    friends = tuple(square_name(s) for s in [(cf + 1, cr), (cf - 1, cr - 1), (cf, cr + 2)]
                    if 0 <= s[0] < files and 0 <= s[1] < ranks)
    foes = tuple(square_name(s) for s in [(cf + 1, cr + 1), (cf - 2, cr), (cf, cr - 2),
                                          (cf - 1, cr + 2)]
                 if 0 <= s[0] < files and 0 <= s[1] < ranks)
    for origin in {(cf, cr), (0, 0), (files - 1, 1), (1, ranks - 2)}:
        if not (0 <= origin[0] < files and 0 <= origin[1] < ranks):
            continue
        sq = square_name(origin)
        for fr, fo in (((), ()), (tuple(f for f in friends if f != sq),
                                  tuple(f for f in foes if f != sq))):
            for side in ("white", "black"):
                q = Query(text, dialect, files, ranks, sq, fr, fo, side, True)
                out.append(frozenset((m.destination, tuple(sorted(m.removed)))
                                     for m in answer(q.question()).moves))
    return out


def same_targets(a: str, a_dialect: str, b: str, b_dialect: str, files: int, ranks: int) -> bool:
    return targets(a, a_dialect, files, ranks) == targets(b, b_dialect, files, ranks)
