"""XBoard's command line as the README gives it: a positional file name takes the rest of the
line (args.h ParseArgs reads spaces into it), so it must come last; `@Name.ini` may stand
anywhere. The record of the real XBoard opening every sample these ways has no popup."""

import json
import re

import pytest

from designer.formats import pgn_tags
from designer.formats.parents import parent_problems
from designer.formats.xboard_ini import load

from format_samples import ROOT, SAMPLES

DOCS = [ROOT / "README.md", ROOT / "docs" / "files.md"]
RECORD = json.loads((ROOT / "tests" / "data" / "xboard" / "open-samples.json").read_text())


def xboard_commands(text):
    """Every `xboard …` command in the text (code lines and inline code)."""
    found = re.findall(r"`(xboard [^`]+)`", text)
    found += [l.strip().split("#")[0].strip() for l in text.splitlines()
              if l.strip().startswith("xboard ")]
    return [c for c in found if c]


def file_name_is_last(command):
    words = command.split()
    positional = [k for k, w in enumerate(words) if re.search(r"\.(ini|pgn|xop)$", w)
                  and not w.startswith("@") and not words[k - 1].startswith("-")]
    return all(k == len(words) - 1 for k in positional)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_documented_commands_put_the_file_name_last(doc):
    commands = xboard_commands(doc.read_text())
    assert any("-ncp" in c and c.endswith(".ini") for c in commands)
    assert any(c.split()[1].startswith("@") for c in commands)
    for c in commands:
        assert file_name_is_last(c), c


def test_commands_the_program_prints_put_the_file_name_last():
    assert file_name_is_last(pgn_tags.companion_command("dir/Game.pgn"))
    assert pgn_tags.companion_command("dir/Game.pgn") == "xboard -ncp @Game.pgn.ini Game.pgn"
    v = load(next(p for p in SAMPLES if p.stem == "ultima"))
    (note,) = parent_problems(v)
    assert "xboard -ncp Name.ini, the file name last" in note.message


def test_the_real_xboard_opened_every_sample_without_a_popup():
    runs = RECORD["runs"]
    assert {k.split()[0] for k in runs} == {p.name for p in SAMPLES}
    for key, run in runs.items():
        if key.endswith(("ncp-last", "at-first")):
            assert run["popups"] == [], key
