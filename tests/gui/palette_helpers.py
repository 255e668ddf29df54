"""What the palette and setup editor tests share: sample variants, a document with a widget
on it, retyping a field or spin box as a person does, and checking that undo restores."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from designer.formats.registry import read_any

ROOT = Path(__file__).resolve().parents[2]
FIDE_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def sample(name: str):
    """The variant of ``variants/<name>.ini``."""
    return read_any(ROOT / "variants" / f"{name}.ini")


def shown_on_document(qtbot, widget_class, variant, select: str | None, size: tuple[int, int]):
    """(document, widget) with the widget built on a new document of ``variant`` and shown."""
    from designer.gui.document import VariantDocument
    doc = VariantDocument(variant)
    if select:
        doc.select(select)
    widget = widget_class(doc)
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return doc, widget


def retype(qtbot, field, text: str, enter: bool = False) -> None:
    """Select what a line edit holds and type ``text`` over it (Enter when asked)."""
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)
    if enter:
        qtbot.keyClick(field, Qt.Key_Return)


def retype_number(qtbot, spin, text: str) -> None:
    """Type a number into a spin box and press Enter."""
    retype(qtbot, spin.lineEdit(), text, enter=True)


def undo_restores(doc, before) -> None:
    """One undo gives back exactly ``before``."""
    doc.undo_stack.undo()
    assert doc.variant == before
