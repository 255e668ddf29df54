"""The variant model: board, piece types, setup and rules, as plain frozen data.

Edits are made with ``dataclasses.replace`` (or the ``with_*`` helpers) so that the GUI can keep
the previous value for undo. ``Variant.validate()`` reports every problem as a positioned
``ModelProblem`` (which piece, which field, message) and never raises for user data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..notation import XBETZA, NotationError, Piece, parse
from ..vocabulary import Dialect

if TYPE_CHECKING:      # the rules model loads only when rules are read or played
    from ..rules.model import RuleSet
    from .fen import Setup

from .limits import (DIALECTS, LETTER_RE, MAX_FILES, MAX_PIECE_TYPES, MAX_RANKS, MAX_TEXT,
                     XBOARD_PARENTS, ModelProblem)

@dataclass(frozen=True, slots=True)
class PieceType:
    """A kind of piece in a variant.

    ``letter`` is its FEN identity: ``A``-``Z`` with an optional dressed suffix ``'``/``!``
    (XBoard's way past 26 kinds), or ``+X`` for the Shogi-style promoted form of ``X``.
    ``promotions`` are the letters it may choose from when it promotes in the zone (pawn style);
    ``promotes_to`` is the single type it turns into (Shogi style, usually ``+X``);
    ``promotion_zone`` is the depth in ranks (0 = the variant's default zone).
    ``slot`` pins XBoard's internal slot (image and defaults); None lets the writer choose.
    """

    letter: str
    name: str = ""
    notation: str = ""
    dialect: Dialect = XBETZA
    image: str = ""
    royal: bool = False
    promotions: tuple[str, ...] = ()
    promotes_to: str = ""
    promotion_zone: int = 0
    mandatory_promotion: bool = False
    slot: int | None = None
    notes: str = ""

    @property
    def base(self) -> str:
        """The letter without a '+' prefix."""
        return self.letter[1:] if self.letter.startswith("+") else self.letter


@dataclass(frozen=True)
class Variant:
    """A chess variant: everything a file format or the board needs to know.

    ``holdings`` is XBoard's holdings size (number of piece kinds that can be in hand; 0 = no
    drops). ``setup`` is the start position as an XBoard FEN (castling rights and holdings
    included). ``parent`` is the XBoard variant whose built-in rules apply (``fairy`` unless
    promotion/drop rules of a known variant are needed). ``promotion_zone`` is the default depth.
    ``rule_set`` is the rules of play as data (``designer.rules.model``): ``None`` when the file
    gave none, and the game then derives them from the parent and the piece types
    (``designer.variant.derive``). ``rules`` is the rules in prose, for people.
    """

    name: str = "Untitled"
    files: int = 8
    ranks: int = 8
    pieces: tuple[PieceType, ...] = ()
    setup: str = ""
    holdings: int = 0
    drops: bool = False
    parent: str = "fairy"
    promotion_zone: int = 1
    description: str = ""
    rules: str = ""
    author: str = ""
    rule_set: RuleSet | None = None
    extra: tuple[tuple[str, str], ...] = field(default=())   # future/unknown keys, kept as is

    # -- queries ----------------------------------------------------------------------------
    def piece(self, letter: str) -> PieceType | None:
        """The piece type with this letter (case-insensitive for the base letter), or None."""
        want = _norm(letter)
        for p in self.pieces:
            if p.letter == want:
                return p
        return None

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(p.letter for p in self.pieces)

    @property
    def castling(self) -> str:
        """The castling-rights field of the setup FEN ('-' when none or no setup)."""
        from .fen import fields
        return fields(self.setup).castling or "-"

    def position(self) -> "Setup":
        """The setup as a ``fen.Setup`` (FenError when the FEN does not read)."""
        from .fen import parse_fen
        return parse_fen(self.setup, self.files, self.ranks)

    # -- edits ------------------------------------------------------------------------------
    def with_castling(self, rights: str) -> "Variant":
        """A copy whose setup FEN has these castling rights (``KQkq``, file letters or '-')."""
        from .fen import write_fen
        return replace(self, setup=write_fen(replace(self.position(), castling=rights or "-")))

    def with_piece(self, piece: PieceType) -> "Variant":
        """A copy with ``piece`` added, or replacing the type with the same letter."""
        rest = [p for p in self.pieces if p.letter != piece.letter]
        if len(rest) == len(self.pieces):
            return replace(self, pieces=self.pieces + (piece,))
        return replace(self, pieces=tuple(piece if p.letter == piece.letter else p
                                          for p in self.pieces))

    def without_piece(self, letter: str) -> "Variant":
        return replace(self, pieces=tuple(p for p in self.pieces if p.letter != _norm(letter)))

    # -- validation -------------------------------------------------------------------------
    def validate(self) -> list[ModelProblem]:
        """Every problem found, errors first; an empty list means the variant is usable."""
        from .validate import validate_variant
        return validate_variant(self)


def _norm(letter: str) -> str:
    return letter[:1] + letter[1:2].upper() + letter[2:] if letter.startswith("+") \
        else letter[:1].upper() + letter[1:]


def parse_notation(piece: PieceType) -> Piece:
    """The parsed definition of a piece (NotationError when it does not parse)."""
    return parse(piece.notation, piece.dialect)


__all__ = ["Variant", "PieceType", "ModelProblem", "parse_notation", "MAX_FILES", "MAX_RANKS",
           "MAX_PIECE_TYPES", "MAX_TEXT", "LETTER_RE", "DIALECTS", "XBOARD_PARENTS",
           "NotationError"]
