"""The build backend: setuptools', deciding per kind of build whether it compiles.

- a wheel (``pip install .``, ``python -m build``) compiles the rules engine and the opponent
  with mypyc, unless ``VARIANT_DESIGNER_PURE=1`` (then it is the pure ``py3-none-any`` wheel);
- a development install (``pip install -e .``) stays pure, unless ``VARIANT_DESIGNER_COMPILE=1``;
- a source archive and a wheel's metadata never compile.

mypy (whose mypyc compiles) is added to the build's requirements only when it compiles, so the
pure installs fetch nothing more.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (every hook not redefined here)

from designer_build import COMPILER, compiling, flag


@contextmanager
def _pure(pure: bool = True) -> Iterator[None]:
    """Run a setuptools hook with ``VARIANT_DESIGNER_PURE`` set (or as it was)."""
    old = os.environ.get("VARIANT_DESIGNER_PURE")
    if pure:
        os.environ["VARIANT_DESIGNER_PURE"] = "1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("VARIANT_DESIGNER_PURE", None)
        else:
            os.environ["VARIANT_DESIGNER_PURE"] = old


def _editable_pure() -> bool:
    return not flag("VARIANT_DESIGNER_COMPILE") or flag("VARIANT_DESIGNER_PURE")


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    with _pure():
        base = _setuptools.get_requires_for_build_wheel(config_settings)
    return base + ([COMPILER] if compiling() else [])


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Any = None) -> str:
    with _pure():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    with _pure():
        base = _setuptools.get_requires_for_build_editable(config_settings)
    return base + ([] if _editable_pure() else [COMPILER])


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: Any = None) -> str:
    with _pure():
        return _setuptools.prepare_metadata_for_build_editable(metadata_directory,
                                                               config_settings)


def build_editable(wheel_directory: str, config_settings: Any = None,
                   metadata_directory: str | None = None) -> str:
    with _pure(_editable_pure()):
        return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_sdist(config_settings: Any = None) -> list[str]:
    with _pure():
        return _setuptools.get_requires_for_build_sdist(config_settings)


def build_sdist(sdist_directory: str, config_settings: Any = None) -> str:
    with _pure():
        return _setuptools.build_sdist(sdist_directory, config_settings)
