"""The window (PySide6): the only package of the project that imports Qt.

Importing it first installs ``qt_guard`` (a workaround for a PySide6 6.12.0 reference-count
defect on CPython 3.11), so every entry point into the window is protected.
"""

from . import qt_guard  # noqa: F401  (must run before any Qt call)
