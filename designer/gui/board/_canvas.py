"""The board canvas: a checkered board of any size with the piece, probes, marks and paths.

It draws what it is given and reports clicks and hovers by square; it knows nothing of notation.
Everything is vector-painted in device-independent pixels so it stays crisp at any DPI, and
board sizes from 1x1 to 26x26 fit the widget (zooming in grows it inside a scroll area).
A square reached in several ways shows every class: the tile is tinted in vertical stripes, one
per class, and each class's shape is drawn in a small grid, so no way of reaching it is hidden.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget
from PySide6.QtCore import QEvent
from PySide6.QtGui import QMouseEvent, QPaintEvent, QWheelEvent

from ...engine.moves import LegTrace
from ...geometry.board import file_letter
from .markers import INITIAL, PROMOTES, VICTIM, Mark, blit_shape, colour_of
from ...variant.probes import ProbeColour
from ...vocabulary import WHITE, Side, Square
from ._drawing import LEG_MARKS, draw_arrow, leg_colour

LIGHT, DARK = QColor("#f0d9b5"), QColor("#b58863")
MIN_SQUARE = 22          # px at zoom 1: below this the canvas asks its scroll area for room
OVERLAYS = (VICTIM, INITIAL, PROMOTES)
# Alignment flags combined once (combining Qt enums costs a Python call each time).
TOP_CENTRE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
BOTTOM_CENTRE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter
#: a drawn piece: (colour, type letter, examined, size in px, pixel ratio)
PieceKey = tuple[ProbeColour, str, bool, int, float]
PIECE_LOOK: dict[ProbeColour, tuple[str, str, str]] = {   # colour -> (fill, outline, text)
    "white": ("#fbfbf8", "#222222", "#222222"),
    "black": ("#2b2b2b", "#f1f1f1", "#f1f1f1"),
    "neutral": ("#9aa0a6", "#222222", "#111111"),
}
ZONE = QColor(28, 126, 214, 40)   # the promotion zone, a light blue wash under everything


class BoardCanvas(QWidget):
    """Paints one board; emits ``squareClicked(square, button)`` and ``squareHovered(square)``."""

    squareClicked = Signal(object, object)
    squareHovered = Signal(object)     # a square, or None when the mouse leaves the board
    squareDragged = Signal(object, object)   # pressed on one square, released on another

    def __init__(self, parent: QWidget | None = None, min_square: float = MIN_SQUARE):
        super().__init__(parent)
        self.min_square = min_square   # smallest square before asking for room (scroll/zoom)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.files, self.ranks = 8, 8
        self.holes: frozenset[Square] = frozenset()
        self.origin: Square | None = None
        self.origin_label = "?"
        self.origin_colour: Side = WHITE
        self.probes: dict[Square, tuple[ProbeColour, str]] = {}   # square -> (colour, letter)
        self.zone: frozenset[Square] = frozenset()
        self.ep: Square | None = None
        self.marks: dict[Square, tuple[Mark, ...]] = {}
        self.focus: set[Square] | None = None
        self.stale = False
        self.paths: list[tuple[LegTrace, ...]] = []
        self.step: int | None = None
        self.pinned: Square | None = None
        self.hover: Square | None = None
        self._pressed: Square | None = None
        self._pressed_origin = False   # the press began on the piece (a drag or a click on it)
        self.safe = False
        self.zoom = 1.0
        self._fonts: dict[int, QFont] = {}
        self._piece_pixmaps: dict[PieceKey, QPixmap] = {}
        # the picture each drawn piece was made from (its cache key; None: the disc)
        self._piece_sources: dict[PieceKey, int | None] = {}
        # Pictures of piece types: (letter, colour, size, dpr) -> QPixmap or None (then a disc
        # with the letter is drawn). Set by whoever knows the variant's piece images.
        self.pictures: Callable[[str, Side, int, float], QPixmap | None] | None = None
        self._geom_key: tuple[object, ...] = ()
        self._background: tuple[tuple[object, ...], QPixmap] | None = None   # tiles and coordinates, cached
        self.painted = 0       # paints so far (benchmarks count the frames a keystroke costs)
        # Extra drawing by other views: ``layers`` over the tiles and under the pieces (a heat
        # map), ``overlays`` over everything (engine differences); each is called with the
        # painter and the square size. ``show_moves`` False: the move marks step aside.
        self.layers: list[Callable[[QPainter, float], None]] = []
        self.overlays: list[Callable[[QPainter, float], None]] = []
        self.show_moves = True
        self._geom = (min_square, 0.0, 0.0)
        self.setToolTip("")

    # -- what to draw ----------------------------------------------------------------------
    def set_board(self, files: int, ranks: int,
                  holes: frozenset[Square] | set[Square] = frozenset()) -> None:
        files, ranks = max(1, files), max(1, ranks)   # a board always has a square to draw
        if (files, ranks, holes) != (self.files, self.ranks, self.holes):
            self.files, self.ranks, self.holes = files, ranks, frozenset(holes)
            self._resize_hint()
            self.update()

    def set_pieces(self, origin: Square | None, label: str,
                   probes: dict[Square, tuple[ProbeColour, str]], ep: Square | None,
                   origin_colour: Side = WHITE) -> None:
        """The examined piece (drawn in its own colour, ringed) and the probe pieces by colour."""
        probes = dict(probes)
        if (origin, label, probes, ep, origin_colour) == (self.origin, self.origin_label,
                                                          self.probes, self.ep,
                                                          self.origin_colour):
            return   # typing a definition changes no piece: no repaint before the answer
        self.origin, self.origin_label, self.probes, self.ep = origin, label, probes, ep
        self.origin_colour = origin_colour
        self.update()

    def set_picture_source(self, pictures: Callable[[str, Side, int, float], QPixmap | None]
                           | None) -> None:
        """Draw pieces with ``pictures(letter, colour, size, dpr)`` where it gives a pixmap."""
        self.pictures = pictures
        self._forget_pieces()
        self.update()

    def refresh_pictures(self) -> None:
        """A piece's picture may have changed (its image, or the definition a picture is
        chosen by): the pieces are drawn again when a picture they were made from is now
        another. Typing a definition mostly keeps every picture, and then the board is not
        repainted before the answer."""
        if all(self._source_of(key) == source for key, source in self._piece_sources.items()):
            return
        self._forget_pieces()
        self.update()

    def _forget_pieces(self) -> None:
        self._piece_pixmaps.clear()
        self._piece_sources.clear()

    def _picture(self, colour: ProbeColour, letter: str, size: int,
                 dpr: float) -> QPixmap | None:
        """The picture source's pixmap for a piece (None: drawn as a disc with its letter)."""
        if self.pictures is None or not letter or colour == "neutral":
            return None
        return self.pictures(letter, colour, size, dpr)

    def _source_of(self, key: PieceKey) -> int | None:
        colour, letter, _selected, size, dpr = key
        picture = self._picture(colour, letter, size, dpr)
        return picture.cacheKey() if picture is not None else None

    def set_zone(self, squares: frozenset[Square]) -> None:
        """Squares of the promotion zone of the side to move (washed in light blue)."""
        if squares != self.zone:
            self.zone = frozenset(squares)
            self.update()

    def set_marks(self, marks: dict[Square, tuple[Mark, ...]]) -> None:
        if marks != self.marks:
            self.marks = marks
            self.update()

    def set_stale(self, stale: bool) -> None:
        """Dim every mark: they belong to the last definition that could be read."""
        if stale != self.stale:
            self.stale = stale
            self.update()

    def set_focus(self, squares: set[Square] | None) -> None:
        if squares != self.focus:
            self.focus = squares
            self.update()

    def set_paths(self, paths: list[tuple[LegTrace, ...]], step: int | None = None) -> None:
        """Arrows for these legs sequences; ``step`` limits the first path to its first legs."""
        self.paths, self.step = list(paths), step
        self.update()

    def set_pinned(self, sq: Square | None) -> None:
        self.pinned = sq
        self.update()

    def set_safe_palette(self, safe: bool) -> None:
        self.safe = safe
        self.update()

    def set_zoom(self, zoom: float) -> None:
        self.zoom = max(0.5, min(4.0, zoom))
        self._resize_hint()
        self.update()

    # -- geometry --------------------------------------------------------------------------
    def _gutter(self) -> float:
        return 20.0

    def _resize_hint(self) -> None:
        g = 2 * self._gutter()
        side = self.min_square * self.zoom
        self.setMinimumSize(int(self.files * side + g), int(self.ranks * side + g))
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        g = 2 * self._gutter()
        side = max(self.min_square * self.zoom, min(56.0, 560.0 / max(self.files, self.ranks)))
        return QSize(int(self.files * side + g), int(self.ranks * side + g))

    def _geometry(self) -> tuple[float, float, float]:
        """(square side, left, top) for the current size; cached, used by every square."""
        key = (self.width(), self.height(), self.files, self.ranks, self.zoom)
        if self._geom_key != key:
            g = 2 * self._gutter()
            fit = min((self.width() - g) / self.files, (self.height() - g) / self.ranks)
            s = max(4.0, math.floor(max(fit, self.min_square * min(self.zoom, 1.0))))
            self._geom = (s, math.floor((self.width() - s * self.files) / 2),
                          math.floor((self.height() - s * self.ranks) / 2))
            self._geom_key = key
        return self._geom

    def square_size(self) -> float:
        return self._geometry()[0]

    def _origin_px(self) -> QPointF:
        _, x, y = self._geometry()
        return QPointF(x, y)

    def square_rect(self, sq: Square) -> QRectF:
        """The tile of ``sq`` in widget pixels (rank 0 at the bottom: White's view)."""
        s, x, y = self._geometry()
        return QRectF(x + sq[0] * s, y + (self.ranks - 1 - sq[1]) * s, s, s)

    def square_at(self, pos: QPointF) -> Square | None:
        s = self.square_size()
        o = self._origin_px()
        f = math.floor((pos.x() - o.x()) / s)
        r = self.ranks - 1 - math.floor((pos.y() - o.y()) / s)
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return (f, r)
        return None

    def _font(self, px: int, bold: bool = False) -> QFont:
        key = px * 2 + bold
        font = self._fonts.get(key)
        if font is None:
            font = QFont(self.font())
            font.setPixelSize(max(6, px))
            font.setBold(bold)
            self._fonts[key] = font
        return font

    # -- input -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        sq = self.square_at(event.position())
        left = event.button() == Qt.MouseButton.LeftButton
        self._pressed = sq if left else None
        # Whether the press began on the piece is decided now: a click elsewhere may move the
        # piece to the pressed square, and its release must not count as a click on the piece.
        self._pressed_origin = left and sq is not None and sq == self.origin
        if sq is not None and not self._pressed_origin:
            self.squareClicked.emit(sq, event.button())   # the piece itself waits for release
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A press on the piece released elsewhere drags it; released in place, it is a click."""
        sq = self.square_at(event.position())
        pressed, self._pressed = self._pressed, None
        on_piece, self._pressed_origin = self._pressed_origin, False
        if pressed is not None and on_piece and event.button() == Qt.MouseButton.LeftButton:
            if sq is not None and sq != pressed:
                self.squareDragged.emit(pressed, sq)
            elif sq == pressed:
                self.squareClicked.emit(sq, event.button())
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        sq = self.square_at(event.position())
        if sq != self.hover:
            self.hover = sq
            self.squareHovered.emit(sq)
            self.update()

    def leaveEvent(self, event: QEvent) -> None:
        if self.hover is not None:
            self.hover = None
            self.squareHovered.emit(None)
            self.update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.set_zoom(self.zoom * (1.15 if event.angleDelta().y() > 0 else 1 / 1.15))
            event.accept()
        else:
            super().wheelEvent(event)

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self.painted += 1
        p = QPainter(self)
        s = self.square_size()
        p.drawPixmap(0, 0, self._background_pixmap(s))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for layer in self.layers:
            layer(p, s)
        if self.show_moves:
            self._paint_tints(p, s)
        shown = self._shown_paths()
        for legs in shown:            # arrows run under the pieces so their letters stay legible
            for i, leg in enumerate(legs):
                current = self.step is not None and i == len(legs) - 1
                alpha = 230 if len(shown) == 1 else 170
                self._arrow(p, leg, leg_colour(i), s, alpha, current)
        self._paint_pieces(p, s)
        if self.show_moves:
            self._paint_marks(p, s)
        for legs in shown:
            for i, leg in enumerate(legs):
                self._leg_marks(p, leg, i, s)
        self._paint_outlines(p, s)
        for overlay in self.overlays:
            overlay(p, s)
        p.end()

    def _background_pixmap(self, s: float) -> QPixmap:
        """Tiles, zone, holes and coordinates: they change with the board, not with each
        answer, so they are drawn once into a pixmap that every paint copies (a keystroke
        repaints the board twice; this is most of what a repaint used to draw)."""
        dpr = self.devicePixelRatioF()
        key = (self.width(), self.height(), dpr, s, self.files, self.ranks, self.holes, self.zone,
               self.palette().window().color().rgba(),
               self.palette().color(self.foregroundRole()).rgba())
        if self._background is None or self._background[0] != key:
            pixmap = QPixmap(max(1, round(self.width() * dpr)), max(1, round(self.height() * dpr)))
            pixmap.setDevicePixelRatio(dpr)
            painter = QPainter(pixmap)
            self._paint_tiles(painter, s)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_coordinates(painter, s)
            painter.end()
            self._background = (key, pixmap)
        return self._background[1]

    def _paint_tiles(self, p: QPainter, s: float) -> None:
        p.fillRect(self.rect(), self.palette().window())
        o = self._origin_px()
        p.fillRect(QRectF(o.x(), o.y(), s * self.files, s * self.ranks), DARK)
        for f in range(self.files):
            for r in range(self.ranks):
                if (f + r) % 2 == 1:
                    p.fillRect(self.square_rect((f, r)), LIGHT)
        for sq in self.zone:
            p.fillRect(self.square_rect(sq), ZONE)
        for sq in self.holes:
            rect = self.square_rect(sq)
            p.fillRect(rect, QBrush(QColor("#555555"), Qt.BrushStyle.DiagCrossPattern))

    def _paint_coordinates(self, p: QPainter, s: float) -> None:
        p.setFont(self._font(int(min(13, max(9, s * 0.34)))))
        p.setPen(self.palette().color(self.foregroundRole()))
        g = self._gutter()
        o = self._origin_px()
        bottom = o.y() + s * self.ranks
        right = o.x() + s * self.files
        for f in range(self.files):
            x = o.x() + f * s
            letter = file_letter(f)
            p.drawText(QRectF(x, bottom + 1, s, g - 2), TOP_CENTRE, letter)
            p.drawText(QRectF(x, o.y() - g + 1, s, g - 2), BOTTOM_CENTRE, letter)
        for r in range(self.ranks):
            y = o.y() + (self.ranks - 1 - r) * s
            p.drawText(QRectF(o.x() - g - 2, y, g, s), RIGHT_MIDDLE, str(r + 1))
            p.drawText(QRectF(right + 3, y, g, s), LEFT_MIDDLE, str(r + 1))

    def _alpha(self, sq: Square) -> float:
        if self.stale:
            return 0.3
        return 1.0 if self.focus is None or sq in self.focus else 0.28

    def _paint_tints(self, p: QPainter, s: float) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        for sq, kinds in self.marks.items():
            classes = [k for k in kinds if k not in OVERLAYS] or list(kinds)
            rect = self.square_rect(sq)
            w = rect.width() / len(classes)
            for i, kind in enumerate(classes):
                c = colour_of(kind, self.safe)
                c.setAlphaF(0.55 * self._alpha(sq))
                p.fillRect(QRectF(rect.x() + i * w, rect.y(), w, rect.height()), c)

    def _draw_piece(self, p: QPainter, rect: QRectF, colour: ProbeColour, letter: str,
                    selected: bool = False) -> None:
        """A piece disc (square for neutral) with its letter, from a per-look pixmap cache."""
        size = int(rect.width())
        dpr = self.devicePixelRatioF()
        key: PieceKey = (colour, letter, selected, size, dpr)
        pix = self._piece_pixmaps.get(key)
        if pix is None:
            pix = QPixmap(max(1, math.ceil(size * dpr)), max(1, math.ceil(size * dpr)))
            pix.fill(Qt.GlobalColor.transparent)
            pix.setDevicePixelRatio(dpr)
            q = QPainter(pix)
            q.setRenderHint(QPainter.RenderHint.Antialiasing)
            picture = self._picture(colour, letter, size, dpr)
            if picture is not None:
                self._paint_picture(q, QRectF(0, 0, size, size), picture, selected)
            else:
                self._paint_piece(q, QRectF(0, 0, size, size), colour, letter, selected)
            q.end()
            if len(self._piece_pixmaps) > 500:
                self._forget_pieces()
            self._piece_pixmaps[key] = pix
            self._piece_sources[key] = picture.cacheKey() if picture is not None else None
        p.drawPixmap(rect.topLeft(), pix)

    def _paint_picture(self, p: QPainter, rect: QRectF, picture: QPixmap, selected: bool) -> None:
        """A piece's own picture, inside the selection ring when it is the examined piece."""
        if selected:
            c = rect.center()
            r = rect.width() * 0.43
            p.setPen(QPen(QColor("#1c7ed6"), max(2.0, rect.width() * 0.07)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, r, r)
        inset = rect.width() * (0.12 if selected else 0.06)
        p.drawPixmap(rect.adjusted(inset, inset, -inset, -inset), picture,
                     QRectF(picture.rect()))

    def _paint_piece(self, p: QPainter, rect: QRectF, colour: ProbeColour, letter: str,
                     selected: bool) -> None:
        fill, outline, text = PIECE_LOOK.get(colour, PIECE_LOOK["neutral"])
        c = rect.center()
        r = rect.width() * (0.36 if selected else 0.3)
        if selected:
            p.setPen(QPen(QColor("#1c7ed6"), max(2.0, rect.width() * 0.07)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(c, r + rect.width() * 0.07, r + rect.width() * 0.07)
        p.setPen(QPen(QColor(outline), max(1.0, rect.width() * 0.04)))
        p.setBrush(QColor(fill))
        if colour == "neutral":
            p.drawRoundedRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), r * 0.3, r * 0.3)
        else:
            p.drawEllipse(c, r, r)
        if letter:
            p.setPen(QColor(text))
            p.setFont(self._font(int(r * (1.15 if len(letter) == 1 else 0.8)), True))
            p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), CENTRE, letter)

    def _paint_pieces(self, p: QPainter, s: float) -> None:
        for sq, (colour, letter) in self.probes.items():
            if sq != self.origin and 0 <= sq[0] < self.files and 0 <= sq[1] < self.ranks:
                self._draw_piece(p, self.square_rect(sq), colour, letter)
        if self.ep is not None:
            rect = self.square_rect(self.ep)
            p.setPen(QPen(QColor("#e64980"), max(1.5, s * 0.05), Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(2, 2, -2, -2))
            p.setFont(self._font(int(max(8, s * 0.22)), True))
            p.drawText(rect.adjusted(0, 1, 0, 0), TOP_CENTRE, "e.p.")
        if self.origin is not None and 0 <= self.origin[0] < self.files \
                and 0 <= self.origin[1] < self.ranks:
            self._draw_piece(p, self.square_rect(self.origin), self.origin_colour,
                             self.origin_label, selected=True)

    def _paint_marks(self, p: QPainter, s: float) -> None:
        for sq, kinds in self.marks.items():
            rect = self.square_rect(sq)
            alpha = int(255 * self._alpha(sq))
            occupied = sq in self.probes or sq == self.origin
            n = len(kinds)
            if occupied:   # keep the piece readable: marks go to a strip along the top
                size = min(s * 0.44, s / max(n, 1))
                for i, kind in enumerate(kinds):
                    box = QRectF(rect.right() - (i + 1) * size, rect.top(), size, size)
                    blit_shape(p, kind, box.adjusted(1, 1, -1, -1), self.safe, alpha)
                continue
            k = 1 if n == 1 else math.ceil(math.sqrt(n))
            cell = s / k
            size = cell * (0.62 if n == 1 else 0.8)
            for i, kind in enumerate(kinds):
                cx = rect.x() + (i % k + 0.5) * cell
                cy = rect.y() + (i // k + 0.5) * cell
                blit_shape(p, kind, QRectF(cx - size / 2, cy - size / 2, size, size),
                           self.safe, alpha)

    def _center(self, sq: Square) -> QPointF:
        return self.square_rect(sq).center()

    def _shown_paths(self) -> list[tuple[LegTrace, ...]]:
        """The legs to draw: every previewed path, or the stepped path up to its current leg."""
        if self.step is not None:
            return [self.paths[0][:self.step]] if self.paths else []
        return self.paths

    def _arrow(self, p: QPainter, leg: LegTrace, colour: QColor, s: float, alpha: int,
               bold: bool) -> None:
        """An arrow from ``leg.start`` to ``leg.end`` that stops short of both pieces' letters."""
        draw_arrow(p, self._center(leg.start), self._center(leg.end), colour, s, alpha, bold)

    def _leg_marks(self, p: QPainter, leg: LegTrace, i: int, s: float) -> None:
        """What the leg did where it ended (capture, hop, destroy), squares it hopped/passed."""
        for sq in leg.passed:
            c = self._center(sq)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(leg_colour(i))
            p.drawEllipse(c, s * 0.07, s * 0.07)
        for sq in leg.hopped:
            p.setPen(QPen(QColor("#2f9e44"), max(2.0, s * 0.07)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(self._center(sq), s * 0.4, s * 0.4)
        rect = self.square_rect(leg.end)
        kind = LEG_MARKS.get(leg.action)
        if kind is not None:   # what the leg did there, in the square's top-left corner
            box = QRectF(rect.x() + s * 0.02, rect.y() + s * 0.02, s * 0.42, s * 0.42)
            blit_shape(p, kind, box, self.safe)
        # numbered waypoint
        r = s * 0.16
        c = QPointF(rect.right() - r - 1, rect.bottom() - r - 1)
        p.setPen(QPen(QColor("white"), 1.5))
        p.setBrush(leg_colour(i))
        p.drawEllipse(c, r, r)
        p.setFont(self._font(int(r * 1.4), True))
        p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), CENTRE, str(i + 1))

    def _paint_outlines(self, p: QPainter, s: float) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        if self.pinned is not None:
            p.setPen(QPen(QColor("#1864ab"), max(2.5, s * 0.08)))
            p.drawRect(self.square_rect(self.pinned).adjusted(1.5, 1.5, -1.5, -1.5))
        if self.hover is not None:
            p.setPen(QPen(QColor(30, 30, 30, 160), 1.5, Qt.PenStyle.DotLine))
            p.drawRect(self.square_rect(self.hover).adjusted(1, 1, -1, -1))


