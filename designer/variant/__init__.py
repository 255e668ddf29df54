"""The variant model (board, piece types, setup, rules), XBoard FEN and the piece library.

    from designer.variant import Variant, PieceType
    v = Variant("Mini", 6, 6, (PieceType("K", "King", "K", royal=True),), "k5/6/6/6/6/5K w - - 0 1")
    v.validate()          # -> [ModelProblem(piece, field, message, start, end, severity)]
"""

from .model import ModelProblem, PieceType, Variant

__all__ = ["Variant", "PieceType", "ModelProblem"]
