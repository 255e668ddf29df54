"""The native Save format ("Format A", docs/files.md): an XBoard options file.

``xboard Name.ini`` opens the variant as it is (``-variant``, board size, holdings, the
piece-to-char table, ``-fen`` and ``-men`` rewritten into the form XBoard 4.9 reads); the rest of
the model rides in ``; @designer`` comment lines so that reading the file gives back exactly the
variant that was saved. Files without those lines (XBoard's own ``conf/*`` files) are read from
the options alone.
"""

from __future__ import annotations

import os
import textwrap

from ..variant.fen import empty_fen
from ..variant.model import Variant
from .atomic import write_atomic
from .errors import FormatError, read_number, read_text
from .limits import check_variant, ensure_readable
from .metadata import designer_lines, read_designer
from .options import Option, quote, tokenize
from .parents import choose_parent, with_parent_slots
from .ptc import build_table
from .from_xboard import variant_from_xboard
from .xboard_common import men_string

APP = "Variant Designer"
EXTENSIONS = (".ini", ".xop")


def header_lines(v: Variant) -> list[str]:
    """The human-readable comment header: name, description, author."""
    lines = [f"; {' '.join(v.name.split())} -- written by {APP}"]
    if v.author:
        lines.append(f"; author: {' '.join(v.author.split())}")
    if v.description:
        # for people reading the file (";;" so that no wrapped line can pass for a data line);
        # the reader takes the text from the @designer line
        lines += [";; " + line for line in textwrap.wrap(" ".join(v.description.split()), 92)]
    return lines


def option_values(v: Variant) -> list[tuple[str, str]]:
    """The XBoard options that set the variant up, as (name, value) in docs/files.md's
    order: the parent ``choose_parent`` picks with its holdings size, the table with the
    parent's slots for the pieces it has, the position (an empty board when there is none:
    without -fen XBoard would set up the parent's own pieces), ``-men`` for the pieces XBoard's
    generator does not already move so, and ``-ncp`` when no engine plays the variant."""
    choice = choose_parent(v)
    out = [("variant", choice.name), ("boardWidth", str(v.files)),
           ("boardHeight", str(v.ranks)), ("holdingsSize", str(choice.holdings)),
           ("pieceToCharTable", build_table(with_parent_slots(v, choice))),
           ("fen", v.setup or empty_fen(v.files, v.ranks))]
    men = men_string(v, choice.builtin_moves)
    if men:
        out.append(("men", men))
    if not choice.engines:
        # `xboard Name.ini` then opens without starting XBoard's default engine (which would
        # refuse the variant, or play its own game of that name); -xncp -fcp ENGINE after the
        # file name undoes it
        out.append(("ncp", ""))
    return out


def option_lines(v: Variant) -> list[str]:
    """The option lines of ``option_values``."""
    return [f"-{name} {quote(value)}" if value else f"-{name}"
            for name, value in option_values(v)]


def write(v: Variant) -> str:
    """The whole file's text (FormatError when it could not be read back: a field or an
    option longer than the readers take)."""
    check_variant(v)
    values = option_values(v)
    options = [f"-{name} {quote(value)}" if value else f"-{name}" for name, value in values]
    text = "\n".join(header_lines(v) + designer_lines(v) + options) + "\n"
    return ensure_readable(v, text, tuple(values))


def read(text: str, file: str = "", use_designer: bool = True) -> Variant:
    """The variant in an options file's text. With ``use_designer=False`` the ``@designer``
    data is ignored and the model is built from what XBoard itself reads."""
    options, comments = tokenize(text, file)
    if use_designer:
        v = read_designer(comments)
        if v is not None:
            return v
    return from_options(options, file)


def from_options(options: list[Option], file: str = "") -> Variant:
    """A model from XBoard options (the last value of a repeated option wins, as in XBoard)."""
    opt: dict[str, Option] = {}
    for o in options:
        opt[o.name] = o

    def get(name: str) -> str | None:
        return opt[name].value if name in opt else None

    def num(name: str) -> int | None:
        value = get(name)
        if value is None:
            return None
        n = read_number(value.strip(), f"-{name}", file, opt[name].line, signed=True)
        if not -1 <= n <= 99:
            raise FormatError(f"-{name} {n} is out of range", file, opt[name].line)
        return n

    if "variant" not in opt and "fen" not in opt and "men" not in opt:
        raise FormatError("no -variant, -fen or -men option: not a variant file", file, 1)
    parent = get("variant") or "fairy"
    line = max((o.line for o in opt.values()), default=0)
    name = os.path.splitext(os.path.basename(file))[0] if file else parent
    holdings = num("holdingsSize")
    return variant_from_xboard(name, parent, num("boardWidth"), num("boardHeight"),
                               holdings or 0, get("pieceToCharTable"), get("fen"), get("men"),
                               file, opt["men"].line if "men" in opt else line,
                               holdings_given=holdings is not None and holdings >= 0)


def load(path: str | os.PathLike[str]) -> Variant:
    """Read a variant file (FormatError names the file and line on any problem)."""
    p = os.fspath(path)
    try:
        v = read(read_text(p), p)
    except FormatError as e:
        raise e.located(p) if not e.file else e
    except RecursionError:
        raise FormatError("nested too deeply", p) from None
    return v


def save(path: str | os.PathLike[str], v: Variant) -> None:
    """Write the file atomically."""
    write_atomic(path, write(v))


__all__ = ["read", "write", "load", "save", "from_options", "option_lines", "EXTENSIONS"]
