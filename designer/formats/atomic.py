"""Atomic saves: write every new file to a temporary file next to its target, then
``os.replace`` them, so that either all the new content is on disk or the previous versions are.

* Several files saved together (the ``xboard-fsf`` pair: ``Name.ini`` points at a section of
  ``Name.variants.ini``) are all written out before any target is replaced: a full disk or a
  read-only folder fails while writing, with every old file untouched. Should a replace itself
  fail, the targets already replaced are put back from hard-link backups.
* Such a save is one unit even when the process dies between its renames (killed, the machine
  off): before the first target is replaced, a journal (``.<target>.vd<pid>-<hex>.journal``,
  written atomically beside the first target) lists every target and its complete, synced new
  content; it is removed once all are replaced. ``recover(path)`` finishes the renames of any
  journal in that file's folder whose process is gone (every new content is on disk, so the
  save can always be completed), and every read of a file (``errors.read_text``) and every save
  calls it first: a reader sees the old files or the new ones, never a mixed pair
  (``journal``).
* Temporary files are named ``.<target>.vd<pid>-<random>.tmp``. One left behind by a save that
  was interrupted (the process killed, the machine off) is removed at the next save into that
  folder once its process is gone, or after an hour whatever the process table says.
  Nameless leftovers of earlier versions (``.<target>.<8 random>.tmp``, 148 of them were found
  beside one file) are removed when that target is saved and they are an hour old.
* A new file gets the mode the user's umask gives (as any editor's file does); a replaced file
  keeps the mode it had.
* A target that is a symbolic link is the file the link points to: that file is replaced and
  the link stays a link (replacing the link itself would leave the real file unchanged).
* A read-only target (no write permission, whoever runs the program: root may write anything,
  but a file made read-only says it is not to be changed) is refused with ``ReadOnlyError``
  before anything is written; the user saves elsewhere.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterable

from .errors import FormatError, ReadOnlyError
from .journal import STALE_SECONDS, process_gone as _process_gone, recover, recover_folder, \
    remove as _remove, sync_folder as _sync_folder, write_journal

_OURS = re.compile(r"\..+\.vd([0-9]{1,10})-[0-9a-f]+\.tmp")
_LEGACY = re.compile(r"\.(.+)\.[a-z0-9_]{8}\.tmp")     # tempfile.mkstemp's names

#: called after each target of a save of several files is replaced, but the last, with its
#: index: a test stops a save there (between its renames) and kills the process
between_replaces: Callable[[int], None] | None = None


def write_atomic(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text``; on any error the old file stays and FormatError is raised."""
    write_atomic_all([(path, text)], encoding)


def write_atomic_all(files: Iterable[tuple[str | os.PathLike[str], str]],
                     encoding: str = "utf-8") -> None:
    """Replace every target with its text, or none of them (FormatError names the file)."""
    todo = [(_real(os.fspath(p)), text) for p, text in files]
    for target, _ in todo:
        _refuse_read_only(target)
    for folder in sorted({_folder(t) for t, _ in todo}):
        recover_folder(folder)       # an interrupted save first: its new files are still here
        clean_stale(folder, [os.path.basename(t) for t, _ in todo if _folder(t) == folder])
    staged: list[tuple[str, str]] = []              # (temporary file, target)
    current = todo[0][0] if todo else ""
    try:
        for target, text in todo:
            current = target
            data = text.encode(encoding)
            staged.append((_stage(target, data), target))
        _commit(staged)
        staged = []
    except (OSError, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        where = getattr(exc, "filename2", None) or current     # a failed replace names it
        raise FormatError(f"cannot save: {reason}", str(where)) from exc
    finally:
        for tmp, _ in staged:
            _remove(tmp)


def _real(target: str) -> str:
    """The file a save of ``target`` replaces: the end of its chain of symbolic links."""
    return os.path.realpath(target) if os.path.islink(target) else target


def _refuse_read_only(target: str) -> None:
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return                                    # a new file: nothing to protect
    if not stat.S_ISREG(mode):
        raise FormatError("not a regular file: not replaced", target)
    if not mode & 0o222 or not os.access(target, os.W_OK):
        raise ReadOnlyError("the file is read-only: not replaced (save it under another name, "
                            "or make it writable first)", target)


def _folder(target: str) -> str:
    return os.path.dirname(os.path.abspath(target))


def _temp_name(target: str) -> str:
    base = os.path.basename(target)
    return os.path.join(_folder(target), f".{base}.vd{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _stage(target: str, data: bytes) -> str:
    """A complete, synced temporary copy of ``data`` beside ``target``; its name."""
    tmp = _temp_name(target)
    # 0o666 and O_EXCL: the kernel applies the user's umask (mkstemp would force 0600)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        _remove(tmp)
        raise
    os.close(fd)
    try:
        os.chmod(tmp, os.stat(target).st_mode & 0o7777)    # a replaced file keeps its mode
    except OSError:
        pass                        # a new target (or one we may not stat): the umask mode
    return tmp


def _commit(staged: list[tuple[str, str]]) -> None:
    """Replace each target by its temporary file; on failure put back the ones replaced."""
    backups: dict[str, str] = {}
    if len(staged) > 1:
        for _, target in staged:
            if os.path.exists(target):
                backup = _temp_name(target)
                try:
                    os.link(target, backup)
                    backups[target] = backup
                except OSError:
                    pass                     # a file system without hard links: no undo
    done: list[str] = []
    journal = ""
    try:
        if len(staged) > 1:
            journal = write_journal(staged, _temp_name)
        for i, (tmp, target) in enumerate(staged):
            os.replace(tmp, target)
            done.append(target)
            if between_replaces is not None and i + 1 < len(staged):
                between_replaces(i)
    except OSError:
        for t in reversed(done):
            if t in backups:
                os.replace(backups.pop(t), t)
            else:
                _remove(t)                  # it did not exist before this save
        if journal:
            _remove(journal)                # put back as it was: nothing to complete
        raise
    finally:
        for backup in backups.values():
            _remove(backup)
    for folder in {_folder(t) for t in done}:
        _sync_folder(folder)
    if journal:
        _remove(journal)                    # every target replaced: the save is complete


def clean_stale(folder: str, targets: Iterable[str] = ()) -> list[str]:
    """Remove the temporary files interrupted saves left in ``folder``; return their names.

    Ours (``.<name>.vd<pid>-<hex>.tmp``) go when their process is gone or they are older than
    an hour; the unmarked ones earlier versions made go only for the ``targets`` being saved,
    and only when an hour old (a save in progress is seconds old)."""
    names = set(targets)
    removed: list[str] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not name.startswith(".") or not name.endswith(".tmp"):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
        except OSError:
            continue
        ours = _OURS.fullmatch(name)
        legacy = _LEGACY.fullmatch(name)
        if ours:
            stale = old or _process_gone(int(ours[1]))
        else:
            stale = legacy is not None and legacy[1] in names and old
        if stale:
            _remove(entry.path)
            removed.append(name)
    return removed


__all__ = ["write_atomic", "write_atomic_all", "clean_stale", "recover", "recover_folder",
           "STALE_SECONDS"]
