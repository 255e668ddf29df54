"""Variant Designer: a desktop tool for inventing chess variants.

The core (``notation``, ``engine``, ``variant``, ``formats``) is pure Python and never imports Qt;
``designer.gui`` builds the window on top of it.
"""

__version__ = "0.1.0"
