"""The error every file reader and writer raises: which file, which line, what is wrong."""

from __future__ import annotations

from ..notation.errors import DesignerError


class FormatError(DesignerError):
    """A file that cannot be read or written. ``line`` is 1-based (0 = not about one line)."""

    def __init__(self, reason: str, file: str = "", line: int = 0):
        self.reason = reason
        self.file = str(file)
        self.line = line
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = self.file or "<text>"
        if self.line:
            where += f":{self.line}"
        return f"{where}: {self.reason}"

    def located(self, file: str) -> "FormatError":
        """The same error naming ``file`` (used when text readers are called on a file)."""
        return FormatError(self.reason, file or self.file, self.line)


MAX_FILE_BYTES = 4 * 1024 * 1024     # no variant file is near this; larger input is refused


def read_text(path, limit: int = MAX_FILE_BYTES) -> str:
    """A file's text as UTF-8 (a BOM is dropped), refusing huge or undecodable files."""
    import os
    p = os.fspath(path)
    try:
        with open(p, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", p) from exc
    if len(data) > limit:
        raise FormatError(f"file larger than {limit // (1024 * 1024)} MB: not a variant file", p)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise FormatError(f"not UTF-8 text (byte {exc.start})", p, line) from exc
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise FormatError("binary data (NUL byte): not a variant file", p, line)
    return text
