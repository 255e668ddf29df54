"""Atomic saves: write a temporary file next to the target, then ``os.replace`` it.

Either the new content is complete on disk or the previous version is untouched.
"""

from __future__ import annotations

import os
import tempfile

from .errors import FormatError


def write_atomic(path, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text``; on any error the old file stays and FormatError is raised."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = -1, ""
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp",
                                   dir=folder)
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as fh:
            fd = -1
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.exists(target):
            try:
                os.chmod(tmp, os.stat(target).st_mode & 0o777)
            except OSError:
                pass
        os.replace(tmp, target)
        tmp = ""
    except (OSError, UnicodeError) as exc:
        raise FormatError(f"cannot save: {getattr(exc, 'strerror', None) or exc}", target) from exc
    finally:
        if fd != -1:
            os.close(fd)
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)
