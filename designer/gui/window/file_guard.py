"""Files the way a desktop tool handles them: never lose the user's work.

Adds to the main window: New variant, Save (back into the format the file came from), Save As,
Export (every format of ``designer.formats``, the XBoard + Fairy-Stockfish launcher pair
included), a recent-files menu, an unsaved-changes prompt before anything replaces or closes the
document, the notice of what the target program will not be able to use (the file is still
saved completely), and autosave with recovery.

Autosave: while the document is modified it is written atomically to this instance's own
recovery file every ``AUTOSAVE_MS``. Each running instance holds a lock file beside its recovery
file (``QLockFile``: the lock of a process that died is stale), so a second window never offers
or deletes the autosave of a window that is still running. A failed autosave (full or read-only
disk) is shown in the status bar until it works again, and is retried every ``RETRY_MS``.

Dialogs go through ``ask``/``notify``/``choose_path``/``choose_section``/``run_dialog`` so tests
can answer them without a modal loop.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QLabel, QMessageBox

from ...notation.errors import DesignerError
from ...variant.model import Variant
from ..document import NATIVE

AUTOSAVE_MS = 60_000
RETRY_MS = 10_000
MAX_RECENT = 8
EXPORTS = (("xboard", "XBoard options file", "*.ini"), ("fsf", "Fairy-Stockfish variants.ini",
           "*.variants.ini"), ("xboard-fsf", "XBoard launcher for Fairy-Stockfish (two files)",
           "*.ini"), ("pgn", "PGN tags", "*.pgn"), ("engine", "Engine setup lines", "*.eng"),
           ("diagram", "Interactive Diagram", "*.html"), ("svg", "SVG diagram", "*.svg"))
# Formats a document is saved back into; the others (PGN tags, engine lines) hold less than the
# variant (names, notes, exact notation), so Save proposes the native format instead.
SAVES_BACK = {NATIVE: "XBoard options file", "fsf": "Fairy-Stockfish variants.ini",
              "xboard-fsf": "XBoard launcher for Fairy-Stockfish"}
LOSSY = {"pgn": "PGN tags keep only the board, the setup, the letters and XBoard's reading of "
                "the moves (no piece names, notes or Betza 2.0)",
         "engine": "engine setup lines keep only the board, the setup, the letters and XBoard's "
                   "reading of the moves (no piece names, notes or Betza 2.0)"}

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


def recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation) or \
        os.path.join(os.path.expanduser("~"), ".variant-designer")
    return Path(base) / "recovery"


def _lock(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)   # stale only when its process is gone, never by age
    return lock


class FileGuard(QObject):
    """Owns the window's file commands, the recent list and this instance's autosave."""

    def __init__(self, window, settings=None, autosave_ms: int = AUTOSAVE_MS,
                 folder: Path | None = None):
        super().__init__(window)
        self.w = window
        self.doc = window.doc
        self.settings = settings
        self.folder = folder or recovery_dir()
        token = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.recovery = self.folder / f"autosave-{token}.ini"
        self.lock = _lock(self.folder / f"autosave-{token}.lock")
        self.autosave_error = ""
        self.ask = self._ask_dialog
        self.notify = self._notify_dialog
        self.choose_path = self._choose_dialog
        self.choose_section = self._section_dialog
        self.run_dialog = lambda dialog: dialog.exec() == QDialog.DialogCode.Accepted
        self.autosave_ms = autosave_ms
        self.timer = QTimer(self)
        self.timer.setInterval(autosave_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self.autosave_label = QLabel()
        self.autosave_label.setStyleSheet("color: #c92a2a;")
        self.autosave_label.hide()
        window.statusBar().addPermanentWidget(self.autosave_label)
        self._build_menu()

    # -- menu ------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        from ._actions import _action
        menu = self.w.acts["file"]
        first = menu.actions()[0] if menu.actions() else None
        new = _action(self.w, "&New variant…", lambda: self.new_variant(),
                      QKeySequence.StandardKey.New,
                      "Start a new variant: board size and a template (asks about unsaved "
                      "changes)")
        menu.insertAction(first, new)
        self.w.acts["new"] = new
        quit_act = menu.actions()[-1]
        save_as = _action(self.w, "Save &As…", lambda: self.save_as(),
                          QKeySequence.StandardKey.SaveAs,
                          "Save the variant under a new name (XBoard options file)")
        menu.insertAction(quit_act, save_as)
        self.w.acts["save_as"] = save_as
        self.export_menu = menu.addMenu("&Export")
        for fmt, label, _pattern in EXPORTS:
            act = _action(self.w, label + "…", lambda _=False, f=fmt: self.export(f),
                          tip=f"Write the variant as {label}")
            self.export_menu.addAction(act)
            self.w.acts[f"export:{fmt}"] = act
        menu.insertMenu(quit_act, self.export_menu)
        self.recent_menu = menu.addMenu("Open &Recent")
        menu.insertMenu(quit_act, self.recent_menu)
        menu.insertSeparator(quit_act)
        self.refresh_recent()

    # -- state -----------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self.doc.modified

    def variant(self) -> Variant:
        return self.doc.variant

    def maybe_save(self) -> bool:
        """True when it is fine to replace or close the document (saved or discarded)."""
        for check in getattr(self.w, "may_close", ()):   # e.g. an unsaved game (Play mode)
            if not check():
                return False
        if not self.dirty:
            return True
        answer = self.ask(f"{self.doc.file_name} has unsaved changes. Save them first?")
        if answer == CANCEL:
            return False
        if answer == SAVE:
            return self.save()
        return True

    # -- commands --------------------------------------------------------------------------
    def new_variant(self) -> bool:
        """File > New variant: ask board size and template, start a new untitled document."""
        from .dialogs import NewVariantDialog, template_variant
        if not self.maybe_save():
            return False
        dialog = NewVariantDialog(self.w)
        if not self.run_dialog(dialog):
            return False
        choice = dialog.choice()
        try:
            variant = template_variant(choice.template, choice.files, choice.ranks)
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot use this template", str(getattr(e, "message", None) or e))
            return False
        self.doc.replace_all(variant, None, NATIVE, None)
        self.discard_recovery()
        return True

    def open(self, path: str | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            path = self.choose_path(False, "Variant files (*.ini *.pgn *.eng);;All files (*)")
            if not path:
                return False
        try:
            variant, fmt, section = self._read(path)
        except (DesignerError, OSError, ValueError) as e:   # shown, never a traceback
            self.notify("Cannot open", f"{path}:\n{getattr(e, 'message', None) or e}")
            self.forget_recent(path)
            return False
        if variant is None:
            return False
        self.doc.replace_all(variant, path, fmt, section)
        self.discard_recovery()
        self.add_recent(path)
        return True

    def _read(self, path: str) -> tuple[Variant | None, str, str | None]:
        """The variant in ``path``, its format and (Fairy-Stockfish) section."""
        from ...formats import fsf_ini
        from ...formats.errors import read_text
        from ...formats.registry import detect, read_any
        text = read_text(path)
        fmt = detect(text, path)
        section = None
        if fmt == "fsf":
            names = fsf_ini.sections(text, path)
            section = names[-1] if len(names) == 1 else self.choose_section(path, names)
            if not section:
                return None, fmt, None
        return read_any(path, section), fmt, section

    def save(self) -> bool:
        """Save into the file and format the document came from (or ask, and say why)."""
        doc = self.doc
        if not doc.path:
            return self.save_as()
        if doc.fmt in LOSSY:
            self.notify("Saving as an XBoard options file",
                        f"{doc.file_name} is a {doc.fmt.upper()} file: {LOSSY[doc.fmt]}. The "
                        f"variant is saved as an XBoard options file (.ini) instead; "
                        f"{doc.file_name} stays as it was.")
            return self.save_as(os.path.splitext(doc.path)[0] + ".ini")
        if doc.fmt == "xboard-fsf" and not self._own_pair(doc.path):
            self.notify("Saving as an XBoard options file",
                        f"{doc.file_name} starts Fairy-Stockfish on a variants.ini that is not "
                        f"its own; that file is left alone and the variant is saved as an "
                        f"XBoard options file (.ini) instead.")
            return self.save_as()
        return self.save_to(doc.path, doc.fmt, doc.section)

    @staticmethod
    def _own_pair(path: str) -> bool:
        """Whether a launcher loads the variants.ini written beside it (ours to rewrite)."""
        from ...formats import xboard_fsf
        ini = xboard_fsf.ini_path_for(path)
        try:
            text = Path(path).read_text("utf-8", errors="replace")
        except OSError:
            return False
        return os.path.basename(ini) in text

    def save_as(self, proposed: str | None = None) -> bool:
        path = self.choose_path(True, "XBoard options (*.ini)", proposed)
        if not path:
            return False
        if path.lower().endswith(".variants.ini"):
            from ...formats import fsf_ini
            return self.save_to(path, "fsf-new", fsf_ini.section_name(self.doc.variant))
        if not path.lower().endswith(".ini"):
            path += ".ini"
        return self.save_to(path)

    def save_to(self, path: str, fmt: str = NATIVE, section: str | None = None) -> bool:
        """Write the document to ``path`` in ``fmt``; the document then lives there."""
        from ...formats import fsf_ini, fsf_rewrite, xboard_fsf, xboard_ini
        from ...formats.atomic import write_atomic
        from ...formats.registry import problems_for
        v = self.doc.variant
        try:
            problems = problems_for(v, "fsf" if fmt.startswith("fsf") else fmt)
            if fmt == "fsf":
                assert section is not None
                fsf_rewrite.save_section(path, section, v)
            elif fmt == "fsf-new":
                write_atomic(path, fsf_ini.write(v))
                fmt = "fsf"
            elif fmt == "xboard-fsf":
                xboard_fsf.save(path, v)
            else:
                xboard_ini.save(path, v)
                fmt = NATIVE
        except (DesignerError, OSError, ValueError, AssertionError) as e:
            self.notify("Cannot save", f"{path}:\n{getattr(e, 'message', None) or e}")
            return False
        self.doc.mark_saved(path, fmt, section)
        self.add_recent(path)
        self.discard_recovery()
        if problems:
            program = "XBoard 4.9" if fmt == NATIVE else "Fairy-Stockfish"
            lines = "\n".join(f"• {p}" for p in problems[:20])
            self.notify(f"Saved — what {program} will not be able to use",
                        f"{os.path.basename(path)} was saved completely. {program} will not "
                        f"use:\n{lines}")
        return True

    def export(self, fmt: str, path: str | None = None) -> bool:
        from ...formats import pgn_tags, xboard_fsf
        from ...formats.atomic import write_atomic
        from ...formats.registry import problems_for, render
        label, pattern = next((lab, p) for f, lab, p in EXPORTS if f == fmt)
        if path is None:
            path = self.choose_path(True, f"{label} ({pattern})")
            if not path:
                return False
        v = self.doc.variant
        try:
            problems = problems_for(v, fmt)
            if fmt == "xboard-fsf":
                xboard_fsf.save(path, v)
            elif fmt == "pgn":
                # with the options file XBoard needs when the variant is not one of its own
                if len(pgn_tags.save(path, v)) > 1:
                    self.notify("Exported with its options file",
                                f"XBoard needs {os.path.basename(pgn_tags.companion_path(path))}"
                                " beside the game to know this variant. Open both with:\n"
                                f"{pgn_tags.companion_command(path)}")
                    problems = [p for p in problems if p.field != "parent"]
            else:
                write_atomic(path, render(v, fmt, piece=self.doc.selected or None))
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot export", f"{path}:\n{getattr(e, 'message', None) or e}")
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
        """Write the unsaved document to this instance's recovery file; False when clean or
        when it failed (then the status bar says so and it is retried soon)."""
        if not self.dirty:
            return False
        from ...formats import xboard_ini
        from ...formats.atomic import write_atomic
        doc = self.doc
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.lock.isLocked() and not self.lock.tryLock(0):
                raise OSError(f"cannot lock {self.lock.fileName()}")
            head = f"; @recovery-of {doc.path or ''}\n; @recovery-format {doc.fmt} " \
                   f"{doc.section or ''}\n"
            write_atomic(self.recovery, head + xboard_ini.write(doc.variant))
        except (DesignerError, OSError, ValueError) as e:
            self._autosave_failed(str(getattr(e, "reason", None) or getattr(e, "strerror", None)
                                      or e))
            return False
        if self.autosave_error:
            self.autosave_error = ""
            self.autosave_label.hide()
            self.w.statusBar().showMessage("Autosave works again.", 5000)
            self.timer.setInterval(self.autosave_ms)
        return True

    def _autosave_failed(self, reason: str) -> None:
        self.autosave_error = reason
        self.autosave_label.setText(f"Autosave failed: {reason} — retrying every "
                                    f"{RETRY_MS // 1000} s")
        self.autosave_label.setToolTip(f"The recovery file {self.recovery} could not be "
                                       f"written. Save your work to another place.")
        self.autosave_label.show()
        self.timer.setInterval(RETRY_MS)
        self.timer.start()

    def discard_recovery(self) -> None:
        """Delete this instance's recovery file (after a save, or closing without changes)."""
        try:
            self.recovery.unlink()
        except OSError:
            pass

    def release(self) -> None:
        """Give up the lock (the window closes)."""
        if self.lock.isLocked():
            self.lock.unlock()

    def pending_recoveries(self) -> list[tuple[Path, QLockFile]]:
        """Recovery files whose instance is gone (crashed), newest first, each with its lock
        now held by us; files of instances still running are left alone."""
        if not self.folder.is_dir():
            return []
        found = []
        for p in self.folder.glob("autosave-*.ini"):
            if p == self.recovery:
                continue
            lock = _lock(p.with_suffix(".lock"))
            if lock.tryLock(0):
                found.append((p, lock))
        return sorted(found, key=lambda item: _mtime(item[0]), reverse=True)

    def offer_recovery(self) -> bool:
        """Ask whether to restore the newest recovery file; True when one was restored."""
        pending = self.pending_recoveries()
        if not pending:
            return False
        newest = pending[0][0]
        age = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(newest)))
        answer = self.ask(f"Variant Designer did not close normally. Restore the unsaved work "
                          f"autosaved at {age}?", recovery=True)
        restored = False
        if answer == SAVE:
            restored = self._restore(newest)
        for p, lock in pending:
            if answer != CANCEL and (restored or answer == DISCARD):
                try:
                    p.unlink()
                except OSError:
                    pass
            lock.unlock()
        return restored

    def _restore(self, path: Path) -> bool:
        from ...formats import xboard_ini
        try:
            text = path.read_text("utf-8", errors="replace")
            variant = xboard_ini.read(text, str(path))
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot restore", f"{path}:\n{getattr(e, 'message', None) or e}")
            return False
        origin, fmt, section = "", NATIVE, None
        for line in text.splitlines()[:2]:
            if line.startswith("; @recovery-of "):
                origin = line[len("; @recovery-of "):].strip()
            elif line.startswith("; @recovery-format "):
                words = line.split()[2:]
                fmt = words[0] if words else NATIVE
                section = words[1] if len(words) > 1 else None
        self.doc.replace_all(variant, origin or None, fmt if origin else NATIVE, section,
                             saved=False)   # restored work is unsaved work
        return True

    # -- real dialogs ----------------------------------------------------------------------
    def _ask_dialog(self, text: str, recovery: bool = False) -> str:
        box = QMessageBox(self.w)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Variant Designer")
        box.setText(text)
        if recovery:
            yes = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
            no = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
            box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
        else:
            yes = box.addButton(QMessageBox.StandardButton.Save)
            no = box.addButton(QMessageBox.StandardButton.Discard)
            box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return SAVE if clicked is yes else DISCARD if clicked is no else CANCEL

    def _notify_dialog(self, title: str, text: str) -> None:
        QMessageBox.information(self.w, title, text)

    def _choose_dialog(self, saving: bool, filters: str, proposed: str | None = None) -> str:
        start = proposed or self.doc.path or ""
        if saving:
            path, _ = QFileDialog.getSaveFileName(self.w, "Save variant", start, filters)
        else:
            path, _ = QFileDialog.getOpenFileName(self.w, "Open variant", start, filters)
        return path

    def _section_dialog(self, path: str, names: list[str]) -> str:
        name, ok = QInputDialog.getItem(self.w, "Open variant",
                                        f"{os.path.basename(path)} defines several variants. "
                                        f"Which one?", names, len(names) - 1, False)
        return name if ok else ""


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0
