"""Betza notation: read, highlight, write, translate, explain and lint move definitions.

Public API (Qt-free)::

    parse(text, dialect="xbetza") -> Piece          # raises NotationError (all problems in .problems)
    tokens(text, dialect) -> list[Token]            # (kind, start, end) for every character
    problems(text, dialect) -> list[Problem]
    format_piece(piece, dialect=None) -> str        # canonical text; parse(format(p)) == p
    translate(piece, to_dialect) -> Piece           # NotationError naming what cannot be expressed
    describe(piece) -> str                          # English, one sentence per move group
    xboard_warnings(text, dialect) / fsf_warnings(text, dialect) -> list[CompatWarning]
    to_xboard(text, dialect) -> str                 # the string rewritten so XBoard 4.9 reads it
"""

from .ast import BETZA2, DIALECTS, XBETZA, Atom, Leg, Limiter, Modality, Path, Piece, Range, Spec
from .errors import CompatWarning, DesignerError, NotationError, Problem, TooComplexError
from .format import format_piece
from .parser import TOKEN_KINDS, Token, parse, problems, tokens

__all__ = [
    "BETZA2", "DIALECTS", "XBETZA", "Atom", "Leg", "Limiter", "Modality", "Path", "Piece", "Range",
    "Spec", "CompatWarning", "DesignerError", "NotationError", "Problem", "TooComplexError",
    "format_piece", "TOKEN_KINDS", "Token", "parse", "problems", "tokens", "translate", "describe",
    "xboard_warnings", "fsf_warnings", "to_xboard",
]


def __getattr__(name: str):
    # Lazily loaded so that the parser does not pay for modules it does not need.
    if name == "translate":
        from .translate import translate
        return translate
    if name == "describe":
        from .describe import describe
        return describe
    if name in ("xboard_warnings", "fsf_warnings", "to_xboard"):
        from . import compat
        return getattr(compat, name)
    raise AttributeError(name)
