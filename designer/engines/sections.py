"""Our variant as a Fairy-Stockfish section file the engine loads (``VariantPath``).

Fairy-Stockfish keeps the rules of a section it has loaded: loading a changed section again
under the same name plays the old rules. So each revision gets a name of its own: the export's
section name and a digest of the section's text (the same rules give the same name, any change
a new one). ``letters`` maps our piece letters to the engine's (the export gives every piece
one letter a-z), for reading its move text back; ``builtin_letters`` does the same for a game
the engine plays by name.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..formats import fsf_ini
from ..formats.fsf_plan import make_plan
from ..formats.fsf_sections import builtins, resolved
from ..variant.fen import FenError, parse_fen
from ..variant.model import Variant


@dataclass(frozen=True)
class SectionFile:
    """A written section: the name to select, the file, its text, and our letter -> the
    engine's letter (lower case) for every exported piece."""

    name: str
    path: str
    text: str
    letters: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def section_text(v: Variant) -> tuple[str, str]:
    """(section name for this revision, the section text under that name)."""
    text = fsf_ini.write(v, with_designer=False)
    base = fsf_ini.section_name(v)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    name = f"{base}-{digest}"
    # the header is ``[base]``, or ``[base:parent]`` when the section inherits a built-in
    # game and writes only its differences: the new name keeps the parent
    renamed, count = re.subn(rf"^\[{re.escape(base)}(:[^\]\s]+)?\]$",
                             lambda m: f"[{name}{m.group(1) or ''}]", text, count=1, flags=re.M)
    if count != 1:
        raise ValueError(f"the export has no section [{base}] or [{base}:parent]")
    return name, renamed


def write_section(v: Variant, folder: str) -> SectionFile:
    """Write the variant's section for this revision into ``folder`` (one file per name)."""
    name, text = section_text(v)
    path = os.path.join(folder, f"{name}.ini")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    plan = make_plan(v)
    letters = MappingProxyType({ours: theirs for ours, theirs in plan.letters.items()
                                if ours not in plan.left_out})
    return SectionFile(name, path, text, letters)


def builtin_letters(v: Variant, fsf_name: str) -> dict[str, str]:
    """Our letter -> Fairy-Stockfish's (lower case) for a built-in game played by name: the
    piece on each square of our start position against the piece on that square of its own;
    identity for what the positions do not show."""
    out = {p.letter: p.letter.lower() for p in v.pieces}
    section = builtins().get(fsf_name)
    theirs_fen = resolved(section, {}).get("startFen", ("", 0))[0] if section is not None \
        else ""
    if not theirs_fen or not v.setup:
        return out
    try:
        ours = parse_fen(v.setup, v.files, v.ranks).board
        theirs = parse_fen(theirs_fen, v.files, v.ranks).board
    except FenError:
        return out
    for square, token in ours.items():
        other = theirs.get(square)
        if other is not None:
            out[token.lstrip("+").replace("~", "").upper()] = \
                other.lstrip("+").replace("~", "").lower()
    # promoted forms follow their base pieces (Shogi's +P is Fairy-Stockfish's +p)
    for p in v.pieces:
        if p.letter.startswith("+") and p.letter[1:] in out:
            out[p.letter] = "+" + out[p.letter[1:]]
    return out


__all__ = ["SectionFile", "section_text", "write_section", "builtin_letters"]
