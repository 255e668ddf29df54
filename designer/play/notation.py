"""Move text for the move list: SAN as XBoard 4.9.1 writes it (``designer.records``), in the
variant's own style (Shogi's ``+``/``=``, drops ``P@e5``, multi-leg moves ``Lxf9xg9``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..records import Style, san, style_for
from ..game.game import Game
from ..game.moves import Move
from ..variant.model import Variant


def notation_style(variant: Variant) -> Style:
    """The SAN style of a variant (worked out once per variant)."""
    return style_for(variant)


def move_san(game: Game, move: Move, legal: Sequence[Move], style: Style | None = None) -> str:
    """The move in SAN, in ``game``'s position before it is made (``legal``: that position's
    legal moves, for the disambiguation)."""
    return san(game, move, style or style_for(game.variant), legal)


__all__ = ["move_san", "notation_style"]
