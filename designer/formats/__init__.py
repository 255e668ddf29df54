"""Variant files, one module per format, each with a reader and a writer (see docs/files.md).

``xboard_ini`` is the native Save format (an XBoard options file with ``; @designer`` data);
``pgn_tags``, ``engine_lines``, ``fsf_ini``, ``xboard_fsf``, ``diagram`` and ``svg`` are the
exports; ``registry`` opens any readable file and renders any format; ``atomic`` does the saves.
Every failure is a ``FormatError`` naming the file, the line and the reason.
"""

from .errors import FormatError

__all__ = ["FormatError"]
