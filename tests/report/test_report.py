"""The balance report of a set of games: counts and shares, endings, lengths, branching factor,
distinct games; its JSON read back; its charts as SVG whose bars are the report's numbers."""

import json
import xml.etree.ElementTree as ET

import pytest

from designer.match import MatchConfig, PlayedGame
from designer.report import (build_report, charts_svg, report_from_json, report_json,
                             report_text, wilson)
from report_data import sample

LETTERS = ("P", "N", "B", "R", "Q", "K")
SVG = "{http://www.w3.org/2000/svg}"


def game(index, result, termination, plies, branching=20, texts=None):
    rows = tuple((0,) * 6 for _ in range(plies + 1))
    return PlayedGame(index, index, "builtin", "builtin", None, 2, ((),) * plies,
                      texts or tuple(f"m{index}-{i}" for i in range(plies)), result,
                      termination, "", LETTERS, rows, (branching,) * plies)


def games():
    out = []
    for i in range(12):
        out.append(game(i, "1-0", "checkmate", 40 + i, 30))
    for i in range(12, 20):
        out.append(game(i, "0-1", "checkmate", 60, 20))
    for i in range(20, 25):
        out.append(game(i, "1/2-1/2", "repetition", 100, 10))
    out.append(game(25, "1/2-1/2", "stalemate", 80, 10))
    out.append(game(26, "*", "ply limit", 200, 10))
    return out


@pytest.fixture(scope="module")
def report():
    config = MatchConfig(sample("fide"), 30, seed=4)
    return build_report(list(reversed(games())), config)


def test_counts_shares_and_first_move_advantage(report):
    res = report.results
    assert (res.white_wins, res.black_wins, res.draws, res.unfinished) == (12, 8, 6, 1)
    assert res.white == wilson(12, 26) and res.draw == wilson(6, 26)
    assert res.first_move.score.value == pytest.approx((12 + 3) / 26)
    assert res.first_move.elo.value > 0
    assert report.played == 27 and report.run.planned == 30 and not report.stopped


def test_endings_lengths_branching_and_distinct_games(report):
    assert report.endings == (("checkmate", 20), ("repetition", 5), ("ply limit", 1),
                              ("stalemate", 1))
    assert report.lengths.count == 27 and report.lengths.longest == 200
    assert report.lengths.median == 60
    plies = [g.plies for g in games()]
    weighted = sum(g.plies * g.branching[0] for g in games()) / sum(plies)
    assert report.branching == pytest.approx(weighted) and report.positions == sum(plies)
    assert report.distinct == 27
    assert sum(report.histogram.counts) == 27


def test_the_json_reads_back_and_the_text_says_the_figures(report):
    data = json.loads(json.dumps(report_json(report)))
    back = report_from_json(data)
    assert report_json(back) == data
    assert back.results == report.results and back.endings == report.endings
    text = report_text(report)
    assert "White wins     12" in text and "Draws           6" in text
    assert "1 without result" in text and "checkmate 20" in text
    assert "Piece values fitted from play: none" in text       # no material ever changed


@pytest.mark.parametrize("broken", [{}, {"run": 3}, {"run": {"variant": "x"}}])
def test_a_json_that_is_no_report_is_refused(broken):
    with pytest.raises(ValueError, match="not a balance report"):
        report_from_json(broken)


def test_the_charts_draw_the_reports_numbers(report):
    root = ET.fromstring(charts_svg(report))
    rects = root.findall(f"{SVG}rect")
    titled = {r.find(f"{SVG}title").text: float(r.get("width")) for r in rects
              if r.find(f"{SVG}title") is not None}
    white = next(w for t, w in titled.items() if t.startswith("White wins: 12"))
    black = next(w for t, w in titled.items() if t.startswith("Black wins: 8"))
    assert white / black == pytest.approx(12 / 8, rel=1e-2)
    bins = [t for t in titled if t.endswith("games") and "plies" in t]
    assert len(bins) == len(report.histogram.counts)
    total = sum(int(t.rsplit(": ", 1)[1].split()[0]) for t in bins)
    assert total == 27
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "FIDE" in texts and "median 60" in texts
