"""Variant Designer: a desktop tool for inventing chess variants.

The core (``notation``, ``engine``, ``variant``, ``formats``) is pure Python and never imports Qt;
``designer.gui`` builds the window on top of it.
"""

__version__ = "0.1.0"

# Pure Python or the compiled build, decided before any module that may be compiled loads
# (``designer.native``: a compiled module never runs in place of a newer source).
from . import native as native  # noqa: E402
