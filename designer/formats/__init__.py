"""Variant files: what a format is, and one module per format (see docs/files.md).

A format is a frozen ``Format`` (``registry``): its name and label, its files' extensions, how
its text is read (``None`` for the export-only diagrams), how a variant is written as text, what
the target program will not understand, and why a document read from it is not saved back into
it. Public API (Qt-free)::

    FORMATS                          # every Format, in the export menu's order
    format_named(name) -> Format
    read_any(path, section=None)     # any readable file, its format found by extension/content
    render(variant, name)            # a variant as the text of format ``name``
    problems_for(variant, name)      # what the target program will not understand
    FormatError                      # every failure: the file, the line and the reason

``xboard_ini`` is the native Save format (an XBoard options file with ``; @designer`` data);
``pgn_tags``, ``engine_lines``, ``fsf_ini``, ``xboard_fsf``, ``diagram`` and ``svg`` are the
exports; ``atomic`` does the saves. What they share: ``xboard_variants`` (XBoard's built-in
variants as data), ``parents`` (which ``-variant`` a file names), ``from_xboard`` (a model from
XBoard's own settings), ``fsf_plan`` and ``fsf_engine`` (what Fairy-Stockfish plays, and which
one is installed) and ``limits`` (what our readers take).
"""

from .errors import FormatError
from .registry import FORMATS, Format, format_named, problems_for, read_any, render

__all__ = ["FORMATS", "Format", "FormatError", "format_named", "problems_for", "read_any",
           "render"]
