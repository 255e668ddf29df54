"""Which format a file is in, and one call to open or write any of them.

Reading decides by extension, then by content (an options file, a variants.ini with
``[sections]``, PGN tags, engine ``setup`` lines). Writing decides by the format name or the
output file's extension (``Name.variants.ini`` = Fairy-Stockfish, other ``.ini`` = native).
"""

from __future__ import annotations

import os
import re

from ..variant.model import ModelProblem, Variant
from . import diagram, engine_lines, fsf_ini, pgn_tags, xboard_fsf, xboard_ini
from .errors import FileNote, FormatError, read_text_noted
from .parents import parent_problems
from .xboard_common import xboard_limits

FORMATS = ("xboard", "pgn", "engine", "fsf", "diagram", "svg", "xboard-fsf")
WRITE_EXT = {"xboard": ".ini", "pgn": ".pgn", "engine": ".eng", "fsf": ".variants.ini",
             "diagram": ".html", "svg": ".svg", "xboard-fsf": ".ini"}
DETECT_CHARS = 200_000                 # the head of a file that decides its format
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


def detect(text: str, path: str = "") -> str:
    """The format name of a file's text: by extension, else by what its first
    ``DETECT_CHARS`` characters hold, read line by line (see ``line_marks``)."""
    low = path.lower()
    if low.endswith(".pgn"):
        return "pgn"
    if low.endswith(".eng"):
        return "engine"
    if low.endswith(".variants.ini"):
        return "fsf"
    if low.endswith((".html", ".htm", ".svg")):
        raise FormatError("diagrams and images are export-only formats", path, 1)
    seen: set[str] = set()
    for line in text[:DETECT_CHARS].split("\n"):
        seen |= line_marks(line)
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
    was read (an options file edited by hand, old Mac line ends, a letter given twice)."""
    p = os.fspath(path)
    text, notes = read_text_noted(p)
    kind = detect(text, p)
    try:
        if kind == "pgn":
            return pgn_tags.read(text, p), notes
        if kind == "engine":
            return engine_lines.read(text, p, os.path.splitext(os.path.basename(p))[0]), notes
        if kind == "fsf":
            return fsf_ini.read(text, section, p), notes
        if kind == "xboard-fsf":
            return xboard_fsf.read(text, p), notes
        v, more = xboard_ini.read_noted(text, p)
        return v, notes + more
    except FormatError as e:
        raise e if e.file else e.located(p)
    except RecursionError:
        raise FormatError("nested too deeply", p, 1) from None


def format_for_output(path: str) -> str:
    low = path.lower()
    if low.endswith(".variants.ini"):
        return "fsf"
    for name, ext in WRITE_EXT.items():
        if low.endswith(ext) and name not in ("fsf", "xboard-fsf"):
            return name
    raise FormatError(f"cannot tell the format from the extension (use one of "
                      f"{', '.join(sorted(set(WRITE_EXT.values())))})", path, 0)


def problems_for(v: Variant, fmt: str) -> list[ModelProblem]:
    """What the target program will not understand (shown before writing)."""
    if fmt == "xboard":
        return xboard_limits(v) + parent_problems(v)
    if fmt == "engine":
        return xboard_limits(v) + engine_lines.dropped(v)
    if fmt == "pgn":
        return xboard_limits(v) + pgn_tags.problems(v)
    if fmt == "fsf":
        return fsf_ini.fsf_problems(v)
    if fmt == "xboard-fsf":
        from .fsf_engine import version_problems
        return fsf_ini.fsf_problems(v) + version_problems(v, xboard_fsf.ENGINE)
    if fmt == "diagram":
        return diagram.diagram_problems(v)
    return []


def render(v: Variant, fmt: str, piece: str | None = None,
           square: tuple[int, int] | None = None) -> str:
    """The text of ``v`` in format ``fmt`` (not for ``xboard-fsf``, which is two files)."""
    if fmt == "xboard":
        return xboard_ini.write(v)
    if fmt == "pgn":
        return pgn_tags.write(v)
    if fmt == "engine":
        return engine_lines.write(v)
    if fmt == "fsf":
        return fsf_ini.write(v)
    if fmt == "diagram":
        return diagram.write(v)
    if fmt == "svg":
        from . import svg
        letter = piece or next((p.letter for p in v.pieces if not p.royal), None) or \
            (v.pieces[0].letter if v.pieces else None)
        if letter is None:
            raise FormatError("the variant has no pieces to draw")
        if v.piece(letter) is None:
            raise FormatError(f"no piece {letter} in {v.name}")
        return svg.render(v, letter, square)
    raise FormatError(f"unknown format {fmt!r}")
