"""Every game we write, our reader reads back: the same variant, start, moves, result and
tags; the games XBoard saved, written again by us, read back to the same moves. The text
follows XBoard's layout (numbers from 1, lines of at most 75 characters, the reason before the
result)."""

import pytest

from designer.records import GameRecord, load, read_game, read_games, write_game
from designer.records.pgn import tag_pairs
from designer.game.game import Game

from records_data import XBOARD_GAMES, playable, random_game, sample

PLAYABLE = playable()


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_game_we_write_reads_back(name):
    game = random_game(sample(name), seed=11,
                       plies=24 if name in ("chu", "sixteen", "ultima") else 60)
    rec = GameRecord.from_game(game, tags=(("White", "Ann"), ("Black", "Bob"),
                                           ("TimeControl", "40/300")))
    text = write_game(rec)
    back = read_game(text, f"{name}.pgn")
    assert back.variant == rec.variant
    assert back.moves == rec.moves and back.start == rec.start
    assert back.result == rec.result and back.termination == rec.termination
    assert back.tag("White") == "Ann" and back.tag("TimeControl") == "40/300"
    assert back.game().fen() == game.fen()
    body = text[text.index("\n\n") + 2:]
    assert all(len(line) <= 75 for line in body.splitlines())


@pytest.mark.parametrize("path", XBOARD_GAMES[:8], ids=lambda p: p.name)
def test_xboard_games_written_by_us_read_back(path):
    rec = load(path)
    back = read_game(write_game(rec))
    assert back.moves == rec.moves and back.result == rec.result
    assert back.termination == rec.termination
    assert dict(back.tags) == dict(rec.tags)


def test_a_game_from_a_position_with_black_to_move():
    game = Game(sample("fide"), "4k3/8/8/8/8/8/3p4/R3K3 b Q - 0 30")
    for text in ("d2d1q", "e1d1"):
        game.push(game.move_from_text(text))
    rec = GameRecord.from_game(game)
    text = write_game(rec)
    assert '[FEN "4k3/8/8/8/8/8/3p4/R3K3 b Q - 0 30"]' in text and '[SetUp "1"]' in text
    assert "\n1... d1=Q+ 2. Kxd1\n" in text          # XBoard numbers from 1
    back = read_game(text)
    assert back.start == rec.start and back.moves == rec.moves


def test_xiangqi_is_written_in_xboards_letters_and_ranks_and_read_back():
    v = sample("xiangqi")
    game = Game(v)
    for text in ("h3e3", "h10g8", "b1c3"):          # Cannon, Horse (our N, XBoard's H)
        game.push(game.move_from_text(text))
    rec = GameRecord.from_game(game)
    text = write_game(rec)
    assert "1. Che2 Hg7 2. Hc2" in text            # XBoard numbers ranks from 0 on 10
    assert read_game(text).moves == rec.moves


def test_a_file_of_several_games_keeps_each():
    texts = [write_game(GameRecord.from_game(random_game(sample("fide"), s, 12)))
             for s in (1, 2, 3)]
    games = read_games("\n".join(texts))
    assert len(games) == 3
    assert [len(g.moves) for g in games] == [12, 12, 12]


def test_tags_follow_xboards_order():
    rec = GameRecord(sample("shogi"), tags=(("Annotator", "x"), ("Black", "B")))
    names = [k for k, _ in tag_pairs(rec)]
    assert names[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    assert names[7] == "Variant" and names[-1] == "Annotator"


@pytest.mark.parametrize("name", ["cetus", "chennis"])
def test_demotions_and_promoted_drops_read_back(name):
    """Fairy-Stockfish sections whose pieces demote (``-``) and drop promoted (``+P@``): every
    such move of a seeded game is written so that the reader finds that move again."""
    from designer.formats import fsf_ini
    from repo_data import FSF_DATA
    variant = fsf_ini.read((FSF_DATA / "variants.ini").read_text(), name, "variants.ini")
    demoted = 0
    for seed in range(6):
        game = random_game(variant, seed=seed, plies=80)
        rec = GameRecord.from_game(game)
        demoted += sum(1 for mv in rec.moves if mv.promotion.startswith("-"))
        text = write_game(rec)
        body = text[text.index("\n\n1.") + 2:].split()
        # a demotion is written with Fairy-Stockfish's "-" (its e6d5-), never as a promotion
        assert sum(t.rstrip("+#").endswith("-") for t in body) == \
            sum(mv.promotion.startswith("-") for mv in rec.moves)
        back = read_game(text, f"{name}.pgn")
        assert back.moves == rec.moves
        assert back.game().fen() == game.fen()
    assert demoted > 0
