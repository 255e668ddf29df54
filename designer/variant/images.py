"""Which picture a piece gets, decided without Qt.

A piece's ``image`` field (saved with the variant) may hold

- a built-in drawing's name (``"camel"``; the set is ``piece_art.builtin_names()``),
- an embedded picture, ``data:image/svg+xml;base64,…`` or ``data:image/png;base64,…`` — what
  the window stores when the user chooses a file, so the variant file carries its pictures
  (at most ``MAX_EMBED_BYTES`` each, which keeps 78 of them inside a file the readers accept),
- a path to an SVG/PNG file, absolute or relative to the variant file's folder (hand-written
  files; the window reads them as they are).

With an empty field the piece is recognised: by its definition first (the describer's named
pieces, ``designer.notation.english.pieces``, canonical match in either dialect, move groups in any
order), then by its name (``"Cardinal"``, ``"Marshall"``, ``"Met"``…); a ``+X`` promoted form
wears its partner's picture with a promotion badge, as Western Shogi sets mark promoted pieces;
a royal piece that moves like a King, Wazir or Ferz is drawn as the King. Anything else gets a
picture generated from its letter (``piece_art.letter_svg``). ``ImageChoice.why`` says how the
choice was made (for tooltips).
"""

from __future__ import annotations

import base64
import binascii
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from ..notation import NotationError, Piece, parse
from ..errors import DesignerError
from ..notation.english.pieces import ClassicPiece, lookup, lookup_paths
from .model import PieceType, Variant
from .piece_art import builtin_names
from ..vocabulary import Dialect

BUILTIN, EMBEDDED, FILE, LETTER = "builtin", "embedded", "file", "letter"
MAX_EMBED_BYTES = 32 * 1024
IMAGE_SUFFIXES = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
                  ".jpeg": "image/jpeg", ".gif": "image/gif", ".bmp": "image/bmp",
                  ".webp": "image/webp"}
_DATA_URI = re.compile(r"^data:(image/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$")

# The describer's classic pieces (notation/pieces.py names) -> built-in drawing.
CLASSIC_IMAGES: dict[str, str] = {
    "King": "king", "castling King": "king", "Queen": "queen", "Rook": "rook",
    "Bishop": "bishop", "Knight": "knight", "Pawn": "pawn", "Berolina Pawn": "pawn",
    "Ferz": "ferz", "Alfil": "elephant", "Shatranj Pawn": "pawn", "Khon": "silver",
    "Horse": "knight", "Elephant": "elephant", "Cannon": "cannon", "General": "wazir",
    "Soldier across the river": "pawn", "Soldier": "pawn", "Gold General": "gold",
    "Lance": "lance", "Shogi Knight": "knight", "Lion": "lion", "Archbishop": "archbishop",
    "Chancellor": "chancellor", "Amazon": "amazon", "Nightrider": "nightrider",
    "Grasshopper": "grasshopper", "Camel": "camel", "Zebra": "zebra", "Dabbaba": "dabbaba",
    "Checker": "checker", "Centaur": "centaur", "Mao": "knight",
}
# Piece names people give (lower case, letters and spaces only) -> built-in drawing.
NAME_IMAGES: dict[str, str] = {
    "pawn": "pawn", "soldier": "pawn", "peon": "pawn", "knight": "knight", "horse": "knight",
    "ma": "knight", "faras": "knight", "bishop": "bishop", "rook": "rook", "chariot": "rook",
    "rukh": "rook", "rua": "rook", "queen": "queen", "king": "king", "shah": "king",
    "archbishop": "archbishop", "cardinal": "archbishop", "princess": "archbishop",
    "hawk": "archbishop", "chancellor": "chancellor", "marshal": "chancellor",
    "marshall": "chancellor", "empress": "chancellor", "amazon": "amazon", "camel": "camel",
    "zebra": "zebra", "lion": "lion", "cannon": "cannon", "canon": "cannon",
    "grasshopper": "grasshopper", "gold general": "gold", "gold": "gold",
    "silver general": "silver", "silver": "silver", "khon": "silver", "elephant": "elephant",
    "alfil": "elephant", "ferz": "ferz", "fers": "ferz", "met": "ferz", "advisor": "ferz",
    "wazir": "wazir", "commoner": "commoner", "man": "commoner", "mann": "commoner",
    "nightrider": "nightrider", "lance": "lance", "dabbaba": "dabbaba", "checker": "checker",
    "centaur": "centaur",
}
_KINGLY = {"king", "commoner", "wazir", "ferz"}     # royal pieces moving like these: the King


class ImageError(DesignerError):
    """A picture that cannot be used: unreadable, too large, or not an image."""

    def __init__(self, message: str):
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class ImageChoice:
    """The picture decided for a piece: ``kind`` is BUILTIN (``source`` = drawing name),
    EMBEDDED (``source`` = data URI), FILE (``source`` = absolute path) or LETTER
    (``source`` = the letter to draw). ``promoted`` asks for the promotion badge, ``royal``
    for a crown on generated pictures; ``why`` says how the choice was made."""

    kind: str
    source: str
    royal: bool = False
    promoted: bool = False
    why: str = ""


def choose_image(piece: PieceType, variant: Variant | None = None,
                 base_dir: str | None = None) -> ImageChoice:
    """The picture ``piece`` is drawn with (``variant`` finds a promoted form's partner,
    ``base_dir`` resolves relative image paths: the variant file's folder)."""
    own = _explicit(piece, base_dir)
    if own is not None:
        return own
    promoted = piece.letter.startswith("+")
    if promoted and variant is not None:
        partner = variant.piece(piece.base)
        if partner is not None and partner.letter != piece.letter:
            got = choose_image(partner, None, base_dir)
            return ImageChoice(got.kind, got.source, piece.royal, True,
                               f"promoted {partner.name or partner.letter}: {got.why}")
    name, why = auto_image(piece.notation, piece.dialect, piece.name, piece.royal)
    if name:
        return ImageChoice(BUILTIN, name, piece.royal, promoted, why)
    note = f" ({why})" if why else ""
    return ImageChoice(LETTER, piece.letter, piece.royal, promoted,
                       f"generated from its letter{note}")


def _explicit(piece: PieceType, base_dir: str | None) -> ImageChoice | None:
    """The choice the piece's own ``image`` field makes, or None (empty or unusable)."""
    image = piece.image.strip()
    promoted = piece.letter.startswith("+")
    if not image:
        return None
    if image.startswith("data:"):
        if _DATA_URI.match(image[:100]) or _DATA_URI.match(image):
            return ImageChoice(EMBEDDED, image, piece.royal, promoted, "its own picture")
        return None
    if image.lower() in builtin_names():
        return ImageChoice(BUILTIN, image.lower(), piece.royal, promoted,
                           f"built-in drawing '{image.lower()}'")
    path = resolve_path(image, base_dir)
    if path is not None:
        return ImageChoice(FILE, path, piece.royal, promoted, f"picture file {image}")
    return None


def resolve_path(image: str, base_dir: str | None) -> str | None:
    """The absolute path of an image file named in a variant (None when it is not there)."""
    if os.path.splitext(image)[1].lower() not in IMAGE_SUFFIXES:
        return None
    path = image if os.path.isabs(image) or not base_dir else os.path.join(base_dir, image)
    path = os.path.abspath(os.path.expanduser(path))
    return path if os.path.isfile(path) else None


@lru_cache(maxsize=1024)
def auto_image(notation: str, dialect: Dialect, name: str, royal: bool) -> tuple[str, str]:
    """(built-in drawing, reason) recognised from a definition and a name ('' when none)."""
    found, why = "", ""
    try:
        classic = _classic(parse(notation, dialect)) if notation.strip() else None
    except (NotationError, RecursionError, ValueError):
        classic = None
    if classic is not None:
        found = CLASSIC_IMAGES.get(classic.name, "")
        if found == "king" and not royal:
            found = "commoner"
        why = f"moves like the {classic.label()}"
    if not found:
        key = normalise_name(name)
        found = NAME_IMAGES.get(key, "")
        if not found and key.replace(" ", "") in builtin_names():
            found = key.replace(" ", "")
        if found:
            why = f"named {name.strip()}"
    if royal and (found in _KINGLY or not found):
        if found != "king":
            why = "royal" + (f", {why}" if why else "")
        found = "king" if found in _KINGLY else found
    if found and found not in builtin_names():
        return "", why
    return found, why


def _classic(piece: Piece) -> ClassicPiece | None:
    """The describer's named piece with exactly these moves; move groups in another order
    (``NB`` for the Archbishop's ``BN``) count too, tried for up to four groups."""
    found = lookup(piece)
    paths = piece.spec.paths
    if found is None and 1 < len(paths) <= 4:
        for order in permutations(paths):
            found = lookup_paths(tuple(order), piece.dialect)
            if found is not None:
                break
    return found


def normalise_name(name: str) -> str:
    """'Gold General (Shogi)' -> 'gold general': letters and single spaces, lower case."""
    name = re.sub(r"\(.*?\)", " ", name.lower())
    return " ".join(re.sub(r"[^a-z ]", " ", name).split())


# -- embedded pictures ----------------------------------------------------------------------------
def mime_of(path: str) -> str:
    """The image type of a file by its name (ImageError for other files)."""
    mime = IMAGE_SUFFIXES.get(os.path.splitext(path)[1].lower())
    if mime is None:
        raise ImageError(f"{os.path.basename(path)}: not an image file (SVG, PNG, JPEG, GIF, "
                         "BMP or WebP)")
    return mime


def data_uri(data: bytes, mime: str) -> str:
    """A picture as the data URI stored in ``PieceType.image`` (ImageError when too large)."""
    if len(data) > MAX_EMBED_BYTES:
        raise ImageError(f"the picture has {len(data) // 1024} KiB; at most "
                         f"{MAX_EMBED_BYTES // 1024} KiB is kept in the variant file")
    if not mime.startswith("image/"):
        raise ImageError(f"{mime} is not an image type")
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def decode_data_uri(uri: str) -> tuple[str, bytes]:
    """(mime type, bytes) of an embedded picture (ImageError when it is not one)."""
    m = _DATA_URI.match(uri)
    if m is None:
        raise ImageError("not an embedded picture (data:image/…;base64,…)")
    try:
        return m.group(1), base64.b64decode("".join(m.group(2).split()), validate=True)
    except (binascii.Error, ValueError):
        raise ImageError("the embedded picture is damaged (bad base64)") from None


__all__ = ["BUILTIN", "EMBEDDED", "FILE", "LETTER", "MAX_EMBED_BYTES", "ImageChoice",
           "ImageError", "choose_image", "auto_image", "resolve_path", "normalise_name",
           "mime_of", "data_uri", "decode_data_uri", "CLASSIC_IMAGES", "NAME_IMAGES"]
