"""The opponent finds mate in 2 (counted work: a depth limit, never time) in positions from
published games and problems (FIDE) and composed ones (Capablanca, Shogi with a drop mate,
Xiangqi), each verified by Fairy-Stockfish's ``go mate 2`` (its answer is recorded beside the
position). The move it plays is checked by the rules engine alone: after it, every reply
allows a move that checkmates."""

import pytest

from designer.opponent import Limits, Opponent
from designer.game.game import Game
from opponent_data import MATES, sample


def _forces_mate(game: Game, winner: str) -> bool:
    """Every reply of the side to move allows a checkmating answer (the rules' outcome)."""
    replies = game.legal_moves()
    if not replies:
        return False
    for reply in replies:
        game.push(reply)
        try:
            mated = False
            for answer in game.legal_moves():
                game.push(answer)
                ended = game.outcome()
                game.pop()
                if ended is not None and ended.termination == "checkmate" and \
                        ended.winner == winner:
                    mated = True
                    break
            if not mated:
                return False
        finally:
            game.pop()
    return True


def test_the_data_is_verified_by_fairy_stockfish():
    assert len(MATES) >= 10
    for row in MATES:
        assert " score mate 2 " in row["fsf"] and row["bestmove"], row["name"]
    assert {row["sample"] for row in MATES} >= {"fide", "capablanca", "shogi", "xiangqi"}
    assert any("@" in row["fsf"].split(" pv ")[1] for row in MATES if row["sample"] == "shogi")


@pytest.mark.parametrize("row", MATES, ids=[row["name"] for row in MATES])
def test_it_finds_mate_in_two(row):
    variant = sample(row["sample"])
    thought = Opponent(variant, fen=row["fen"]).think((), Limits(depth=3))
    assert thought.mate == 2, (thought.score, thought.pv)
    game = Game(variant, row["fen"])
    mover = game.turn
    assert thought.move in game.legal_moves()
    game.push(thought.move)
    assert game.outcome() is None
    assert _forces_mate(game, mover), thought.move.text(game.geo)
