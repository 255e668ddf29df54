"""The play layout: while the Play tab is shown the board has the window's room.

The window's docks (Definition, Leg debugger, Compare, Pieces, Piece values) serve the
designer. Entering Play hides those that are open and shows the docks the user kept open in
Play last time (none at first); leaving Play puts the designer's docks back as they were and
remembers which ones were open in Play. Both sets are kept in the settings, as the window keeps
its own dock layout, so each layout comes back as the user left it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDockWidget

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from ..window import MainWindow

#: the settings key of the docks open in Play (their object names)
PLAY_DOCKS = "window/playDocks"
#: the settings key of the designer's docks hidden while Play is shown (a window closed in Play)
DESIGN_DOCKS = "window/designDocks"


class PlayLayout:
    """Swaps the window's docks as the Play tab is entered and left."""

    def __init__(self, window: MainWindow, is_play: Callable[[int], bool]) -> None:
        self.window = window
        self._is_play = is_play          # callable(index) -> whether that tab is Play
        self.playing = False
        self.design: set[str] = set()    # docks open in the designer's layout
        s = window.settings
        self.play: set[str] = set(_names(s.value(PLAY_DOCKS))) if s is not None else set()
        if s is not None and s.value(DESIGN_DOCKS) is not None:
            # the window was closed in Play: its saved dock state is the play layout's; the
            # designer's docks come back as they were when Play was entered
            for dock in self._docks():
                if dock.objectName() in set(_names(s.value(DESIGN_DOCKS))):
                    dock.show()
            s.remove(DESIGN_DOCKS)
        window.central_tabs.currentChanged.connect(self._tab_changed)

    def _docks(self) -> list[QDockWidget]:
        return [d for d in self.window.findChildren(QDockWidget) if d.objectName()]

    def _tab_changed(self, index: int) -> None:
        playing = self._is_play(index)
        if playing == self.playing:
            return
        self.playing = playing
        docks = self._docks()
        if playing:
            self.design = {d.objectName() for d in docks if not d.isHidden()}
            for d in docks:
                d.setVisible(d.objectName() in self.play)
        else:
            self.play = {d.objectName() for d in docks if not d.isHidden()}
            for d in docks:
                d.setVisible(d.objectName() in self.design)
        self._save()

    def _save(self) -> None:
        s = self.window.settings
        if s is None:
            return
        s.setValue(PLAY_DOCKS, sorted(self.play))
        if self.playing:
            s.setValue(DESIGN_DOCKS, sorted(self.design))
        else:
            s.remove(DESIGN_DOCKS)


def _names(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return []


__all__ = ["PlayLayout", "PLAY_DOCKS"]
