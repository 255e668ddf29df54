"""Where the application finds the files it ships beside its code: the sample variants
(``variants/``) and the pictures and icons (``resources/``).

A source checkout or an editable install keeps them next to the package; the PyInstaller bundle
puts them at its root; a wheel installs them under ``<prefix>/share/variant-designer/`` (the
``data-files`` of ``pyproject.toml``). The first place that has the folder wins.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent     # the checkout, or the bundle's root


def _candidates() -> list[Path]:
    places = [_HERE]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        places.append(Path(bundle))
    for prefix in (sys.prefix, sys.base_prefix):
        places.append(Path(prefix) / "share" / "variant-designer")
    return places


def shipped(name: str) -> Path:
    """The folder ``name`` (``"variants"`` or ``"resources"``) the application ships; the
    checkout's place when none is found (callers then see an empty or missing folder)."""
    for place in _candidates():
        folder = place / name
        if folder.is_dir():
            return folder
    return _HERE / name


def samples_dir() -> Path:
    """The sample variants (XBoard options files)."""
    return shipped("variants")


def resources_dir() -> Path:
    """Pictures of the pieces and the application's icons."""
    return shipped("resources")
