"""Every public vector (computed by XBoard's and Fairy-Stockfish's own generators) must agree,
through the Python API and through the `variant-designer targets` command."""

import json
import subprocess
import sys

import pytest

from repo_data import VECTORS
from designer.engine.api import Query, split_targets
from designer.engine.question import answer

FILES = ["xboard-public.jsonl", "betza2-public.jsonl", "fsf-public.jsonl"]
FIELDS = ("betza", "dialect", "files", "ranks", "square", "friends", "foes", "side", "virgin",
          "ep", "holes", "royal_foes", "moved", "royal", "types")


def load_cases():
    cases = []
    for name in FILES:
        for line in (VECTORS / name).read_text().splitlines():
            if line.strip():
                case = json.loads(line)
                if "expect" in case:
                    cases.append(case)
    return cases


CASES = load_cases()


def to_query(case) -> Query:
    kw = {}
    for k in FIELDS:
        if k not in case:
            continue
        v = case[k]
        if k == "types":
            v = tuple(sorted(v.items()))
        elif isinstance(v, list):
            v = tuple(v)
        kw[k] = v
    return Query(**kw)


def test_the_vector_files_are_there_and_substantial():
    assert len(CASES) >= 250


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_vector_through_python_api(case):
    moves, captures = split_targets(answer(to_query(case).question()))
    want = case["expect"]
    assert set(moves) == set(want.get("moves", [])), case.get("note")
    assert set(captures) == set(want.get("captures", [])), case.get("note")


def test_all_vectors_through_the_targets_command():
    payload = "".join(json.dumps({k: c[k] for k in FIELDS if k in c}) + "\n" for c in CASES)
    res = subprocess.run([sys.executable, "-m", "designer.cli", "targets"], input=payload,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == len(CASES)
    bad = []
    for case, line in zip(CASES, lines):
        got = json.loads(line)
        want = case["expect"]
        if "error" in got or set(got["moves"]) != set(want.get("moves", [])) or \
                set(got["captures"]) != set(want.get("captures", [])):
            bad.append((case["id"], got))
    assert not bad, bad[:5]
