"""A balance run: reproducible from its seed whatever the number of processes (same PGN, same
report), stopping early keeps what was played and reports on it, engines are asked before the
first game whether they play the variant, and ``variant-designer match --report`` and
``values --fitted`` work from the command line."""

import io
import json
import threading
import xml.etree.ElementTree as ET

import pytest

from designer import cli
from designer.engines.players import PlayerSpec
from designer.match import MatchConfig, write_pgn
from designer.opponent import Limits
from designer.report import (Eta, balance_settings, check_players, clock_text, report_json,
                             run_report)
from report_data import ROOT, sample

FIDE = str(ROOT / "variants" / "fide.ini")


def _config(**kw):
    base = dict(variant=sample("fide"), games=3, limits=Limits(depth=1), seed=9,
                opening_plies=4, max_plies=30, settings=balance_settings())
    base.update(kw)
    return MatchConfig(**base)


def _pgn(run, variant):
    out = io.StringIO()
    write_pgn(run.result.records, variant, out)
    return out.getvalue()


def test_a_run_gives_the_same_games_and_report_with_one_or_two_processes():
    one = run_report(_config(jobs=1))
    two = run_report(_config(jobs=2))
    assert _pgn(one, sample("fide")) == _pgn(two, sample("fide"))
    assert report_json(one.report) == report_json(two.report)
    assert one.report.played == 3 and one.report.distinct == 3
    other = run_report(_config(seed=10, games=1))
    assert other.result.records[0].texts != one.result.records[0].texts


def test_stopping_early_keeps_the_games_played_and_reports_on_them():
    stop = threading.Event()
    seen = []

    def on_game(record):
        seen.append(record)
        stop.set()                       # the Cancel button, after the first game

    run = run_report(_config(games=6, jobs=2), on_game, stop)
    assert run.result.stopped and run.report.stopped
    assert 1 <= run.report.played < 6 and len(run.result.records) == run.report.played
    assert run.report.played == len(seen)
    assert run.report.results.finished + run.report.results.unfinished == run.report.played


def test_the_time_left_follows_the_games_done():
    now = [100.0]
    eta = Eta(10, clock=lambda: now[0])
    assert eta.left() is None and clock_text(None) == "--:--"
    now[0] = 130.0
    eta.step(3)
    assert eta.left() == pytest.approx(70.0) and eta.per_minute() == pytest.approx(6.0)
    assert clock_text(70.0) == "1:10" and clock_text(3725) == "1:02:05"


def test_an_engine_that_cannot_play_the_variant_is_refused_before_any_game(fake):
    command = fake("import sys\nfor line in sys.stdin:\n"
                   "    line = line.strip()\n"
                   "    if line == 'uci': print('id name Plain\\nuciok', flush=True)\n"
                   "    elif line == 'isready': print('readyok', flush=True)\n"
                   "    elif line == 'quit': break\n")
    spec = PlayerSpec("engine", tuple(command))
    problems = check_players(_config(variant=sample("capablanca"), black=spec))
    assert len(problems) == 1 and problems[0].startswith("Black: ")
    assert "Capablanca" in problems[0] or "capablanca" in problems[0]


def test_fairy_stockfish_is_asked_and_plays_capablanca(fsf):
    spec = PlayerSpec.parse(fsf)
    assert check_players(_config(variant=sample("capablanca"), white=spec, black=spec)) == []


def test_the_match_command_prints_the_report_as_json_and_draws_its_chart(tmp_path, capsys):
    svg, png, pgn = tmp_path / "c.svg", tmp_path / "c.png", tmp_path / "g.pgn"
    args = ["match", FIDE, "--games", "2", "--depth", "1", "--max-plies", "30", "--seed", "3"]
    assert cli.main(args + ["--json", "--chart", str(svg), "--pgn", str(pgn)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["played"] == 2 and data["run"]["opening_plies"] == 4
    assert data["run"]["noise"] == 10 and data["run"]["depth"] == 1
    assert ET.parse(svg).getroot().tag.endswith("svg")
    assert pgn.read_text().count("[Round ") == 2
    assert cli.main(args + ["--report", "--chart", str(png)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Balance report: FIDE") and "First-move advantage" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_chart_of_another_kind_is_refused_before_any_game(tmp_path, capsys):
    assert cli.main(["match", FIDE, "--chart", str(tmp_path / "c.gif")]) == 2
    assert ".svg or .png" in capsys.readouterr().err


def test_values_fitted_plays_games_and_fills_the_fitted_column(capsys):
    code = cli.main(["values", FIDE, "--fitted", "--games", "2", "--depth", "1",
                     "--max-plies", "30", "--json"])
    assert code == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert set(data) >= {"P", "N", "Q"} and all("fitted" in v for v in data.values())
    assert "Fitted from play: none from 2 games" in out.err    # 30 plies: no game finished


def test_values_json_carries_the_fitted_interval_beside_the_value():
    from designer.balance import FittedValue, FittedValues, piece_values
    from designer.commands.values import _json
    fitted = FittedValues((FittedValue("P", 1.0, 1.0, 1.0), FittedValue("N", 3.2, 2.9, 3.5)),
                          "P", 1.0, 1234, 50)
    data = _json(piece_values(sample("fide"), fitted=fitted))
    assert (data["N"]["fitted"], data["N"]["fitted-low"], data["N"]["fitted-high"]) == \
        (3.2, 2.9, 3.5)
    assert "fitted-low" not in data["Q"] and data["Q"]["fitted"] is None   # not fitted
    assert "fitted-low" not in _json(piece_values(sample("fide")))["N"]
