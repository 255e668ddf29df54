"""XBoard options-file tokenizer and writer (``args.h: ParseArgs``).

Rules followed: whitespace-separated ``-name value`` pairs (also ``/name``, ``-name=value``,
``-name:value``); a ``;`` at the start of a token comments out the rest of the line; values are a
bare token, ``"..."``/``'...'`` with C escapes (``\\n \\t \\\\ \\ooo``), or ``{...}`` verbatim
(may span lines, cannot contain ``}``); ``@file`` inlines another options file (``.ini`` is
appended to a name without a dot). A switch followed by another option is a boolean ``true``.
Work is bounded: input size, value length (XBoard's ``MAX_ARG_LEN`` 128 KiB), include depth,
and the number and total size of the files one read takes in (each file including the next
one ten times would otherwise read 10**8 files).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from .errors import MAX_FILE_BYTES, FormatError, read_text

MAX_ARG_LEN = 128 * 1024
MAX_INCLUDE_DEPTH = 8
MAX_INCLUDED_FILES = 64           # per read, all depths together
_Fail = Callable[[str, int], FormatError]
_ESC = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "\\": "\\", '"': '"', "'": "'"}


@dataclass(frozen=True, slots=True)
class Option:
    """One ``-name value`` pair, with the file and 1-based line it came from."""

    name: str
    value: str
    line: int
    file: str = ""


@dataclass(frozen=True, slots=True)
class Comment:
    """The text of a ``;`` comment (without the ``;``) and where it was."""

    text: str
    line: int
    file: str = ""


class _Budget:
    """What one read may still take in through includes: files and characters."""

    def __init__(self, chars: int) -> None:
        self.files = MAX_INCLUDED_FILES
        self.chars = chars


def tokenize(text: str, file: str = "") -> tuple[list[Option], list[Comment]]:
    """Options and comments of an options file's text, includes expanded in place."""
    stack = (os.path.realpath(file),) if file else ()
    return _tokenize(text, file, 0, stack, _Budget(max(0, MAX_FILE_BYTES - len(text))))


def _tokenize(text: str, file: str, depth: int, _stack: tuple[str, ...],
              budget: _Budget) -> tuple[list[Option], list[Comment]]:
    options: list[Option] = []
    comments: list[Comment] = []
    n = len(text)
    i = 0
    line = 1
    pending: tuple[str, int] | None = None      # an option name waiting for its value

    def fail(reason: str, at_line: int) -> FormatError:
        return FormatError(reason, file, at_line)

    def flush_switch() -> None:
        nonlocal pending
        if pending is not None:
            options.append(Option(pending[0], "true", pending[1], file))
            pending = None

    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
            continue
        if ch in " \t\r\f\v":
            i += 1
            continue
        if ch == ";":
            j = text.find("\n", i)
            j = n if j == -1 else j
            comments.append(Comment(text[i + 1:j].rstrip("\r"), line, file))
            i = j
            continue
        start_line = line
        if pending is None and ch in "-/" and i + 1 < n and (text[i + 1].isalpha()):
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            name = text[i + 1:j]
            i = j
            if i < n and text[i] in "=:":
                i += 1
                value, i, line = _value(text, i, line, fail)
                options.append(Option(name, value, start_line, file))
            else:
                pending = (name, start_line)
            continue
        if pending is None and ch == "-" and i + 1 < n and text[i + 1] == "-":
            raise fail("unexpected '--'", line)
        if pending is not None and ch == "-" and i + 1 < n and text[i + 1].isalpha():
            flush_switch()
            continue
        if pending is None and ch == "@":
            j = i + 1
            value, i, line = _value(text, j, line, fail)
            flush_switch()
            sub_o, sub_c = _include(value, file, depth, _stack, start_line, budget)
            options.extend(sub_o)
            comments.extend(sub_c)
            continue
        value, i, line = _value(text, i, line, fail)
        if pending is None:
            # A positional word: XBoard treats a name ending in .ini/.xop as an include.
            if value.endswith((".ini", ".xop")):
                sub_o, sub_c = _include(value, file, depth, _stack, start_line, budget)
                options.extend(sub_o)
                comments.extend(sub_c)
                continue
            raise fail(f"unexpected word {value[:40]!r} where an option (-name) was expected",
                       start_line)
        name, _ = pending
        pending = None
        if name in ("opt", "at", "ini", "settingsFile"):
            sub_o, sub_c = _include(value, file, depth, _stack, start_line, budget)
            options.extend(sub_o)
            comments.extend(sub_c)
            continue
        options.append(Option(name, value, start_line, file))
    flush_switch()
    return options, comments


def _value(text: str, i: int, line: int, fail: _Fail) -> tuple[str, int, int]:
    """Read one value starting at ``i``; return it, the next index and the current line."""
    n = len(text)
    if i >= n:
        raise fail("option value missing at end of file", line)
    ch = text[i]
    out: list[str] = []
    if ch == "{":
        j = text.find("}", i + 1)
        if j == -1:
            raise fail("'{' value without a closing '}'", line)
        value = text[i + 1:j]
        if len(value) > MAX_ARG_LEN:
            raise fail("option value longer than 128 KiB", line)
        return value, j + 1, line + value.count("\n")
    if ch in "\"'":
        q = ch
        i += 1
        start_line = line
        while True:
            if i >= n:
                raise fail(f"unterminated {q}-quoted value", start_line)
            c = text[i]
            if c == q:
                i += 1
                break
            if c == "\n":
                line += 1
            if c == "\\" and i + 1 < n:
                nxt = text[i + 1]
                if nxt in "01234567":
                    j = i + 1
                    while j < n and j < i + 4 and text[j] in "01234567":
                        j += 1
                    out.append(chr(int(text[i + 1:j], 8) & 0xFF))
                    i = j
                    continue
                out.append(_ESC.get(nxt, nxt))
                i += 2
                continue
            out.append(c)
            i += 1
            if len(out) > MAX_ARG_LEN:
                raise fail("option value longer than 128 KiB", start_line)
        return "".join(out), i, line
    j = i
    while j < n and text[j] not in " \t\r\n":
        j += 1
    if j - i > MAX_ARG_LEN:
        raise fail("option value longer than 128 KiB", line)
    return text[i:j], j, line


def _include(name: str, file: str, depth: int, stack: tuple[str, ...], line: int,
             budget: _Budget) -> tuple[list[Option], list[Comment]]:
    if depth >= MAX_INCLUDE_DEPTH:
        raise FormatError(f"includes nested deeper than {MAX_INCLUDE_DEPTH}", file, line)
    if budget.files <= 0:
        raise FormatError(f"more than {MAX_INCLUDED_FILES} included files in one read", file,
                          line)
    budget.files -= 1
    if not name or "\x00" in name:
        raise FormatError("an include names no file", file, line)
    if "." not in os.path.basename(name):
        name += ".ini"
    base = os.path.dirname(os.path.abspath(file)) if file else os.getcwd()
    path = name if os.path.isabs(name) else os.path.join(base, name)
    real = os.path.realpath(path)
    if real in stack:
        raise FormatError(f"{name[:80]} includes itself", file, line)
    if not os.path.isfile(path):
        raise FormatError(f"included file {name[:80]} not found", file, line)
    try:
        too_big = os.path.getsize(path) > budget.chars
    except OSError:
        too_big = False                       # read_text says what is wrong with it
    if too_big:
        raise FormatError(f"{name[:80]}: the file and its includes are larger than "
                          f"{MAX_FILE_BYTES // (1024 * 1024)} MB together", file, line)
    try:
        text = read_text(path)
    except FormatError as e:
        if e.line:                            # a line of the included file is at fault
            raise
        raise FormatError(f"{name[:80]}: {e.reason}", file, line) from None
    budget.chars -= len(text)
    return _tokenize(text, path, depth + 1, stack + (real,), budget)


def quote(value: str) -> str:
    """A value as XBoard reads it back: bare when safe, else double-quoted with C escapes."""
    if value and all(c.isalnum() or c in "+-_./,:" for c in value):
        return value
    out = ['"']
    for c in value:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)
