"""Bad game records are refused with file:line: reason — a bad move names the move number, the
text and why it is no legal move here; broken structure names the line where it starts; every
comment, variation and annotation XBoard and other programs write is skipped."""

import pytest

from designer.formats.errors import FormatError
from designer.records import check_games, read_game

FIDE = '[Event "t"]\n[Site "?"]\n\n'


def _error(text: str) -> FormatError:
    with pytest.raises(FormatError) as info:
        read_game(text, "game.pgn")
    return info.value


@pytest.mark.parametrize("moves, line, words", [
    ("1. e4 e5 2. Nf9", 4, ["move 2. 'Nf9'", "no square f9 on this 8x8 board"]),
    ("1. e4 e5 2. Ke3", 4, ["move 2. 'Ke3'", "no White K can go to e3"]),
    ("1. d4 e5 2. dxe5 Bb4+\n3. f3", 5, ["move 3. 'f3'", "White is in check (the Bishop on b4)"]),
    ("1. Nf3 d5 2. d3 e5 3. Nbd2 e4 4. Nb3 a6 5. Nfd2 a5 6. Nf3 a4 7. Nd2", 4,
     ["move 7. 'Nd2'", "ambiguous", "Nb3d2", "Nf3d2"]),
    ("1. Zf3", 4, ["move 1. 'Zf3'", "the variant has no piece Z"]),
    ("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 e6 5. bxa8=K", 4,
     ["move 5. 'bxa8=K'", "promotion to K is not allowed", "Q"]),
    ("1. e4 e5 2. O-O", 4, ["move 2. 'O-O'", "White cannot castle kingside here",
                          "every square between the King and the Rook empty"]),
    ("1. e4 e5 2. !!x", 4, ["move 2. '!!x'", "not a move"]),
    ("1. f3 e5 2. g4 Qh4# 3. a3", 4, ["move 3. 'a3'", "already over", "checkmated"]),
    ("1. e4 {a comment\nover lines} e5 2. Qh5 (2. Nf3 (2. d4) Nc6) Nc6 3. Qxf8", 5,
     ["move 3. 'Qxf8'", "no White Q can go to f8"]),
])
def test_a_bad_move_names_its_line_number_text_and_reason(moves, line, words):
    err = _error(FIDE + moves + " *\n")
    assert err.file == "game.pgn" and err.line == line, str(err)
    for w in words:
        assert w in str(err), str(err)


@pytest.mark.parametrize("text, line, words", [
    (FIDE + "1. e4 {never closed\n e5 *\n", 4, ["comment", "never closed"]),
    (FIDE + "1. e4 (1. d4 d5\n\n e5 *\n", 4, ["variation", "never closed"]),
    (FIDE + "1. e4 e5 ) *\n", 4, ["')' without its '('"]),
    ('[Event "x]\n\n1. e4 *\n', 1, ["bad PGN tag"]),
    (FIDE + "1. e4" + " (" * 70 + "\n", 4, ["nested more than"]),
    ('[Event "t"]\n[FEN "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n'
     '1. e4 *\n', 2, ["rank 6 has 9 squares"]),
    ('[Event "t"]\n[Variant "crazyhouse"]\n\n1. P@e4 *\n', 4, ["White has no Pawn in hand"]),
    ('[Event "t"]\n[Variant "shogi"]\n\n1. c4 g6 2. Bxh8= Sxh8 3. B@e5 P@c3 *\n', 4,
     ["move 3...", "'P@c3'", "Black has no Pawn in hand"]),
    ('[Event "t"]\n[Variant "shogi"]\n\n1. c4 c6 2. c5 cxc5 3. g4 P@c6 *\n', 4,
     ["move 3... 'P@c6'", "no two Pawns on a file", "c5"]),
    ("", 1, ["no PGN game"]),
])
def test_broken_files_name_the_line_and_reason(text, line, words):
    err = _error(text)
    assert err.line == line, str(err)
    for w in words:
        assert w in str(err), str(err)


def test_too_many_moves_are_refused_without_reading_them():
    err = _error(FIDE + "Nf3 Nf6 Ng1 Ng8 " * 600 + "*\n")
    assert "more than 2000 moves" in str(err) and err.line == 4


def test_xboards_comments_diagrams_scores_and_annotations_are_skipped():
    text = ('[Event "t"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n'
            "{--------------\n. . . . k . . .\n--------------}\n"
            "1. e4 {+0.38/2 0.1} $1 Kd7! ; to the end of the line\n"
            "% an escaped line 2. e5\n2. e5?! (2. Kd2 Ke6) Ke6 e.p. {Black resigns} 1-0\n")
    rec = read_game(text)
    assert len(rec.moves) == 4 and rec.result == "1-0"
    assert rec.termination == "Black resigns"


def test_check_reports_each_game_and_goes_on_after_a_bad_one():
    text = (FIDE + "1. e4 e5 *\n\n" + FIDE + "1. e4 e5 2. Ke3 *\n\n" + FIDE + "1. d4 1-0\n")
    runs = check_games(text, "games.pgn")
    assert [r.record is not None for r in runs] == [True, False, True]
    assert runs[1].error is not None and runs[1].error.line == 9
    assert "move 2. 'Ke3'" in str(runs[1].error)


def test_a_move_from_the_board_says_why_it_is_not_legal():
    from designer.records import explain_move
    from designer.game.game import Game, Move
    from records_data import sample
    game = Game(sample("fide"), "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1")
    geo = game.geo
    d2, e4, f3, b3 = (geo.parse(x) for x in ("d2", "e4", "f3", "b3"))
    assert "The Knight on d2 is pinned" in explain_move(game, Move(d2, e4))
    assert "does not move to d4" in explain_move(game, Move(d2, d2 + 16))
    assert "has no drops" in explain_move(game, Move(-1, f3, drop="P"))
    assert explain_move(game, Move(geo.parse("e1"), geo.parse("e2"))) == ""
    assert "no piece on b3" in explain_move(game, Move(b3, f3))
    shogi = Game(sample("shogi"), "4k4/9/9/9/9/9/4P4/9/4K4[P] w 0 1")
    e5 = shogi.geo.parse("e5")
    assert "no two Pawns on a file" in explain_move(shogi, Move(-1, e5, drop="P"))


def test_a_drop_read_from_a_record_gets_the_boards_reason():
    """A drop refused by a drop rule: the record reader, the board's reason and the rules
    say the same words (one pseudo-legal generator, one reason)."""
    from designer.records import explain_move, read_san
    from designer.records.san_read import SanError
    from designer.game.game import Game, Move
    from designer.game.why import why_not_drop
    from records_data import sample
    shogi = Game(sample("shogi"), "4k4/9/9/9/9/9/4P4/9/4K4[P] w 0 1")
    e5 = shogi.geo.parse("e5")
    rules = why_not_drop(shogi, "P", e5)
    assert rules.startswith("Shogi:")
    with pytest.raises(SanError) as info:
        read_san(shogi, "P@e5")
    assert info.value.reason == rules
    assert explain_move(shogi, Move(-1, e5, drop="P")) == rules


def test_a_castling_read_from_a_record_gets_the_boards_reason():
    """Castling out of check, and through an attacked square: the record reader gives the
    rules' reason, as the board does."""
    from designer.records import explain_move, read_san
    from designer.records.san_read import SanError
    from designer.game.game import Game
    from designer.game.why import castlings, why_not
    from records_data import sample
    for fen, words in (("4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "may not castle out of it"),
                       ("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "f1 is attacked")):
        game = Game(sample("fide"), fen)
        geo = game.geo
        rules = why_not(game, geo.parse("e1"), geo.parse("g1"))
        assert words in rules
        with pytest.raises(SanError) as info:
            read_san(game, "O-O")
        assert info.value.reason.endswith(rules)
        (castle,) = castlings(game)
        assert explain_move(game, castle) == rules


def test_check_stops_after_a_bounded_number_of_moves(monkeypatch):
    from designer.records import pgn
    monkeypatch.setattr(pgn, "MAX_CHECKED", 10)
    game = FIDE + "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *\n\n"
    runs = check_games(game * 3, "many.pgn")
    assert [r.record is not None for r in runs] == [True, False]
    assert "more than 10 moves" in str(runs[1].error) and runs[1].error.line == 6
