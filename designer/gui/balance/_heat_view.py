"""Heat maps and engine differences on the piece view.

``PieceViewExtras`` adds to a ``PieceView``: a *Show* box (the moves, or a heat map of the
selected piece: its mobility on the empty board or in the probe position, its distance in moves
from where it stands, safe checks against a king on each square) and an *Engine differences*
switch that frames the squares where XBoard 4.9 or Fairy-Stockfish moves the piece differently
from our reading, in a colour of its own, with a legend under the board. Both are computed in
worker threads from the document's variant, selected piece and probe board (what the piece view
shows), and redrawn when any of them changes. Hovering a square says its number, or how each
program moves there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from ...balance.scale import colour, text_colour
from ...geometry.board import square_name
from ...vocabulary import Square
from .. import document as D
from ...engine.question import Question, position_of
from ._legend import HeatLegend, missing_brush, paint_difference
from ._worker import Progress, Runner
from ..courier import slot
from ..board import PieceView
from PySide6.QtWidgets import QBoxLayout

if TYPE_CHECKING:   # the heat maps and engine differences load when first asked for
    from ...balance.differences import EngineDifferences
    from ...balance.heat import HeatKind, HeatMap

MOVES: Final = "moves"
_CORNER: Final = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop   # where a number goes
MODES: Final[dict[str, str]] = {
    MOVES: "Moves",
    "mobility": "Heat map: mobility on the empty board",
    "mobility-here": "Heat map: mobility in this position",
    "distance": "Heat map: moves needed from here",
    "checks": "Heat map: safe checks",
}
_TIPS: Final[dict[str, str]] = {
    MOVES: "The squares the piece reaches from where it stands, marked by move class",
    "mobility": "From every square: how many squares the piece reaches on an empty board "
                "(capture only counts 2/3, move only 1/3)",
    "mobility-here": "From every empty square of the probe board: how many squares the piece "
                     "can move to or capture on there",
    "distance": "How many moves the piece needs from where it stands to each square of an "
                "empty board; hatched: never (a colour-bound piece shows it at once)",
    "checks": "For an enemy king on each square: from how many squares, not next to the king, "
              "the piece gives check",
}


class PieceViewExtras(QObject):
    """The heat-map and engine-differences layers of one piece view (module docstring)."""

    shown = Signal()            # a new heat map or set of differences is on the board

    def __init__(self, view: PieceView, doc: D.VariantDocument):
        super().__init__(view)
        self.view, self.doc = view, doc
        self.canvas = view.canvas
        self.mode = MOVES
        self.heat: HeatMap | None = None
        self.diffs: EngineDifferences | None = None
        self._asked: tuple[object, ...] | None = None
        self._asked_diffs: tuple[object, ...] | None = None
        self.heat_runner = Runner(self, "heat-map")
        self.diff_runner = Runner(self, "engine-differences")
        self.box = QComboBox()
        for key, label in MODES.items():
            self.box.addItem(label, key)
            self.box.setItemData(self.box.count() - 1, _TIPS[key], Qt.ItemDataRole.ToolTipRole)
        self.box.setToolTip("Show the piece's moves, or a heat map of the piece on this board")
        self.diff_box = QCheckBox("Engine &differences")
        self.diff_box.setToolTip("Frame the squares where XBoard 4.9 or Fairy-Stockfish would "
                                 "move this piece differently from our reading of it")
        self.busy = QLabel()
        self.controls = QWidget()
        row = QHBoxLayout(self.controls)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Show:"))
        row.addWidget(self.box)
        row.addWidget(self.diff_box)
        row.addWidget(self.busy)
        row.addStretch(1)
        self.legend = HeatLegend()
        self.legend.hide()
        lay = view.layout()
        assert isinstance(lay, QBoxLayout)   # the piece view is a column of widgets
        lay.insertWidget(0, self.controls)
        lay.insertWidget(lay.indexOf(view.legend) + 1, self.legend)
        self.canvas.layers.append(self._paint_heat)
        self.canvas.overlays.append(self._paint_differences)
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self.refresh)
        self.box.currentIndexChanged.connect(lambda _i: self.set_mode(self.box.currentData()))
        self.diff_box.toggled.connect(lambda _on: self.refresh())
        self.heat_runner.finished.connect(self._heat_ready)
        self.heat_runner.failed.connect(slot(self._failed, "heat map"))   # weakly held
        self.diff_runner.finished.connect(self._diffs_ready)
        self.diff_runner.failed.connect(slot(self._failed, "engine differences"))
        for runner in (self.heat_runner, self.diff_runner):
            runner.busy_changed.connect(self._busy)
        doc.changed.connect(lambda _aspects: self._follow())
        doc.selection_changed.connect(lambda _letter: self._follow())
        self.canvas.squareHovered.connect(self._hovered)

    # -- state -----------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Show the moves (``MOVES``) or one of the heat maps of ``MODES``."""
        if mode not in MODES:
            raise ValueError(f"no heat map {mode!r}")
        self.mode = mode
        if self.box.currentData() != mode:
            self.box.setCurrentIndex(self.box.findData(mode))
        self.refresh()

    def set_differences(self, on: bool) -> None:
        self.diff_box.setChecked(on)

    def _follow(self) -> None:
        """The document changed: ask again soon, unless neither a heat map nor engine
        differences are on or shown (then the piece view alone follows the edit)."""
        if self.mode != MOVES or self.diff_box.isChecked() or self.heat is not None \
                or self.diffs is not None:
            self._timer.start()

    def refresh(self) -> None:
        """Ask for what the current mode and switch need (answered later, in order)."""
        piece, req = self.doc.piece(), self.view.request
        heat_on = self.mode != MOVES and piece is not None and req is not None
        self.canvas.show_moves = not heat_on
        self.view.legend.setVisible(not heat_on)
        if heat_on:
            assert piece is not None and req is not None
            self._ask_heat(req)
        else:
            self.heat, self._asked = None, None
        if self.diff_box.isChecked() and piece is not None and req is not None:
            self._ask_differences(req)
        else:
            self.diffs, self._asked_diffs = None, None
        self._update_legend()
        self.canvas.update()

    def _ask_heat(self, req: Question) -> None:
        mode = self.mode
        position = position_of(req) if mode == "mobility-here" else None
        key = (mode, req.text, req.dialect, req.files, req.ranks, req.holes,
               req.origin if mode == "distance" else None, position, req.side)
        if key == self._asked:
            return
        self._asked = key
        piece = self.doc.piece()
        name = (piece.name if piece else "") or req.letter
        kind: HeatKind = "mobility" if mode == "mobility-here" else mode  # type: ignore[assignment]

        def work(_progress: Progress) -> HeatMap:
            from ...balance.heat import heat_map, mobility_map
            if position is not None:
                return mobility_map(req.text, req.dialect, req.files, req.ranks, position,
                                    req.side, req.holes, name)
            return heat_map(kind, req.text, req.dialect, req.files, req.ranks,
                            origin=req.origin, holes=req.holes, name=name)
        self.heat_runner.run(work)

    def _ask_differences(self, req: Question) -> None:
        position = position_of(req)
        key = (req.text, req.dialect, position, req.origin, req.side, req.virgin, req.royal)
        if key == self._asked_diffs:
            return
        self._asked_diffs = key

        def work(_progress: Progress) -> EngineDifferences:
            from ...balance.differences import engine_differences
            return engine_differences(req.text, req.dialect, position, req.origin, req.side,
                                      req.virgin, req.royal)
        self.diff_runner.run(work)

    # -- answers ---------------------------------------------------------------------------
    def _heat_ready(self, m: HeatMap) -> None:
        if self.mode == MOVES:
            return
        self.heat = m
        self._update_legend()
        self.canvas.update()
        self.shown.emit()

    def _diffs_ready(self, d: EngineDifferences) -> None:
        if not self.diff_box.isChecked():
            return
        self.diffs = d
        self._update_legend()
        self.canvas.update()
        self.shown.emit()

    def _failed(self, what: str, why: str) -> None:
        if why != "cancelled":
            self.view.status.setText(f"The {what} could not be computed: {why}")

    def _busy(self, _busy: bool) -> None:
        working = self.heat_runner.busy or self.diff_runner.busy
        self.busy.setText("computing…" if working else "")

    def _update_legend(self) -> None:
        note = ""
        if self.diffs is not None:
            notes = [f"{p.program}: {p.reason}" for p in self.diffs.programs if not p.compared]
            if not self.diffs.squares() and not notes:
                note = "none here"
            note = "; ".join(filter(None, [note] + notes))
        self.legend.set_state(self.heat if self.mode != MOVES else None,
                              self.diff_box.isChecked(), note)

    # -- painting --------------------------------------------------------------------------
    def _paint_heat(self, p: QPainter, s: float) -> None:
        m = self.heat
        if m is None or self.mode == MOVES or (m.files, m.ranks) != (self.canvas.files,
                                                                     self.canvas.ranks):
            return
        font = QFont(p.font())
        font.setPixelSize(max(8, int(s * 0.28)))
        p.save()
        p.setFont(font)
        low, high = m.low, m.high
        for r in range(m.ranks):
            for f in range(m.files):
                if (f, r) in m.holes:
                    continue
                rect = self.canvas.square_rect((f, r))
                v = m.at((f, r))
                if v is None:
                    p.fillRect(rect, QColor("#d1d5db"))
                    p.fillRect(rect, missing_brush())
                    continue
                c = QColor(colour(v, low, high))
                c.setAlphaF(0.88)
                p.fillRect(rect, c)
                if s >= 22:
                    p.setPen(QColor(text_colour(v, low, high)))
                    p.drawText(QRectF(rect.x() + 2, rect.y() + 1, rect.width() - 4,
                                      rect.height() * 0.4), _CORNER, m.text((f, r)))
        p.restore()

    def _paint_differences(self, p: QPainter, s: float) -> None:
        if self.diffs is None or not self.diff_box.isChecked():
            return
        for sq in self.diffs.squares():
            if 0 <= sq[0] < self.canvas.files and 0 <= sq[1] < self.canvas.ranks:
                paint_difference(p, self.canvas.square_rect(sq))

    def _hovered(self, sq: Square | None) -> None:
        if sq is None:
            return
        parts = []
        if self.heat is not None and self.mode != MOVES:
            v = self.heat.at(sq) if 0 <= sq[0] < self.heat.files and \
                0 <= sq[1] < self.heat.ranks else None
            parts.append(f"{self.heat.title}: " + (self.heat.missing if v is None
                                                    else f"{self.heat.text(sq)} {self.heat.unit}"))
        if self.diffs is not None:
            parts += self.diffs.squares().get(sq, [])
        if parts:
            self.view.message.emit(f"{square_name(sq)}: " + "; ".join(parts))

    def shutdown(self) -> None:
        self.heat_runner.shutdown()
        self.diff_runner.shutdown()


__all__ = ["MODES", "MOVES", "PieceViewExtras"]
