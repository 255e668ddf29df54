"""The move generator: definitions compiled once, moves generated per position.

Public API (Qt-free)::

    program = compile_piece(piece)                 # Piece (from notation.parse) -> Program, cached
    program = program_for(text, dialect)           # the same from text (NotationError on bad text)
    moves = generate(program, position, square, side="white", virgin=True, royal=False)
    plain, captures = targets(program, position, square, ...)   # squares only, no PieceMove built

``PieceBoard`` (pieces as ``Placed``, holes, e.p. square) is in ``engine.position``;
``PieceMove`` and the modality classes are in ``engine.moves``. Generation is bounded by counted
work, never by a clock: a definition whose search exceeds its budget raises ``TooComplexError``
(with the columns of the move group at fault) quickly instead of hanging, the same on every
machine and in both ``generate`` and ``targets``. Every call has its own walker, so threads may call it at once.
"""

from ..geometry.board import Square, parse_square, square_name
from .moves import CLASSES, LegTrace, PieceMove
from .position import BLACK, WHITE, Placed, PieceBoard

__all__ = ["Square", "parse_square", "square_name", "CLASSES", "LegTrace", "PieceMove", "BLACK",
           "WHITE", "Placed", "PieceBoard", "compile_piece", "generate", "Program", "program_for",
           "targets"]

# Imported eagerly: a lazy module __getattr__ would be shadowed by the submodule
# designer.engine.generate as soon as anything imports it.
from .compile import compile_piece, program_for  # noqa: E402
from .generate import generate, targets  # noqa: E402
from .program import Program  # noqa: E402
