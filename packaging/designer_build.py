"""What the compiled build compiles, whether a build compiles, and the record of the sources it
compiled (``designer/_native.json``, read by ``designer.native``). Used by ``setup.py`` and by the
build backend (``build_backend.py``); imports nothing of the package itself.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

#: the packages compiled: the rules engine and the built-in opponent. The walker
#: (``designer/engine``: walker, state, vectors, lame) is left interpreted: compiled too, it
#: made Chu Shogi's search about 14 % faster and its perft about 6 %, and nothing else, for the
#: window's and the ``targets`` command's move engine running compiled untested
PACKAGES = ("designer/game", "designer/opponent")

#: modules of those packages that stay interpreted, and why
INTERPRETED = {
    # values sent to worker processes: compiled dataclasses do not unpickle
    "designer/game/outcome.py": "Outcome is pickled to and from match workers",
    "designer/opponent/settings.py": "Limits and Settings are pickled to match workers",
    "designer/opponent/thought.py": "Thought is pickled from match workers",
    # a subclass of a builtin exception (not a native class)
    "designer/opponent/opponent.py": "Busy subclasses RuntimeError",
}

#: what a compiled build needs to build (added to the build requirements only when compiling)
COMPILER = "mypy>=1.11"


def flag(name: str) -> bool:
    """Whether an environment switch is on (set and not ``0``/empty)."""
    return os.environ.get(name, "") not in ("", "0")


def compiling() -> bool:
    """Whether this build compiles: unless ``VARIANT_DESIGNER_PURE`` is set."""
    return not flag("VARIANT_DESIGNER_PURE")


def compiled_modules(root: Path) -> list[Path]:
    """The modules compiled (never a package's ``__init__.py``), sorted."""
    out = []
    for package in PACKAGES:
        for path in sorted((root / package).glob("*.py")):
            rel = path.relative_to(root).as_posix()
            if path.name != "__init__.py" and rel not in INTERPRETED:
                out.append(path)
    return out


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_record(root: Path, target: Path) -> None:
    """Write the compiled modules' source hashes (module name -> sha256 of its .py)."""
    modules = {p.relative_to(root).with_suffix("").as_posix().replace("/", "."): source_hash(p)
               for p in compiled_modules(root)}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n")
