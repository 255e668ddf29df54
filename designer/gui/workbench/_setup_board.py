"""The setup board: the variant's start position drawn with the piece pictures, edited by hand.

It reads the document (never a copy of the variant) and turns gestures into requests that the
setup editor applies as undo steps:

- ``placeRequested(square, letter, flip)``: a click on an empty square ("" = the selected piece)
  or a piece dropped from the palette; ``flip`` when Shift was held (the other colour);
- ``moveRequested(from, to, copy)``: a piece dragged to another square (Ctrl: a copy);
- ``removeRequested(square)``: right-click on a piece, or a piece dragged off the board;
- ``tokenTyped(square, token)``: a letter typed with the mouse over a square (``N`` White,
  ``n`` Black; Delete or Backspace empties it);
- ``pieceClicked(letter)``: a click on a piece (the editor selects its type).

Painted besides the pieces: each side's promotion zone (tinted ranks with a border on the
zone's edge), holes, and a castle badge on the pieces the castling rights involve.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget
from PySide6.QtCore import QEvent
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent, QKeyEvent, QMouseEvent, QPaintEvent

from ...geometry.board import file_letter
from ...variant import setup_tools as T
from ...variant.fen import FenError, Setup, base_letter, side_of
from ...vocabulary import BLACK, WHITE, Side, Square
from . import piece_images
from ..board.markers import draw_shape
from .piece_mime import letter_of
from ..document import VariantDocument
from PySide6.QtGui import QPixmap

LIGHT, DARK = QColor("#f0d9b5"), QColor("#b58863")        # the probe board's colours
ZONE = {WHITE: QColor(25, 113, 194, 55), BLACK: QColor(194, 37, 92, 55)}
ZONE_EDGE = {WHITE: QColor("#1971c2"), BLACK: QColor("#c2255c")}
GUTTER = 20.0
TOP_CENTRE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
MIN_SQUARE = 24


class SetupBoard(QWidget):
    """The start position of ``doc``'s variant, editable with the mouse and keyboard."""

    placeRequested = Signal(object, str, bool)
    moveRequested = Signal(object, object, bool)
    removeRequested = Signal(object)
    tokenTyped = Signal(object, str)
    pieceClicked = Signal(str)

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.zone_letter: str | None = None       # whose promotion zone to paint
        self.safe = False
        self.hover: Square | None = None
        self.drop_target: Square | None = None
        self._press: tuple[Square, QPointF] | None = None
        self._drag: tuple[Square, QPointF] | None = None     # (from, mouse position)
        self._parsed: tuple[tuple[str, int, int], Setup | None] = (("", 0, 0), None)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)

    # -- reading the document ------------------------------------------------------------------
    def setup(self) -> Setup | None:
        """The document's start position (parsed once per FEN; None when it does not read)."""
        v = self.doc.variant
        key = (v.setup, v.files, v.ranks)
        if self._parsed[0] != key:
            try:
                parsed = T.setup_of(v)
            except FenError:
                parsed = None
            self._parsed = (key, parsed)
        return self._parsed[1]

    def sizeHint(self) -> QSize:
        v = self.doc.variant
        side = max(MIN_SQUARE, min(64, 560 // max(v.files, v.ranks)))
        return QSize(int(v.files * side + 2 * GUTTER), int(v.ranks * side + 2 * GUTTER))

    # -- geometry --------------------------------------------------------------------------------
    def _geometry(self) -> tuple[float, float, float]:
        v = self.doc.variant
        fit = min((self.width() - 2 * GUTTER) / v.files, (self.height() - 2 * GUTTER) / v.ranks)
        s = max(8.0, math.floor(fit))
        return s, math.floor((self.width() - s * v.files) / 2), \
            math.floor((self.height() - s * v.ranks) / 2)

    def square_rect(self, sq: Square) -> QRectF:
        """The tile of ``sq`` in widget pixels (White's view: rank 0 at the bottom)."""
        s, x, y = self._geometry()
        return QRectF(x + sq[0] * s, y + (self.doc.variant.ranks - 1 - sq[1]) * s, s, s)

    def square_at(self, pos: QPointF) -> Square | None:
        v = self.doc.variant
        s, x, y = self._geometry()
        f = math.floor((pos.x() - x) / s)
        r = v.ranks - 1 - math.floor((pos.y() - y) / s)
        return (f, r) if 0 <= f < v.files and 0 <= r < v.ranks else None

    # -- painting --------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        v = self.doc.variant
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        s, x0, y0 = self._geometry()
        p.fillRect(self.rect(), self.palette().window())
        p.fillRect(QRectF(x0, y0, s * v.files, s * v.ranks), DARK)
        for f in range(v.files):
            for r in range(v.ranks):
                if (f + r) % 2:
                    p.fillRect(self.square_rect((f, r)), LIGHT)
        self._paint_zones(p, s)
        self._paint_coordinates(p, s, x0, y0)
        setup = self.setup()
        if setup is not None:
            for sq in setup.holes:
                hatch = QBrush(QColor("#555555"), Qt.BrushStyle.DiagCrossPattern)
                p.fillRect(self.square_rect(sq), hatch)
            self._paint_pieces(p, setup, s)
        for marked in (self.hover, self.drop_target):
            if marked is not None:
                p.setPen(QPen(QColor(20, 20, 20, 170), 2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(self.square_rect(marked).adjusted(1, 1, -1, -1))
        if self._drag is not None and setup is not None and self._drag[0] in setup.board:
            tok = setup.board[self._drag[0]]
            pix = self._pixmap(tok, s)
            if pix is not None:
                pos = self._drag[1]
                p.drawPixmap(QPointF(pos.x() - s / 2, pos.y() - s / 2), pix)
        p.end()

    def _paint_zones(self, p: QPainter, s: float) -> None:
        v = self.doc.variant
        white, black = T.promotion_ranks(v, self.zone_letter)
        for side, ranks in ((WHITE, white), (BLACK, black)):
            if not ranks:
                continue
            top = self.square_rect((0, ranks[-1])).top()
            bottom = self.square_rect((0, ranks[0])).bottom()
            left = self.square_rect((0, 0)).left()
            band = QRectF(left, top, s * v.files, bottom - top)
            p.fillRect(band, ZONE[side])
            edge = band.bottom() if side == WHITE else band.top()
            p.setPen(QPen(ZONE_EDGE[side], max(2.0, s * 0.06), Qt.PenStyle.DashLine))
            p.drawLine(QPointF(band.left(), edge), QPointF(band.right(), edge))

    def _paint_coordinates(self, p: QPainter, s: float, x0: float, y0: float) -> None:
        v = self.doc.variant
        font = QFont(self.font())
        font.setPixelSize(int(min(13, max(9, s * 0.34))))
        p.setFont(font)
        p.setPen(self.palette().color(self.foregroundRole()))
        for f in range(v.files):
            rect = QRectF(x0 + f * s, y0 + s * v.ranks + 1, s, GUTTER - 2)
            p.drawText(rect, TOP_CENTRE, file_letter(f))
        for r in range(v.ranks):
            rect = QRectF(x0 - GUTTER - 2, y0 + (v.ranks - 1 - r) * s, GUTTER, s)
            p.drawText(rect, RIGHT_MIDDLE, str(r + 1))

    def _pixmap(self, tok: str, s: float) -> QPixmap | None:
        v = self.doc.variant
        side: Side = WHITE if side_of(tok) == WHITE else BLACK
        return piece_images.pixmap_for(v, base_letter(tok), side, int(s),
                                       self.devicePixelRatioF(), self._base_dir())

    def _base_dir(self) -> str | None:
        import os
        path = getattr(self.doc, "path", None)
        return os.path.dirname(path) if path else None

    def _paint_pieces(self, p: QPainter, setup: Setup, s: float) -> None:
        partners = {c.square for c in T.castling_partners(self.doc.variant)}
        dragged = self._drag[0] if self._drag is not None else None
        for sq, tok in setup.board.items():
            rect = self.square_rect(sq)
            pix = self._pixmap(tok, s)
            if sq == dragged:
                p.setOpacity(0.35)
            if pix is not None:
                p.drawPixmap(rect.topLeft(), pix)
            else:
                self._unknown(p, rect, tok)
            p.setOpacity(1.0)
            if sq in partners:
                badge = QRectF(rect.left() + 1, rect.bottom() - s * 0.34 - 1, s * 0.34, s * 0.34)
                draw_shape(p, "castling", badge, self.safe)

    def _unknown(self, p: QPainter, rect: QRectF, tok: str) -> None:
        """A token whose type the variant lacks: a red-ringed letter, so it is noticed."""
        c, r = rect.center(), rect.width() * 0.32
        p.setPen(QPen(QColor("#e03131"), max(2.0, rect.width() * 0.06)))
        p.setBrush(QColor("#fff5f5"))
        p.drawEllipse(c, r, r)
        font = QFont(self.font())
        font.setPixelSize(max(7, int(r)))
        font.setBold(True)
        p.setFont(font)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, tok)

    # -- mouse -------------------------------------------------------------------------------------
    def _occupied(self, sq: Square | None) -> bool:
        setup = self.setup()
        return sq is not None and setup is not None and sq in setup.board

    def mousePressEvent(self, event: QMouseEvent) -> None:
        sq = self.square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if self._occupied(sq):
                self.removeRequested.emit(sq)
            return
        if event.button() == Qt.MouseButton.LeftButton and sq is not None:
            self._press = (sq, event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._press is not None and self._drag is None and self._occupied(self._press[0]) \
                and (pos - self._press[1]).manhattanLength() >= \
                QApplication.startDragDistance():
            self._drag = (self._press[0], pos)
        if self._drag is not None:
            self._drag = (self._drag[0], pos)
            self.update()
        sq = self.square_at(pos)
        if sq != self.hover:
            self.hover = sq
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        sq = self.square_at(event.position())
        press, drag = self._press, self._drag
        self._press = self._drag = None
        self.update()
        if drag is not None:
            inside = self.rect().contains(event.position().toPoint())
            if sq is None or not inside:
                self.removeRequested.emit(drag[0])        # dragged off the board
            elif sq != drag[0]:
                copy = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
                self.moveRequested.emit(drag[0], sq, copy)
            return
        if press is None or sq != press[0]:
            return
        setup = self.setup()
        if setup is not None and sq in setup.board:
            self.pieceClicked.emit(base_letter(setup.board[sq]))
        elif setup is None or sq not in setup.holes:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.placeRequested.emit(sq, "", shift)

    def leaveEvent(self, event: QEvent) -> None:
        if self.hover is not None:
            self.hover = None
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self._drag is not None:
            self._press = self._drag = None
            self.update()
            return
        sq = self.hover
        text = event.text()
        if sq is None:
            super().keyPressEvent(event)
        elif event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.tokenTyped.emit(sq, "")
        elif len(text) == 1 and text.isascii() and text.isalpha():
            self.tokenTyped.emit(sq, text)
        else:
            super().keyPressEvent(event)

    # -- drops from the palette ------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if letter_of(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        sq = self.square_at(event.position())
        if letter_of(event.mimeData()) is not None and sq is not None:
            event.acceptProposedAction()
        else:
            event.ignore()
        if sq != self.drop_target:
            self.drop_target = sq
            self.update()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.drop_target = None
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        letter = letter_of(event.mimeData())
        sq = self.square_at(event.position())
        self.drop_target = None
        self.update()
        if letter is None or sq is None:
            event.ignore()
            return
        event.acceptProposedAction()
        flip = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.placeRequested.emit(sq, letter, flip)
