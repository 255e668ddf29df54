"""Rules of play: the rules model beside the piece types, and the game that plays by it.

Two layers live here. The model (``model``, ``regions``, ``serial``, ``fsf_table``,
``validate``) is plain data at the level of ``designer.variant``: it imports nothing of the
project but the vocabulary, so the variant model can hold a ``RuleSet`` and every format can
read and write it. The game (``game`` and the modules it uses) plays a variant by those rules:
legal moves, check, make and unmake, results, FEN and perft; it builds on ``designer.engine``
(the pieces' compiled move programs) and ``designer.variant``, and is imported only by those
who play.

The public face of the model is imported here; the game's is ``designer.rules.game``.
"""

from .model import (ALL, Blast, Castling, Connect, Drops, Ending, Extinction, Flag, Gating,
                    LionRules, PieceRules, PromotedForms, Promotion, RegionalMoves, Repetition,
                    Royalty, RuleSet, Walls)
from .regions import Region, RegionError, Sided

__all__ = ["ALL", "Blast", "Castling", "Connect", "Drops", "Ending", "Extinction", "Flag",
           "Gating", "LionRules", "PieceRules", "PromotedForms", "Promotion", "RegionalMoves",
           "Repetition", "Royalty", "RuleSet", "Walls", "Region", "RegionError", "Sided"]
