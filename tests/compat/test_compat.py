"""The engine-capability linter: every XBoard quirk string gets a warning that says how XBoard
reads it; every Fairy-Stockfish divergence gets a per-piece warning."""

import json

import pytest

from repo_data import VECTORS
from designer.notation.compat import fsf_warnings, to_xboard, xboard_warnings
from designer.notation import parse

QUIRKS = [json.loads(l) for l in (VECTORS / "xboard-quirks.jsonl").read_text().splitlines() if l]
DIVERGENT = [json.loads(l) for l in (VECTORS / "fsf-divergent.jsonl").read_text().splitlines() if l]


@pytest.mark.parametrize("case", QUIRKS, ids=[c["id"] for c in QUIRKS])
def test_every_xboard_quirk_gets_a_positioned_warning(case):
    warnings = xboard_warnings(case["betza"], case["dialect"])
    assert warnings, case["note"]
    for w in warnings:
        assert "XBoard" in w.message or "`" in w.message
        assert 0 <= w.start <= max(len(case["betza"]), 0)
        assert w.end >= w.start


@pytest.mark.parametrize("case", DIVERGENT, ids=[c["id"] for c in DIVERGENT])
def test_every_fairy_stockfish_divergence_gets_a_warning(case):
    assert fsf_warnings(case["betza"], case["dialect"]), case["note"]


def test_modifier_order_warning_names_the_ignored_letter_and_the_fix():
    (w,) = xboard_warnings("mfW")
    assert "`f`" in w.message and "fmW" in w.message
    assert (w.start, w.end) == (1, 2)
    assert w.fixed_text == "fmW"


def test_nightrider_written_doubled_is_fixed_to_n0():
    (w,) = xboard_warnings("NN")
    assert w.fix == "N0" and w.fixed_text == "N0"


def test_clean_xboard_strings_get_no_warnings():
    for text in ["fmWfceFifmnD", "mRcpR", "KNADcaKmcabK", "fcafmF", "N0", "gQ", "BN", "mafsW"]:
        assert xboard_warnings(text) == [], text


@pytest.mark.parametrize("text,expected", [
    ("mfW", "fmW"), ("NN", "N0"), ("J", "Z"), ("L", "C"), ("W03", "afafW"), ("nH", "afafW"),
    ("hrW", "rW"), ("vvN", "vN"), ("cfF", "fcF"),
])
def test_to_xboard_rewrites_into_what_xboard_reads_as_documented(text, expected):
    assert to_xboard(text) == expected


def test_to_xboard_output_reads_back_to_the_same_moves_where_nothing_needed_rewriting():
    for text in ["fmWfceFifmnD", "KNADcaKmcabK", "mRcpR"]:
        assert parse(to_xboard(text)) == parse(text)


@pytest.mark.parametrize("text,expected", [
    ("fK", "fW"), ("bK", "bW"), ("fQ", "fR"), ("sK", "sW"), ("fsQ", "frflB"), ("hN", "N"),
    ("pW", ""), ("pR1", ""), ("NN", "N0"), ("mfWcfF", "fmWfcF"), ("fmWfcFifmnD", "fmWfcFifmnD"),
])
def test_to_fsf_rewrites_what_fairy_stockfish_reads_differently(text, expected):
    from designer.notation.compat import to_fsf
    assert to_fsf(text) == expected


@pytest.mark.parametrize("text", ["KNADcaKmcabK", "jR", "dN", "W03", "O2", "nH", "iW"])
def test_to_fsf_refuses_what_fairy_stockfish_cannot_play(text):
    from designer.notation import NotationError
    from designer.notation.compat import to_fsf
    with pytest.raises(NotationError):
        to_fsf(text)
