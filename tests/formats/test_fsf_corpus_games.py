"""Rule families of Fairy-Stockfish's language played along seeded random games, position by
position against pyffish (the engine's own move generator in process): the legal moves, check
and the result when a game ends. The perft facts of ``test_fsf_corpus`` reach only a few plies
from the start; pseudo-royal kings in danger, explosions next to kings, duple check, flags
reached (Alapo, Squatter, Breakthrough), checks counted out and the ends of such games come
later.

Sections: from Fairy-Stockfish's variants.ini, and a section written here where the file has
no example of a rule (duple check of two kings of which neither is pseudo-royal alone).
"""

import random

import pytest

from designer.formats import fsf_ini
from designer.rules.game import Game
from repo_data import FSF_DATA

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")

TEXT = (FSF_DATA / "variants.ini").read_text()
DUPLE = """
[duplekings:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true
dupleCheck = true
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
"""
SECTIONS = {  # section -> the rule family it shows
    "twokings2": "pseudo-royal pieces",
    "quasi-shatranj": "pseudo-royal pieces",
    "6x6atom": "explosions with pseudo-royal kings",
    "atomiczh": "explosions, pieces to hand",
    "epicatomic": "explosions, promoting double steps",
    "duplekings": "duple check",
    "coffeerace": "capture the flag, compulsory capture, no checks",
    "alapo": "safe flag pieces with an extra move",
    "squatter": "safe flag pieces",
    "breakthrough6": "capture the flag by any piece",
    "3check-crazyhouse": "check counting with drops",
    "atomic-giveaway-hill": "compulsory capture, explosions and a flag",
    "checkmateless": "no checks",
}


def _winner(value, stm):
    if value == 0:
        return None
    return stm if value > 0 else ("black" if stm == "white" else "white")


def _differences(text, name, games, plies, seed=1):
    v = fsf_ini.read(text, name, "variants.ini")
    rng = random.Random(f"{name}-{seed}")
    start = sf.start_fen(name)
    seen, bad = 0, []
    for _ in range(games):
        game, moves = Game(v), []
        for _ in range(plies):
            theirs = set(sf.legal_moves(name, start, moves))
            ours = {m.text(game.geo) for m in game.legal_moves()}
            seen += 1
            where = sf.get_fen(name, start, moves)
            if ours != theirs:
                bad.append((where, sorted(ours - theirs)[:4], sorted(theirs - ours)[:4]))
                break
            if game.is_check() != sf.gives_check(name, start, moves):
                bad.append((where, "check", game.is_check()))
            outcome = game.outcome()
            if not theirs:
                want = _winner(sf.game_result(name, start, moves), game.turn)
                if outcome is None or outcome.winner != want:
                    bad.append((where, "result", outcome, want))
                break
            if outcome is not None:
                optional, value = sf.is_optional_game_end(name, start, moves)
                if not optional or _winner(value, game.turn) != outcome.winner:
                    bad.append((where, "we end the game", outcome))
                break
            mv = rng.choice(sorted(theirs))
            moves.append(mv)
            game.push(game.move_from_text(mv))
    return seen, bad


@pytest.mark.parametrize("name", sorted(SECTIONS))
def test_random_games_agree_with_fairy_stockfish(name):
    text = TEXT if name != "duplekings" else DUPLE
    sf.load_variant_config(text)
    seen, bad = _differences(text, name, games=5, plies=80)
    assert seen >= 100
    assert not bad, bad[:3]
