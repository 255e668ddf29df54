"""A guard against a reference-counting defect of PySide6 6.12.0 on CPython 3.11.

In that combination every Qt method that returns nothing (``QColor.setAlpha``, ``QPainter.
drawRect``, ``QWidget.update`` ...) drops one reference to ``None`` without having taken it, so
after a few thousand such calls CPython aborts with "none_dealloc: deallocating None". CPython
3.12 made ``None`` immortal (PEP 683), which hides the defect; on 3.11 we do the same by hand:
the guard measures whether a void call loses a reference and, only if it does, gives ``None`` a
reference count so large that it can never reach zero.
"""

from __future__ import annotations

import sys

HEADROOM = 1 << 40   # more void calls than any session can make


def leaks_none() -> bool:
    """True when calling a void Qt method loses a reference to None."""
    from PySide6.QtCore import QPoint
    point = QPoint()
    before = sys.getrefcount(None)
    for _ in range(16):
        point.setX(1)
    return sys.getrefcount(None) < before


def install() -> bool:
    """Make None's reference count unreachable if (and only if) the defect is present."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    if not leaks_none():
        return False
    import ctypes
    before = sys.getrefcount(None)
    cell = ctypes.c_ssize_t.from_address(id(None))   # ob_refcnt is PyObject's first field
    if abs(cell.value - before) > 4:
        return False   # an unusual build (debug, trace-refs): leave it alone
    cell.value += HEADROOM
    return True


INSTALLED = install()
