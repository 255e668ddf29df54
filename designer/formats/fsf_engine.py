"""Which Fairy-Stockfish the ``xboard-fsf`` launcher will start, and whether it can play the
exported section: checked, when the program can be found, before the launcher is written.

The export is written for Fairy-Stockfish 14.0.1 (``FSF_MIN_VERSION``): custom pieces
(``customPieceN``) came in April 2021 and custom royal pieces (``king = k:betza``) in November
2021; Debian's 11.1 has neither: it skips what it does not know (custom pieces, double-step
regions) and plays another game, or crashes on letters it has no piece for (taking XBoard down
with it). The banner the engine prints on start says its version (``src/misc.cpp: engine_info``):
``Fairy-Stockfish 14.0.1 LB`` for a release, ``Fairy-Stockfish DDMMYY LB`` for a build of the
development sources; ``LB`` marks the large-board build, needed beyond 8x8.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
from functools import lru_cache

from .fsf_reading import FSF_MIN_VERSION
from ..variant.model import ModelProblem, Variant
from ..vocabulary import WARNING

MIN_RELEASE = tuple(int(x) for x in FSF_MIN_VERSION.split("."))
MIN_BUILD_DATE = datetime.date(2021, 11, 6)     # "Simplify configuration of custom royal pieces"
TIMEOUT = 3.0
_BANNER = re.compile(r"Fairy-Stockfish\s+(\S+)(.*)")


def find_engine(command: str) -> str | None:
    """The program a launcher's engine command starts (its first word), found as XBoard would
    find it on PATH (Debian puts engines in /usr/games)."""
    words = command.split()
    if not words:
        return None
    return shutil.which(words[0]) or shutil.which(words[0], path="/usr/games")


@lru_cache(maxsize=16)
def _banner(path: str, mtime: float) -> str | None:
    del mtime                                     # part of the cache key only
    try:
        done = subprocess.run([path], input="quit\n", capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    for line in done.stdout.splitlines()[:5]:
        if "Fairy-Stockfish" in line:
            return line.strip()
    return None


def banner(path: str) -> str | None:
    """The engine's first line naming Fairy-Stockfish, or None (not it, or it did not answer
    within ``TIMEOUT`` seconds)."""
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return None
    return _banner(path, mtime)


def version_ok(text: str) -> tuple[bool | None, bool]:
    """(new enough, large boards) from a banner; new enough is None when it cannot be told."""
    m = _BANNER.search(text)
    if not m:
        return None, False
    version, rest = m[1], m[2]
    large = " LB" in " " + rest
    if re.fullmatch(r"\d+(\.\d+)+", version):
        return tuple(int(x) for x in version.split(".")) >= MIN_RELEASE, large
    if re.fullmatch(r"\d{6}", version):
        day, month, year = int(version[:2]), int(version[2:4]), 2000 + int(version[4:])
        try:
            return datetime.date(year, month, day) >= MIN_BUILD_DATE, large
        except ValueError:
            return None, large
    return None, large


def version_problems(v: Variant, command: str = "fairy-stockfish") -> list[ModelProblem]:
    """What to tell about the engine the launcher starts: too old, no large boards, or not
    found (then nothing can be checked)."""
    path = find_engine(command)
    if path is None:
        return [ModelProblem("", "engine", f"{command.split()[0] if command.split() else command}"
                             f" is not on PATH: the launcher needs Fairy-Stockfish "
                             f"{FSF_MIN_VERSION} or later", severity=WARNING)]
    text = banner(path)
    if text is None:
        return [ModelProblem("", "engine", f"{path} did not say its version: the launcher "
                             f"needs Fairy-Stockfish {FSF_MIN_VERSION} or later",
                             severity=WARNING)]
    ok, large = version_ok(text)
    out = []
    if ok is False:
        out.append(ModelProblem("", "engine", f"{path} is {text.split(' by ')[0]}: the export "
                                f"needs Fairy-Stockfish {FSF_MIN_VERSION} or later (older "
                                "versions skip custom pieces and other keys they do not know "
                                "and play another game, or crash and take XBoard with them)"))
    elif ok is None:
        out.append(ModelProblem("", "engine", f"{path} says {text!r}: its version cannot be "
                                f"told; the export needs Fairy-Stockfish {FSF_MIN_VERSION} or "
                                "later", severity=WARNING))
    if (v.files > 8 or v.ranks > 8) and not large:
        out.append(ModelProblem("", "engine", f"{path} is not the large-board build (no LB in "
                                f"its banner): it drops a {v.files}x{v.ranks} variant"))
    return out


__all__ = ["banner", "find_engine", "version_ok", "version_problems", "MIN_RELEASE"]
