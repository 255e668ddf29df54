"""Rules of play: the rules model beside the piece types, and the game that plays by it.

Two layers live here. The model (``model``, ``regions``, ``serial``, ``fsf_table``,
``validate``, ``edits``, ``derive``) is plain data at the level of ``designer.variant``: the
variant model holds a ``RuleSet`` (imported for annotations only), its validation and edits and
our file format's ``@designer`` data use these modules lazily. The game (``game`` and the
modules it uses: ``config``, ``kinds``, ``tables``, ``attacks``, ``movegen``, ``counting``,
``position``, ``fen``, ``families``, ``ending``, ``perft``, ``fastpath``) plays a variant by
those rules: legal moves, check, make and unmake, results, FEN and perft; it builds on
``designer.engine`` (the pieces' compiled move programs) and ``designer.variant``, and is
imported only by those who play. Rule families (``families.RuleFamily``: end the game, filter
moves, keep state after a move) are where further rules of Fairy-Stockfish's vocabulary go
(``flags``: capture the flag; ``check_count``; ``obligations``: compulsory capture and the ban
on giving check; ``pseudoroyal``, ``blast``, ``connect``, ``passing``, ``material``,
``castling_rules``, ``must_drop``).

The public face of the model is here (loaded on first use); the game's is ``designer.rules.game``.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .model import (ALL, Blast, Castling, Connect, Drops, Ending, Extinction, Flag,
                        Gating, LionRules, PieceRules, PromotedForms, Promotion,
                        RegionalMoves, Repetition, Royalty, RuleSet, Walls)
    from .regions import Region, RegionError, Sided

# A game's moves (``designer.rules.moves``) are needed without the model: it loads when a
# variant's rules are first read (see designer.lazy).
_EXPORTS = {**dict.fromkeys(("ALL", "Blast", "Castling", "Connect", "Drops", "Ending",
                             "Extinction", "Flag", "Gating", "LionRules", "PieceRules",
                             "PromotedForms", "Promotion", "RegionalMoves", "Repetition",
                             "Royalty", "RuleSet", "Walls"), ".model"),
            **dict.fromkeys(("Region", "RegionError", "Sided"), ".regions")}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["ALL", "Blast", "Castling", "Connect", "Drops", "Ending", "Extinction", "Flag",
           "Gating", "LionRules", "PieceRules", "PromotedForms", "Promotion", "RegionalMoves",
           "Repetition", "Royalty", "RuleSet", "Walls", "Region", "RegionError", "Sided"]
