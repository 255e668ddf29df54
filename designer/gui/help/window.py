"""The Help window: the notation reference (F1, also on the token at the editor's cursor) and
the grammar diagrams; the About box's text.

The Help menu (``menu``) makes the window when it is first asked for. The reference is a
``QTextBrowser`` (rich text, links); clicking an example loads it into the editor through the
window's document (``window.doc.set_notation(letter, text, dialect)``, one undo step) so the
board shows it at once. The railroad diagrams are drawn inside the page and can also be opened
as pyparsing's HTML page in the system browser.
"""

from __future__ import annotations

import html
import sys
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote

from PySide6.QtCore import QStandardPaths, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from PySide6.QtGui import QShowEvent

from ...vocabulary import DIALECT_TITLES, Dialect, parse_dialect
from .pages import ReferencePages
from ...notation.english.reference import Entry, entry_for

# The libraries the application is built from (shown in About), with their licences.
LIBRARIES = (
    ("Python", None, "Python Software Foundation License"),
    ("Qt 6 (through PySide6)", "PySide6-Essentials", "LGPL-3.0-only OR GPL-2.0/3.0"),
    ("Shiboken6", "shiboken6", "LGPL-3.0-only OR GPL-2.0/3.0"),
    ("pyparsing", "pyparsing", "MIT"),
    ("railroad-diagrams", "railroad-diagrams", "MIT"),
    ("Jinja2", "Jinja2", "BSD-3-Clause"),
    ("MarkupSafe", "MarkupSafe", "BSD-3-Clause"),
)


class HelpWindow(QWidget):
    """The searchable notation reference of one dialect at a time."""

    exampleChosen = Signal(str, str)   # text, dialect

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("HelpWindow")
        self.setWindowTitle("Notation reference — Variant Designer")
        self.dialect_box = QComboBox()
        for key, name in DIALECT_TITLES.items():
            self.dialect_box.addItem(name, key)
        self.dialect_box.setToolTip("Which dialect's reference to show")
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search: a letter (K, f, p) or a word (hop, castling)")
        self.search.setClearButtonEnabled(True)
        self.diagrams_button = QPushButton("Grammar diagrams in browser")
        self.diagrams_button.setToolTip("Open the railroad diagrams of this dialect's grammar "
                                        "as a web page")
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.pages = ReferencePages(self.browser.document())
        self.status = QLabel()
        head = QHBoxLayout()
        head.addWidget(QLabel("Dialect:"))
        head.addWidget(self.dialect_box)
        head.addWidget(self.search, 1)
        head.addWidget(self.diagrams_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addLayout(head)
        lay.addWidget(self.browser, 1)
        lay.addWidget(self.status)
        self.dialect_box.currentIndexChanged.connect(lambda _: self.show_page())
        self.search.textChanged.connect(lambda _: self.show_page())
        self.browser.anchorClicked.connect(self.follow)
        self.diagrams_button.clicked.connect(lambda: self.open_diagrams(self.dialect))
        close = QAction(self)
        # Escape closes it as it closes any reference window (Ctrl+W, the platform's Close, too)
        close.setShortcuts([QKeySequence(QKeySequence.StandardKey.Close),
                            QKeySequence(Qt.Key.Key_Escape)])
        close.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        close.triggered.connect(self.close)
        self.addAction(close)
        self.close_action = close
        self.resize(820, 760)
        self._shown: tuple[Dialect, str] | None = None   # (dialect, search) the browser shows
        # The page (every atom's board, the railroad diagrams) is built when first shown, not
        # with the main window: it costs a third of a second.

    @property
    def dialect(self) -> Dialect:
        return parse_dialect(self.dialect_box.currentData())

    def show_page(self) -> None:
        """Show the chosen dialect's page, filtered by the search text (built when the window
        is visible or about to be; a hidden window builds it when it is shown)."""
        want = (self.dialect, self.search.text())
        if want != self._shown and self.isVisible():
            self._shown = want
            self.browser.setHtml(self.pages.html(*want))

    def showEvent(self, event: QShowEvent) -> None:
        """The page is built when the window first appears."""
        super().showEvent(event)
        self.show_page()

    def show_dialect(self, dialect: Dialect, entry: Entry | None = None) -> None:
        """Raise the window on ``dialect``'s page, scrolled to ``entry`` when given."""
        if self.search.text():
            self.search.clear()
        index = self.dialect_box.findData(dialect)
        if index != self.dialect_box.currentIndex():
            self.dialect_box.setCurrentIndex(index)
        self.show()
        self.show_page()
        self.raise_()
        self.activateWindow()
        if entry is not None:
            self.browser.scrollToAnchor(entry.key)
            self.status.setText(f"F1 on the editor: {entry.title}")
        else:
            self.browser.scrollToAnchor("section-0")

    def follow(self, url: QUrl) -> None:
        """An example loads into the editor; an anchor jumps; diagrams open in the browser."""
        text = url.toString()
        if text.startswith(("example:", "diagrams:")):
            kind, _, rest = text.partition(":")
            name, _, encoded = rest.partition(":")
            try:
                dialect = parse_dialect(name)   # the page's links name the dialect as text
            except ValueError as e:
                self.status.setText(f"Cannot follow {text!r}: {e}")
                return
            if kind == "diagrams":
                self.open_diagrams(dialect)
                return
            definition = unquote(encoded)
            self.exampleChosen.emit(definition, dialect)
            self.status.setText(f"Loaded {definition} into the editor")
        elif text.startswith("#"):
            self.browser.scrollToAnchor(text[1:])

    def open_diagrams(self, dialect: Dialect) -> Path | None:
        """Write pyparsing's railroad page of ``dialect`` and open it in the system browser."""
        from ...notation.grammar import railroad_html
        try:
            html = railroad_html(dialect)
            folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
                          or Path.home() / ".cache" / "variant-designer")
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"grammar-{dialect}.html"
            path.write_text(html, encoding="utf-8")
        except (ImportError, OSError) as e:
            self.status.setText(f"Cannot write the diagrams: {e}")
            return None
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.status.setText(f"No browser opened; the diagrams are in {path}")
        else:
            self.status.setText(f"Opened {path}")
        return path


def entry_at_cursor(text: str, position: int, dialect: Dialect) -> Entry | None:
    """The reference entry of the token at (or just before) the cursor ``position``."""
    from ...notation import tokens

    found = [t for t in tokens(text, dialect) if t.kind not in ("space", "error")]
    for at in (position, position - 1):
        for tok in found:
            if tok.start <= at < tok.end:
                return entry_for(dialect, tok.kind, text[at])
    return None


def about_text() -> str:
    """Version, licence and the libraries used, with their versions and licences (rich text)."""
    from ... import __version__
    from ...native import BUILD

    rows = []
    for name, dist, licence in LIBRARIES:
        if dist is None:
            version = sys.version.split()[0]
        else:
            try:
                version = metadata.version(dist)
            except metadata.PackageNotFoundError:
                continue
        rows.append(f"<tr><td>{name}</td><td>{version}</td><td>{licence}</td></tr>")
    return (f"<h2>Variant Designer {__version__}</h2>"
            "<p>Design chess variants: write a piece's moves in Betza notation (XBetza or "
            "Betza 2.0), see them on the board, save files XBoard and Fairy-Stockfish load.</p>"
            f"<p>Runs: {html.escape(BUILD.describe())}.</p>"
            "<p>Licence: GNU General Public License, version 3 or later (GPL-3.0-or-later).</p>"
            "<p>Built with:</p><table cellpadding='3'><tr><th align='left'>library</th>"
            "<th align='left'>version</th><th align='left'>licence</th></tr>"
            + "".join(rows) + "</table>")
