"""The Play mode's place in the window from the start: the Play tab's stand-in, the Game menu,
and the keeper that writes the game for crash recovery. The tab itself (its board, move list,
rules worker and players, with the rules of play and the game records behind them) is built
when it is first shown, when a Game command needs it, or when the document gets a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...variant import aspects as A
from ..window.lazy_panels import LazyTab
from .actions import NAVIGATION, build_game_actions
from .keeper import GameKeeper

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from ...vocabulary import Aspect
    from ..window import MainWindow
    from .tab import PlayTab
    from .view import PlayView


class PlayMode:
    """One window's Play mode; ``tab()`` is the ``PlayTab``, built on first use."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.keeper = GameKeeper(window, window.files.folder)
        self.acts = build_game_actions(window, self.tab)
        for key in NAVIGATION:    # the game's, in its tab only
            self.acts[key].setEnabled(False)
        self._tab: PlayTab | None = None
        self.place = LazyTab(window.central_tabs, "Play", self._build)
        window.doc.changed.connect(self._doc_changed)
        window.on_close.append(self.shutdown)
        window.may_close.append(self.may_close)
        window.on_close.append(self.keeper.release)
        from .layout import PlayLayout
        self.layout = PlayLayout(window, lambda i: window.central_tabs.widget(i)
                                 is self.place.page())

    @property
    def built(self) -> bool:
        return self._tab is not None

    def tab(self) -> PlayTab:
        """The Play tab, built now if it was not yet."""
        self.place.panel()
        assert self._tab is not None
        return self._tab

    def _build(self) -> PlayView:
        from .tab import PlayTab
        self._tab = PlayTab(self.window, self.keeper, self.acts)
        return self._tab.view

    def _doc_changed(self, aspects: frozenset[Aspect]) -> None:
        # A game that comes with the document (a recovered one) is replayed and shown as
        # soon as it is there, as a built tab would.
        if A.GAME in aspects and self._tab is None and self.window.doc.game is not None:
            self.tab()

    def may_close(self) -> bool:
        return self._tab.may_close() if self._tab is not None else True

    def shutdown(self) -> None:
        if self._tab is not None:
            self._tab.shutdown()


def install(window: MainWindow) -> PlayMode:
    """Give ``window`` its Play tab (built when first used), its Game menu and the keeper of
    its game (crash recovery); the window keeps it as ``window.play_mode`` and the tab as
    ``window.play``."""
    return PlayMode(window)


__all__ = ["PlayMode", "install"]
