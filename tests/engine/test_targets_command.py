"""The targets command keeps going on bad lines and answers each with a positioned error."""

import json
import subprocess
import sys

import pytest


def run(lines: list[str]) -> list[dict]:
    res = subprocess.run([sys.executable, "-m", "designer.cli", "targets"],
                         input="".join(l + "\n" for l in lines), capture_output=True, text=True,
                         timeout=60)
    assert res.returncode == 0, res.stderr
    return [json.loads(l) for l in res.stdout.splitlines()]


def test_bad_lines_get_errors_and_the_next_line_is_answered():
    out = run([
        "this is not json",
        json.dumps({"betza": "K"}),
        json.dumps({"betza": "mfX", "square": "d4"}),
        json.dumps({"betza": "K", "square": "z9"}),
        json.dumps({"betza": "K", "square": "a1", "files": 0}),
        json.dumps({"betza": "W", "square": "a1"}),
    ])
    assert len(out) == 6
    assert "error" in out[0] and "JSON" in out[0]["error"]
    assert "square" in out[1]["error"]
    assert out[2]["column"] == 2 and "X" in out[2]["error"]
    assert "z9" in out[3]["error"]
    assert "error" in out[4]
    assert out[5] == {"moves": ["a2", "b1"], "captures": []}


def test_null_move_lists_the_origin_and_warnings_explain_xboard():
    out = run([json.dumps({"betza": "mfW", "square": "d4"}),
               json.dumps({"betza": "mabK", "square": "d4"})])
    assert out[0]["moves"] == ["d5"]
    assert any("fmW" in w for w in out[0]["warnings"])
    assert "d4" in out[1]["moves"]


def test_details_give_paths_of_locust_captures():
    line = json.dumps({"betza": "fcafmF", "square": "d4", "foes": ["e5"]})
    res = subprocess.run([sys.executable, "-m", "designer.cli", "targets", "--details"],
                         input=line + "\n", capture_output=True, text=True, timeout=60)
    got = json.loads(res.stdout)
    assert got["captures"] == ["f6"]
    d = [x for x in got["details"] if x["to"] == "f6"][0]
    assert d["path"] == ["d4", "e5", "f6"] and d["removed"] == ["e5"] and d["kind"] == "locust"


def test_pathological_definition_is_refused_naming_the_expensive_group():
    """Forty-one King steps in a row branch beyond any budget: the answer is a positioned
    "too complex" error for that move group, and the next query is still answered."""
    betza = "a" * 40 + "K"
    out = run([json.dumps({"betza": betza, "square": "h8", "files": 16, "ranks": 16}),
               json.dumps({"betza": "K", "square": "h8", "files": 16, "ranks": 16})])
    assert "columns 1-41" in out[0]["error"] and out[0]["column"] == 0
    assert out[1]["moves"] == ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"]


@pytest.mark.parametrize("field,value", [("side", "purple"), ("side", "White"), ("side", 1),
                                         ("dialect", "betza3"), ("dialect", None)])
def test_a_side_or_dialect_outside_the_vocabulary_is_answered_with_an_error_naming_it(field,
                                                                                     value):
    from designer.commands.targets import answer_line
    out = answer_line(json.dumps({"betza": "fW", "square": "b2", field: value}))
    assert set(out) == {"error"} and f"`{field}`" in out["error"]


def test_the_side_and_dialect_of_a_request_are_used():
    """fW goes one square forward: up for White, down for Black (seed 004 'f')."""
    from designer.commands.targets import answer_line
    white = answer_line(json.dumps({"betza": "fW", "square": "b2", "dialect": "betza2"}))
    black = answer_line(json.dumps({"betza": "fW", "square": "b2", "side": "black",
                                    "dialect": "betza2"}))
    assert (white["moves"], black["moves"]) == (["b3"], ["b1"])
