"""Perft: the leaf nodes of the legal-move tree, counted as Fairy-Stockfish's ``go perft`` and
python-chess's perft count them (the last ply by counting the legal moves, not making them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .counting import count

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move


def perft(game: "Game", depth: int) -> int:
    """Leaf nodes ``depth`` plies deep (1 at depth 0)."""
    if depth <= 0:
        return 1
    return _perft(game, depth)


def _perft(game: "Game", depth: int) -> int:
    gen = game.generator
    pos = game.pos
    if depth == 1:
        return count(gen, pos)
    total = 0
    push, pop = pos.push, pos.pop
    if depth == 2:
        for mv in gen.legal(pos):
            push(mv)
            total += count(gen, pos)
            pop()
        return total
    for mv in gen.legal(pos):
        push(mv)
        total += _perft(game, depth - 1)
        pop()
    return total


def divide(game: "Game", depth: int) -> list[tuple["Move", int]]:
    """Perft per first move (each first move's subtree ``depth - 1`` deep)."""
    out = []
    pos = game.pos
    for mv in game.generator.legal(pos):
        pos.push(mv)
        out.append((mv, perft(game, depth - 1)))
        pos.pop()
    return out
