"""XBoard FEN (formats.md §2): multi-digit runs, holes, promoted and dressed pieces, holdings."""

import pytest
from hypothesis import given, settings, strategies as st

from designer.variant.fen import FenError, Setup, parse_fen, rename_fen, write_fen


def test_ten_file_board_uses_two_digit_runs():
    s = parse_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1")
    assert (s.files, s.ranks) == (10, 8)
    assert s.board[(0, 0)] == "R" and s.board[(9, 7)] == "r"
    assert "10/10" in write_fen(s)


def test_sixteen_wide_board_round_trips():
    fen = "r14r/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14R w - - 0 1"
    s = parse_fen(fen)
    assert (s.files, s.ranks) == (16, 16) and s.board[(15, 0)] == "R"
    assert write_fen(s) == fen


def test_holes_promoted_dressed_and_crazyhouse_pieces():
    s = parse_fen("*+pN'Q~3q!/8 b Kq - 3 9")
    assert (0, 1) in s.holes
    assert s.board[(1, 1)] == "+p" and s.board[(2, 1)] == "N'" and s.board[(3, 1)] == "Q~"
    assert s.board[(7, 1)] == "q!"
    assert s.side == "black" and s.castling == "Kq" and (s.halfmove, s.fullmove) == (3, 9)
    assert write_fen(s) == "*+pN'Q~3q!/8 b Kq - 3 9"


def test_holdings_white_then_black_and_empty_as_dash():
    s = parse_fen("8/8/8/8/8/8/8/8[PPnb] w - - 0 1")
    assert sorted(s.hand) == sorted(("P", "P", "n", "b"))
    assert write_fen(s).startswith("8/8/8/8/8/8/8/8[PPnb]")
    assert write_fen(parse_fen("8/8/8/8/8/8/8/8[-] w - - 0 1")).startswith("8/8/8/8/8/8/8/8[-]")


def test_fairy_stockfish_shogi_fen_without_castling_field():
    s = parse_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1")
    assert s.hand == () and (s.halfmove, s.fullmove) == (0, 1)


@pytest.mark.parametrize("bad", ["", "8/8/9 w", "8/7 w", "rnbq?/8 w", "8/8[P w", "8/8 x",
                                 "0/8 w", "8/8 w KQ - a 1", "999999/8 w"])
def test_bad_fens_give_positioned_errors(bad):
    with pytest.raises(FenError) as e:
        parse_fen(bad)
    assert e.value.column >= 0 and e.value.message


def test_board_size_must_match_when_given():
    with pytest.raises(FenError):
        parse_fen("8/8/8/8/8/8/8/8 w - - 0 1", files=10, ranks=8)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 26), st.integers(1, 26), st.data())
def test_any_board_round_trips(files, ranks, data):
    squares = st.tuples(st.integers(0, files - 1), st.integers(0, ranks - 1))
    tokens = st.sampled_from(["P", "n", "+P", "Q~", "N'", "k!", "x"])
    board = data.draw(st.dictionaries(squares, tokens, max_size=20))
    s = Setup(files, ranks, board, frozenset(), None, "white", "-", "-", 0, 1)
    assert parse_fen(write_fen(s)) == s


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_arbitrary_text_never_crashes(text):
    try:
        parse_fen(text)
    except FenError as e:
        assert e.column >= 0


def test_check_counters_of_check_counting_variants_are_read_and_written_back():
    """Fairy-Stockfish's 3check start position (``variant.cpp: threecheck_variant``) carries
    the checks each side still needs before the move counters; lichess writes the checks
    given after them (``position.cpp: Position::set`` reads both)."""
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    s = parse_fen(fen)
    assert s.checks == (3, 3) and (s.halfmove, s.fullmove) == (0, 1)
    assert write_fen(s) == fen
    lichess = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 4 7 +1+2")
    assert lichess.checks == (2, 1) and (lichess.halfmove, lichess.fullmove) == (4, 7)
    assert parse_fen("8/8/8/8/8/8/8/K6k w - - 0 1").checks is None


def test_a_malformed_check_counter_is_an_error():
    with pytest.raises(FenError):
        parse_fen("8/8/8/8/8/8/8/K6k w - - 0 1 +5+0")


FIDE_WITH_EP = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq {} 0 1"


def _fide():
    from designer.formats import xboard_ini
    from repo_data import ROOT
    return xboard_ini.load(ROOT / "variants" / "fide.ini")


@pytest.mark.parametrize("ep", ["-B", "i3", "e0", "e9", "3e", "e3x"])
def test_an_ep_field_the_game_refuses_is_refused_where_it_is_read(ep):
    """A start position typed in the Setup tab with such a field was kept and saved: the
    game, the PGN of a game from it and *Open game* then refused it."""
    from designer.game.game import Game
    fen = FIDE_WITH_EP.format(ep)
    with pytest.raises(FenError):
        Game(_fide(), fen)                   # the game's own reader
    with pytest.raises(FenError) as e:
        parse_fen(fen)
    assert "e.p." in e.value.message and e.value.column == fen.index(f" {ep} ") + 1


@pytest.mark.parametrize("ep", ["-", "e3", "d6", "c5c6~"])
def test_an_ep_field_the_game_reads_is_read(ep):
    from designer.game.game import Game
    fen = FIDE_WITH_EP.format(ep)
    Game(_fide(), fen)
    assert parse_fen(fen).ep == ep


def test_rename_fen_renames_board_and_holdings_keeping_side_marks_and_the_rest():
    """Our letters to another program's (formats.md §2's tokens): case says the side, ``+X`` is
    X promoted (so it follows X), ``~`` stays, a dressed letter is one letter; counters, side
    and castling are not letters to rename."""
    letters = {"A": "c", "N'": "x", "Q": "q"}
    fen = "a+AN'Q~*3/8[Aan'] b KQkq - 0 1"
    assert rename_fen(fen, letters) == "c+CXQ~*3/8[Ccx] b KQkq - 0 1"
    assert rename_fen(fen, {}) == fen
    assert rename_fen("a+/+", {"A": "c"}) == "c+/+"        # renamed as far as it reads
