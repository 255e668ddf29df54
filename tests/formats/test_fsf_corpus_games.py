"""Rule families of Fairy-Stockfish's language played along seeded random games, position by
position against pyffish (the engine's own move generator in process): the legal moves, check
and the result when a game ends. The perft facts of ``test_fsf_corpus`` reach only a few plies
from the start; pseudo-royal kings in danger, explosions next to kings, duple check, flags
reached (Alapo, Squatter, Breakthrough), checks counted out, connections and the ends of such
games come later.

Sections: from Fairy-Stockfish's variants.ini, and a section written here where the file has
no example of a rule (duple check of two kings of which neither is pseudo-royal alone, a full
board or a stalemate judged by material, Ataxx's own rules).
"""

import random

import pytest

from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")

TEXT = (FSF_DATA / "variants.ini").read_text()
TINY = """maxRank = 3
maxFile = 3
immobile = p
pieceDrops = true
doubleStep = false
castling = false
immobilityIllegal = false
"""                             # a 3x3 board filled by drops
WRITTEN_HERE = f"""
[fillup]
{TINY}adjudicateFullBoard = true
materialCounting = unweighted
startFen = 3/3/3[PPPPPpppp] w - - 0 1
[stalecount]
{TINY}stalematePieceCount = true
stalemateValue = loss
startFen = 3/3/3[PPPPPppp] w - - 0 1
[duplekings:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true
dupleCheck = true
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
[cannonfight:chess]
janggiCannon = c
startFen = rnbqkbnr/pppppppp/1c4c1/8/8/1C4C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1
[dropcastle:placement]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
[ataxxflip:ataxx]
startFen = P5p/7/7/7/7/7/p5P w 0 1
"""


def _elgam_without_forms():
    """Elgam's own section as ``palacelines``, without its soldier's promoted form."""
    lines = TEXT[TEXT.index("[elgam]"):].split("\n\n")[0].splitlines()
    return "\n".join(["[palacelines]"] + [x for x in lines[1:]
                                          if not x.startswith("promotedPieceType")]) + "\n"


WRITTEN_HERE += _elgam_without_forms()
SECTIONS = {  # section -> the rule family it shows
    "twokings2": "pseudo-royal pieces",
    "quasi-shatranj": "pseudo-royal pieces",
    "6x6atom": "explosions with pseudo-royal kings",
    "atomiczh": "explosions, pieces to hand",
    "epicatomic": "explosions, promoting double steps",
    "duplekings": "duple check",
    "tictactoe": "n in a row, drops",
    "symphony": "n in a row, drops resetting the n-move count",
    "three-musketeers": "n on one line, a connection that loses",
    "capturethequeen": "material counting",
    "fillup": "a full board judged by material",
    "stalecount": "stalemate judged by the numbers of pieces",
    "castle": "losing a winning castling right",
    "opposite-castling": "castling takes the opponent's right on that side",
    "teeko": "drops that must be made, then a connection",
    "coffeerace": "capture the flag, compulsory capture, no checks",
    "alapo": "safe flag pieces with an extra move",
    "squatter": "safe flag pieces",
    "breakthrough6": "capture the flag by any piece",
    "3check-crazyhouse": "check counting with drops",
    "atomic-giveaway-hill": "compulsory capture, explosions and a flag",
    "checkmateless": "no checks",
    "cfour": "drops on top, n in a row",
    "cfour-anyside": "drops pushed in from any side",
    "snort": "drops kept apart, free drops",
    "gale": "free drops, a chain between regions",
    "quadwrangle7x7": "free drops, neighbours flipped after moves and joined drops",
    "ataxxflip": "drops next to one's own pieces, neighbours flipped",
    "flipello6": "enclosing drops, enclosed lines flipped, passing",
    "annexation": "Reversi's opening squares, holes, enclosed lines flipped",
    "cetus": "promotion and demotion on capture, extinction, five in a row",
    "chennis": "promotion and demotion on every move, promoted drops",
    "screen": "bishops dropped on both colours, castling with dropped pieces, kings not "
              "dropped into check",
    "synochess": "Janggi's cannons, which neither hop over nor take each other",
    "cannonfight": "Janggi's cannons of both sides, which may not take each other",
    "allwayspawns": "custom pawns' double steps and e.p. captures",
    # elgam itself: a soldier dropped on its last rank promotes there both as a pawn (w) and
    # as a piece (+), two moves to one position, where the game makes one (its reader names
    # w the soldier's promoted form +S); its palace diagonals are sampled without that form
    "palacelines": "palace diagonals of rooks, cannons, advisers and soldiers",
    "dropcastle": "drops on the first rank, then castling with the dropped pieces",
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
    text = TEXT if name in fsf_ini.sections(TEXT) else WRITTEN_HERE
    sf.load_variant_config(text)
    seen, bad = _differences(text, name, games=5, plies=80)
    assert seen >= 5 * 7           # tic-tac-toe's games are the shortest
    assert not bad, bad[:3]


PASSING = """
[stalepass:chess]
passOnStalemate = true
[stalepassfree:chess]
king = -
commoner = k
extinctionValue = loss
extinctionPieceTypes = k
passOnStalemate = true
[stalepawns:chess]
king = -
passOnStalemate = true
"""


def _sf_perft(name, fen, moves, depth):
    legal = sf.legal_moves(name, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(_sf_perft(name, fen, moves + [m], depth - 1) for m in legal)


@pytest.mark.parametrize("name, fen, moves", [
    ("stalepass", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []),          # stalemated: passes
    ("stalepass", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ["h8h8"]),    # and the game goes on
    ("stalepass", "k7/P7/K7/8/8/8/8/8 b - - 0 1", []),
    ("stalepass", "7k/8/8/8/8/8/p7/K7 w - - 0 1", []),             # not stalemated: no pass
    ("stalepassfree", "kb6/P7/1P6/8/8/8/8/7K b - - 0 1", []),
    ("stalepassfree", "k7/8/8/8/8/p7/P7/7K w - - 0 1", []),
])
def test_a_stalemated_side_passes_as_fairy_stockfish_lets_it(name, fen, moves):
    sf.load_variant_config(PASSING)
    game = Game(fsf_ini.read(PASSING, name, "passing.ini"), fen)
    for mv in moves:
        game.push(game.move_from_text(mv))
    assert {m.text(game.geo) for m in game.legal_moves()} == set(sf.legal_moves(name, fen, moves))
    assert game.perft(2) == _sf_perft(name, fen, moves, 2)
    assert game.outcome() is None


def test_two_passes_in_a_row_end_the_game_in_a_draw():
    sf.load_variant_config(PASSING)
    fen, moves = "8/8/8/8/8/p7/P7/8 w - - 0 1", ["a2a2", "a3a3"]     # neither pawn can move
    game = Game(fsf_ini.read(PASSING, "stalepawns", "passing.ini"), fen)
    for mv in moves:
        assert sf.legal_moves("stalepawns", fen, moves[:len(game.moves)]) == [mv]
        game.play(game.move_from_text(mv))
    assert sf.legal_moves("stalepawns", fen, moves) == []
    assert sf.game_result("stalepawns", fen, moves) == 0
    out = game.outcome()
    assert game.legal_moves() == [] and out is not None and out.winner is None


@pytest.mark.parametrize("name, fen, moves", [
    ("castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8c8"]),      # the winning castling
    ("castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8g8"]),      # the other: plays on
    ("castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["a1a8"]),      # the right taken: lost
    ("opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1g1"]),
    ("opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1c1"]),
])
def test_castling_rules_as_fairy_stockfish_plays_them(name, fen, moves):
    sf.load_variant_config(TEXT)
    game = Game(fsf_ini.read(TEXT, name, "variants.ini"), fen)
    for mv in moves:
        game.play(game.move_from_text(mv))
    theirs = set(sf.legal_moves(name, fen, moves))
    assert {m.text(game.geo) for m in game.legal_moves()} == theirs
    outcome = game.outcome()
    if theirs:
        assert outcome is None
    else:
        want = _winner(sf.game_result(name, fen, moves), game.turn)
        assert outcome is not None and outcome.winner == want


@pytest.mark.parametrize("name", ["allwayspawns", "allexplodeatomic"])
def test_custom_pawns_capture_en_passant_as_fairy_stockfish_lets_them(name):
    """A custom piece's initial double step leaves an e.p. square (do_move) and its ``e``
    captures there (enPassantTypes takes every custom piece whose moves have an ``e``)."""
    sf.load_variant_config(TEXT)
    v = fsf_ini.read(TEXT, name, "variants.ini")
    assert "e" in v.piece("P").notation
    start, moves = sf.start_fen(name), ["e2e4", "a7a6", "e4e5", "d7d5"]
    game = Game(v)
    for mv in moves:
        game.push(game.move_from_text(mv))
    theirs = set(sf.legal_moves(name, start, moves))
    assert "e5d6" in theirs
    assert {m.text(game.geo) for m in game.legal_moves()} == theirs
    game.push(game.move_from_text("e5d6"))
    assert {m.text(game.geo) for m in game.legal_moves()} == \
        set(sf.legal_moves(name, start, moves + ["e5d6"]))
