"""Autosave and recovery after a crash, the part of ``FileGuard`` that keeps unsaved work.

While the document is modified it is written atomically to this window's own recovery file,
``FIRST_AUTOSAVE_MS`` after the first unsaved edit and then every ``AUTOSAVE_MS``. Each running
window holds a lock file beside its recovery file (``QLockFile``: the lock of a process that died
is stale), so a second window never offers or deletes the autosave of a window still running. A
recovery file restored after a crash is kept, and locked, until the restored work is saved or
autosaved again: a second crash before that still finds it. The restore prompt names the
variant and its file; the restored document selects the piece that was being edited. A failed
autosave (full or read-only disk) is shown in the status bar and retried every ``RETRY_MS``.
A recovery file that cannot be restored is offered once: it is then moved into the ``set-aside``
folder beside it (``set_aside``: never deleted, never offered again) and the message says where.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QLockFile, QTimer
from PySide6.QtWidgets import QLabel

from ...formats.errors import error_text
from ...notation.errors import DesignerError
from ..document import NATIVE, VariantDocument

AUTOSAVE_MS = 60_000
FIRST_AUTOSAVE_MS = 3_000       # soon after the first unsaved edit, not a minute after start
RETRY_MS = 10_000
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
SET_ASIDE = "set-aside"


def lock_file(path: Path) -> QLockFile:
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)   # stale only when its process is gone, never by age
    return lock


class Recovery:
    """Autosave and recovery for ``FileGuard`` (which sets the attributes below)."""

    w: Any
    doc: VariantDocument
    folder: Path
    recovery: Path
    lock: QLockFile
    autosave_error: str
    ask: Callable[..., str]
    notify: Callable[[str, str], None]

    def _start_autosave(self, autosave_ms: int) -> None:
        self.autosave_ms = autosave_ms
        self.timer = QTimer(self.w)
        self.timer.setInterval(autosave_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self.first = QTimer(self.w)
        self.first.setSingleShot(True)
        self.first.setInterval(min(FIRST_AUTOSAVE_MS, autosave_ms))
        self.first.timeout.connect(self.autosave)
        self.doc.undo_stack.cleanChanged.connect(self._clean_changed)
        # recovery files of a crashed instance whose work this window restored: kept, and
        # locked, until that work is saved or autosaved again
        self.restored: list[tuple[Path, QLockFile]] = []
        self.autosave_label = QLabel()
        self.autosave_label.setStyleSheet("color: #c92a2a;")
        self.autosave_label.hide()
        self.w.statusBar().addPermanentWidget(self.autosave_label)

    def _clean_changed(self, clean: bool) -> None:
        """The first unsaved edit is autosaved soon, not at the next tick of the minute."""
        if not clean and not self.first.isActive():
            self.first.start()

    def autosave(self) -> bool:
        """Write the unsaved document to this instance's recovery file; False when clean or
        when it failed (then the status bar says so and it is retried soon)."""
        if not self.doc.modified:
            return False
        from ...formats import xboard_ini
        from ...formats.atomic import write_atomic
        doc = self.doc
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self.lock.isLocked() and not self.lock.tryLock(0):
                raise OSError(f"cannot lock {self.lock.fileName()}")
            head = f"; @recovery-of {doc.path or ''}\n; @recovery-format {doc.fmt} " \
                   f"{doc.section or ''}\n; @recovery-selected {doc.selected}\n"
            write_atomic(self.recovery, head + xboard_ini.write(doc.variant))
        except (DesignerError, OSError, ValueError) as e:
            self._autosave_failed(str(getattr(e, "reason", None) or getattr(e, "strerror", None)
                                      or e))
            return False
        self._release_restored()          # the work is in this window's own file now
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
        """Delete this instance's recovery file, and a restored one (after a save, or when the
        work goes: New, Open, closing without saving after the prompt)."""
        self.first.stop()
        try:
            self.recovery.unlink()
        except OSError:
            pass
        self._release_restored()

    def _release_restored(self) -> None:
        """The restored work is safe elsewhere: delete the recovery files it came from."""
        for path, lock in self.restored:
            try:
                path.unlink()
            except OSError:
                pass
            lock.unlock()
        self.restored = []

    def release(self) -> None:
        """Give up the locks (the window closes): a restored recovery file not yet replaced
        by a save or an autosave stays, and the next start offers it again."""
        for _path, lock in self.restored:
            lock.unlock()
        self.restored = []
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
            lock = lock_file(p.with_suffix(".lock"))
            if lock.tryLock(0):
                found.append((p, lock))
        return sorted(found, key=lambda item: _mtime(item[0]), reverse=True)

    def offer_recovery(self) -> bool:
        """Ask whether to restore the newest recovery file, naming its file and variant; True
        when it was restored. The restored file is kept until that work is saved or autosaved
        (``restored``); Discard deletes it; Later keeps it for the next start. Older recovery
        files (other crashed windows) are left for the next start."""
        pending = self.pending_recoveries()
        if not pending:
            return False
        newest = pending[0][0]
        answer = self.ask(f"Variant Designer did not close normally. Restore the unsaved work "
                          f"{describe_recovery(newest)}?", recovery=True)
        restored = self._restore(newest) if answer == SAVE else False
        for p, lock in pending:
            if p == newest and restored:
                self.restored.append((p, lock))       # held until saved or autosaved
                continue
            if p == newest and answer == DISCARD:
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
        except (DesignerError, OSError, ValueError, RecursionError) as e:
            self.notify("Cannot restore", error_text(str(path), e) + set_aside_note(path))
            return False
        head = recovery_header(text)
        origin = head.get("of", "")
        words = head.get("format", "").split()
        fmt = words[0] if words else NATIVE
        section = words[1] if len(words) > 1 else None
        self.doc.replace_all(variant, origin or None, fmt if origin else NATIVE, section,
                             saved=False,    # restored work is unsaved work
                             select=head.get("selected") or None)
        return True


def set_aside(path: Path) -> Path | None:
    """Move a recovery file that cannot be restored into the ``set-aside`` folder beside it,
    out of the way of the next start's offer (kept: what it holds may still matter to its
    owner); its new path, or None when it could not be moved."""
    folder = path.parent / SET_ASIDE
    try:
        folder.mkdir(exist_ok=True)
        target = folder / path.name
        n = 1
        while target.exists():
            target = folder / f"{path.stem}-{n}{path.suffix}"
            n += 1
        os.replace(path, target)
    except OSError:
        return None
    return target


def set_aside_note(path: Path) -> str:
    """``set_aside(path)``, said in a sentence for the message that follows the failure."""
    moved = set_aside(path)
    if moved is None:
        return f"\n\n{path} could not be moved aside; it will be offered again."
    return f"\n\nIt was moved to {moved} and will not be offered again."


def recovery_header(text: str) -> dict[str, str]:
    """The ``; @recovery-<key> <value>`` lines an autosave starts with, as key -> value."""
    out: dict[str, str] = {}
    for line in text.splitlines()[:4]:
        if line.startswith("; @recovery-"):
            key, _, value = line[len("; @recovery-"):].partition(" ")
            out[key] = value.strip()
    return out


def describe_recovery(path: Path) -> str:
    """What a recovery file holds, for the restore prompt: the variant, the file it was
    opened from (or that it was never saved) and when it was autosaved."""
    age = time.strftime("%Y-%m-%d %H:%M", time.localtime(_mtime(path)))
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return f"autosaved at {age}"
    from ...formats import xboard_ini
    try:
        name = xboard_ini.read(text, str(path)).name
    except (DesignerError, RecursionError, ValueError):
        name = ""
    origin = recovery_header(text).get("of", "")
    where = f"of {origin}" if origin else "never saved to a file"
    what = f"on the variant “{name}” ({where})" if name else f"({where})"
    return f"{what}, autosaved at {age}"


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0
