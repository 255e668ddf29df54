"""``Attacks.safety`` names the checkers exactly when it does not test every move, and names
none when the side to move is not in check: the search reads "in check" from it and asks
``Attacks.in_check`` only when it tests every move (several royals, hoppers, walker pieces).
Along seeded random games of every sample, both sides."""

import random

import pytest

from designer.game.game import Game
from rules_data import SAMPLES, sample

GAMES = 4
PLIES = 60


@pytest.mark.parametrize("name", SAMPLES)
def test_safety_checkers_agree_with_in_check(name):
    checks = 0
    for seed in range(GAMES):
        game = Game(sample(name))
        rng = random.Random(f"safety-{name}-{seed}")
        for _ in range(PLIES):
            pos = game.pos
            in_check = game.attacks.in_check(pos)
            info = game.attacks.safety(pos)
            if not in_check:
                assert not info.checkers or info.test_all, game.fen()
            else:
                assert info.checkers, game.fen()
            checks += in_check
            moves = game.generator.unended(pos)
            if not moves or game.outcome() is not None:
                break
            game.push(rng.choice(moves))
    assert checks or name in {"chu", "ultima"}
