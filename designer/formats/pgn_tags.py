"""The PGN header set XBoard writes for a variant game (formats.md §1.5, ``pgntags.c``,
``moves.c: CollectPieceDescriptors``): ``[Variant]``, ``[VariantMen]``, ``[FEN]``, ``[SetUp]``.

``Variant`` carries the board as ``WxH+S_parent`` (the form XBoard's ``StringToVariant``
reads), ``VariantMen`` every piece's moves in XBoard's reading. Names, notes and the exact
notation do not fit in these tags; reading gives back the board, setup, letters and moves.
"""

from __future__ import annotations

import re

from ..variant.model import Variant
from .errors import FormatError
from .xboard_common import geometry, men_string, parse_geometry, variant_from_xboard

EXTENSIONS = (".pgn",)
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def _esc(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tags(v: Variant) -> list[tuple[str, str]]:
    """The (name, value) pairs, in the order XBoard writes them."""
    out = [("Event", v.name), ("Variant", geometry(v))]
    men = men_string(v)
    if men:
        out.append(("VariantMen", men))
    if v.setup:
        out += [("FEN", v.setup), ("SetUp", "1")]
    return out


def write(v: Variant) -> str:
    """A PGN game header with an empty game (result ``*``)."""
    return "".join(f'[{k} "{_esc(x)}"]\n' for k, x in tags(v)) + "\n*\n"


def read(text: str, file: str = "") -> Variant:
    """The variant described by the first game's tags."""
    found: dict[str, tuple[str, int]] = {}
    for no, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if not s:
            if found:
                break
            continue
        if not s.startswith("["):
            if found:
                break
            raise FormatError(f"expected a PGN tag, found {s[:40]!r}", file, no)
        m = _TAG.fullmatch(s)
        if not m:
            raise FormatError(f"bad PGN tag {s[:60]!r}", file, no)
        value = re.sub(r"\\(.)", r"\1", m[2])
        found.setdefault(m[1], (value, no))
        if len(found) > 200:
            raise FormatError("more than 200 tags", file, no)
    if "Variant" not in found and "VariantMen" not in found:
        raise FormatError("no [Variant] or [VariantMen] tag: not a variant game", file, 1)
    files = ranks = None
    holdings, parent = 0, "normal"
    if "Variant" in found:
        value, no = found["Variant"]
        if re.match(r"[0-9]", value):
            files, ranks, holdings, parent = parse_geometry(value, file, no)
        else:
            parent = value
    name = found.get("Event", ("", 0))[0] or parent
    fen = found.get("FEN", ("", 0))[0] or None
    men = found["VariantMen"][0] if "VariantMen" in found else None
    # an error without a VariantMen tag is about the FEN (or the Variant) tag: name its line
    at = found.get("VariantMen", found.get("FEN", found.get("Variant", ("", 1))))[1]
    return variant_from_xboard(name, parent, files, ranks, holdings, None, fen, men, file, at)
