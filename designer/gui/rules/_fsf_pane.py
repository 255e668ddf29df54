"""The Fairy-Stockfish section of the variant as the export would write it now, read-only.

Beside the rules so that the user sees what the engine will be told: the section's own lines
(``fsf_ini.section_view``, exactly what *Export* writes) and, when the section inherits one of
the engine's built-in variants, the lines that parent brings, marked as the parent's, so that
it is plain which rules are inherited (Fairy-Stockfish issue 700: "I'm not sure exactly which
rules are going to be inherited"). Below them, what the engine cannot be told.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QTextBrowser, QWidget

from ...errors import DesignerError, user_message
from ...formats.fsf_ini import fsf_problems, section_view
from ...variant.model import Variant

__all__ = ["FsfSectionPane"]

_OWN, _PARENT, _NOTE = "#1b5e20", "#6d6d6d", "#8a4b00"


class FsfSectionPane(QTextBrowser):
    """Shows the Fairy-Stockfish section of a variant (``show_variant``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setOpenLinks(False)
        # the section never wraps (it is <pre>); the notes under it do
        self.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setToolTip("What Fairy-Stockfish will be told: the lines this variant's section "
                        "writes, and the rules its built-in parent brings (grey)")
        self.own: tuple[tuple[str, str], ...] = ()
        self.inherited: tuple[tuple[str, str], ...] = ()

    def show_variant(self, v: Variant) -> None:
        """Show the section ``v`` exports to now."""
        try:
            view = section_view(v)
            problems = fsf_problems(v)
        except DesignerError as e:
            self.own = self.inherited = ()
            self.setHtml(f"<p style='color:{_NOTE}'>Cannot be written for Fairy-Stockfish: "
                         f"{escape(user_message(e))}</p>")
            return
        self.own, self.inherited = view.own, view.inherited
        # a gutter names where each line comes from: this variant, or the built-in parent
        mine = "variant"
        width = max(len(mine), len(view.parent))
        html = ["<pre style='margin:0'>", f"{' ' * width}   <b>{escape(view.header)}</b>"]
        html += [f"<span style='color:{_OWN}'>{mine:<{width}} │</span> {escape(k)} = "
                 f"{escape(t)}" for k, t in view.own]
        if not view.own:
            html.append(f"<span style='color:{_OWN}'>{mine:<{width}} │ ; nothing of its own: "
                        "exactly the parent</span>")
        if view.parent:
            html.append(f"<span style='color:{_PARENT}'>{'':<{width}} │ ; inherited from the "
                        f"built-in [{escape(view.parent)}], not set above:</span>")
            html += [f"<span style='color:{_PARENT}'>{escape(view.parent):<{width}} │ "
                     f"{escape(k)} = {escape(t)}</span>" for k, t in view.inherited]
        html.append("</pre>")
        if problems:
            html.append(f"<p style='color:{_NOTE}'><b>Not told to Fairy-Stockfish:</b></p><ul>")
            html += [f"<li style='color:{_NOTE}'>{escape(p.field)}: {escape(p.message)}</li>"
                     for p in problems]
            html.append("</ul>")
        bar = self.verticalScrollBar().value()
        self.setHtml("\n".join(html))
        self.verticalScrollBar().setValue(bar)
