"""The journal that makes a save of several files one unit (``atomic.write_atomic_all``).

Before the first target of such a save is replaced, every new file is complete and synced on
disk beside its target, and a journal ``.<first target>.vd<pid>-<hex>.journal`` listing each
(new file, target) pair is written atomically beside the first target; it is removed once
every target is replaced. A process killed between the renames (or a machine switched off)
leaves the journal behind, with the new files it names still there: ``recover(path)`` makes
the renames left to do for every journal in that file's folder whose process is gone (or that
is an hour old), so the save ends complete. Every read of a file (``errors.read_text``) and
every save calls it first, so a reader sees the old files or the new ones, never a launcher of
one save beside the section of another.

Rolling forward, not back: the new files are on disk before the journal exists, whereas the
old ones may have no copy left (hard links are not on every file system). A journal that does
not read as ours is never acted upon. This module imports nothing of the project, so the file
reader can use it (``atomic`` writes through it).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from collections.abc import Callable

STALE_SECONDS = 3600
MAX_JOURNAL_BYTES = 1 << 20
_JOURNAL = re.compile(r"\..+\.vd([0-9]{1,10})-[0-9a-f]+\.journal")


def write_journal(staged: list[tuple[str, str]], temp_name: Callable[[str], str]) -> str:
    """The journal of a save of the (new file, target) pairs ``staged``, on disk (synced, with
    its folder) before any target is replaced; its path. ``temp_name`` names its own temporary
    file (``atomic``'s names, so an interrupted one is cleaned up like the others)."""
    first = staged[0][1]
    folder = os.path.dirname(os.path.abspath(first))
    path = os.path.join(folder, f".{os.path.basename(first)}.vd{os.getpid()}-"
                                f"{secrets.token_hex(4)}.journal")
    data = json.dumps({"files": [[os.path.abspath(tmp), os.path.abspath(target)]
                                 for tmp, target in staged]}).encode("utf-8")
    tmp = temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.rename(tmp, path)                # a new, unique name: nothing is replaced
    except OSError:
        remove(tmp)
        raise
    sync_folder(folder)
    return path


def recover(path: str | os.PathLike[str]) -> list[str]:
    """Complete every save of several files that was interrupted in the folder of ``path``
    (the module's docstring); the targets it replaced."""
    return recover_folder(os.path.dirname(os.path.abspath(os.fspath(path))))


def recover_folder(folder: str) -> list[str]:
    """``recover`` for a folder: each journal whose process is gone (or that is an hour old)
    has its remaining renames made, then goes; one that cannot be read is left alone."""
    try:
        entries = [e for e in os.scandir(folder) if _JOURNAL.fullmatch(e.name)]
    except OSError:
        return []
    replaced: list[str] = []
    now = time.time()
    for entry in entries:
        match = _JOURNAL.fullmatch(entry.name)
        assert match is not None
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            if not (old or process_gone(int(match[1]))):
                continue                    # a save under way in a live process
            with open(entry.path, "rb") as fh:
                files = json.loads(fh.read(MAX_JOURNAL_BYTES))["files"]
            pairs = [(str(tmp), str(target)) for tmp, target in files]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            continue                        # not a journal of ours: never acted upon
        try:
            for tmp, target in pairs:
                if os.path.exists(tmp):     # complete and synced before the journal was
                    os.replace(tmp, target)
                    replaced.append(target)
        except OSError:
            continue                        # tried again at the next read or save
        for f in {os.path.dirname(t) for _, t in pairs} | {folder}:
            sync_folder(f)
        remove(entry.path)
    return replaced


def sync_folder(folder: str) -> None:
    """Make the renames in ``folder`` durable (best effort: not every system can open a
    folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove(path: str) -> None:
    """Delete ``path`` if it is there."""
    try:
        os.unlink(path)
    except OSError:
        pass


def process_gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (False when that cannot be told: age decides)."""
    if pid == os.getpid():
        return False
    if os.name != "posix":
        return False                        # no harmless liveness probe: age decides
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False                        # alive, someone else's
    return False


__all__ = ["write_journal", "recover", "recover_folder", "sync_folder", "remove",
           "process_gone", "STALE_SECONDS"]
