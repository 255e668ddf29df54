"""The game's variant for a Fairy-Stockfish section that inherits a built-in variant.

Until the Fairy-Stockfish reader maps the engine's options onto the rules model (and holds its
built-in variants as data), a section ``[name:chess]`` is played by our own sample of that
game: ``SAMPLES`` says which. A section that adds keys of its own keeps its pieces and setup
from the reader and takes the rules of the sample of its built-in root; a key that would change
the rules is refused by name rather than ignored. Replacing this module by the reader's
built-ins is a one-line change in ``variant_for``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..formats.errors import FormatError, read_text
from ..formats.fsf_sections import Section, builtins, parse_sections
from ..paths import samples_dir
from ..rules.fsf_table import FSF_OPTIONS
from ..variant.model import Variant

#: Fairy-Stockfish's built-in variant -> our sample of the same game.
SAMPLES = {"chess": "fide.ini", "capablanca": "capablanca.ini", "grand": "grand.ini",
           "xiangqi": "xiangqi.ini", "shogi": "shogi.ini", "crazyhouse": "crazyhouse.ini",
           "makruk": "makruk.ini", "shatranj": "shatranj.ini", "courier": "courier.ini"}

# keys a section may set without changing the rules the sample plays by
_NEUTRAL = {"variantTemplate", "pieceToCharTable", "pocketSize", "startFen", "pieceValueMg",
            "pieceValueEg"}


@lru_cache(maxsize=1)
def _piece_names() -> frozenset[str]:
    """Fairy-Stockfish's names of its predefined piece types (a section may set them)."""
    import json
    from importlib import resources
    data = json.loads(resources.files("designer.data").joinpath("fsf_pieces.json").read_text())
    return frozenset(k for k in data if not k.startswith("_"))


@lru_cache(maxsize=16)
def sample(name: str) -> Variant:
    """Our sample of a built-in variant (by the built-in's name)."""
    from ..formats import xboard_ini
    path = samples_dir() / SAMPLES[name]
    return xboard_ini.read(read_text(str(path)), str(path))


def variant_for(path: str, section: str | None, read: Variant) -> Variant:
    """The variant to play for ``section`` of the Fairy-Stockfish file ``path`` (``read`` is
    what the reader made of it): the reader's own when it carries rules, else built on the
    sample of the built-in the section inherits from."""
    if read.rule_set is not None:
        return read
    sections = parse_sections(read_text(path), path)
    by_name = {s.name: s for s in sections}
    target = next((s for s in sections if s.name == section), None) if section else \
        (sections[-1] if sections else None)
    if target is None:
        return read
    own: dict[str, tuple[str, int]] = {}
    current: Section | None = target
    seen = set()
    while current is not None and current.name not in seen:
        seen.add(current.name)
        for key, value in current.keys.items():
            own.setdefault(key, value)
        parent = current.parent
        if parent is None:
            return read
        if parent in SAMPLES:
            return _on_sample(parent, target.name, own, read, path)
        current = by_name.get(parent) or builtins().get(parent)
    return read


def _on_sample(parent: str, name: str, own: dict[str, tuple[str, int]], read: Variant,
               path: str) -> Variant:
    base = sample(parent)
    if not own:
        return replace(base, name=name)
    for key, (_, line) in own.items():
        place = FSF_OPTIONS.get(key, ("", ""))[0]
        if place.startswith("rule_set") or key in ("castling", "doubleStep"):
            raise FormatError(f"{key}: this rule of Fairy-Stockfish is not read into the "
                              "rules yet, so the game cannot play it", path, line)
        if key not in _NEUTRAL and key not in _piece_names() and \
                not key.startswith("customPiece") and not place.startswith(("piece.", "variant.")):
            raise FormatError(f"{key}: not read into the rules yet", path, line)
    return replace(read, rule_set=base.rule_set, name=name)


def playable(path: str, section: str | None = None) -> Variant:
    """The variant a file (any format our readers read) is played as: for a Fairy-Stockfish
    file, ``section`` (or its last) on the sample of the built-in game it inherits from."""
    from ..formats.registry import detect, read_any
    variant = read_any(path, section)
    if detect(read_text(path), path) == "fsf":
        variant = variant_for(path, section, variant)
    return variant
