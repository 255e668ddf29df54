"""The rules of play as plain data: the rules model a variant holds beside its piece types.

``model`` (``RuleSet`` and its parts) and ``regions`` are frozen values; ``serial`` is their JSON
in our files' ``@designer`` data, ``fsf_table`` where each Fairy-Stockfish option goes in the
model, ``validate`` the checks against the variant's pieces and board, ``edits`` the rule set
following a rename or removal of a piece type, ``fields`` the model as the Rules panel edits it,
``letters`` the fields holding piece letters, found by their type (``PieceLetter``).
It sits below ``designer.variant`` (which holds a ``RuleSet`` and calls ``validate`` and
``edits``) and imports nothing above it; the rules of a file that gives none are derived in
``designer.variant.derive``, and the game that plays them is ``designer.game``.

The public face is here (loaded on first use).
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .model import (ALL, Blast, Castling, Connect, Drops, Ending, Extinction, Flag,
                        Gating, LionRules, PieceRules, PromotedForms, Promotion,
                        RegionalMoves, Repetition, Royalty, RuleSet, Walls)
    from .regions import Region, RegionError, Sided

# The model loads when a variant's rules are first read (see designer.lazy).
_EXPORTS = {**dict.fromkeys(("ALL", "Blast", "Castling", "Connect", "Drops", "Ending",
                             "Extinction", "Flag", "Gating", "LionRules", "PieceRules",
                             "PromotedForms", "Promotion", "RegionalMoves", "Repetition",
                             "Royalty", "RuleSet", "Walls"), ".model"),
            **dict.fromkeys(("Region", "RegionError", "Sided"), ".regions")}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["ALL", "Blast", "Castling", "Connect", "Drops", "Ending", "Extinction", "Flag",
           "Gating", "LionRules", "PieceRules", "PromotedForms", "Promotion", "RegionalMoves",
           "Repetition", "Royalty", "RuleSet", "Walls", "Region", "RegionError", "Sided"]
