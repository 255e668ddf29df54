"""The optional compiled build: the rules engine (``designer/game``) and the built-in opponent's
search (``designer/opponent``) compiled with mypyc from the same typed sources.

Whether a build compiles is decided by ``designer_build.compiling`` (see ``packaging/README.md``):
a wheel (``pip install .``, ``python -m build``) compiles unless ``VARIANT_DESIGNER_PURE=1``; a
development install (``pip install -e .``) stays pure unless ``VARIANT_DESIGNER_COMPILE=1``;
``python setup.py build_ext --inplace`` compiles in the source tree. Every compiled build writes
``designer/_native.json``, the hash of each compiled module's source, which ``designer.native``
checks at import so a compiled module never runs in place of a newer source.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "packaging"))

from designer_build import compiled_modules, compiling, write_record  # noqa: E402


class BuildExt(build_ext):
    """build_ext that also writes the compiled modules' source hashes beside them."""

    def run(self) -> None:
        super().run()
        if self.extensions:
            target = ROOT if self.inplace else Path(self.build_lib)
            write_record(ROOT, target / "designer" / "_native.json")


class BuildPy(build_py):
    """build_py that, for a pure build, first clears what an earlier compiled build left in
    the build folder (setuptools reuses it: the pure wheel would ship the old extensions)."""

    def run(self) -> None:
        if not compiling():
            for path in Path(self.build_lib, "designer").rglob("*"):
                if path.name == "_native.json" or path.suffix in (".so", ".pyd"):
                    path.unlink()
        super().run()


def _extensions() -> list[object]:
    if not compiling():
        return []
    from mypyc.build import mypycify

    # One extension per module plus one shared library for the group, inside the package (the
    # group's runtime would otherwise land at the top level of site-packages); one C file per
    # module so gcc never works on one huge file.
    extensions = mypycify([str(p.relative_to(ROOT)) for p in compiled_modules(ROOT)],
                          group_name="designer._native", multi_file=True, opt_level="3")
    for ext in extensions:   # multi_file puts the group's headers in build/designer/
        ext.include_dirs.append("build/designer")
    return list(extensions)


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
