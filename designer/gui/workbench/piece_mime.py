"""The drag-and-drop payload of a piece type: the palette drags it, the setup board accepts it.

A private MIME type carries the piece letter; plain text carries it too, so dropping a piece
into any text field types its letter.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData

MIME = "application/x-variant-designer-piece"


def piece_mime(letter: str) -> QMimeData:
    data = QMimeData()
    data.setData(MIME, letter.encode("utf-8"))
    data.setText(letter)
    return data


def letter_of(data: QMimeData | None) -> str | None:
    """The piece letter a drag carries, or None when it carries no piece."""
    if data is None or not data.hasFormat(MIME):
        return None
    letter = bytes(data.data(MIME).data()).decode("utf-8", "replace").strip()
    return letter if 0 < len(letter) <= 3 else None
