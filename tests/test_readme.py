"""The README's first commands, in the order a new user runs them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", README, re.S)


def test_the_system_libraries_come_before_the_command_that_needs_them() -> None:
    blocks = _blocks()
    libraries = next(i for i, b in enumerate(blocks) if "apt-get install" in b)
    window = next(i for i, b in enumerate(blocks) if "variant-designer" in b)
    assert libraries < window


def test_the_test_command_is_what_ci_runs() -> None:
    # .ci/run runs the README's command as it stands, then the compiled build's pass
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert any(b.strip() == line for b in _blocks()[:3] for line in ci)


def test_debians_xboard_path_is_named() -> None:
    assert "/usr/games/xboard" in README


def test_the_tour_is_reachable_from_help() -> None:
    assert "*Help > Getting started*" in README
