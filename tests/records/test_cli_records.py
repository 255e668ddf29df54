"""The command line on game records: ``check FILE.pgn`` replays every game and reports its
moves and result, or the first wrong move with its line; ``export``/``convert`` of a PGN game
to PGN keep its moves."""

from designer.cli import main
from designer.records import load, read_game

from records_data import XBOARD


def test_check_reports_each_game_of_an_xboard_file(capsys):
    path = XBOARD / "shogi-drops.pgn"
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 1: 7 moves (14 plies), 0-1 (White resigns); last position " in out
    assert load(path).final_fen() in out


def test_check_names_the_line_move_and_reason_of_a_wrong_move(tmp_path, capsys):
    bad = tmp_path / "bad.pgn"
    bad.write_text('[Event "x"]\n[Site "?"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Ke3 *\n')
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:5: error: game 1: move 3. 'Ke3': no White K can go to e3" in out


def test_export_and_convert_of_a_game_keep_its_moves(tmp_path, capsys):
    src = XBOARD / "fide-special.pgn"
    out = tmp_path / "game.pgn"
    assert main(["export", str(src), "--to", "pgn", "-o", str(out)]) == 0
    assert load(out).moves == load(src).moves
    assert main(["export", str(src), "--to", "pgn"]) == 0
    assert read_game(capsys.readouterr().out).moves == load(src).moves
    again = tmp_path / "again.pgn"
    assert main(["convert", str(out), str(again)]) == 0
    assert load(again).moves == load(src).moves and load(again).result == "0-1"


def test_a_game_of_a_variant_xboard_cannot_open_alone_gets_its_options_file(tmp_path):
    from designer.records import GameRecord, save
    from records_data import random_game, sample
    rec = GameRecord.from_game(random_game(sample("ultima"), 4, 10))
    written = save(str(tmp_path / "u.pgn"), rec)
    assert [p.rsplit("/", 1)[-1] for p in written] == ["u.pgn", "u.pgn.ini"]
    assert load(tmp_path / "u.pgn").moves == rec.moves
