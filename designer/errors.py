"""What an error looks like: the one base of every error the user may read, and the one function
that turns any error into the words the user reads.

Every project error is a ``DesignerError`` with three parts:

* ``message``: what is wrong, in the user's terms ("`(` is never closed");
* ``location``: where — columns of a definition or a FEN (0-based, end exclusive), and/or a file
  and a 1-based line; ``Location()`` when the error is about nothing smaller than the input;
* ``hint``: how to fix it, when there is a sensible suggestion ("" otherwise).

Each layer adds its own subclasses with the constructors its callers use (``NotationError`` and
``TooComplexError`` in ``notation.errors``, ``FenError`` and ``LibraryError`` in ``variant``,
``FormatError`` in ``formats.errors``, …); each says in ``__str__`` how its location reads.
``user_message`` is what the window's dialogs and status lines and the command line print.

This module imports nothing of the project, so every layer can use it.
"""

from __future__ import annotations

import re
import sysconfig
import traceback
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """Where an error is: a column span of a text (``start``/``end``, 0-based, end exclusive)
    and/or a ``file`` and its 1-based ``line`` (0: not about one line)."""

    start: int | None = None
    end: int | None = None
    file: str = ""
    line: int = 0

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        elif self.line:
            parts.append(f"line {self.line}")
        if self.start is not None:
            end = self.end if self.end is not None else self.start + 1
            parts.append(f"column {self.start + 1}" if end <= self.start + 1
                         else f"columns {self.start + 1}-{end}")
        return ", ".join(parts)


class DesignerError(Exception):
    """Base class of every error the user may read; never shown as a traceback."""

    def __init__(self, message: str, location: Location | None = None, hint: str = ""):
        self.message = message
        self.location = location if location is not None else Location()
        self.hint = hint
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = str(self.location)
        text = f"{where}: {self.message}" if where else self.message
        return f"{text} ({self.hint})" if self.hint else text


def user_message(error: BaseException) -> str:
    """The words a user reads for ``error``: a project error says what, where and how to fix
    it; a system error its reason and file; anything else (a defect) its kind and text."""
    if isinstance(error, DesignerError):
        return str(error)
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return f"{type(error).__name__}: {error}"


def internal_error(error: BaseException) -> str:
    """The words for a defect (an error no layer expected, so no ``DesignerError``): its kind,
    its text and where it was raised (the innermost file and line outside Python's own library,
    also when it was raised in a worker process), never a traceback."""
    where = _where(error)
    return (f"internal error{' in ' + where if where else ''}: "
            f"{type(error).__name__}: {error}")


def _where(error: BaseException) -> str:
    frames = [(f.filename, f.lineno, f.name)
              for f in traceback.extract_tb(error.__traceback__)]
    remote = getattr(error.__cause__, "tb", None)          # a worker process's traceback
    if isinstance(remote, str):
        frames += [(m[1], int(m[2]), m[3])
                   for m in re.finditer(r'File "([^"]+)", line (\d+), in (\S+)', remote)]
    ours = [f for f in frames if _ours(f[0])] or frames
    if not ours:
        return ""
    file, line, function = ours[-1]
    short = re.split(r"[/\\](?=designer[/\\])", file)[-1].replace("\\", "/")
    return f"{short}:{line} ({function})"


def _ours(file: str) -> bool:
    """Whether a frame is of the project (or a caller's code), not of Python's library."""
    if re.search(r"[/\\]designer[/\\]", file):
        return True
    library = sysconfig.get_paths()["stdlib"]
    return not (file.startswith(library) or "site-packages" in file or file.startswith("<"))


__all__ = ["DesignerError", "Location", "internal_error", "user_message"]
