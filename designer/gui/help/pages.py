"""The notation reference as rich text: HTML from ``notation.english.reference``, small boards, grammar diagrams.

``ReferencePages`` fills a ``QTextDocument`` with one dialect's page (optionally filtered by a
search) and registers the images the page shows: for an entry with a board, its first example's
moves from the middle of an empty 7x7 board (9x9 for long leaps), computed by the engine and
drawn with the board's own marks; for the grammar section, the reference grammar's railroad
diagrams rendered from their SVG. Links: ``example:<dialect>:<text>`` loads a definition,
``diagrams:<dialect>`` opens the diagrams page in the browser, ``#key`` jumps to an entry.
"""

from __future__ import annotations

import re
from html import escape
from urllib.parse import quote

from PySide6.QtCore import QByteArray, QPointF, QRectF, QSize, Qt, QUrl
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QTextDocument
from PySide6.QtSvg import QSvgRenderer

from ...geometry.board import parse_square
from ...notation import Atom, NotationError
from ...vocabulary import DIALECT_TITLES, BETZA2, BLACK, WHITE, XBETZA, Dialect, MoveKind
from ..board.markers import draw_shape
from ...notation.english.reference import Entry, Section, page

SQUARE = 22          # board square size in the page (logical pixels)
SCALE = 2            # images are drawn at twice the size for sharp text on high-DPI screens


def example_url(dialect: Dialect, text: str) -> str:
    return f"example:{dialect}:{quote(text, safe='')}"


def matches(entry: Entry, query: str) -> bool:
    """A one-character query finds the entries of that letter; longer ones search the words."""
    query = query.strip()
    if not query:
        return True
    if len(query) == 1:
        return query in entry.letters or any(query == x.text for x in entry.examples)
    words = " ".join([entry.title, entry.text] + [f"{x.text} {x.says}" for x in entry.examples])
    return re.search(r"(?<!\w)" + re.escape(query), words, re.IGNORECASE) is not None


def _square(name: str, size: int) -> tuple[int, int]:
    return parse_square(name, size, size)


def board_image(text: str, dialect: Dialect, blockers: str = "") -> QImage | None:
    """The moves of ``text`` from the middle of a small board, drawn with the board's marks.

    ``blockers`` puts pieces around it: ``"friend:d6 foe:e4=P ep:e5"`` (squares of the small
    board, a1 bottom left; ``=X`` gives the piece a type for limiters).
    """
    from ...engine.compile import compile_piece
    from ...engine.generate import generate
    from ...engine.position import Placed, PieceBoard
    from ...notation import parse
    from ...errors import DesignerError

    try:
        piece = parse(text, dialect)
    except NotationError:
        return None
    longest = max((leg.step.dy for path in piece.groups for leg in path.legs
                   if isinstance(leg.step, Atom)), default=1)
    size = 9 if longest > 3 else 7   # room for the Giraffe (1,4) and its like
    centre = (size // 2, size // 2)
    pieces: dict[tuple[int, int], Placed] = {}
    ep = None
    for item in blockers.split():
        role, _, where = item.partition(":")
        where, _, letter = where.partition("=")
        if role == "ep":
            ep = _square(where, size)
        else:
            pieces[_square(where, size)] = Placed(WHITE if role == "friend" else BLACK,
                                                  letter)
    royal = dialect == XBETZA and "O" in text
    try:
        moves = generate(compile_piece(piece), PieceBoard(size, size, pieces, frozenset(), ep),
                         centre, WHITE, True, royal)
    except DesignerError:
        return None
    kinds: dict[tuple[int, int], list[MoveKind]] = {}
    for m in moves:
        kinds.setdefault(m.destination, [])
        if m.kind not in kinds[m.destination]:
            kinds[m.destination].append(m.kind)
    side = size * SQUARE
    image = QImage(side * SCALE, side * SCALE, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(SCALE)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont()
    font.setPixelSize(11)
    font.setBold(True)
    p.setFont(font)
    for f in range(size):
        for r in range(size):
            rect = QRectF(f * SQUARE, (size - 1 - r) * SQUARE, SQUARE, SQUARE)
            p.fillRect(rect, QColor("#f0d9b5") if (f + r) % 2 else QColor("#b58863"))
            placed = pieces.get((f, r))
            if (f, r) == centre or placed is not None:
                fill = "#1c4fd6" if (f, r) == centre else \
                    "#ffffff" if placed is not None and placed.side == WHITE else "#222222"
                p.setPen(QPen(QColor("#1b1b1b"), 1.2))
                p.setBrush(QColor(fill))
                p.drawEllipse(rect.adjusted(4, 4, -4, -4))
                if placed is not None and placed.letter:
                    p.setPen(QColor("#000000" if placed.side == WHITE else "#ffffff"))
                    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, placed.letter)
            for i, kind in enumerate(kinds.get((f, r), ())[:2]):
                inset = 4 + 4 * i
                draw_shape(p, kind, rect.adjusted(inset, inset, -inset, -inset), False)
    p.setPen(QPen(QColor("#555555"), 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(0.5, 0.5, side - 1, side - 1))
    p.end()
    return image


def diagram_image(svg: str) -> QImage:
    """A railroad diagram's SVG rendered on white."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    size: QSize = renderer.defaultSize()
    image = QImage(size * SCALE, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(SCALE)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(p, QRectF(QPointF(0, 0), size.toSizeF()))
    p.end()
    return image


class ReferencePages:
    """Builds the HTML of a dialect's page into a document and keeps its images registered."""

    def __init__(self, document: QTextDocument):
        self.document = document
        self._boards: dict[tuple[str, str], QImage | None] = {}
        self._diagrams: dict[Dialect, list[tuple[str, str, QImage]]] = {}
        document.setDefaultStyleSheet(
            "h1 { font-size: 20pt; } h2 { color: #1c4fd6; margin-top: 18px; } "
            "h3 { margin-bottom: 2px; } .says { color: #444; } .letters { color: #c2410c; } "
            "code, .ex { font-family: monospace; font-weight: bold; } .none { color: #a00; }")
        font = QFont(document.defaultFont())
        document.setDefaultFont(font)

    def board_url(self, dialect: Dialect, text: str, blockers: str = "") -> str:
        key = (dialect, text)
        if key not in self._boards:
            self._boards[key] = board_image(text, dialect, blockers)
            if self._boards[key] is not None:
                self.document.addResource(QTextDocument.ResourceType.ImageResource,
                                          QUrl(f"board:{dialect}:{quote(text, safe='')}"),
                                          self._boards[key])
        return f"board:{dialect}:{quote(text, safe='')}" if self._boards[key] is not None else ""

    def diagrams(self, dialect: Dialect) -> list[tuple[str, str, QImage]]:
        """The dialect's railroad diagrams as images (empty without the diagram extra)."""
        if dialect not in self._diagrams:
            try:
                from ...notation.grammar import railroad_svgs
                found = [(name, doc, diagram_image(svg)) for name, doc, svg in
                         railroad_svgs(dialect) if doc]
            except ImportError:
                found = []
            for name, _, image in found:
                self.document.addResource(QTextDocument.ResourceType.ImageResource,
                                          QUrl(f"diagram:{dialect}:{quote(name)}"), image)
            self._diagrams[dialect] = found
        return self._diagrams[dialect]

    def html(self, dialect: Dialect, query: str = "", with_grammar: bool = True) -> str:
        """The page of ``dialect``; with a query only the matching entries (and no grammar)."""
        title = DIALECT_TITLES[dialect]
        parts = [f"<h1>{title} notation reference</h1>"]
        sections = page(dialect)
        if query.strip():
            found = [Section(s.title, "", tuple(e for e in s.entries if matches(e, query)))
                     for s in sections]
            sections = tuple(s for s in found if s.entries)
            count = sum(len(s.entries) for s in sections)
            parts.append(f"<p>{count} entr{'y' if count == 1 else 'ies'} for "
                         f"<code>{escape(query.strip())}</code>.</p>")
            if not sections:
                parts.append("<p class='none'>Nothing matches. Try a single letter (K, f, p) or a "
                             "word (hop, castling, range).</p>")
        else:
            toc = " · ".join(f"<a href='#section-{i}'>{escape(s.title)}</a>"
                             for i, s in enumerate(sections))
            parts.append(f"<p>{toc} · <a href='#grammar'>Grammar</a></p>")
            parts.append("<p>Click an example to load it into the editor and see it on the "
                         "board. F1 in the editor opens the entry of the letter at the "
                         "cursor.</p>")
        for i, section in enumerate(sections):
            parts.append(f"<a name='section-{i}'></a><h2>{escape(section.title)}</h2>")
            if section.intro:
                parts.append(f"<p>{escape(section.intro)}</p>")
            if not query.strip():
                parts.append(self._productions_html(section.productions, dialect))
            for entry in section.entries:
                parts.append(self._entry_html(entry, dialect))
        if with_grammar and not query.strip():
            parts.append(self._grammar_html(dialect))
        return "\n".join(parts)

    def _entry_html(self, entry: Entry, dialect: Dialect) -> str:
        examples = "".join(
            f"<li><a href='{example_url(dialect, x.text)}'><span class='ex'>{escape(x.text)}"
            f"</span></a> <span class='says'>— {escape(x.says)}</span></li>"
            for x in entry.examples)
        anchor = f"<a name='{entry.key}'></a>"
        body = (f"<h3>{escape(entry.title)}</h3>"
                f"<p>{escape(entry.text)}</p>" + (f"<ul>{examples}</ul>" if examples else ""))
        url = self.board_url(dialect, entry.examples[0].text, entry.blockers) \
            if entry.board and entry.examples else ""
        if not url:
            return anchor + body
        width = self._boards[(dialect, entry.examples[0].text)].width() // SCALE  # type: ignore[union-attr]
        return (f"{anchor}<table cellspacing='0' cellpadding='4'><tr><td valign='top' "
                f"width='{width + 8}'>"
                f"<img src='{url}' width='{width}'></td><td valign='top'>{body}</td></tr>"
                "</table>")

    def _productions_html(self, names: tuple[str, ...], dialect: Dialect) -> str:
        """The railroad diagrams of a section's productions, with a link to the whole grammar."""
        found = {name: image for name, _, image in self.diagrams(dialect)}
        shown = [n for n in names if n in found]
        if not shown:
            return ""
        return "".join(
            f"<p><span class='says'>In the grammar (<a href='#grammar'>all of it</a>): "
            f"<b>{escape(n)}</b></span><br><img src='diagram:{dialect}:{quote(n)}' "
            f"width='{found[n].width() // SCALE}'></p>" for n in shown)

    def _grammar_html(self, dialect: Dialect) -> str:
        parts = ["<a name='grammar'></a><h2>Grammar</h2>",
                 "<p>The reference grammar the reader is checked against, drawn as railroad "
                 "diagrams: follow a line from left to right; rounded boxes are typed as shown, "
                 "square boxes are the productions below. "
                 f"<a href='diagrams:{dialect}'>Open the diagrams in the browser</a>.</p>"]
        from ...notation.grammar import after_grammar
        parts.append("<p>What the diagrams cannot say is checked after them:</p><ul>" + "".join(
            f"<li><b>{escape(name)}</b>: {escape(says)}</li>"
            for name, says in after_grammar(dialect)) + "</ul>")
        diagrams = self.diagrams(dialect)
        if not diagrams:
            parts.append("<p class='none'>The diagrams need the pyparsing[diagrams] extra.</p>")
        for name, doc, image in diagrams:
            parts.append(f"<a name='grammar-{quote(name)}'></a><h3>{escape(name)}</h3>"
                         f"<p class='says'>{escape(doc)}</p>"
                         f"<p><img src='diagram:{dialect}:{quote(name)}' "
                         f"width='{image.width() // SCALE}'></p>")
        return "\n".join(parts)
