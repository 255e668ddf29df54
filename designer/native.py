"""Which build runs, pure Python or compiled, and the check that keeps a compiled module from
running in place of a newer source.

The compiled build (``setup.py``, mypyc) puts an extension module beside some ``.py`` files of
the rules engine and the opponent (``designer/game``, ``designer/opponent``), one shared library
``designer/_native__mypyc...``, and ``designer/_native.json``: the sha256 of each compiled
module's source when it was compiled. Python prefers an extension module to the ``.py`` beside
it, so an edited source would silently lose to its old compiled form; therefore, when the
package is imported (``designer/__init__.py``):

- ``VARIANT_DESIGNER_PURE=1`` in the environment: the sources run, compiled modules or not;
- compiled modules present and the record names exactly them with the hashes of the sources
  beside them: the compiled build runs;
- anything else (a source edited since the build, no record, a module compiled but not
  recorded or recorded but missing): the sources run, with a ``StaleBuildWarning`` saying
  which module and how to rebuild. A mix of compiled and pure modules of one build never runs.

"The sources run" means every ``designer`` module is imported from its ``.py`` (a finder put
first on ``sys.meta_path``), so nothing compiled is loaded at all. A module whose source is
absent (a frozen app ships none) cannot be stale and is not compared.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Literal, Mapping, Sequence

#: the switch that makes the sources run (and a build install without compiling)
PURE_SWITCH = "VARIANT_DESIGNER_PURE"
#: the record of a compiled build, in the package's folder
RECORD = "_native.json"
#: how to rebuild, said when a build is refused
REBUILD = ("rebuild it (python setup.py build_ext --inplace, or reinstall) or delete the "
           "compiled files (git clean -fX designer)")


class StaleBuildWarning(RuntimeWarning):
    """Compiled modules were found but not used (the reason says why)."""


@dataclass(frozen=True, slots=True)
class Build:
    """``kind`` is what runs; ``source`` the compiled build's source hash (12 hex digits,
    '' for pure); ``reason`` why compiled modules present were not used ('' otherwise)."""

    kind: Literal["pure", "compiled"]
    source: str = ""
    reason: str = ""

    def describe(self) -> str:
        """One line for ``--version`` and the About box."""
        if self.kind == "compiled":
            return f"compiled (mypyc), built from sources {self.source}"
        if self.reason:
            return f"pure Python (compiled modules not used: {self.reason})"
        return "pure Python"


def _extension_files(package_dir: Path) -> dict[str, Path]:
    """Extension modules in the package's folder and its sub-packages' folders (one level:
    where a build puts them), by module name relative to the package (``game.movegen``)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found: dict[str, Path] = {}
    folders = [package_dir] + [d for d in package_dir.iterdir() if d.is_dir()]
    for folder in folders:
        for entry in os.scandir(folder):
            if entry.name.endswith(suffixes):
                stem = entry.name.split(".", 1)[0]
                prefix = "" if folder == package_dir else folder.name + "."
                found[prefix + stem] = Path(entry.path)
    return found


def choose(package_dir: Path, package: str, environ: Mapping[str, str]) -> Build:
    """Decide which build runs for the package in ``package_dir`` (see the module's docstring);
    nothing is installed here."""
    if not package_dir.is_dir():     # a package inside an archive has no compiled modules
        return Build("pure")
    extensions = {name: path for name, path in _extension_files(package_dir).items()
                  if not name.startswith("_native")}
    if not extensions:
        return Build("pure")
    if environ.get(PURE_SWITCH, "") not in ("", "0"):
        return Build("pure", reason=f"{PURE_SWITCH} is set")
    record_path = package_dir / RECORD
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
        recorded: dict[str, str] = dict(record["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return Build("pure", reason=f"no readable record of the build ({package}/{RECORD}); "
                                    + REBUILD)
    names = {f"{package}.{name}" for name in extensions}
    for name in sorted(names - set(recorded)):
        return Build("pure", reason=f"{name} is compiled but not in the build's record; "
                                    + REBUILD)
    for name in sorted(set(recorded) - names):
        return Build("pure", reason=f"{name} is in the build's record but not compiled; "
                                    + REBUILD)
    for name in sorted(recorded):
        source = package_dir.joinpath(*name.split(".")[1:]).with_suffix(".py")
        if source.is_file() and _sha256(source) != recorded[name]:
            rel = source.relative_to(package_dir.parent).as_posix()
            return Build("pure", reason=f"{rel} changed since it was compiled; " + REBUILD)
    return Build("compiled", source=source_hash(recorded))


def source_hash(recorded: Mapping[str, str]) -> str:
    """One hash for a build's sources: of the modules' names and hashes, 12 hex digits."""
    text = "".join(f"{name} {digest}\n" for name, digest in sorted(recorded.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports every module of ``package`` from its ``.py`` where one exists (packages and
    modules without a source are left to the usual finders)."""

    def __init__(self, package: str):
        self.prefix = package + "."

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.prefix) or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install(build: Build, package: str) -> None:
    """Make ``build`` the one that runs: for pure with compiled modules present, put the
    sources first (and warn when they were refused rather than switched off)."""
    if build.kind == "pure" and build.reason:
        if not any(isinstance(f, SourcesFirst) and f.prefix == package + "."
                   for f in sys.meta_path):
            sys.meta_path.insert(0, SourcesFirst(package))
        if not build.reason.startswith(PURE_SWITCH):
            warnings.warn(f"Variant Designer runs pure Python: {build.reason}",
                          StaleBuildWarning, stacklevel=3)


#: the build of this process
BUILD = choose(Path(__file__).resolve().parent, __name__.rpartition(".")[0], os.environ)
install(BUILD, __name__.rpartition(".")[0])

__all__ = ["Build", "BUILD", "PURE_SWITCH", "StaleBuildWarning", "SourcesFirst", "choose",
           "install", "source_hash"]
