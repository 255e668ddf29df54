"""Games the real XBoard 4.9.1 saved itself (tests/data/records/xboard, made by
tools/xboard_records.py: Fairy-Stockfish against itself, and scripted moves for what an engine
game rarely holds) open in our reader at their last position, with every move: the final
position is the one XBoard showed after loading the same file (its File > Save Position,
recorded in xboard-positions.json), and our SAN of each move is XBoard's own text."""

import pytest

from designer.records import load
from designer.records.pgn import move_texts
from designer.records.pgn_read import split_games
from designer.records.san import is_pass
from designer.game.game import Game

from records_data import XBOARD, XBOARD_GAMES, xboard_positions

POSITIONS = xboard_positions()


def _key(path):
    return f"{path.parent.name}/{path.name}"


def _comparable(fen: str, game: Game) -> tuple:
    """What both programs must agree on: pieces, side to move, the hands of a drop game;
    XBoard's own FEN is read by our FEN reader for the variant (counters and the e.p. field
    are each program's bookkeeping: XBoard names an e.p. square after every double step, and
    keeps Grand's captured pieces in holdings for its promotion rule)."""
    g = Game(game.variant, fen)
    colours = ("white", "black")
    hands = tuple(sorted(g.hand(c).items()) for c in colours) if game.variant.drops else ()
    return tuple(g.piece_at(s) for s in range(g.geo.size)), g.turn, hands


# XBoard 4.9.1 writes a Lion's pass entered in two legs as "Nf8-e9" and its own parser reads
# that as a move from f8 (parser.c NextUnit): loading chu-lion.pgn it stops there with an
# error, so its position is the one after the moves before the pass.
STOPS_AT = {"xboard/chu-lion.pgn": 12}


@pytest.mark.parametrize("path", XBOARD_GAMES, ids=_key)
def test_an_xboard_game_opens_at_its_last_position(path):
    rec = load(path)
    raw = split_games(path.read_text(), str(path))[0]
    assert len(rec.moves) == len(raw.moves) > 0
    game = rec.game(STOPS_AT.get(_key(path)))
    assert _comparable(POSITIONS[_key(path)], game) == _comparable(game.fen(), game)


def test_xboard_stops_at_its_own_pass_and_we_read_it():
    rec = load(XBOARD / "chu-lion.pgn")
    game = rec.game(STOPS_AT["xboard/chu-lion.pgn"])
    move = rec.moves[STOPS_AT["xboard/chu-lion.pgn"]]
    assert move.origin == move.target and not move.kills        # the pass, read by us
    assert _comparable(POSITIONS["xboard/chu-lion.pgn"], game) == \
        _comparable(game.fen(), game)


@pytest.mark.parametrize("path", XBOARD_GAMES, ids=_key)
def test_our_san_is_xboards_text_for_every_move(path):
    """Every move as XBoard wrote it, except a pass, which we write as XBoard writes a null
    move of the piece (Nxe9: the form XBoard reads back)."""
    rec = load(path)
    theirs = [text for text, _ in split_games(path.read_text(), str(path))[0].moves]
    ours = move_texts(rec)
    assert len(ours) == len(theirs)
    for move, a, b in zip(rec.moves, ours, theirs):
        assert a == b or is_pass(move) and a == b[0] + "x" + b[-2:], (a, b)


def test_the_records_hold_what_they_are_for():
    """The variants the records stand for, and the move forms each must show."""
    def moves(stem):
        return [t for t, _ in split_games((XBOARD / f"{stem}.pgn").read_text())[0].moves]

    for stem in ("fide", "capablanca", "shogi", "xiangqi", "crazyhouse", "grand", "makruk",
                 "shatranj", "courier"):
        assert len(moves(stem)) >= 10, stem
    shogi = moves("shogi") + moves("shogi-drops")
    assert any("@" in m for m in shogi) and any(m.endswith("+") for m in shogi)
    assert any(m.endswith("=") for m in shogi) and any(m.startswith("+") for m in shogi)
    assert any("@" in m for m in moves("crazyhouse"))
    fide = moves("fide-special")
    assert {"exf6", "gxf8=N", "O-O", "O-O-O", "Nbd4", "Ndf3"} <= set(fide)
    assert moves("fide-mate")[-1].endswith("#")
    assert {"Rha3", "R1a2"} <= set(moves("fide-rooks"))
    assert "ed5" in moves("xiangqi-soldier")                 # sideways, ranks from 0
    chu = moves("chu-lion")
    assert "Nxf9xe9" in chu and "Nxd9-e9" in chu            # double capture, igui
    assert "Nf8-e9" in chu                                    # pass
