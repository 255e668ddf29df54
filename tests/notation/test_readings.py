"""Notes on the readings the seeds leave open: each construct of docs/design.md ("Readings")
gets a note at its columns when a definition uses it, and definitions without one get none."""

import json
import subprocess
import sys

import pytest

from designer.commands.targets import answer_line
from designer.notation import reading_notes
from designer.notation.readings import PROGRAM

B2, XB = "betza2", "xbetza"


def notes(text, dialect):
    return [(n.start, n.end, n.message) for n in reading_notes(text, dialect)]


def has(text, dialect, words, span=None):
    found = [n for n in notes(text, dialect) if words in n[2]]
    assert found, (text, notes(text, dialect))
    if span is not None:
        assert any((s, e) == span for s, e, _ in found), found
    return found


@pytest.mark.parametrize("text, dialect, words, span", [
    ("N-rW", B2, "after an oblique first step", (0, 4)),
    ("fscW-rmW", B2, "mirror image", (0, 8)),
    ("fscW-rmW", B2, "as they choose knight moves", (0, 2)),
    ("(F-lF)r0", B2, "Crooked Bishop", (0, 8)),
    ("Nrf0", B2, "Rose", (0, 4)),
    ("Nrf0", B2, "meets itself", (0, 4)),
    ("qN", XB, "meets itself", (0, 2)),
    ("nC", XB, "half-way", (0, 2)),
    ("nC", B2, "every shortest path", (0, 2)),
    ("ifeafmW", XB, "`e` on a leg before the last", (0, 7)),
    ("mafeW", XB, "`e` on the last leg", (2, 5)),
    ("pafK", XB, "nAnD", (0, 4)),
    ("cB-dO", B2, "kamikaze", (3, 5)),
    ("fdK", B2, "d on the last leg", (0, 3)),
    ("tK", B2, "t on the last leg", (0, 2)),
    ("uK", B2, "u on the last leg", (0, 2)),
    ("W-sW", B2, "illegal on a continuation", (2, 3)),
    ("isO2", XB, "foe in the corner", (0, 4)),
    ("Arc03", B2, "every stop before the last", (1, 5)),
    ("x(W-F)", B2, "apply to its first step", (0, 6)),
])
def test_each_open_reading_is_noted_where_it_is_written(text, dialect, words, span):
    (found, *_) = has(text, dialect, words, span)
    assert found[2]   # a sentence, not a code


@pytest.mark.parametrize("text, dialect", [
    ("KNADcaKmcabK", XB), ("mRcpR", XB), ("fmWfceFifmnD", XB), ("W-F", B2), ("mR(pR-cR)", B2),
    ("(W-F)0", B2), ("nN", XB), ("K", B2), ("mamaK", XB), ("B-xacdK-uK", B2),
    ("mQcQ-xdO-acdK", B2), ("Rc0", B2), ("W3", B2), ("isO2", B2), ("", XB), ("((", B2),
])
def test_definitions_that_rely_on_no_open_reading_get_no_note(text, dialect):
    assert notes(text, dialect) == []


def test_notes_speak_for_this_program_not_for_xboard():
    """The XBoard differences are another linter's: a note here never claims to say what
    XBoard does (the quirk checker counts warnings naming XBoard)."""
    for text, dialect in [("N-rW", B2), ("pafK", XB), ("qN", XB), ("isO2", XB), ("mafeW", XB)]:
        for n in reading_notes(text, dialect):
            assert n.program == PROGRAM and "XBoard" not in n.message


def test_targets_answers_carry_the_notes_in_their_warnings():
    answer = answer_line(json.dumps({"betza": "N-rW", "dialect": "betza2", "square": "d4"}))
    assert any(w.startswith(f"{PROGRAM}: after an oblique first step")
               for w in answer["warnings"])
    quiet = answer_line(json.dumps({"betza": "N-rW", "dialect": "betza2", "square": "d4"}),
                        warnings=False)
    assert "warnings" not in quiet


def test_describe_prints_the_notes():
    out = subprocess.run([sys.executable, "-m", "designer.cli", "describe", "pafK"],
                         capture_output=True, text=True)
    assert out.returncode == 0
    assert f"warning ({PROGRAM}): column 1: seed 004 calls pafK the same as nAnD" in out.stdout
