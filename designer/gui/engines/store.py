"""The engines the user set up, remembered across runs in ``QSettings`` (the JSON form of
``designer.engines.EngineBook`` under one key). Stored text that cannot be read is not thrown
away silently: ``load`` gives an empty book and the reason, and the text stays until a save."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from ...engines import EngineBook, SettingsError

KEY = "engines/book"


class EngineStore:
    """Load and save the engine book in ``settings`` (None: nothing is remembered)."""

    def __init__(self, settings: QSettings | None):
        self.settings = settings
        self.problem = ""

    def load(self) -> EngineBook:
        self.problem = ""
        if self.settings is None:
            return EngineBook()
        text = self.settings.value(KEY, "")
        if not isinstance(text, str) or not text:
            return EngineBook()
        try:
            return EngineBook.from_json_text(text)
        except SettingsError as e:
            self.problem = f"The stored engine settings cannot be read ({e}); they are kept " \
                           "until you save new ones."
            return EngineBook()

    def save(self, book: EngineBook) -> None:
        if self.settings is None:
            return
        self.settings.setValue(KEY, book.to_json_text())
        self.settings.sync()


__all__ = ["EngineStore", "KEY"]
