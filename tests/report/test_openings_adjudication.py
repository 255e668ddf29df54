"""Openings that do not decide the game and adjudication of dead games: an EPD/FEN or PGN
openings file read (a bad line named), paired games starting from the same opening with colours
reversed, the balanced generator deterministic from the seed with every kept ply found level by
the shallow search, and cutechess-cli's -draw/-resign rules (both evaluations within S cp for N
moves each after move M; one side's own evaluation S cp below zero for N of its moves)."""

import json

import pytest

from designer import cli
from designer.formats.errors import FormatError
from designer.match import (Adjudication, Adjudicator, MatchConfig, read_openings, run_match)
from designer.match.openings import BALANCE_LIMITS
from designer.opponent import Limits, Opponent, Settings
from designer.engines.players import PlayerSpec
from designer.game.game import Game
from report_data import ROOT, sample

FIDE = str(ROOT / "variants" / "fide.ini")
RANDOM = PlayerSpec.parse("random")


def test_an_epd_file_gives_its_positions_and_names_a_bad_line(tmp_path):
    path = tmp_path / "book.epd"
    path.write_text("# two openings\n"
                    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3; id \"x\";\n"
                    "\n"
                    "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2\n")
    book = read_openings(path, sample("fide"))
    assert [Game(sample("fide"), o.fen).fen() for o in book] == [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"]
    path.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a position\n")
    with pytest.raises(FormatError) as e:
        read_openings(path, sample("fide"))
    assert e.value.line == 2 and "not a position" in str(e.value)


def test_paired_games_play_each_opening_of_a_pgn_book_with_colours_reversed(tmp_path):
    path = tmp_path / "book.pgn"
    path.write_text('[Event "a"]\n\n1. e4 c5 2. Nf3 *\n\n[Event "b"]\n\n1. d4 Nf6 *\n')
    book = read_openings(path, sample("fide"))
    assert [o.moves for o in book] == [("e2e4", "c7c5", "g1f3"), ("d2d4", "g8f6")]
    config = MatchConfig(sample("fide"), 4, PlayerSpec("builtin"), RANDOM, Limits(depth=1),
                         opening_plies=0, max_plies=6, paired=True, openings=book)
    games = run_match(config).records
    assert [g.texts[:3] for g in games[:2]] == [("e2e4", "c7c5", "g1f3")] * 2
    assert [g.texts[:2] for g in games[2:]] == [("d2d4", "g8f6")] * 2
    assert [(g.white, g.black) for g in games] == [("builtin", "random"),
                                                   ("random", "builtin")] * 2
    assert [g.opening for g in games] == [3, 3, 2, 2]


def _level(variant, moves):
    opponent = Opponent(variant, Settings(noise=0))
    return abs(opponent.think(tuple(moves), BALANCE_LIMITS, verify=False).score)


def test_balanced_openings_are_deterministic_and_level_by_the_shallow_search():
    variant = sample("fide")
    config = MatchConfig(variant, 6, RANDOM, RANDOM, Limits(depth=1), seed=5,
                         opening_plies=4, max_plies=4, balanced_cp=25)
    first = run_match(config).records
    again = run_match(config).records
    assert [g.texts for g in first] == [g.texts for g in again]
    assert len({g.texts for g in first}) == 6
    for g in first:
        game = Game(variant)
        for mv in g.moves[:4]:
            game.push(mv)
            assert _level(variant, game.moves) <= 25


def test_the_adjudicator_follows_cutechess_rules():
    draw = Adjudicator(Adjudication(draw_movenumber=3, draw_movecount=2, draw_score=10))
    # plies 1..: within 10 cp each; 4 plies in a row (2 moves each) and move 3 reached
    seen = [draw.see(side, score, ply) for ply, (side, score) in enumerate(
        [("white", 5), ("black", -8), ("white", 3), ("black", 0), ("white", 1),
         ("black", 2)], 1)]
    assert seen[:5] == [None] * 5 and seen[5][0] is None     # ply 6 = 3 full moves
    broken = Adjudicator(Adjudication(draw_movenumber=0, draw_movecount=2, draw_score=10))
    results = [broken.see(s, v, p) for p, (s, v) in enumerate(
        [("white", 5), ("black", 50), ("white", 3), ("black", 0), ("white", 1)], 1)]
    assert results == [None] * 5                              # the 50 broke the run
    resign = Adjudicator(Adjudication(resign_movecount=3, resign_score=300))
    out = [resign.see(s, v, p) for p, (s, v) in enumerate(
        [("white", -300), ("black", 300), ("white", -400), ("black", 280),
         ("white", -301)], 1)]
    assert out[:4] == [None] * 4 and out[4][0] == "black"
    with pytest.raises(ValueError):
        Adjudication(draw_movenumber=1, draw_movecount=2)


def test_match_adjudicates_and_the_report_counts_it(capsys):
    code = cli.main(["match", FIDE, "--games", "2", "--depth", "1", "--max-plies", "40",
                     "--draw", "movenumber=2", "movecount=1", "score=100000", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["adjudicated"] == 2 and data["results"]["draws"] == 2
    assert data["endings"] == {"adjudication": 2}
    assert cli.main(["match", FIDE, "--draw", "movenumber=2", "score=3"]) == 2
    assert "movecount missing" in capsys.readouterr().err
