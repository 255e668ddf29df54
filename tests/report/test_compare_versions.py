"""``variant-designer compare``: two versions side by side, each difference with its interval.
Shares use Newcombe's hybrid score interval, checked against the published values (Newcombe,
Statistics in Medicine 17, 1998, table II, method 10); the command's JSON holds both reports
and differences that follow from their counts by the textbook formulas."""

import json
import math
import xml.etree.ElementTree as ET

import pytest

from designer import cli
from designer.report.compare import share_difference
from report_data import ROOT

FIDE = str(ROOT / "variants" / "fide.ini")
CAPA = str(ROOT / "variants" / "capablanca.ini")


def test_share_differences_match_newcombes_published_intervals():
    d = share_difference(56, 70, 48, 80)
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)
    d = share_difference(9, 10, 3, 10)
    assert (round(d.low, 4), round(d.high, 4)) == (0.1705, 0.8090)


def test_compare_prints_both_reports_and_their_differences(capsys, tmp_path):
    chart = tmp_path / "c.svg"
    code = cli.main(["compare", FIDE, CAPA, "--games", "4", "--depth", "1", "--max-plies",
                     "16", "--opening-plies", "2", "--draw", "movenumber=4", "movecount=2",
                     "score=40", "--json", "--chart", str(chart)])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    a, b = data["a"], data["b"]
    assert a["run"]["variant"] == "FIDE Chess" and b["run"]["variant"] == "Capablanca Chess"
    assert a["played"] == b["played"] == 4
    fig = {f["name"]: f for f in data["figures"]}
    assert set(fig) == {"White's score", "Draws", "Decisive games", "Mean length",
                        "First-move advantage"}
    ln = fig["Mean length"]
    la, lb = a["lengths"], b["lengths"]
    half = 1.959963984540054 * math.sqrt(la["deviation"] ** 2 / la["count"] +
                                         lb["deviation"] ** 2 / lb["count"])
    assert ln["difference"]["value"] == pytest.approx(lb["mean"] - la["mean"])
    assert ln["difference"]["high"] - ln["difference"]["value"] == pytest.approx(half)
    ra, rb = a["results"], b["results"]
    na = ra["white_wins"] + ra["draws"] + ra["black_wins"]
    nb = rb["white_wins"] + rb["draws"] + rb["black_wins"]
    if na and nb:
        draws = fig["Draws"]["difference"]
        expected = share_difference(rb["draws"], nb, ra["draws"], na)
        assert (draws["low"], draws["high"]) == pytest.approx((expected.low, expected.high))
    assert ET.parse(chart).getroot().tag.endswith("svg")


def test_compare_refuses_an_sprt(capsys):
    assert cli.main(["compare", FIDE, CAPA, "--sprt", "0", "5"]) == 2
    assert "--sprt" in capsys.readouterr().err
