"""A picture file chosen by the user, made ready to be stored in the variant file.

The variant keeps its pictures inside itself (``PieceType.image`` as a data URI, see
``designer.variant.images``), so a variant file copied elsewhere still shows them. An SVG small
enough is kept as it is (it stays sharp at any size); anything larger, and every raster picture
larger than the limit, is rendered to a PNG of ``SIDE`` pixels, which is sharp on the board up
to that size and keeps 78 pictures inside a file the readers accept.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QIODevice, QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from ...variant import images
from ...variant.images import ImageError
from .piece_images import read_picture
from .piece_images import Picture

SIDE = 128
MAX_FILE = 8 * 1024 * 1024          # larger files are not pictures of a chess piece


def picture_from_file(path: str) -> tuple[str, str]:
    """(data URI, note for the user) of the picture in ``path`` (ImageError when unusable)."""
    mime = images.mime_of(path)
    try:
        if os.path.getsize(path) > MAX_FILE:
            raise ImageError(f"larger than {MAX_FILE // (1024 * 1024)} MiB")
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE + 1)
    except OSError as e:
        raise ImageError(f"cannot read it: {e.strerror or e}") from None
    picture = read_picture(data, mime)           # ImageError when it is not a picture
    if len(data) <= images.MAX_EMBED_BYTES:
        return images.data_uri(data, mime), ""
    for side in (SIDE, 96, 64):
        png = _png(picture, side)
        if len(png) <= images.MAX_EMBED_BYTES:
            return images.data_uri(png, "image/png"), \
                f"Kept as a {side}x{side} PNG: the file is larger than " \
                f"{images.MAX_EMBED_BYTES // 1024} KiB"
    raise ImageError("too detailed to keep in the variant file even at 64x64 pixels")


def _png(picture: Picture, side: int) -> bytes:
    """The picture drawn into a transparent ``side`` x ``side`` PNG, keeping its shape."""
    img = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    if isinstance(picture, QImage):
        w, h = picture.width(), picture.height()
    else:
        w, h = picture.defaultSize().width(), picture.defaultSize().height()
    scale = side / max(w, h, 1)
    box = QRectF((side - w * scale) / 2, (side - h * scale) / 2, w * scale, h * scale)
    if isinstance(picture, QImage):
        p.drawImage(box, picture)
    else:
        picture.render(p, box)
    p.end()
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, b"PNG")
    return bytes(buf.data().data())


__all__ = ["picture_from_file", "SIDE"]
