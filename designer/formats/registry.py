"""What a format is, and one call to open or write any of them.

A ``Format`` is one frozen value per file format: its name and label, the extensions its files
have (the first is what a written file gets), how to read its text (``None``: export only),
how to write the variant as text, what the target program will not understand, and why a
document read from it is not saved back into it (``lossy``). ``FORMATS`` holds them all in the
export menu's order; ``format_named`` looks one up. Reading decides by extension, then by
content (an options file, a variants.ini with ``[sections]``, PGN tags, engine ``setup``
lines); writing by the format's name or the output file's extension (``Name.variants.ini`` =
Fairy-Stockfish, other ``.ini`` = native).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..geometry.board import Square
from ..variant.model import ModelProblem, Variant
from ..vocabulary import FormatName
from .errors import FileNote, FormatError, read_text_noted

# Each format's module loads when the format is first read, written or checked, not with the
# registry: the window lists every format at start (the Export menu) and uses few of them.


class Reader(Protocol):
    def __call__(self, text: str, path: str, section: str | None) -> Variant: ...


class Writer(Protocol):
    def __call__(self, v: Variant, piece: str | None, square: Square | None) -> str: ...


@dataclass(frozen=True, slots=True)
class Format:
    """One file format (see the module)."""

    name: FormatName
    label: str
    extensions: tuple[str, ...]
    read: Reader | None                       # None: an export-only format
    write: Writer | None                      # None: more than one file (xboard-fsf)
    problems: Callable[[Variant], list[ModelProblem]]
    lossy: str = ""                           # why Save does not write it back

    @property
    def export_only(self) -> bool:
        return self.read is None

    @property
    def pattern(self) -> str:
        """The file dialog's pattern: ``*.ini``."""
        return "*" + self.extensions[0]


def _svg(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import svg
    letter = piece or next((p.letter for p in v.pieces if not p.royal), None) or \
        (v.pieces[0].letter if v.pieces else None)
    if letter is None:
        raise FormatError("the variant has no pieces to draw")
    if v.piece(letter) is None:
        raise FormatError(f"no piece {letter} in {v.name}")
    return svg.render(v, letter, square)


def _launcher_problems(v: Variant) -> list[ModelProblem]:
    from . import fsf_ini, xboard_fsf
    from .fsf_engine import version_problems
    return fsf_ini.fsf_problems(v) + version_problems(v, xboard_fsf.ENGINE)


def _xboard_limits(v: Variant) -> list[ModelProblem]:
    """What XBoard's own limits refuse (board size, piece count)."""
    from .xboard_common import xboard_limits
    return xboard_limits(v)


# -- readers, writers and checks, each importing its format's module when called ------------
def _xboard_read(text: str, path: str, section: str | None) -> Variant:
    from . import xboard_ini
    return xboard_ini.read(text, path)


def _xboard_write(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import xboard_ini
    return xboard_ini.write(v)


def _xboard_problems(v: Variant) -> list[ModelProblem]:
    from .parents import parent_problems
    from .xboard_ini import rules_not_carried
    from .xboard_rules import rule_notes, unnamed
    named = rules_not_carried(v)
    return _xboard_limits(v) + parent_problems(v) + named + unnamed(rule_notes(v), named)


def _fsf_read(text: str, path: str, section: str | None) -> Variant:
    from . import fsf_ini
    return fsf_ini.read(text, section, path)


def _fsf_write(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import fsf_ini
    return fsf_ini.write(v)


def _fsf_problems(v: Variant) -> list[ModelProblem]:
    from . import fsf_ini
    return fsf_ini.fsf_problems(v)


def _launcher_read(text: str, path: str, section: str | None) -> Variant:
    from . import xboard_fsf
    return xboard_fsf.read(text, path)


def _pgn_read(text: str, path: str, section: str | None) -> Variant:
    from . import pgn_tags
    return pgn_tags.read(text, path)


def _pgn_write(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import pgn_tags
    return pgn_tags.write(v)


def _pgn_problems(v: Variant) -> list[ModelProblem]:
    from . import pgn_tags
    from .xboard_ini import rules_not_carried
    return _xboard_limits(v) + pgn_tags.problems(v) + rules_not_carried(v)


def _engine_read(text: str, path: str, section: str | None) -> Variant:
    from . import engine_lines
    return engine_lines.read(text, path, os.path.splitext(os.path.basename(path))[0])


def _engine_write(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import engine_lines
    return engine_lines.write(v)


def _engine_problems(v: Variant) -> list[ModelProblem]:
    from . import engine_lines
    from .xboard_ini import rules_not_carried
    return _xboard_limits(v) + engine_lines.dropped(v) + rules_not_carried(v)


def _diagram_write(v: Variant, piece: str | None, square: Square | None) -> str:
    from . import diagram
    return diagram.write(v)


def _diagram_problems(v: Variant) -> list[ModelProblem]:
    from . import diagram
    return diagram.diagram_problems(v)


def _no_problems(v: Variant) -> list[ModelProblem]:
    return []


_KEEPS_LITTLE = ("keep only the board, the setup, the letters and XBoard's reading of the moves "
                 "(no piece names, notes or Betza 2.0)")

FORMATS: tuple[Format, ...] = (
    Format("xboard", "XBoard options file", (".ini",), _xboard_read, _xboard_write,
           _xboard_problems),
    Format("fsf", "Fairy-Stockfish variants.ini", (".variants.ini",), _fsf_read, _fsf_write,
           _fsf_problems),
    Format("xboard-fsf", "XBoard launcher for Fairy-Stockfish (two files)", (".ini",),
           _launcher_read, None, _launcher_problems),
    Format("pgn", "PGN tags", (".pgn",), _pgn_read, _pgn_write, _pgn_problems,
           "PGN tags " + _KEEPS_LITTLE),
    Format("engine", "Engine setup lines", (".eng",), _engine_read, _engine_write,
           _engine_problems,
           "engine setup lines keep only the board, the setup, the letters and XBoard's reading "
           "of the moves (no piece names, notes, Betza 2.0 or, under the fairy parent, "
           "promotion choices)"),
    Format("diagram", "Interactive Diagram", (".html", ".htm"), None, _diagram_write,
           _diagram_problems),
    Format("svg", "SVG diagram", (".svg",), None, _svg, _no_problems),
)
_BY_NAME: dict[str, Format] = {f.name: f for f in FORMATS}
#: The format names, for command-line choices.
FORMAT_NAMES: tuple[FormatName, ...] = tuple(f.name for f in FORMATS)


def format_named(name: str) -> Format:
    """The format called ``name`` (FormatError naming the choices otherwise)."""
    found = _BY_NAME.get(name)
    if found is None:
        raise FormatError(f"unknown format {name!r} (one of {', '.join(FORMAT_NAMES)})")
    return found


DETECT_CHARS = 200_000     # the head of a file's lines other than comments decides its format
_PGN_TAG = re.compile(r'\[\w+\s+"')
_SECTION = re.compile(r'\[[^\]\s"]+\]')


def _option(stripped: str, name: str) -> bool:
    """``stripped`` starts with the option ``-name`` (followed by a non-word character)."""
    if not stripped.startswith("-" + name):
        return False
    after = stripped[len(name) + 1:len(name) + 2]
    return not (after.isalnum() or after == "_")


def line_marks(line: str) -> frozenset[str]:
    """What one line says about the format of its file: ``setup`` (an engine setup line),
    ``option`` (an XBoard ``-name``), ``fcp``, ``xboard`` (``-variant``/``-fen``/``-men``),
    ``pgn`` (a ``[Tag "`` line) and ``section`` (a ``[name]`` header).

    One line at a time, each character looked at a bounded number of times: patterns anchored
    with ``^\\s*`` over the whole text rescanned every following blank line from each line
    start, which made 50,000 blank lines take seconds and 200,000 never finish.
    """
    s = line.lstrip()
    if not s:
        return frozenset()
    marks = set()
    if s.startswith("setup") and (len(s) == 5 or s[5].isspace()):
        marks.add("setup")
    elif s[0] == "-" and (s[1:2].isalnum() or s[1:2] == "_"):
        marks.add("option")
        if _option(s, "fcp"):
            marks.add("fcp")
        if any(_option(s, name) for name in ("variant", "fen", "men")):
            marks.add("xboard")
    elif s[0] == "[":
        if _PGN_TAG.match(s):
            marks.add("pgn")
        if _SECTION.fullmatch(s.rstrip()):
            marks.add("section")
    return frozenset(marks)


def detect(text: str, path: str = "") -> FormatName:
    """The format name of a file's text: by extension, else by what its first
    ``DETECT_CHARS`` characters of lines other than comments (``;``, ``#``) hold, read line by
    line (see ``line_marks``)."""
    low = path.lower()
    if low.endswith(".pgn"):
        return "pgn"
    if low.endswith(".eng"):
        return "engine"
    if low.endswith(".variants.ini"):
        return "fsf"
    if any(low.endswith(ext) for f in FORMATS if f.export_only for ext in f.extensions):
        raise FormatError("diagrams and images are export-only formats", path, 1)
    seen: set[str] = set()
    budget = DETECT_CHARS
    for line in text.split("\n"):
        if budget < 0:
            break
        if line.lstrip()[:1] in (";", "#"):
            # a comment says nothing about the format, however long: our own data lines and
            # a description can hold hundreds of kilobytes before a launcher's -fcp
            continue
        seen |= line_marks(line[:budget])
        budget -= len(line) + 1
    if "setup" in seen and "option" not in seen:
        return "engine"
    if "pgn" in seen:
        return "pgn"
    if "fcp" in seen:
        return "xboard-fsf"
    if "section" in seen and "xboard" not in seen:
        return "fsf"
    return "xboard"


def read_any(path: str | os.PathLike[str], section: str | None = None) -> Variant:
    """Open a variant file of any readable format (FormatError names file, line, reason)."""
    return read_any_noted(path, section)[0]


def read_any_noted(path: str | os.PathLike[str],
                   section: str | None = None) -> tuple[Variant, tuple[FileNote, ...]]:
    """Open a variant file of any readable format, with what the user should know about how it
    was read (an options file edited by hand, old Mac line ends, a letter given twice). The
    variant always comes with its rule set: a file that gives none (XBoard's own, older ones
    of ours) gets the rules its parent and pieces imply (``variant.derive``), once."""
    p = os.fspath(path)
    text, notes = read_text_noted(p)
    name = detect(text, p)
    from ..variant.derive import projected      # a file without rules gets them derived once
    try:
        if name == "xboard":                  # the one reader with notes of its own
            from . import xboard_ini
            v, more = xboard_ini.read_noted(text, p)
            return projected(v), notes + more
        reader = format_named(name).read
        assert reader is not None   # detect names a readable format or refuses the file
        return projected(reader(text, p, section)), notes
    except FormatError as e:
        raise e if e.file else e.located(p)
    except RecursionError:
        raise FormatError("nested too deeply", p, 1) from None


def format_for_output(path: str) -> FormatName:
    """The format a written file is in, by its extension (``.variants.ini`` before ``.ini``)."""
    low = path.lower()
    if low.endswith(".variants.ini"):
        return "fsf"
    for f in FORMATS:
        if f.name not in ("fsf", "xboard-fsf") and any(low.endswith(e) for e in f.extensions):
            return f.name
    extensions = sorted({f.extensions[0] for f in FORMATS})
    raise FormatError(f"cannot tell the format from the extension (use one of "
                      f"{', '.join(extensions)})", path, 0)


def problems_for(v: Variant, fmt: str) -> list[ModelProblem]:
    """What the target program will not understand (shown before writing)."""
    return format_named(fmt).problems(v)


def render(v: Variant, fmt: str, piece: str | None = None,
           square: Square | None = None) -> str:
    """The text of ``v`` in format ``fmt`` (not for ``xboard-fsf``, which is two files)."""
    write = format_named(fmt).write
    if write is None:
        raise FormatError(f"the {fmt} format is more than one file: it is saved, not rendered")
    return write(v, piece, square)
