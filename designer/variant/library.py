"""The piece library: pieces kept apart from any variant (name, notation, dialect, image,
notes), importable into a variant under a letter of the user's choice.

The classic pieces ship as data (``designer/data/pieces.json``); a user library is a JSON file
of the same shape (read and written by ``designer.formats.library_file``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from importlib import resources

from ..vocabulary import XBETZA, Dialect, parse_dialect
from ..errors import DesignerError
from .model import PieceType, Variant

VERSION = 1
MAX_ENTRIES = 10_000


class LibraryError(DesignerError):
    """A library file that cannot be read; names the file and the entry."""


@dataclass(frozen=True, slots=True)
class LibraryPiece:
    """A piece without a variant: its suggested letter is only a default."""

    name: str
    notation: str
    dialect: Dialect = XBETZA
    letter: str = ""
    image: str = ""
    royal: bool = False
    notes: str = ""

    def to_piece_type(self, letter: str | None = None) -> PieceType:
        """A piece type for a variant, with ``letter`` (default: the suggested one)."""
        return PieceType(letter or self.letter or self.name[:1].upper(), self.name,
                         self.notation, self.dialect, self.image, self.royal, notes=self.notes)


def parse_library(data: object, source: str) -> tuple[LibraryPiece, ...]:
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), list):
        raise LibraryError(f"{source}: expected an object with a 'pieces' list")
    out = []
    fields = set(LibraryPiece.__dataclass_fields__)
    for i, entry in enumerate(data["pieces"][:MAX_ENTRIES]):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) \
                or not isinstance(entry.get("notation"), str):
            raise LibraryError(f"{source}: entry {i + 1} needs a 'name' and a 'notation'")
        kw = {k: v for k, v in entry.items() if k in fields}
        for k, v in kw.items():
            if not isinstance(v, bool if k == "royal" else str):
                raise LibraryError(f"{source}: entry {i + 1} field {k!r} has the wrong type")
        if "dialect" in kw:
            try:
                kw["dialect"] = parse_dialect(kw["dialect"])
            except ValueError as e:
                raise LibraryError(f"{source}: entry {i + 1} field 'dialect': {e}") from None
        out.append(LibraryPiece(**kw))
    return tuple(out)


def classic_pieces() -> tuple[LibraryPiece, ...]:
    """The pieces shipped with the application."""
    text = resources.files("designer.data").joinpath("pieces.json").read_text("utf-8")
    return parse_library(json.loads(text), "pieces.json")


def import_into(v: Variant, piece: LibraryPiece, letter: str | None = None) -> Variant:
    """The variant with the library piece added (or replacing the type with that letter)."""
    return v.with_piece(piece.to_piece_type(letter))


def find(pieces: tuple[LibraryPiece, ...], name: str) -> LibraryPiece | None:
    key = name.strip().lower()
    return next((p for p in pieces if p.name.lower() == key), None)


__all__ = ["LibraryPiece", "LibraryError", "classic_pieces", "parse_library", "import_into",
           "find", "replace"]
