"""The error every file reader and writer raises (which file, which line, what is wrong), and
the two checks every reader shares: reading a file's text safely and reading a number.
"""

from __future__ import annotations

import os
import stat

from ..errors import DesignerError, Location


class FormatError(DesignerError):
    """A file that cannot be read or written. ``line`` is 1-based (0 = not about one line:
    the file cannot be opened or written at all)."""

    def __init__(self, reason: str, file: str = "", line: int = 0):
        self.reason = reason
        self.file = str(file)
        self.line = line
        super().__init__(reason, Location(file=self.file, line=line))

    def __str__(self) -> str:
        where = self.file or "<text>"
        if self.line:
            where += f":{self.line}"
        return f"{where}: {self.reason}"

    def located(self, file: str) -> "FormatError":
        """The same error naming ``file`` (used when text readers are called on a file)."""
        return FormatError(self.reason, file or self.file, self.line)


MAX_FILE_BYTES = 4 * 1024 * 1024     # no variant file is near this; larger input is refused
MAX_DIGITS = 6                        # no number in a variant file needs more (sizes, counts)


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """A regular file's text as UTF-8 (a BOM is dropped), refusing huge or undecodable files.

    Only regular files are read: a FIFO, a terminal or ``/dev/stdin`` would block the reader
    until someone writes to it, and a device may never end. The file is opened without
    blocking and checked with ``fstat`` before a byte is read.
    """
    p = os.fspath(path)
    if "\x00" in p:
        raise FormatError("a file name cannot hold a NUL character", p.replace("\x00", "\\0"))
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
    return text


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
