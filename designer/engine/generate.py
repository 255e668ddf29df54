"""Move generation: walk a compiled program over a position.

``generate`` returns every move with its leg-by-leg trace (the window, the exporters);
``targets`` returns only the squares reached, without building moves (the ``targets``
command). Both run the same walker over the same compiled program.

Every search is bounded by a work budget counted in units that each cost about the same time
(steps along rays, rays started, legs entered, moves found in proportion to their traces), set
so that the slowest give-up takes about 0.1 s. No clock takes part: a definition has its moves
or is too complex the same on every machine and under any load, and ``generate`` and
``targets`` count the same units, so details never change the answer. A definition that needs
more raises ``TooComplexError`` naming the move group that used most of the work, instead of
hanging.
"""

from __future__ import annotations

from ..geometry.board import Square
from ..notation.errors import TooComplexError
from ..vocabulary import BLACK, DOCUMENTED, WHITE, XBOARD_LAME, LameMode, Side
from . import moves as M
from .compile import MAX_LEGS
from .position import PieceBoard
from .program import CPath, Program
from .specials import HANDLERS
from .state import DEFAULT_BUDGET, MoveState, WalkOptions
from .walker import OutOfWork, TooDeep, Walker


__all__ = ["DEFAULT_BUDGET", "MAX_LEGS", "generate", "search_work", "targets"]


def _walker(program: Program, position: PieceBoard, square: Square,
            options: WalkOptions) -> Walker:
    if options.side not in (WHITE, BLACK):
        raise ValueError(f"side must be 'white' or 'black', not {options.side!r}")
    if not position.on_board(square):
        raise ValueError("the piece must stand on a square of the board")
    return Walker(MoveState(position, square, options, program.dialect), HANDLERS)


def _run(w: Walker, program: Program) -> None:
    """Walk every path; on running out of work, name the move group that used most of it."""
    spent: dict[int, int] = {}
    spans: dict[int, tuple[int, int]] = {}
    path: CPath | None = None
    before = 0
    try:
        for path in program.paths:
            if path.too_complex:
                raise TooComplexError(f"{path.too_complex}; simplify it", *path.span)
            before = w.state.work
            w.run(path)
            spent[path.group] = spent.get(path.group, 0) + w.state.work - before
            spans[path.group] = path.span
    except OutOfWork:
        assert path is not None
        spent[path.group] = spent.get(path.group, 0) + w.state.work - before
        spans[path.group] = path.span
        worst = max(spent, key=lambda g: spent[g])
        start, end = spans[worst]
        where = f"the move group at columns {start + 1}-{max(end, start + 1)}"
        raise TooComplexError(f"{where} needs more than {w.state.budget:,} search steps on this "
                              "board; simplify it (fewer legs or shorter ranges)", start,
                              end) from None
    except (TooDeep, RecursionError):
        start, end = path.span if path is not None else (0, 0)
        raise TooComplexError("this definition nests too deeply to follow; simplify it",
                              start, end) from None


def generate(program: Program, position: PieceBoard, square: Square, side: Side = WHITE,
             virgin: bool = True, royal: bool = False, letter: str = "",
             budget: int = DEFAULT_BUDGET, lame: LameMode = DOCUMENTED,
             include_drops: bool = False) -> list[M.PieceMove]:
    """Every move ``program`` allows the piece on ``square`` (of ``side``) in ``position``.

    ``virgin``: the piece has not moved (enables ``i`` moves); ``royal``: castling ``O`` applies;
    ``letter``: the piece's own type letter (drop restrictions); ``lame="xboard"`` makes ``n``/``j``
    test only the half-way square as XBoard 4.9 does; ``include_drops`` adds ``@`` drop squares.
    Raises ``TooComplexError`` (with the columns of the move group at fault) when the search
    exceeds ``budget`` units of work, ``ValueError`` for a bad side or square;
    nothing else.
    """
    w = _walker(program, position, square,
                WalkOptions(side, virgin, royal, letter, budget, lame, include_drops, True))
    _run(w, program)
    return w.state.out


def targets(program: Program, position: PieceBoard, square: Square, side: Side = WHITE,
            virgin: bool = True, royal: bool = False, letter: str = "",
            budget: int = DEFAULT_BUDGET, lame: LameMode = DOCUMENTED,
            include_drops: bool = False) -> tuple[set[Square], set[Square]]:
    """The squares ``generate`` would reach, without building moves: (squares reached by a
    move that removes nothing, squares reached by a move that removes something)."""
    w = _walker(program, position, square,
                WalkOptions(side, virgin, royal, letter, budget, lame, include_drops, False))
    _run(w, program)
    plain = {sq for sq, captured in w.state.found if not captured}
    caps = {sq for sq, captured in w.state.found if captured}
    return plain, caps


def search_work(program: Program, position: PieceBoard, square: Square, side: Side = WHITE,
                virgin: bool = True, royal: bool = False, budget: int = DEFAULT_BUDGET,
                trace: bool = True) -> tuple[int, bool]:
    """How many units of work generating takes and whether it gives up at ``budget``: for the
    benchmarks and for tests that show work is bounded (the same count with ``trace`` or
    without)."""
    w = _walker(program, position, square, WalkOptions(side, virgin, royal, "", budget, DOCUMENTED,
                                                       False, trace))
    try:
        _run(w, program)
    except TooComplexError:
        return w.state.work, True
    return w.state.work, False
