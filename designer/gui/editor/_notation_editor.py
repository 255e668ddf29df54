"""The notation editor: a Betza line with live highlighting, errors, English and engine warnings.

The highlighter only maps the core's token kinds to text formats and underlines the core's
problem spans; it never parses by itself (``notation.definition.read_definition`` is shared and cached, so
typing one letter reads the text once). Errors of reading show at once; the move count, and a
problem the generator found (underlined at its span when it has one), follow when the worker
answers. The English description and the XBoard / Fairy-Stockfish
compatibility warnings come from ``designer.notation.english`` and ``designer.notation.xboard``;
they are refreshed a moment after typing stops so that a keystroke only pays for the board.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QPalette,
    QFont,
    QFontDatabase,
    QSyntaxHighlighter,
    QTextCharFormat,
)
from PySide6.QtWidgets import (
    QComboBox,
    QTextEdit,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QToolTip,
    QVBoxLayout,
    QWidget,
)
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ...vocabulary import DIALECT_TITLES, BETZA2, BEX, XBETZA, Dialect, parse_dialect
from ...variant.model import PieceType
from ...engine.analysis import Analysis
from ...notation._reader import MAX_TEXT as MAX_DEFINITION
from ...notation.definition import Reading, read_definition
from ...notation.english import plural
from collections.abc import Callable
from PySide6.QtCore import QPoint
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QListWidgetItem


# One colour per token kind (readable on a white background; bold for the letters that move).
KIND_STYLE: dict[str, tuple[str, bool, bool]] = {   # kind -> (colour, bold, italic)
    "atom": ("#1c4fd6", True, False),
    "range": ("#0b7a75", True, False),
    "direction": ("#2b8a3e", False, False),
    "modality": ("#c2410c", False, False),
    "special": ("#9c36b5", False, True),
    "chain": ("#d6336c", True, False),
    "group": ("#5c5f66", True, False),
    "limiter": ("#8f5b00", False, True),
    "error": ("#c92a2a", False, False),
}
IDLE_MS = 120   # description and compatibility warnings wait this long after the last keystroke
MAX_SHOWN_PROBLEMS = 4   # lines of errors under the definition (every one is underlined)


class BetzaHighlighter(QSyntaxHighlighter):
    """Colours every token by kind; wavy-underlines each problem's exact span."""

    def __init__(self, document: QTextDocument, dialect: Dialect = XBETZA):
        super().__init__(document)
        self.dialect = dialect
        self.formats: dict[str, QTextCharFormat] = {}
        for kind, (colour, bold, italic) in KIND_STYLE.items():
            f = QTextCharFormat()
            f.setForeground(QColor(colour))
            f.setFontWeight(QFont.Weight.Bold if bold else QFont.Weight.Normal)
            f.setFontItalic(italic)
            self.formats[kind] = f
        self.last_reading: Reading | None = None

    def set_dialect(self, dialect: Dialect) -> None:
        if dialect != self.dialect:
            self.dialect = dialect
            self.rehighlight()

    def highlightBlock(self, text: str) -> None:
        reading = read_definition(text, self.dialect)
        self.last_reading = reading
        for tok in reading.tokens:
            fmt = self.formats.get(tok.kind)
            if fmt is not None:
                self.setFormat(tok.start, tok.end - tok.start, fmt)
        for start, end in error_spans(reading):
            for i in range(start, end):
                fmt = self.format(i)
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
                fmt.setUnderlineColor(QColor("#e03131"))
                self.setFormat(i, 1, fmt)


def error_spans(reading: Reading) -> list[tuple[int, int]]:
    """Problem spans clamped to the text; a span past the end marks the last character."""
    n = len(reading.text)
    out = []
    for pr in reading.problems:
        start = max(0, min(pr.start, n - 1))
        end = max(start + 1, min(pr.end, n))
        if n:
            out.append((start, end))
    return out


class DefinitionEdit(QPlainTextEdit):
    """A one-definition text box: Enter does nothing, pasted line breaks are dropped, a paste
    that would make the definition longer than any the reader reads is refused (``refused``
    says why), and the character under the mouse is reported so the board can show what that
    token contributes."""

    hoveredOffset = Signal(int)   # -1 when the mouse is not over a character
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setUndoRedoEnabled(False)          # the window's QUndoStack owns undo
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTabChangesFocus(True)
        line = self.fontMetrics().lineSpacing()
        self.setFixedHeight(int(line * 2.6) + 10)
        self.reading: Reading | None = None
        self.tip_for: Callable[[int], str] = lambda offset: ""   # set by the editor panel

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.ignore()
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        text = " ".join(source.text().split())
        kept = len(self.toPlainText()) - len(self.textCursor().selectedText())
        if kept + len(text) > MAX_DEFINITION:
            # refused before it is laid out: tens of thousands of characters on one line
            # cost the text layout seconds, and no definition that long is read anyway
            self.refused.emit(f"Not pasted: a definition is at most {MAX_DEFINITION:,} "
                              f"characters, and this would make it {kept + len(text):,}")
            return
        self.insertPlainText(text)

    def offset_at(self, pos: QPoint) -> int:
        """The character offset under a viewport point, or -1 past the text."""
        cursor = self.cursorForPosition(pos)
        offset = cursor.position()
        rect = self.cursorRect(cursor)
        if pos.x() < rect.x() and offset > 0:
            offset -= 1
        return offset if offset < len(self.toPlainText()) else -1

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.hoveredOffset.emit(self.offset_at(event.position().toPoint()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.hoveredOffset.emit(-1)
        super().leaveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QEvent.Type.ToolTip:
            offset = self.offset_at(event.pos())
            tip = self.tip_for(offset) if offset >= 0 else ""
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)


class NotationEditor(QWidget):
    """The panel: header with dialect switch, the definition, status line, English, warnings."""

    textEdited = Signal(str)
    fixChosen = Signal(str)      # the whole fixed text of a compatibility quick fix
    dialectChosen = Signal(str)
    hoveredOffset = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        # the letter XBoard holds in its King slot (where O castles): the window says which
        self.king_letter: Callable[[], str | None] = lambda: None
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.dialect_box = QComboBox()
        for key, name in DIALECT_TITLES.items():
            self.dialect_box.addItem(name, key)
        self.dialect_box.setToolTip("The notation dialect of this definition: XBetza (XBoard), "
                                    "Betza 2.0 (brackets and '-' chains) or Bex (read as the "
                                    "Betza 2.0 it translates to). Switching translates the "
                                    "definition when it can.")
        self.edit = DefinitionEdit()
        self.edit.setToolTip("")
        self.edit.tip_for = self._tip_for
        self.edit.refused.connect(lambda why: self._set_status(why, "#c92a2a"))
        self.highlighter = BetzaHighlighter(self.edit.document())
        # A Bex definition's Betza 2.0 translation, beside the text (hidden in other dialects).
        self.translation = QLabel()
        self.translation.setTextFormat(Qt.TextFormat.PlainText)
        self.translation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.translation.setToolTip("The Betza 2.0 program this Bex definition reads as: the "
                                    "moves the board shows and the exports use")
        self.translation.setVisible(False)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.description.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.description.setToolTip("What the definition means, in English")
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.warnings = QListWidget()
        self.warnings.setWordWrap(True)
        self.warnings.setToolTip("How XBoard 4.9 and Fairy-Stockfish would read this definition "
                                 "differently; double-click a warning with a fix to apply it")
        self.warnings.setMinimumHeight(48)
        self.fix_button = QPushButton("Apply quick fix")
        self.fix_button.setEnabled(False)
        self.fix_button.setToolTip("Rewrite the definition as the selected warning suggests")

        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(QLabel("Dialect:"))
        head.addWidget(self.dialect_box)
        fixes = QHBoxLayout()
        fixes.addWidget(QLabel("Engine compatibility"), 1)
        fixes.addWidget(self.fix_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addLayout(head)
        line = QHBoxLayout()
        line.addWidget(self.edit, 3)
        line.addWidget(self.translation, 2)
        lay.addLayout(line)
        lay.addWidget(self.status)
        self.description_area = QScrollArea()
        self.description_area.setWidget(self.description)
        self.description_area.setWidgetResizable(True)
        self.description_area.setFrameShape(QFrame.Shape.NoFrame)
        self.description_area.setMinimumHeight(48)
        lay.addWidget(self.description_area, 3)
        lay.addLayout(fixes)
        lay.addWidget(self.warnings, 2)

        self._piece: PieceType | None = None
        self._analysis: Analysis | None = None
        self._status_colour = ""
        self._components: list[tuple[tuple[int, int], str]] = []
        self._idle = QTimer(self, singleShot=True, interval=IDLE_MS)
        self._idle.timeout.connect(self.refresh_details)
        self.edit.textChanged.connect(self._typed)
        self.edit.hoveredOffset.connect(self.hoveredOffset)
        self.dialect_box.activated.connect(
            lambda i: self.dialectChosen.emit(parse_dialect(self.dialect_box.itemData(i))))
        self.warnings.itemSelectionChanged.connect(self._selection)
        self.warnings.itemDoubleClicked.connect(lambda item: self._apply_fix(item))
        self.fix_button.clicked.connect(lambda: self._apply_fix(self.warnings.currentItem()))
        self._updating = False

    # -- from the document ------------------------------------------------------------------
    def show_piece(self, piece: PieceType | None) -> None:
        """Show ``piece``'s definition (keeping the cursor when only other fields changed)."""
        first = self._piece is None
        old = self._piece
        self._piece = piece
        text = piece.notation if piece else ""
        dialect = piece.dialect if piece else XBETZA
        self._updating = True   # formats and text set here are not the user's typing
        try:
            self.title.setText(f"{piece.letter}  {piece.name}".strip() if piece else
                               "No piece selected")
            if self.edit.isReadOnly() != (piece is None):   # (re-set at each key, it cost)
                self.edit.setReadOnly(piece is None)
                self.edit.setPlaceholderText("" if piece else "Add a piece to the variant to "
                                             "define its moves")
            self.dialect_box.setEnabled(piece is not None)
            self.dialect_box.setCurrentIndex(self.dialect_box.findData(dialect))
            self.highlighter.set_dialect(dialect)
            if self.edit.toPlainText() != text:
                pos = self.edit.textCursor().position()
                self.edit.setPlainText(text)
                cursor = self.edit.textCursor()
                cursor.setPosition(len(text) if first or (old and piece and old.letter !=
                                                          piece.letter) else min(pos, len(text)))
                self.edit.setTextCursor(cursor)
        finally:
            self._updating = False
        if old is None or piece is None or (old.notation, old.dialect) != (text, dialect):
            self._show_reading(read_definition(text, dialect))
            self._idle.start()

    def show_analysis(self, analysis: Analysis) -> None:
        """The worker's answer for the current definition: move count or its problem."""
        piece = self._piece
        if piece is None or (analysis.reading.text, analysis.reading.dialect) != \
                (piece.notation, piece.dialect):
            return   # an answer for a text no longer shown
        self._analysis = analysis
        self._show_reading(analysis.reading, analysis)

    def _show_reading(self, reading: Reading, analysis: Analysis | None = None) -> None:
        self.edit.setExtraSelections([])
        self._show_translation(reading)
        if self._piece is None:
            self._set_status("", "#555555")
        elif reading.error is not None:
            msgs = [f"column {p.start + 1}: {p.message}" + (f" — {p.hint}" if p.hint else "")
                    for p in sorted(reading.problems, key=lambda p: (p.start, p.end))]
            if len(msgs) > MAX_SHOWN_PROBLEMS:   # the rest are underlined, with tooltips
                rest = len(msgs) - MAX_SHOWN_PROBLEMS + 1
                msgs = msgs[:MAX_SHOWN_PROBLEMS - 1] + [
                    f"… and {rest} more (hover the underlined characters)"]
            self._set_status("\n".join(msgs), "#c92a2a")
        elif analysis is not None and analysis.failure:
            self._set_status(analysis.failure, "#c92a2a")
            if analysis.failure_span:
                self._underline(*analysis.failure_span)
        elif analysis is not None:
            n = len(analysis.by_square)
            self._set_status(f"{plural(len(analysis.moves), 'move')} to "
                             f"{plural(n, 'square')} from this square", "#2b8a3e")
        else:
            self._set_status("Reading…", "#555555")

    def _show_translation(self, reading: Reading) -> None:
        """Beside a Bex definition, the Betza 2.0 it reads as (or a dash while it has errors)."""
        bex = self._piece is not None and reading.dialect == BEX
        self.translation.setVisible(bex)
        if not bex:
            return
        if reading.piece is None:
            self.translation.setText("Betza 2.0: —")
            return
        from ...notation import format_piece
        self.translation.setText(f"Betza 2.0: {format_piece(reading.piece)}")

    def _underline(self, start: int, end: int) -> None:
        """Wavy-underline a span the generator complained about (not a reading error)."""
        n = len(self.edit.toPlainText())
        start, end = max(0, min(start, n - 1)), max(0, min(end, n))
        if n == 0 or end <= start:
            return
        sel = QTextEdit.ExtraSelection()
        cursor = self.edit.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, cursor.MoveMode.KeepAnchor)
        sel.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(QColor("#e03131"))
        sel.format = fmt
        self.edit.setExtraSelections([sel])

    def _set_status(self, text: str, colour: str) -> None:
        if text != self.status.text():
            self.status.setText(text)
        if colour != self._status_colour:   # a style sheet costs a restyle: only on change
            self._status_colour = colour
            palette = self.status.palette()
            palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
            self.status.setPalette(palette)

    def _typed(self) -> None:
        if not self._updating and self._piece is not None \
                and self.edit.toPlainText() != self._piece.notation:
            self.textEdited.emit(self.edit.toPlainText())

    # -- slow parts: English and engine warnings --------------------------------------------
    def refresh_details(self) -> None:
        """Recompute the description, the per-token tooltips and the engine warnings now."""
        piece = self._piece
        self._components = []
        if piece is None:
            self.description.setText("")
            self.warnings.clear()
            self._selection()
            return
        reading = read_definition(piece.notation, piece.dialect)
        if reading.piece is not None:
            try:
                from ...notation.english import components, describe
                self.description.setText(describe(reading.piece))
                self._components = components(reading.piece)
            except Exception:   # noqa: BLE001 - no text rather than no editor
                self.description.setText("")
        else:
            self.description.setText("")
        self.warnings.clear()
        try:
            from ...formats.fsf_reading import fsf_warnings
            from ...notation.xboard import xboard_warnings
            found = list(xboard_warnings(piece.notation, piece.dialect,
                                         king=piece.letter == self.king_letter()))
            found += fsf_warnings(piece.notation, piece.dialect)
            from ...notation.readings import reading_notes
            found += reading_notes(piece.notation, piece.dialect)
        except Exception:   # noqa: BLE001 - no warnings rather than no editor
            found = []
        for w in found:
            label = f"{w.program}, column {w.start + 1}: {w.message}"
            if w.fixed_text:
                label += f"   [fix: {w.fixed_text}]"
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, w.fixed_text)
            item.setToolTip(label)
            self.warnings.addItem(item)
        if not found:
            self.warnings.addItem(
                QListWidgetItem("No differences for XBoard 4.9 or Fairy-Stockfish"))
        self._selection()

    def _selection(self) -> None:
        item = self.warnings.currentItem()
        self.fix_button.setEnabled(bool(item and item.data(Qt.ItemDataRole.UserRole)))

    def _apply_fix(self, item: QListWidgetItem | None) -> None:
        if item is not None and item.data(Qt.ItemDataRole.UserRole):
            self.fixChosen.emit(item.data(Qt.ItemDataRole.UserRole))

    def _tip_for(self, offset: int) -> str:
        """Tooltip at a character: problems there first, else what the token there means."""
        piece = self._piece
        if piece is None:
            return ""
        reading = read_definition(piece.notation, piece.dialect)
        for (start, end), pr in zip(error_spans(reading), reading.problems):
            if start <= offset < end:
                return pr.message + (f"\n{pr.hint}" if pr.hint else "")
        best = ""
        for (start, end), text in self._components:
            if start <= offset < end:
                best = text   # components are ordered outer to inner: keep the innermost
        return best
