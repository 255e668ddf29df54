"""The xboard-fsf launcher checks the Fairy-Stockfish it will start: the export is written for
14.0.1 or later (custom pieces April 2021, custom royal pieces November 2021), and a board
beyond 8x8 needs the large-board build."""

import os
import shutil

import pytest

from designer.formats import fsf_engine
from designer.formats.registry import problems_for
from designer.formats.fsf_reading import FSF_MIN_VERSION
from designer.variant.model import PieceType, Variant

SMALL = Variant("Small", pieces=(PieceType("K", notation="K", royal=True),))
WIDE = Variant("Wide", 10, 8, (PieceType("K", notation="K", royal=True),))


def fake_engine(tmp_path, banner):
    path = tmp_path / "fairy-stockfish"
    path.write_text(f"#!/bin/sh\necho '{banner}'\ncat > /dev/null\n")
    path.chmod(0o755)
    return str(path)


def test_the_minimum_version_is_the_first_with_custom_royal_pieces():
    assert FSF_MIN_VERSION == "14.0.1"


@pytest.mark.parametrize("banner,ok,large", [
    ("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter", False, True),      # Debian's package
    ("Fairy-Stockfish 14.0.1 LB by Fabian Fichter", True, True),
    ("Fairy-Stockfish 13.1 by Fabian Fichter", False, False),
    ("Fairy-Stockfish 231023 LB 64 by Fabian Fichter", True, True),    # development build
    ("Fairy-Stockfish 010321 LB by Fabian Fichter", False, True),      # before custom kings
    ("Stockfish 16 by the Stockfish developers", None, False),
])
def test_version_is_read_from_the_banner(banner, ok, large):
    assert fsf_engine.version_ok(banner) == (ok, large)


def test_an_old_engine_is_an_error_before_the_launcher_is_written(tmp_path):
    path = fake_engine(tmp_path, "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter")
    (p,) = fsf_engine.version_problems(SMALL, path)
    assert p.severity == "error" and "11.1" in p.message and FSF_MIN_VERSION in p.message


def test_a_small_build_cannot_play_a_large_board(tmp_path):
    path = fake_engine(tmp_path, "Fairy-Stockfish 14.0.1 by Fabian Fichter")
    assert fsf_engine.version_problems(SMALL, path) == []
    (p,) = fsf_engine.version_problems(WIDE, path)
    assert "large-board" in p.message


def test_a_missing_engine_is_said_and_nothing_is_run(tmp_path):
    (p,) = fsf_engine.version_problems(SMALL, str(tmp_path / "no-such-engine"))
    assert p.severity == "warning" and "not on PATH" in p.message


def test_an_engine_that_never_answers_is_given_up_on(tmp_path, monkeypatch):
    monkeypatch.setattr(fsf_engine, "TIMEOUT", 0.3)
    path = tmp_path / "silent"
    path.write_text("#!/bin/sh\nexec sleep 30\n")
    path.chmod(0o755)
    (p,) = fsf_engine.version_problems(SMALL, str(path))
    assert "did not say its version" in p.message


@pytest.mark.skipif(not shutil.which("fairy-stockfish", path=os.environ.get("PATH", "") +
                                     ":/usr/games"), reason="no fairy-stockfish installed")
def test_the_installed_engine_is_checked_when_exporting_a_launcher():
    found = [p for p in problems_for(SMALL, "xboard-fsf") if p.field == "engine"]
    banner = fsf_engine.banner(fsf_engine.find_engine("fairy-stockfish"))
    ok, _ = fsf_engine.version_ok(banner or "")
    assert bool(found) == (ok is not True)
