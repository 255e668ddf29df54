"""Piece pictures as Qt pixmaps: the board, the palette and the setup editor draw with these.

``pixmap_for(variant, letter, side, size, dpr, base_dir)`` is the one call a board needs: the
picture of piece type ``letter`` of ``variant`` for ``side``, ``size`` device-independent pixels
square, rendered at the screen's pixel ratio (vector drawings stay crisp at any zoom), or None
when the letter is no piece type of the variant (the caller draws its own token then).

What picture a piece gets is decided by the Qt-free ``designer.variant.images``; this module
only renders the decision: built-in and generated drawings from their SVG text, the user's own
pictures (embedded or a file) as they are for White and with their colours inverted for Black
(one picture per piece, as the variant file stores it), and a red promotion badge on ``+X``
forms. A user picture that cannot be read falls back to the automatic choice; ``problem_of``
says why, for tooltips.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

#: A user's picture, decoded: an SVG renderer or a raster image.
Picture = QSvgRenderer | QImage

from ...variant import images, piece_art
from ...variant.images import BUILTIN, EMBEDDED, FILE, ImageChoice, ImageError
from ...variant.model import PieceType, Variant
from ...vocabulary import BLACK, WHITE, Side
from ...errors import user_message

MAX_FILE_PICTURE = 2 * 1024 * 1024     # a picture file named by path (hand-written variants)
BADGE = QColor("#d6336c")


def choice_for(piece: PieceType, variant: Variant | None = None,
               base_dir: str | None = None) -> ImageChoice:
    """The picture decided for ``piece`` (a user picture that cannot be read is skipped)."""
    choice = images.choose_image(piece, variant, base_dir)
    if choice.kind in (EMBEDDED, FILE) and _source(choice) is None:
        from dataclasses import replace
        fallback = images.choose_image(replace(piece, image=""), variant, base_dir)
        return replace(fallback, why=f"{fallback.why}; {_decoded(choice.kind, choice.source)[1]}")
    return choice


def problem_of(piece: PieceType, base_dir: str | None = None) -> str:
    """Why the piece's own picture is not used ('' when it is, or when it has none)."""
    image = piece.image.strip()
    if not image or piece_art.is_builtin(image):
        return ""
    choice = images.choose_image(piece, None, base_dir)
    if choice.kind not in (EMBEDDED, FILE):
        return f"the picture {image[:60]} is not there"
    return _decoded(choice.kind, choice.source)[1]


def _source(choice: ImageChoice) -> Picture | None:
    """The decoded user picture (QSvgRenderer or QImage), or None when it cannot be read."""
    return _decoded(choice.kind, choice.source)[0]


@lru_cache(maxsize=128)
def _decoded(kind: str, source: str) -> tuple[Picture | None, str]:
    """(picture, '') for a readable user picture, (None, why not) otherwise; decoded once."""
    try:
        if kind == EMBEDDED:
            mime, data = images.decode_data_uri(source)
        else:
            mime = images.mime_of(source)
            with open(source, "rb") as fh:
                data = fh.read(MAX_FILE_PICTURE + 1)
            if len(data) > MAX_FILE_PICTURE:
                raise ImageError(f"{source}: larger than {MAX_FILE_PICTURE // 1024} KiB")
        return read_picture(data, mime), ""
    except (ImageError, OSError) as e:
        return None, user_message(e)


def read_picture(data: bytes, mime: str) -> Picture:
    """A QSvgRenderer (SVG) or QImage (raster) of the bytes; ImageError when unreadable."""
    if mime == "image/svg+xml":
        renderer = QSvgRenderer(QByteArray(data))
        if not renderer.isValid():
            raise ImageError("the SVG picture cannot be read")
        return renderer
    img = QImage.fromData(QByteArray(data))
    if img.isNull():
        raise ImageError(f"the {mime.split('/')[-1].upper()} picture cannot be read")
    return img


def pixmap_for(variant: Variant | None, letter: str, side: Side, size: int, dpr: float = 1.0,
               base_dir: str | None = None) -> QPixmap | None:
    """The board hook: piece type ``letter`` of ``variant`` drawn for ``side`` (None when the
    variant has no such piece type)."""
    piece = variant.piece(letter) if variant is not None else None
    if piece is None:
        return None
    return piece_pixmap(piece, side, size, dpr, variant, base_dir)


def piece_pixmap(piece: PieceType, side: Side, size: int, dpr: float = 1.0,
                 variant: Variant | None = None, base_dir: str | None = None) -> QPixmap:
    """``piece``'s picture for ``side``, ``size`` px square at pixel ratio ``dpr``."""
    choice = choice_for(piece, variant, base_dir)
    return _rendered(choice.kind, choice.source, choice.royal, choice.promoted, side,
                     max(1, int(size)), dpr)


@lru_cache(maxsize=600)
def _rendered(kind: str, source: str, royal: bool, promoted: bool, side: Side, size: int,
              dpr: float) -> QPixmap:
    """One picture as a pixmap (kept: the board asks for the same few again and again)."""
    choice = ImageChoice(kind, source, royal, promoted)
    px = max(1, round(size * dpr))
    img = QImage(px, px, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    _paint_choice(p, QRectF(0, 0, px, px), choice, side)
    p.end()
    if choice.kind in (EMBEDDED, FILE) and side == BLACK:
        img.invertPixels(QImage.InvertMode.InvertRgb)   # one picture per piece: Black's inverted
    if choice.promoted:
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        _badge(p, QRectF(0, 0, px, px))
        p.end()
    pix = QPixmap.fromImage(img)
    pix.setDevicePixelRatio(dpr)
    return pix


def _paint_choice(p: QPainter, rect: QRectF, choice: ImageChoice, side: Side) -> None:
    if choice.kind == BUILTIN:
        _render_svg(p, rect, piece_art.builtin_svg(choice.source, side))
    elif choice.kind in (EMBEDDED, FILE):
        src = _source(choice)
        if isinstance(src, QSvgRenderer):
            box = _fit(rect, src.defaultSize().width(), src.defaultSize().height())
            src.render(p, box)
        elif src is not None:
            p.drawImage(_fit(rect, src.width(), src.height()), src)
    else:
        _render_svg(p, rect, piece_art.letter_svg(choice.source, side, choice.royal))


def _render_svg(p: QPainter, rect: QRectF, text: str) -> None:
    QSvgRenderer(QByteArray(text.encode("utf-8"))).render(p, rect)


def _fit(rect: QRectF, w: float, h: float) -> QRectF:
    """The largest rectangle of aspect w:h centred in ``rect`` (pictures keep their shape)."""
    if w <= 0 or h <= 0:
        return rect
    scale = min(rect.width() / w, rect.height() / h)
    return QRectF(rect.center().x() - w * scale / 2, rect.center().y() - h * scale / 2,
                  w * scale, h * scale)


def _badge(p: QPainter, rect: QRectF) -> None:
    """The promotion mark: a small red disc with a white plus in the top-right corner."""
    r = rect.width() * 0.15
    c = QPointF(rect.right() - r * 1.15, rect.top() + r * 1.15)
    p.setPen(QPen(QColor("white"), max(1.0, r * 0.18)))
    p.setBrush(BADGE)
    p.drawEllipse(c, r, r)
    pen = QPen(QColor("white"), max(1.0, r * 0.3))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(QPointF(c.x() - r * 0.5, c.y()), QPointF(c.x() + r * 0.5, c.y()))
    p.drawLine(QPointF(c.x(), c.y() - r * 0.5), QPointF(c.x(), c.y() + r * 0.5))


def piece_icon(piece: PieceType, variant: Variant | None = None, base_dir: str | None = None,
               size: int = 40) -> QIcon:
    """An icon of the White piece (lists, menus), crisp at 1x and 2x."""
    icon = QIcon()
    for dpr in (1.0, 2.0):
        icon.addPixmap(piece_pixmap(piece, WHITE, size, dpr, variant, base_dir))
    return icon


def clear_cache() -> None:
    """Forget rendered pictures (after the user replaced a picture file on disk)."""
    _rendered.cache_clear()
    _decoded.cache_clear()


__all__ = ["pixmap_for", "piece_pixmap", "piece_icon", "choice_for",
           "problem_of", "read_picture", "clear_cache"]
