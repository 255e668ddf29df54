"""Betza notation: read, highlight, write, translate, explain and lint move definitions.

Public API (Qt-free)::

    parse(text, dialect="xbetza") -> Piece          # raises NotationError (all problems in .problems)
    tokens(text, dialect) -> list[Token]            # (kind, start, end) for every character
    problems(text, dialect) -> list[Problem]
    format_piece(piece, dialect=None) -> str        # canonical text; parse(format(p)) == p
    translate(piece, to_dialect) -> Piece           # NotationError naming what cannot be expressed
    describe(piece) -> str                          # English, one sentence per move group
    xboard_warnings(text, dialect) -> list[CompatWarning]   # how XBoard 4.9 reads it
    to_xboard(text, dialect) -> str                 # the string rewritten so XBoard 4.9 reads it
    reading_notes(text, dialect) -> list[CompatWarning]  # open readings the text relies on

How Fairy-Stockfish plays a definition is decided by generating moves:
``designer.formats.fsf_reading`` (``fsf_warnings``, ``to_fsf``).
"""

from .ast import BETZA2, DIALECTS, XBETZA, Atom, Leg, Limiter, Modality, Path, Piece, Range, Spec
from .errors import CompatWarning, DesignerError, NotationError, Problem, TooComplexError
from .format import format_piece
from ._reader import TOKEN_KINDS, Token
from .parser import parse, problems, tokens

__all__ = [
    "BETZA2", "DIALECTS", "XBETZA", "Atom", "Leg", "Limiter", "Modality", "Path", "Piece", "Range",
    "Spec", "CompatWarning", "DesignerError", "NotationError", "Problem", "TooComplexError",
    "format_piece", "TOKEN_KINDS", "Token", "parse", "problems", "tokens", "translate", "describe",
    "xboard_warnings", "to_xboard", "reading_notes",
]

# Imported eagerly: a lazy module __getattr__ would be shadowed by the submodules of the same
# name (designer.notation.describe) as soon as anything imports them.
from .xboard import to_xboard, xboard_warnings  # noqa: E402
from .english import describe  # noqa: E402
from .readings import reading_notes  # noqa: E402
from .translate import translate  # noqa: E402
