"""The captures-only moves (a search's quiescence moves) are exactly the legal moves that remove
a foe or end in the mover's pawn-style promotion zone: in positions of seeded random games of
every sample."""

import random

import pytest

from designer.rules.game import Game
from rules_data import SAMPLES, sample

PLIES = 40


def _tactical(game: Game, mv) -> bool:
    pos = game.pos
    board = pos.board
    if mv.origin < 0:
        return False
    foe = pos.stm ^ 1
    if any(board[x] and board[x] & 1 == foe for x in mv.kills):
        return True
    if mv.target != mv.origin and board[mv.target] and board[mv.target] & 1 == foe:
        return True
    return bool(game.cfg.prom_zone[board[mv.origin]] >> mv.target & 1)


@pytest.mark.parametrize("name", SAMPLES)
def test_captures_are_the_legal_moves_that_take_or_promote(name):
    game = Game(sample(name))
    rng = random.Random(f"captures-{name}")
    checked = taking = 0
    for _ in range(PLIES):
        legal = game.legal_moves()
        if not legal:
            break
        expected = {mv for mv in legal if _tactical(game, mv)}
        got = game.generator.legal(game.pos, captures=True)
        assert len(got) == len(set(got))
        assert set(got) == expected, game.fen()
        checked += 1
        taking += bool(expected)
        game.push(rng.choice(legal))
    assert checked > 10 and taking > 0
