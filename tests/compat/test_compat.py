"""The engine-capability linter: every XBoard quirk string gets a warning that says how XBoard
reads it; every Fairy-Stockfish divergence gets a per-piece warning."""

import json

import pytest

from repo_data import VECTORS
from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.formats.fsf_reading import fsf_warnings
from designer.notation.xboard import to_xboard, xboard_warnings
from designer.notation import NotationError, parse

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


def _squares(case, betza):
    try:
        parse(betza)
    except NotationError as err:
        return {"error": str(err)}
    q = Query(betza=betza, dialect="xbetza", files=case["files"], ranks=case["ranks"],
              square=case["square"], friends=tuple(case["friends"]), foes=tuple(case["foes"]),
              side=case["side"], virgin=case["virgin"], royal=case.get("royal", False))
    moves, captures = split_targets(answer(q.question()))
    return {"moves": moves, "captures": captures}


@pytest.mark.parametrize("case", QUIRKS, ids=[c["id"] for c in QUIRKS])
def test_quirk_warnings_show_what_xboard_plays(case):
    """XBoard's own answer on each quirk string (``xboard_reads``): where ours differs a warning
    names XBoard, and the definition it gives as XBoard's reading reaches XBoard's squares."""
    warnings = xboard_warnings(case["betza"], case["dialect"])
    if _squares(case, case["betza"]) != case["xboard_reads"]:
        assert any("XBoard" in w.message for w in warnings), case["note"]
    for reads_as in {w.reads_as for w in warnings} - {None}:
        assert _squares(case, reads_as) == case["xboard_reads"], (case["betza"], reads_as)


def test_most_quirks_come_with_xboards_reading_in_our_notation():
    given = [c["id"] for c in QUIRKS
             if any(w.reads_as is not None for w in xboard_warnings(c["betza"], c["dialect"]))]
    # not: castling of a non-royal piece (XBoard makes it a two-leg capture) and the empty text
    assert len(given) >= len(QUIRKS) - 2, sorted({c["id"] for c in QUIRKS} - set(given))


@pytest.mark.parametrize("text,xboard_plays", [
    ("mfW", "mW"),        # seed 004: modifiers out of order are ignored
    ("nK", ""),           # n on a one-square atom: XBoard skips every square
    ("hN", "hlN"),        # a leading h on an oblique atom is XBoard's chiral set
    ("tafsF", "afsF"),    # t alone on a non-final leg gets the default m
    ("J", "C"), ("L", "Z"), ("NN", "N"),
])
def test_reads_as_is_xboards_reading_in_our_notation(text, xboard_plays):
    (reads_as,) = {w.reads_as for w in xboard_warnings(text)}
    assert parse(reads_as) == parse(xboard_plays)


def test_no_xboard_reading_is_claimed_where_our_notation_cannot_say_it():
    # XBoard moves the later legs of an oblique atom as D/A steps in a frame of its own
    assert {w.reads_as for w in xboard_warnings("afN")} == {None}


@pytest.mark.parametrize("text", ["afN", "cabN", "maC3"])
def test_to_xboard_refuses_later_legs_of_oblique_atoms(text):
    with pytest.raises(NotationError, match="oblique"):
        to_xboard(text)


def test_to_xboard_splits_a_leg_that_captures_and_hops_with_g():
    """XBoard changes the range after every square a g leg goes on from (moves.c applies
    ``upgrade`` to the next legs' atom as it reads them); seed 004 documents it for hops only.
    The rewrite keeps the capture and the hop in move groups of their own."""
    out = to_xboard("cgabrR")
    legs = [group.split("a")[0] for group in out.replace("R", "R|").split("|") if group]
    assert legs and all(not ("c" in leg and "g" in leg) for leg in legs), out


def test_to_xboard_leaves_out_a_group_that_has_no_moves_for_us():
    # t alone goes on nowhere in our reading: telling XBoard tafsF would give it moves
    assert to_xboard("tafsFK") == "K"


def test_targets_answers_carry_the_new_warnings():
    from designer.commands.targets import answer_line
    out = answer_line(json.dumps({"betza": "nK", "square": "d4"}))
    assert out["moves"] and any("XBoard" in w and "`n`" in w for w in out["warnings"])


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
    from designer.formats.fsf_reading import to_fsf
    assert to_fsf(text) == expected


@pytest.mark.parametrize("text", ["KNADcaKmcabK", "jR", "dN", "W03", "O2", "nH", "iW"])
def test_to_fsf_refuses_what_fairy_stockfish_cannot_play(text):
    from designer.notation import NotationError
    from designer.formats.fsf_reading import to_fsf
    with pytest.raises(NotationError):
        to_fsf(text)
