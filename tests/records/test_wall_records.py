"""Games where moves place walls (Amazons' arrows, Duck chess) keep their walls in every record:
the move texts are Fairy-Stockfish's (pyffish: ``e2e4,e4e3`` for the engines, ``e4,e3`` in
SAN), the PGN reads back as the same game, and the game-recovery data keeps each wall square.

Without the wall a walling move's text names one move per square it may wall: a PGN of such a
game was refused at its first move ("'Nf3': ambiguous") and a recovered game lost its walls.
"""

import json
import random
import re
from dataclasses import replace

import pytest

from designer.play.line import GameLine, line_from_json, line_to_json
from designer.records import GameRecord, read_game, read_san, read_uci, san, uci, write_game
from designer.records.san_read import SanError
from designer.variant.derive import rules_for
from designer.game.game import Game
from designer.rules.model import Walls

from records_data import sample

RULES = ("arrow", "duck", "static", "past", "edge")


def walled(rule: str):
    fide = sample("fide")
    return replace(fide, rule_set=replace(rules_for(fide), walls=Walls(rule)))


def random_game(rule: str, seed: int, plies: int = 16) -> Game:
    game = Game(walled(rule))
    rng = random.Random(seed)
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(rng.choice(legal))
    return game


def test_the_repro_game_saves_as_pgn_and_reads_back_equal():
    """FIDE with walls, three moves (the report's repro): the PGN names each wall."""
    game = Game(walled("arrow"))
    for text in ("g1f3,f3g5", "g8h6,h6g4", "e2e4,e4e5"):
        game.push(game.move_from_text(text))
    rec = GameRecord.from_game(game)
    pgn = write_game(rec)
    assert "1. Nf3,g5 Nh6,g4 2. e4,e5" in pgn
    back = read_game(pgn)
    assert back.moves == rec.moves
    assert back.final_fen() == game.fen()


@pytest.mark.parametrize("rule", RULES)
def test_pgn_of_a_walls_game_reads_back_as_the_same_game(rule):
    for seed in range(2):
        game = random_game(rule, seed)
        rec = GameRecord.from_game(game)
        assert any(m.wall >= 0 for m in rec.moves)
        back = read_game(write_game(rec))
        assert back.moves == rec.moves
        assert back.final_fen() == game.fen()


def test_recovery_data_keeps_the_walls():
    game = random_game("duck", 4)
    line = GameLine(walled("duck").setup, tuple(game.moves))
    data = json.loads(json.dumps(line_to_json(line)))
    assert line_from_json(data) == line
    # a file written before walls were kept (seven fields a move) still reads
    plain = GameLine(line.start, (game.moves[0]._replace(wall=-1),))
    old = line_to_json(plain)
    assert len(old["moves"][0]) == 7
    assert line_from_json(old) == plain


def test_a_walling_move_without_its_wall_is_refused_with_the_reason():
    game = Game(walled("arrow"))
    with pytest.raises(SanError, match=r"places a wall: name its square after a comma "
                                       r"\(e\.g\. Nf3,[a-h][1-8]\)"):
        read_san(game, "Nf3")
    with pytest.raises(SanError, match="the wall may not go on e2 "
                                       r"\(it may go on d4, e5, g1, g5, h4\)"):
        read_san(game, "Nf3,e2")                   # occupied: no wall there
    assert read_san(game, "Nf3,g5") == game.move_from_text("g1f3,f3g5")


def _no_origin(text: str) -> str:
    """SAN without the origin a piece move names (Fairy-Stockfish names none where moves
    place walls: its ``disambiguation_level`` tests the move without its wall)."""
    return re.sub(r"^([A-Z])[a-h]?[1-8]?(x?[a-h][1-8])", r"\1\2", text)


@pytest.fixture(scope="module")
def fsf():
    pyffish = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish's move "
                                  "generator) is in the test extra")
    pyffish.load_variant_config("".join(f"[vdwall{rule}:chess]\nwallingRule = {rule}\n"
                                        for rule in RULES))
    return pyffish


@pytest.mark.parametrize("rule", RULES)
def test_move_texts_are_fairy_stockfish_s(fsf, rule):
    """Every legal move's engine text is one Fairy-Stockfish lists (castling aside: with
    arrows it aims the arrow from the Rook's square, we from the King's), and the SAN of the
    moves played is its SAN."""
    variant = f"vdwall{rule}"
    rng = random.Random(7)
    game = Game(walled(rule))
    texts: list[str] = []
    sans: list[str] = []
    for _ in range(14):
        legal = game.legal_moves()
        if not legal:
            break
        castles = {uci(game, m).split(",")[0] for m in legal if m.rook >= 0}
        theirs = sorted(t for t in fsf.legal_moves(variant, game.variant.setup, texts)
                        if t.split(",")[0] not in castles)
        assert sorted(uci(game, m) for m in legal if m.rook < 0) == theirs
        move = rng.choice([m for m in legal if m.rook < 0])
        assert read_uci(game, uci(game, move)) == move
        sans.append(san(game, move))
        texts.append(uci(game, move))
        game.push(move)
    theirs = fsf.get_san_moves(variant, game.variant.setup, texts)
    assert [_no_origin(t) for t in sans] == [_no_origin(t) for t in theirs]
    assert all("," in t for t in sans)


def test_a_game_from_a_walled_position_keeps_its_start_in_the_pgn():
    """The [FEN] of a game started after walls were placed writes them as Fairy-Stockfish's
    ``*`` and reads them back as walls."""
    start = random_game("duck", 5, plies=6).fen()
    assert "*" in start.split()[0]
    game = Game(walled("duck"), start)
    rng = random.Random(2)
    for _ in range(6):
        game.push(rng.choice(game.legal_moves()))
    rec = GameRecord.from_game(game)
    back = read_game(write_game(rec))
    assert back.start == start and back.moves == rec.moves
    assert back.final_fen() == game.fen()


def test_match_games_of_a_walls_variant_read_back():
    """``match --pgn``: the games the headless driver plays, as it writes them."""
    import io
    from designer.players import RandomPlayer
    from designer.match.driver import play_game
    from designer.match.pgn import write_pgn
    from designer.records import read_games
    variant = walled("arrow")
    played = [play_game(variant, RandomPlayer(1), RandomPlayer(2), seed, seed,
                        max_plies=12) for seed in range(2)]
    out = io.StringIO()
    write_pgn(played, variant, out)
    games = read_games(out.getvalue())
    assert [g.moves for g in games] == [p.moves for p in played]
    assert all(any(m.wall >= 0 for m in p.moves) for p in played)
