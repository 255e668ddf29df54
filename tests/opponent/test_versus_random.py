"""The built-in opponent beats a random mover in every sample, as White and as Black, within a
counted limit (depth and nodes, never time); every move it plays is one of the game's legal
moves (the game driver checks each against ``Game.legal_moves`` and would end the game as an
illegal move otherwise), and the game ends by the variant's own rules.

Ultima is the exception in length, not in kind: every capture of its sample is a Betza 2.0
chain that the walker makes, and the rules engine needs about a tenth of a second to find the
legal moves of one Ultima position, so a game to mate takes minutes; there the opponent must be
decisively ahead (by its own piece values) after 30 plies, as White and as Black."""

import pytest

from designer.match import play_game
from designer.players import BuiltinPlayer, RandomPlayer
from designer.opponent import Limits, Opponent
from opponent_data import SAMPLES, sample

LIMITS = Limits(depth=2, nodes=300)
#: samples whose pieces the walker moves (multi-leg, Betza 2.0 chains) cost more per node
SLOW = {"chu": Limits(depth=2, nodes=100), "ultima": Limits(depth=2, nodes=100)}
MAX_PLIES = 400
ULTIMA_PLIES = 30
ULTIMA_LEAD_CP = 300


def _game(name: str, colour: str, max_plies: int):
    builtin = BuiltinPlayer(limits=SLOW.get(name, LIMITS))
    random_mover = RandomPlayer(7)
    white, black = (builtin, random_mover) if colour == "white" else (random_mover, builtin)
    record = play_game(sample(name), white, black, seed=11 if colour == "white" else 12,
                       max_plies=max_plies)
    assert record.termination not in ("illegal move", "failure"), record.reason
    return record


@pytest.mark.parametrize("colour", ["white", "black"])
@pytest.mark.parametrize("name", [n for n in SAMPLES if n != "ultima"])
def test_it_beats_a_random_mover(name, colour):
    record = _game(name, colour, MAX_PLIES)
    assert record.finished, f"no result after {record.plies} plies: {record.reason}"
    assert record.result == ("1-0" if colour == "white" else "0-1"), record.reason


@pytest.mark.parametrize("colour", ["white", "black"])
def test_it_outplays_a_random_mover_in_ultima(colour):
    record = _game("ultima", colour, ULTIMA_PLIES)
    if record.finished:
        assert record.result == ("1-0" if colour == "white" else "0-1"), record.reason
        return
    values = Opponent(sample("ultima")).piece_values()
    lead = sum(values[letter] * d for letter, d in zip(record.letters, record.material[-1]))
    assert (lead if colour == "white" else -lead) >= ULTIMA_LEAD_CP, lead
