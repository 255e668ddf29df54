"""Package faces that load their modules on first use.

A package whose public names come from heavy modules (the rules of play behind a replay, the
balance estimates) lists them here instead of importing them, so that importing one light
submodule (``designer.play.line`` for the document's game) does not load the whole package:
the window starts without the machinery it uses only later. Type checkers see the names
through ``TYPE_CHECKING`` imports in the package; at run time the first access imports the
module and keeps the name in the package.

A name equal to one of the package's submodules must stay eager: importing that submodule
would set the attribute and shadow the lazy one (Python sets a package's attribute for every
submodule it imports).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package`` that imports ``exports[name]`` (a submodule,
    relative to the package, e.g. ``".replay"``) when ``name`` is first asked for."""

    def __getattr__(name: str) -> object:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        setattr(sys.modules[package], name, value)   # the next access is a plain lookup
        return value

    return __getattr__


__all__ = ["lazy_exports"]
