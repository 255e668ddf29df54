"""Help > Notation reference: search, example links that load the editor, F1 on a token, About."""

from __future__ import annotations

from gui_helpers import settle, type_definition
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices

from designer.gui.help.window import about_text, entry_at_cursor
from designer.gui.help.pages import example_url, matches
from designer.notation.english.reference import entries


def test_help_menu_has_reference_on_f1_and_about(window):
    from PySide6.QtGui import QKeySequence
    act = window.acts["reference"]
    assert act.shortcut() == QKeySequence(QKeySequence.HelpContents)
    titles = [a.text() for a in window.menus["help"].actions()]
    assert any("About" in t for t in titles)


def test_f1_opens_the_reference_of_the_current_dialect(qtbot, window):
    window.setFocus()
    window.acts["reference"].trigger()
    helper = window.help_window
    qtbot.waitUntil(helper.isVisible)
    assert helper.dialect == "xbetza"
    assert "XBetza notation reference" in helper.browser.toPlainText()


def test_clicking_an_example_loads_it_and_the_board_shows_it(qtbot, window):
    helper = window.help_window
    helper.show_dialect("betza2")
    with qtbot.waitSignal(window.doc.changed):
        helper.browser.anchorClicked.emit(QUrl(example_url("betza2", "(W-F)0")))
    piece = window.doc.piece()
    assert (piece.notation, piece.dialect) == ("(W-F)0", "betza2")
    assert window.editor.edit.toPlainText() == "(W-F)0"
    settle(qtbot, window)
    # The Mao-rider from d4 on an empty 8x8 board reaches the horse squares and beyond.
    assert (4, 5) in window.view.analysis.by_square       # e6: one horse move
    assert (5, 7) in window.view.analysis.by_square       # f8: two in a line
    window.doc.undo_stack.undo()                          # one undo step
    assert window.doc.piece().notation != "(W-F)0"


def test_f1_on_a_token_opens_its_entry(qtbot, window):
    type_definition(qtbot, window, "fmWcpR")
    edit = window.editor.edit
    cursor = edit.textCursor()
    cursor.setPosition(4)          # on the p of cpR
    edit.setTextCursor(cursor)
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClick(edit, Qt.Key_F1)          # the key itself, typed in the editor
    qtbot.waitUntil(window.help_window.isVisible)
    assert window.help_window.status.text().endswith("p — hop")
    assert edit.toPlainText() == "fmWcpR"    # F1 typed nothing into the definition


def test_entry_at_cursor_follows_token_kinds():
    assert entry_at_cursor("fmW", 0, "xbetza").key == "dir-f"
    assert entry_at_cursor("fmW", 3, "xbetza").key == "atom-W"     # cursor after the last letter
    assert entry_at_cursor("N0", 1, "xbetza").key == "range"
    assert entry_at_cursor("(1,4)", 2, "xbetza").key == "atom-coordinate"
    assert entry_at_cursor("W-F", 1, "betza2").key == "chain"
    assert entry_at_cursor("(W-F)0", 0, "betza2").key == "group"
    assert entry_at_cursor("c{N}N", 2, "betza2").key == "limiter"
    assert entry_at_cursor("ciN", 1, "betza2").key == "special-virgin"
    assert entry_at_cursor("masR", 1, "xbetza").key == "special-a"


def test_search_finds_a_letter_or_a_word(qtbot, window):
    helper = window.help_window
    helper.show_dialect("xbetza")
    helper.search.setText("g")
    text = helper.browser.toPlainText()
    assert "g — grasshopper hop" in text and "W — Wazir" not in text
    helper.search.setText("castling")
    text = helper.browser.toPlainText()
    assert "Castling and en passant" in text and "Knight" not in text
    helper.search.setText("zzqx")
    assert "Nothing matches" in helper.browser.toPlainText()


def test_word_search_matches_word_starts_only():
    bishop = next(e for e in entries("xbetza") if e.key == "atom-B")
    hop = next(e for e in entries("xbetza") if e.key == "mode-p")
    assert matches(hop, "hop") and not matches(bishop, "hop")


def test_pages_draw_atom_boards_and_grammar_diagrams(qtbot, window):
    from PySide6.QtGui import QTextDocument
    helper = window.help_window
    helper.show_dialect("xbetza")
    doc = helper.browser.document()
    board = doc.resource(QTextDocument.ImageResource, QUrl("board:xbetza:N"))
    assert board is not None and not board.isNull()
    # The knight's eight targets from d4 of the 7x7 board are marked, d4 itself is the piece.
    assert "grammar" in helper.browser.toHtml()
    diagram = doc.resource(QTextDocument.ImageResource, QUrl("diagram:xbetza:move"))
    assert diagram is not None and not diagram.isNull()


def test_diagrams_open_in_the_system_browser(qtbot, window, monkeypatch, tmp_path):
    from PySide6.QtCore import QStandardPaths
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda where: str(tmp_path))
    path = window.help_window.open_diagrams("betza2")
    assert path is not None and "<svg" in path.read_text(encoding="utf-8")
    assert opened and opened[0].toLocalFile() == str(path)


def test_about_names_version_licence_and_libraries():
    from designer import __version__
    text = about_text()
    assert __version__ in text and "GPL-3.0-or-later" in text
    for library in ("pyparsing", "PySide6", "MIT", "LGPL"):
        assert library in text


def test_help_window_closes_with_the_shortcut(qtbot, window):
    helper = window.help_window
    helper.show_dialect("xbetza")
    qtbot.waitUntil(helper.isVisible)
    helper.close()
    assert not helper.isVisible()
    assert helper.windowFlags() & Qt.Window


def test_the_reference_page_is_built_when_first_shown_not_with_the_window(qtbot, window):
    """Building the page (an atom board per atom, the railroad diagrams) takes a third of a
    second: the window must not pay for it at start-up."""
    helper = window.help_window
    assert not helper.isVisible() and helper.browser.toPlainText() == ""
    helper.show_dialect("xbetza")
    assert "XBetza notation reference" in helper.browser.toPlainText()
