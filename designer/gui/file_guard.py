"""Files the way a desktop tool handles them: never lose the user's work.

Adds to the main window: Save As, Export (every format of ``designer.formats``), a recent-files
menu, an unsaved-changes prompt before anything replaces or closes the document, the notice of
what XBoard will not be able to use (the file is still saved completely), and autosave with
recovery: while there are unsaved edits the document is written atomically to a recovery file
every ``AUTOSAVE_MS``; the next start offers to restore it.

Dialogs go through ``ask``/``notify``/``choose_path`` so tests can answer them without a modal
loop.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..notation.errors import DesignerError
from . import variant_loading

AUTOSAVE_MS = 60_000
MAX_RECENT = 8
EXPORTS = (("xboard", "XBoard options file", "*.ini"), ("fsf", "Fairy-Stockfish variants.ini",
           "*.variants.ini"), ("pgn", "PGN tags", "*.pgn"), ("engine", "Engine setup lines",
           "*.eng"), ("diagram", "Interactive Diagram", "*.html"), ("svg", "SVG diagram", "*.svg"))

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


def recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation) or \
        os.path.join(os.path.expanduser("~"), ".variant-designer")
    return Path(base) / "recovery"


class FileGuard(QObject):
    """Owns the window's file state: path, dirtiness, recent list, autosave."""

    def __init__(self, window, settings=None, autosave_ms: int = AUTOSAVE_MS,
                 folder: Path | None = None):
        super().__init__(window)
        self.w = window
        self.settings = settings
        self.folder = folder or recovery_dir()
        self.recovery = self.folder / f"autosave-{os.getpid()}.ini"
        self.ask = self._ask_dialog
        self.notify = self._notify_dialog
        self.choose_path = self._choose_dialog
        self.timer = QTimer(self)
        self.timer.setInterval(autosave_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self._build_menu()

    # -- menu ------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        from .window_actions import _action
        menu = self.w.acts["file"]
        first = menu.actions()[0] if menu.actions() else None
        new = _action(self.w, "&New piece", self.new_document, QKeySequence.New,
                      "Start a new definition (asks about unsaved changes)")
        menu.insertAction(first, new)
        quit_act = menu.actions()[-1]
        save_as = _action(self.w, "Save &As…", lambda: self.save_as(), QKeySequence.SaveAs,
                          "Save the variant under a new name")
        menu.insertAction(quit_act, save_as)
        self.export_menu = menu.addMenu("&Export")
        for fmt, label, _pattern in EXPORTS:
            self.export_menu.addAction(_action(self.w, label + "…",
                                               lambda _=False, f=fmt: self.export(f),
                                               tip=f"Write the variant as {label}"))
        menu.insertMenu(quit_act, self.export_menu)
        self.recent_menu = menu.addMenu("Open &Recent")
        menu.insertMenu(quit_act, self.recent_menu)
        menu.insertSeparator(quit_act)
        self.refresh_recent()

    # -- state -----------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return not self.w.session.undo_stack.isClean()

    def variant(self):
        """The open variant with the edited piece merged in (a one-piece variant otherwise)."""
        return variant_loading.merged(self.w.variant, self.w.session.state)

    def maybe_save(self) -> bool:
        """True when it is fine to replace or close the document (saved or discarded)."""
        if not self.dirty:
            return True
        answer = self.ask("The definition has unsaved changes. Save them first?")
        if answer == CANCEL:
            return False
        if answer == SAVE:
            return self.save()
        return True

    # -- commands --------------------------------------------------------------------------
    def new_document(self) -> bool:
        if not self.maybe_save():
            return False
        from .session import BoardState
        self.w.variant, self.w.file_path = None, None
        self.w.session.replace_state(BoardState(text="", letter="X", name="New piece"), "New piece")
        self.w.session.undo_stack.clear()
        self.w._title()
        return True

    def open(self, path: str | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            path = self.choose_path(False, "Variant files (*.ini *.pgn *.eng);;All files (*)")
            if not path:
                return False
        try:
            variant = variant_loading.load(path)
        except (DesignerError, OSError, ValueError) as e:   # shown, never a traceback
            self.notify("Cannot open", f"{path}:\n{getattr(e, 'message', e)}")
            self.forget_recent(path)
            return False
        self.w.load_variant(variant, path=path)
        self.w.session.undo_stack.clear()
        self.add_recent(path)
        return True

    def save(self) -> bool:
        if not self.w.file_path:
            return self.save_as()
        return self.save_to(self.w.file_path)

    def save_as(self) -> bool:
        path = self.choose_path(True, "XBoard options (*.ini)")
        if not path:
            return False
        if not path.lower().endswith(".ini"):
            path += ".ini"
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        from ..formats.registry import problems_for
        try:
            variant = self.variant()
            problems = problems_for(variant, "xboard")
            self.w.variant = variant_loading.save(path, self.w.variant, self.w.session.state)
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot save", f"{path}:\n{getattr(e, 'message', e)}")
            return False
        self.w.file_path = path
        self.w.session.undo_stack.setClean()
        self.w._title()
        self.add_recent(path)
        self.discard_recovery()
        if problems:
            lines = "\n".join(f"• {p}" for p in problems[:20])
            self.notify("Saved — what XBoard will not be able to use",
                        f"{os.path.basename(path)} was saved completely. XBoard 4.9 will not "
                        f"use:\n{lines}")
        return True

    def export(self, fmt: str, path: str | None = None) -> bool:
        from ..formats.atomic import write_atomic
        from ..formats.registry import problems_for, render
        pattern = next(p for f, _l, p in EXPORTS if f == fmt)
        if path is None:
            path = self.choose_path(True, f"{fmt} ({pattern})")
            if not path:
                return False
        try:
            variant = self.variant()
            problems = problems_for(variant, fmt)
            text = render(variant, fmt, piece=self.w.session.state.letter or None)
            write_atomic(path, text)
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot export", f"{path}:\n{getattr(e, 'message', e)}")
            return False
        if problems:
            lines = "\n".join(f"• {p}" for p in problems[:20])
            self.notify("Exported — with differences", f"{os.path.basename(path)} was written. "
                        f"The target program will not use:\n{lines}")
        return True

    # -- recent files ----------------------------------------------------------------------
    def recent(self) -> list[str]:
        if self.settings is None:
            return []
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _store_recent(self, paths: list[str]) -> None:
        if self.settings is not None:
            self.settings.setValue("files/recent", paths[:MAX_RECENT])
        self.refresh_recent()

    def add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self._store_recent([path] + [p for p in self.recent() if p != path])

    def forget_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self._store_recent([p for p in self.recent() if p != path])

    def refresh_recent(self) -> None:
        self.recent_menu.clear()
        paths = self.recent()
        for p in paths:
            act = self.recent_menu.addAction(os.path.basename(p))
            act.setToolTip(p)
            act.triggered.connect(lambda _=False, q=p: self.open(q))
        self.recent_menu.setEnabled(bool(paths))

    # -- autosave and recovery -------------------------------------------------------------
    def autosave(self) -> bool:
        """Write the unsaved document to the recovery file (atomically); False when clean."""
        if not self.dirty:
            return False
        from ..formats import xboard_ini
        from ..formats.atomic import write_atomic
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            text = xboard_ini.write(self.variant())
            origin = self.w.file_path or ""
            write_atomic(self.recovery, f"; @recovery-of {origin}\n" + text)
        except (DesignerError, OSError, ValueError):
            return False   # autosave must never interrupt the user
        return True

    def discard_recovery(self) -> None:
        try:
            self.recovery.unlink()
        except OSError:
            pass

    def pending_recoveries(self) -> list[Path]:
        """Recovery files left by sessions that did not end cleanly, newest first."""
        if not self.folder.is_dir():
            return []
        files = [p for p in self.folder.glob("autosave-*.ini") if p != self.recovery]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)

    def offer_recovery(self) -> bool:
        """Ask whether to restore the newest recovery file; True when one was restored."""
        pending = self.pending_recoveries()
        if not pending:
            return False
        newest = pending[0]
        age = time.strftime("%Y-%m-%d %H:%M", time.localtime(newest.stat().st_mtime))
        answer = self.ask(f"Variant Designer did not close normally. Restore the unsaved work "
                          f"autosaved at {age}?", recovery=True)
        restored = False
        if answer == SAVE:
            try:
                variant = variant_loading.load(str(newest))
                first = newest.read_text("utf-8", errors="replace").splitlines()[:1]
                origin = first[0].split(" ", 2)[2].strip() if first and \
                    first[0].startswith("; @recovery-of ") and len(first[0].split(" ", 2)) > 2 else ""
                self.w.load_variant(variant, path=origin or None)
                self.w.session.undo_stack.resetClean()   # restored work is unsaved work
                self.w._title(False)
                restored = True
            except (DesignerError, OSError, ValueError) as e:
                self.notify("Cannot restore", f"{newest}:\n{getattr(e, 'message', e)}")
                return False
        if answer != CANCEL:
            for p in pending:
                try:
                    p.unlink()
                except OSError:
                    pass
        return restored

    # -- real dialogs ----------------------------------------------------------------------
    def _ask_dialog(self, text: str, recovery: bool = False) -> str:
        box = QMessageBox(self.w)
        box.setIcon(QMessageBox.Question)
        box.setWindowTitle("Variant Designer")
        box.setText(text)
        if recovery:
            yes = box.addButton("Restore", QMessageBox.AcceptRole)
            no = box.addButton("Discard", QMessageBox.DestructiveRole)
            box.addButton("Later", QMessageBox.RejectRole)
        else:
            yes = box.addButton(QMessageBox.Save)
            no = box.addButton(QMessageBox.Discard)
            box.addButton(QMessageBox.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return SAVE if clicked is yes else DISCARD if clicked is no else CANCEL

    def _notify_dialog(self, title: str, text: str) -> None:
        QMessageBox.information(self.w, title, text)

    def _choose_dialog(self, saving: bool, filters: str) -> str:
        start = self.w.file_path or ""
        if saving:
            path, _ = QFileDialog.getSaveFileName(self.w, "Save variant", start, filters)
        else:
            path, _ = QFileDialog.getOpenFileName(self.w, "Open variant", start, filters)
        return path
