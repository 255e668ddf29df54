"""Headless matches: a run is reproducible from its seed whatever the number of processes, each
record agrees with the rules engine replaying its moves (result, termination, material per ply),
stopping keeps what was played, the PGN replays move for move, and ``variant-designer match``
works from the command line (progress on stderr, exit 2 on bad input, 130 after Ctrl+C)."""

import os
import signal
import subprocess
import sys
import threading

import pytest

from designer.engines.players import PlayerSpec
from designer.match import (MatchConfig, game_text, material_row, play_game, run_match, write_pgn)
from designer.players import BuiltinPlayer, RandomPlayer
from designer.opponent import Limits
from designer.game.game import Game
from opponent_data import ROOT, sample

FAST = Limits(depth=1)


def _config(**kw):
    base = dict(variant=sample("fide"), games=3, white=PlayerSpec("builtin"),
                black=PlayerSpec.parse("random:3"), limits=FAST, seed=5, max_plies=200)
    base.update(kw)
    return MatchConfig(**base)


def test_a_run_is_reproducible_from_its_seed_whatever_the_number_of_processes():
    one = run_match(_config())
    again = run_match(_config())
    two = run_match(_config(jobs=2))
    assert one == again and not one.stopped
    assert two.records == one.records
    assert [r.index for r in one.records] == [0, 1, 2]
    other = run_match(_config(seed=6))
    assert [r.texts for r in other.records] != [r.texts for r in one.records]
    # the random opening differs from game to game
    assert len({r.texts[:2] for r in one.records}) > 1


def test_records_agree_with_the_rules_engine_replaying_them():
    result = run_match(_config(games=3))
    for record in result.records:
        game = Game(sample("fide"))
        kinds = game.cfg.kinds.count
        assert record.material[0] == material_row(game.pos, kinds)
        for i, (mv, text) in enumerate(zip(record.moves, record.texts)):
            assert mv in game.legal_moves() and mv.text(game.geo) == text
            game.push(mv)
            assert record.material[i + 1] == material_row(game.pos, kinds)
        assert len(record.material) == record.plies + 1 and record.opening == 2
        ended = game.outcome()
        if record.finished:
            assert ended is not None and ended.termination == record.termination
            assert ended.result() == record.result
        samples = list(record.samples())
        assert len(samples) == (record.plies + 1 if record.finished else 0)


def test_the_builtin_opponent_beats_the_random_mover_and_the_records_count_material():
    records = run_match(_config(games=2)).records
    assert all(r.result == "1-0" and r.termination == "checkmate" for r in records)
    # the random mover loses material: White ends ahead in the sum of its piece counts
    assert all(sum(r.material[-1]) > 0 for r in records)


def test_stopping_keeps_what_was_played():
    stop = threading.Event()
    seen = []

    def first(record):
        seen.append(record)
        stop.set()

    result = run_match(_config(games=5), on_game=first, stop=stop)
    assert result.stopped and len(result.records) == 1 and seen == list(result.records)
    parallel = run_match(_config(games=6, jobs=2), on_game=first, stop=stop)
    assert parallel.stopped            # set before the run: nothing new starts
    assert len(parallel.records) < 6


def test_a_game_stopped_under_way_is_kept_as_stopped():
    stop = threading.Event()

    class Stopper(RandomPlayer):
        def ask(self, game, legal, signal):
            if len(game.moves) >= 6:
                stop.set()
            return super().ask(game, legal, signal)

    record = play_game(sample("fide"), BuiltinPlayer(limits=FAST), Stopper(1), seed=1,
                       stop=stop)
    assert record.result == "*" and record.termination == "stopped"
    assert record.plies >= 6 and not list(record.samples())


@pytest.mark.parametrize("name", ["fide", "shogi", "xiangqi"])
def test_the_pgn_reads_back_move_for_move(name):
    """Written through ``designer.records`` (SAN, the variant's data lines with the first
    game), read back by its reader: the same variant, moves, results and reasons."""
    import io
    from designer.records import read_games
    v = sample(name)
    result = run_match(_config(variant=v, games=2))
    out = io.StringIO()
    assert write_pgn(result.records, v, out) == 2
    text = out.getvalue()
    assert '[Round "2"]' in text and text.count("[Event ") == 2
    games = read_games(text, "match.pgn")
    assert len(games) == 2
    for played, record in zip(result.records, games):
        assert record.variant.name == v.name
        assert record.moves == played.moves
        assert record.result == played.result and record.termination == played.reason
        assert record.tag("White") == "builtin" and record.tag("Black") == "random:3"
    assert game_text(result.records[0], v) == text[:len(game_text(result.records[0], v))]


def _cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "designer.cli", "match", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, **kw)


def test_the_match_command_plays_and_writes_pgn(tmp_path):
    out = tmp_path / "games.pgn"
    res = _cli("variants/fide.ini", "--games", "2", "--depth", "1", "--black", "random",
               "--seed", "3", "--pgn", str(out))
    assert res.returncode == 0, res.stderr
    assert "games: 2 of 2" in res.stdout and "results:" in res.stdout
    assert "2/2 games" in res.stderr                       # the progress line
    assert out.read_text().count("[Event ") == 2


@pytest.mark.parametrize("args, words", [
    (["variants/nonexistent.ini"], "nonexistent"),
    (["variants/fide.ini", "--white", "human"], "human"),
    (["variants/fide.ini", "--fen", "8/8/8 w - - 0 1"], "--fen"),
    (["variants/fide.ini", "--games", "0"], "--games"),
])
def test_bad_input_is_refused_with_exit_2(args, words, capsys, monkeypatch):
    from designer.cli import main
    monkeypatch.chdir(ROOT)
    try:
        code = main(["match", *args])
    except SystemExit as e:                   # argparse refuses a bad option value
        code = e.code
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err


def test_ctrl_c_stops_the_run_and_writes_what_was_played(tmp_path):
    out = tmp_path / "games.pgn"
    proc = subprocess.Popen([sys.executable, "-m", "designer.cli", "match", "variants/fide.ini",
                             "--games", "40", "--depth", "1", "--black", "random",
                             "--pgn", str(out)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    first = proc.stderr.readline()            # a line per tenth: after the 4th game
    assert "games" in first
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 130, stderr
    played = out.read_text().count("[Event ")
    assert 4 <= played < 40
    assert f"games: {played} of 40" in stdout


@pytest.mark.skipif(os.name != "posix", reason="the engine test uses a POSIX engine binary")
def test_a_game_against_fairy_stockfish_is_checked_move_by_move(fsf):
    result = run_match(_config(games=1, black=PlayerSpec.parse(fsf), limits=Limits(depth=1)))
    record = result.records[0]
    assert record.black == "fairy-stockfish" and record.finished, record.reason
    game = Game(sample("fide"))
    for mv in record.moves:
        assert mv in game.legal_moves()
        game.push(mv)


def test_the_players_a_specification_names_play_through_the_one_driver():
    """``player_for`` makes the built-in opponent and the seeded random mover from the command
    line's words; the match's game driver plays them under our rules."""
    from designer.engines.players import player_for
    v = sample("fide")
    white = player_for(PlayerSpec("builtin"), limits=Limits(depth=1))
    black = player_for(PlayerSpec.parse("random:2"), limits=Limits(depth=1))
    assert (white.name, black.name) == ("builtin", "random:2")
    record = play_game(v, white, black, seed=0, opening_plies=0, max_plies=300)
    assert record.termination not in ("illegal move", "failure"), record.reason
    assert record.result == "1-0", record.reason
