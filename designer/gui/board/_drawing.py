"""What the boards draw besides squares and pieces: the arrow of one leg, the colours of the
legs in the debugger, the marks a leg leaves where it ends, and the marks of moves grouped by
destination (``marks_for``)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from ...engine.moves import PieceMove
from ...vocabulary import LegAction, MoveKind, Square
from .markers import INITIAL, PROMOTES, VICTIM, Mark

LEG_COLOURS = ("#1971c2", "#2f9e44", "#e8590c", "#9c36b5", "#0c8599", "#c2255c")

# What a leg did where it ended, drawn as the mark of the move class it stands for.
LEG_MARKS: dict[LegAction, MoveKind] = {"capture": "capture", "hop": "hop-move",
                                        "destroy": "destroy", "ep": "ep", "unload": "unload"}


def leg_colour(i: int) -> QColor:
    """The arrow colour of leg ``i`` (0-based) in the debugger."""
    return QColor(LEG_COLOURS[i % len(LEG_COLOURS)])


def draw_arrow(p: QPainter, a: QPointF, b: QPointF, colour: QColor, s: float, alpha: int,
               bold: bool) -> None:
    """An arrow from ``a`` to ``b`` (square centres) that stops short of both pieces' letters;
    ``s`` is the square side."""
    colour = QColor(colour)
    colour.setAlpha(alpha)
    width = s * (0.13 if bold else 0.09)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    gap = min(s * 0.3, length * 0.22)
    a = QPointF(a.x() + ux * gap, a.y() + uy * gap)
    tip = QPointF(b.x() - ux * gap, b.y() - uy * gap)
    head = min(s * 0.36, (length - 2 * gap) * 0.6)
    base = QPointF(tip.x() - ux * head, tip.y() - uy * head)
    p.setPen(QPen(QColor(255, 255, 255, alpha), width + 3, Qt.PenStyle.SolidLine,
                  Qt.PenCapStyle.RoundCap))
    p.drawLine(a, base)
    p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(a, base)
    nx, ny = -uy, ux
    poly = QPolygonF([tip, QPointF(base.x() + nx * head * 0.55, base.y() + ny * head * 0.55),
                      QPointF(base.x() - nx * head * 0.55, base.y() - ny * head * 0.55)])
    p.setPen(QPen(QColor(255, 255, 255, alpha), 1.5))
    p.setBrush(colour)
    p.drawPolygon(poly)


def marks_for(by_square: Mapping[Square, tuple[PieceMove, ...]], victims: bool = True,
              promotions: frozenset[Square] = frozenset()) -> dict[Square, tuple[Mark, ...]]:
    """The classes to draw on each square for moves grouped by destination.

    Each destination shows every distinct modality class of the moves ending there, plus an
    ``initial`` badge when some of them are first-move-only and a ``promotion`` star where the
    piece may promote; squares a multi-leg move removes a piece from without ending there get
    the cyan relay/victim mark (XBoard's locust colour).
    """
    marks: dict[Square, list[Mark]] = {}
    for dest, moves in by_square.items():
        kinds = marks.setdefault(dest, [])
        for m in moves:
            if m.kind not in kinds:
                kinds.append(m.kind)
        if any(m.initial for m in moves) and INITIAL not in kinds:
            kinds.append(INITIAL)
        if dest in promotions:
            kinds.append(PROMOTES)
    if victims:
        for moves in by_square.values():
            for m in moves:
                for sq in m.removed:
                    if sq != m.destination:
                        kinds = marks.setdefault(sq, [])
                        if VICTIM not in kinds:
                            kinds.append(VICTIM)
    from .markers import ORDER
    rank = {k: i for i, k in enumerate(ORDER)}
    return {sq: tuple(sorted(k, key=lambda x: rank.get(x, 99))) for sq, k in marks.items()}
