"""Panels built the first time they are shown or asked for.

The Setup, Rules and Play tabs and the Piece values dock bring the setup editor's widgets, the
rules of play, the Fairy-Stockfish rule language and the balance estimates with them. The
window starts with a light stand-in in their place; the panel (and the modules it needs) is
built when its tab or dock is first shown, or when code asks for it, and then takes the
stand-in's place. Until then nothing of it exists, so an edit costs it nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QDockWidget, QTabWidget, QWidget

W = TypeVar("W", bound=QWidget)


class _Lazy(Generic[W]):
    """A panel ``build()`` makes on first need; ``_place`` puts it where its stand-in is."""

    def __init__(self, build: Callable[[], W]) -> None:
        self._build = build
        self._panel: W | None = None

    @property
    def built(self) -> bool:
        return self._panel is not None

    def panel(self) -> W:
        """The panel, built now if it was not yet."""
        if self._panel is None:
            panel = self._panel = self._build()   # (set first: placing it may ask again)
            self._place(panel)
        return self._panel

    def _place(self, panel: W) -> None:
        """Put the new ``panel`` where the stand-in is."""
        raise NotImplementedError


class LazyTab(_Lazy[W]):
    """A tab of ``tabs`` titled ``title`` whose panel ``build()`` makes when the tab is first
    shown or ``panel()`` is called; the panel then takes the stand-in's index."""

    def __init__(self, tabs: QTabWidget, title: str, build: Callable[[], W]) -> None:
        super().__init__(build)
        self.tabs = tabs
        self._stand_in: QWidget | None = QWidget()
        tabs.addTab(self._stand_in, title)
        tabs.currentChanged.connect(self._current_changed)

    def page(self) -> QWidget:
        """The tab's page as it is now: the panel once built, else its stand-in."""
        page = self._panel if self._panel is not None else self._stand_in
        assert page is not None
        return page

    def _place(self, panel: W) -> None:
        stand_in, self._stand_in = self._stand_in, None
        assert stand_in is not None
        tabs = self.tabs
        index = tabs.indexOf(stand_in)
        shown = tabs.currentIndex() == index
        # The panel takes the stand-in's place without the tabs announcing it on the way (the
        # panel in, the stand-in out); once it is there, a shown tab is announced again, with
        # its new page, to those who follow the tabs (the Play tab's keys, the board toolbar).
        with QSignalBlocker(tabs):
            tabs.insertTab(index, panel, tabs.tabText(index))
            tabs.removeTab(index + 1)
            if shown:
                tabs.setCurrentIndex(index)
        stand_in.deleteLater()
        tabs.currentChanged.disconnect(self._current_changed)
        if shown:
            tabs.currentChanged.emit(index)

    def _current_changed(self, index: int) -> None:
        if self._stand_in is not None and self.tabs.widget(index) is self._stand_in:
            self.panel()


class LazyDock(_Lazy[W]):
    """A dock whose widget ``build()`` makes when the dock is first shown (raised from behind
    another tab, or opened) or ``panel()`` is called."""

    def __init__(self, dock: QDockWidget, build: Callable[[], W]) -> None:
        super().__init__(build)
        self.dock = dock
        dock.setWidget(QWidget())
        dock.visibilityChanged.connect(self._visibility_changed)

    def _place(self, panel: W) -> None:
        stand_in = self.dock.widget()
        self.dock.setWidget(panel)
        if stand_in is not None:
            stand_in.deleteLater()
        self.dock.visibilityChanged.disconnect(self._visibility_changed)

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self.panel()


__all__ = ["LazyDock", "LazyTab"]
