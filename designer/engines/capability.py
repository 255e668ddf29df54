"""What kind of engine a session talks to, read from what it announced: its banner and name
(Fairy-Stockfish's version, whether it is the large-board build: ``formats.fsf_engine`` reads
them, as it does for the launcher export), the variants it names (UCI ``UCI_Variant`` combo
values, XBoard ``variants=``) and whether it loads variant files (``VariantPath``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..formats.fsf_engine import version_ok
from .options import EngineOption

#: Names of orthodox chess in the two protocols and in Fairy-Stockfish.
CHESS_NAMES = ("chess", "normal", "standard")


@dataclass(frozen=True, slots=True)
class Capabilities:
    """``fairy_stockfish``: it says it is; ``custom_pieces``: new enough for custom pieces
    (None when its version cannot be told); ``large_boards``: the LB build (boards beyond
    8x8); ``loads_sections``: it takes a variants file (``VariantPath``); ``variants``: the
    names it announced."""

    protocol: str
    name: str
    fairy_stockfish: bool
    custom_pieces: bool | None
    large_boards: bool
    loads_sections: bool
    variants: tuple[str, ...]

    def known_name(self, variant: str) -> str | None:
        """The engine's own spelling of ``variant`` when it announced it (orthodox chess is
        ``chess`` in UCI and ``normal`` in XBoard), else None."""
        wanted = variant.lower()
        names = {v.lower(): v for v in self.variants}
        if wanted in CHESS_NAMES:
            return next((names[n] for n in CHESS_NAMES if n in names), None)
        return names.get(wanted)


@dataclass(frozen=True, slots=True)
class About:
    """What a started engine told about itself, as a value another thread may keep: its
    capabilities, author and options."""

    capabilities: Capabilities
    author: str = ""
    options: tuple[EngineOption, ...] = ()


def capabilities(protocol: str, banner: str, id_name: str, variants: tuple[str, ...],
                 options: Mapping[str, EngineOption]) -> Capabilities:
    """Capabilities from a finished handshake."""
    text = banner if "Fairy-Stockfish" in banner else id_name
    fsf = "Fairy-Stockfish" in text
    ok, large = version_ok(text) if fsf else (False, False)
    loads = any(name.lower() == "variantpath" for name in options)
    return Capabilities(protocol, id_name or banner, fsf, ok, large, fsf and loads, variants)


__all__ = ["Capabilities", "About", "capabilities", "CHESS_NAMES"]
