"""The error every file reader and writer raises (which file, which line, what is wrong), and
the two checks every reader shares: reading a file's text safely and reading a number.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..errors import DesignerError, Location, user_message
from .journal import recover


class FormatError(DesignerError):
    """A file that cannot be read or written. ``line`` is 1-based (0 = not about one line:
    the file cannot be opened or written at all)."""

    def __init__(self, reason: str, file: str = "", line: int = 0):
        self.reason = reason
        self.file = str(file)
        self.line = line
        super().__init__(reason, Location(file=self.file, line=line))

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.reason}" if where else self.reason

    def located(self, file: str) -> "FormatError":
        """The same error naming ``file`` (used when text readers are called on a file)."""
        return FormatError(self.reason, file or self.file, self.line)


@dataclass(frozen=True, slots=True)
class FileNote:
    """Something true about a file that was read, which the user should know although the
    file opened: a line our reader took differently from the rest of the file, a value
    XBoard reads in its own way. ``line`` is 1-based (0 = the whole file)."""

    reason: str
    file: str = ""
    line: int = 0

    def __str__(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.reason}" if where else self.reason


class ReadOnlyError(FormatError):
    """A save refused because its file is read-only (the user may save elsewhere)."""


def error_text(path: str, e: BaseException) -> str:
    """``user_message`` naming the file once: a FormatError names its own file and line, a
    system error its file; anything else gets ``path`` in front."""
    if isinstance(e, FormatError) and e.file or isinstance(e, OSError) and e.filename:
        return user_message(e)
    return f"{path}: {user_message(e)}"


@contextmanager
def writing(path: str | os.PathLike[str]) -> Iterator[None]:
    """Errors raised while a file is made for ``path`` name that file (a writer's own errors
    know the limit they hit, not the file)."""
    try:
        yield
    except FormatError as e:
        if e.file:
            raise
        raise type(e)(e.reason, os.fspath(path), e.line) from None


MAX_FILE_BYTES = 4 * 1024 * 1024     # no variant file is near this; larger input is refused
MAX_DIGITS = 6                        # no number in a variant file needs more (sizes, counts)


_LONE_CR = re.compile(r"\r(?!\n)")
CR_ONLY_NOTE = ("the lines end with a carriage return alone (old Mac OS); they are read as "
                "lines, as every text editor shows them, but XBoard 4.9 reads the whole file as "
                "one line (a first ';' comment would hide every option); Save writes "
                "ordinary line ends")


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """A regular file's text (see ``read_text_noted``)."""
    return read_text_noted(path, limit)[0]


def read_text_noted(path: str | os.PathLike[str],
                    limit: int = MAX_FILE_BYTES) -> tuple[str, tuple[FileNote, ...]]:
    """A regular file's text as UTF-8 (a BOM is dropped), refusing huge or undecodable files,
    with a note when its lines end with a carriage return alone: those are read as line ends
    (CR LF pairs are left as they are, for the readers that keep a file's own line ends).

    Only regular files are read: a FIFO, a terminal or ``/dev/stdin`` would block the reader
    until someone writes to it, and a device may never end. The file is opened without
    blocking and checked with ``fstat`` before a byte is read.
    """
    p = os.fspath(path)
    if "\x00" in p:
        raise FormatError("a file name cannot hold a NUL character", p.replace("\x00", "\\0"))
    recover(p)      # a save of several files cut short between its renames is completed first
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", p) from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FormatError("not a regular file (a pipe, device or folder): not read", p)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", p) from exc
    finally:
        if fd != -1:
            os.close(fd)
    if len(data) > limit:
        raise FormatError(f"file larger than {limit // (1024 * 1024)} MB: not a variant file", p,
                          1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise FormatError(f"not UTF-8 text (byte {exc.start})", p, line) from exc
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise FormatError("binary data (NUL byte): not a variant file", p, line)
    if "\r" in text and _LONE_CR.search(text):
        return _LONE_CR.sub("\n", text), (FileNote(CR_ONLY_NOTE, p),)
    return text, ()


def read_number(text: str, what: str, file: str = "", line: int = 0, signed: bool = False,
                digits: int = MAX_DIGITS) -> int:
    """The whole number written in ``text`` with ASCII digits (``signed``: a leading ``-`` or
    ``+`` allowed), or a FormatError naming ``what`` and the line.

    ``str.isdigit`` and ``int`` accept far more than a file means: ``int('²')`` fails after
    ``'²'.isdigit()`` said yes, ``int('١٠')`` is 10, ``int('1_0')`` is 10, and a number of more
    than 4,300 digits stops ``int`` altogether. No value in a variant file needs more than
    ``digits`` digits, so longer numbers are refused before any conversion.
    """
    body = text[1:] if signed and text[:1] in "+-" else text
    if not body or not all("0" <= c <= "9" for c in body):
        raise FormatError(f"{what} {text[:20]!r} is not a number", file, line)
    if len(body) > digits:
        raise FormatError(f"{what}: a number of {len(body)} digits is longer than any sensible "
                          f"value (at most {digits})", file, line)
    return int(text)
