"""The game of the Play mode kept safe from a crash.

The game is part of the document but not of the variant's file, so the window's autosave (which
writes the variant when it is unsaved) does not hold it. The keeper writes the game, with the
variant it is played in, to a recovery file of its own a moment after each change (the same
folder as the window's autosave, one file per window, locked while the window runs), and
deletes it when the window closes normally or the game is gone. At the next start a game left
by a window that did not close normally is offered back: into the document when its variant is
the document's, else with its variant as unsaved work. A kept game that cannot be read or
restored is said so once and moved into the ``set-aside`` folder (``recovery.set_aside``), never
offered again and never deleted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QTimer

from ...errors import DesignerError
from ...variant.model import Variant
from .. import document as D
from ...variant import aspects as A

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back; the game
    from ...play import GameLine         # loads with the first game kept or offered back
    from ..window import MainWindow

DELAY_MS = 1500
VERSION = 1
RESTORE, DISCARD, LATER = "Restore the game", "Discard it", "Not now"


def _lock(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)        # stale only when its process is gone, never by age
    return lock


class GameKeeper(QObject):
    """Writes the window's game to ``folder`` after each change; offers games of windows that
    did not close normally. ``ask(text, buttons) -> button`` is replaced by tests."""

    def __init__(self, window: MainWindow, folder: Path, delay_ms: int = DELAY_MS) -> None:
        super().__init__(window)
        self.window = window
        self.doc: D.VariantDocument = window.doc
        self.folder = Path(folder)
        token = os.urandom(6).hex()   # unique per window
        self.path = self.folder / f"game-{token}.json"
        self.lock = _lock(self.folder / f"game-{token}.lock")
        self.error = ""
        self.ask = self._ask_dialog
        self.timer = QTimer(self, singleShot=True, interval=delay_ms)
        self.timer.timeout.connect(self.write)
        self.doc.changed.connect(self._changed)

    def _changed(self, aspects: frozenset[A.Aspect]) -> None:
        if aspects - {A.FILE, A.PROBES}:
            self.timer.start()

    def write(self) -> bool:
        """Keep the game now (nothing to keep: the file goes); False when it failed."""
        import json
        from ...formats import xboard_ini
        from ...formats.atomic import write_atomic
        from ...play import line_to_json
        line = self.doc.game
        if line is None or not line.moves:
            self.discard()
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.lock.isLocked() and not self.lock.tryLock(0):
                raise OSError(f"cannot lock {self.lock.fileName()}")
            data = {"version": VERSION, "file": self.doc.path or "",
                    "variant": xboard_ini.write(self.doc.variant), "line": line_to_json(line)}
            write_atomic(self.path, json.dumps(data, indent=1))
        except (DesignerError, OSError, ValueError) as e:
            self.error = str(getattr(e, "message", None) or e)
            self.window.statusBar().showMessage(f"The game could not be kept for recovery: "
                                                f"{self.error}", 10000)
            return False
        self.error = ""
        return True

    def discard(self) -> None:
        """Delete this window's kept game (a normal close, or no game any more)."""
        self.timer.stop()
        try:
            self.path.unlink()
        except OSError:
            pass

    def release(self) -> None:
        """The window closes normally: its kept game goes, and its lock."""
        self.discard()
        if self.lock.isLocked():
            self.lock.unlock()

    # -- after a crash ---------------------------------------------------------------------------
    def pending(self) -> list[tuple[Path, QLockFile]]:
        """Games kept by windows that are gone, newest first, each with its lock held."""
        if not self.folder.is_dir():
            return []
        found = []
        for p in self.folder.glob("game-*.json"):
            if p == self.path:
                continue
            lock = _lock(p.with_suffix(".lock"))
            if lock.tryLock(0):
                found.append((p, lock))
        return sorted(found, key=lambda item: item[0].stat().st_mtime, reverse=True)

    def offer(self) -> bool:
        """Offer the newest game left by a crash; True when it was restored."""
        pending = self.pending()
        if not pending:
            return False
        path = pending[0][0]
        restored = False
        answer = LATER                   # the other games kept stay for the next start
        try:
            variant, line, origin = read_kept(path)
        except (DesignerError, OSError, ValueError) as e:
            self._failed(path, f"{e}")
            variant = None
        if variant is not None:
            from ...records import moves_words
            answer = self.ask(f"A game of {variant.name} ({line.white} against {line.black}, "
                              f"{moves_words(len(line.moves))}) was being played when Variant "
                              "Designer stopped. Restore it?", [RESTORE, DISCARD, LATER])
            if answer == RESTORE:
                try:
                    restored = self._restore(variant, line, origin)
                except (DesignerError, ValueError) as e:   # the game does not fit its variant
                    self._failed(path, f"{e}")
        for p, lock in pending:
            if answer == DISCARD or (restored and p == path):
                for f in (p, p.with_suffix(".lock")):
                    try:
                        f.unlink()
                    except OSError:
                        pass
            lock.unlock()
        if restored:
            self.write()
        return restored

    def _failed(self, path: Path, why: str) -> None:
        """A kept game that cannot be restored: said once, then set aside."""
        from ..window.recovery import set_aside_note
        self.window.notify("Cannot restore the game", f"{path}:\n{why}" + set_aside_note(path))

    def _restore(self, variant: Variant, line: GameLine, origin: str) -> bool:
        doc = self.doc
        if doc.variant != variant:
            if not self.window.files.maybe_save():
                return False
            if origin and Path(origin).is_file():
                self.window.files.open(origin)       # its file, in its format
            if doc.variant != variant:               # changed since: the game's own variant
                doc.replace_all(variant, None, saved=False)
        doc.set_game(line, "Restore the game")
        self.window.show_central(self.window.play.view)
        return True

    def _ask_dialog(self, text: str, buttons: list[str]) -> str:
        from .choice import ask_buttons
        return ask_buttons(self.window, "Restore the game", text, buttons)


def read_kept(path: Path) -> tuple[Variant, GameLine, str]:
    """A kept game: its variant, its line and the variant's file (``ValueError`` when the
    file cannot be read)."""
    import json
    from ...formats import xboard_ini
    from ...play import LineError, line_from_json
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as e:
        raise ValueError(f"not a kept game ({e})") from None
    except RecursionError:           # the JSON reader recurses once per level
        raise ValueError("not a kept game (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or \
            not isinstance(data.get("variant"), str):
        raise ValueError("not a kept game of this program's version")
    try:
        line = line_from_json(data.get("line"))
    except LineError as e:
        raise ValueError(f"the game: {e}") from None
    variant = xboard_ini.read(data["variant"], str(path))
    origin = data.get("file", "")
    return variant, line, origin if isinstance(origin, str) else ""


__all__ = ["GameKeeper", "read_kept", "RESTORE", "DISCARD", "LATER"]
