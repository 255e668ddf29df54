"""Gestures the window tests share: typing a definition, clicking a square, waiting for the
worker's answer (by the event loop, never by sleeping)."""

from __future__ import annotations

from PySide6.QtCore import Qt

LION = "KNADcaKmcabK"
#: how long a wait may last before it counts as a hang: a ceiling for a loaded machine (six
#: suites on two cores), never a measure; the condition or signal waited for ends the wait as
#: soon as it holds. Every wait of the window tests uses it.
WAIT_MS = 120_000


def lion_variant():
    """A one-piece variant: the Chu Shogi Lion on an empty 8x8 board."""
    from designer.variant.model import PieceType, Variant
    return Variant(name="Untitled", pieces=(PieceType("L", "Lion", LION),))


def settle(qtbot, window, timeout: int = WAIT_MS) -> None:
    """Wait until the piece view shows the answer to its latest request."""
    view = window.view
    qtbot.waitUntil(lambda: view.request is None or (
        not view.analyst.busy and view.analysis is not None
        and view.analysis.question == view.request), timeout=timeout)


def settle_compare(qtbot, window, timeout: int = WAIT_MS) -> None:
    """Wait until the compare view has compared its current pair."""
    view = window.compare
    view.recompute()
    qtbot.waitUntil(lambda: not view.busy and all(
        view.answers[k] is not None and view.answers[k].question == view._asked[k]
        for k in ("a", "b")), timeout=timeout)


def type_definition(qtbot, window, text: str) -> None:
    """Replace the definition by typing ``text`` into the editor, key by key, and wait for the
    board to follow."""
    edit = window.editor.edit
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key_A, modifier=Qt.ControlModifier)
    qtbot.keyClick(edit, Qt.Key_Delete)
    qtbot.keyClicks(edit, text)
    settle(qtbot, window)


def click_square(qtbot, canvas, sq, button=Qt.LeftButton) -> None:
    """Click the centre of square ``sq`` (file, rank) on a board canvas."""
    qtbot.mouseClick(canvas, button, pos=canvas.square_rect(sq).center().toPoint())


def marked(window) -> set:
    """Squares the board marks as destinations (overlays such as victims left out)."""
    overlays = {"victim", "initial", "promotion"}
    return {sq for sq, kinds in window.canvas.marks.items() if set(kinds) - overlays}
