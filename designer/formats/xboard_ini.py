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

from ..variant.model import ModelProblem, Variant
from ..vocabulary import WARNING
from .atomic import write_atomic
from .errors import FileNote, FormatError, read_number, read_text_noted, writing
from .hand_edits import consistency, differing, reconcile
from .limits import check_variant, ensure_readable
from .metadata import designer_line, designer_lines, read_designer
from .options import Option, quote, tokenize
from .parents import choose_parent, with_parent_slots
from .ptc import build_table
from .from_xboard import table_notes, variant_from_xboard
from .from_xboard import parse_men
from .xboard_common import men_string, xboard_betza, xboard_setup

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
           ("fen", xboard_setup(v))]
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
    option longer than the readers take, or data that contradict themselves, such as a setup
    placing a piece type the variant does not have)."""
    check_variant(v)
    if v.rule_set is not None:
        # holdings, promotions and the castling rights XBoard reads are the rule set's view
        from ..variant.derive import projected
        v = projected(v)
    for _letter, why in consistency(v):
        raise FormatError(f"cannot be saved as it is: {why}")
    values = option_values(v)
    options = [f"-{name} {quote(value)}" if value else f"-{name}" for name, value in values]
    text = "\n".join(header_lines(v) + designer_lines(v) + options) + "\n"
    return ensure_readable(v, text, tuple(values))


def rules_not_carried(v: Variant, what: str = "XBoard") -> list[ModelProblem]:
    """Each rule of ``v``'s rule set that XBoard will not play from the options it is given:
    the file's ``-variant``, board, holdings, pieces and position read the way XBoard reads
    them (``from_options``) give the rules XBoard applies (``variant.derive``), and every rule
    that differs is named (no checks, must-capture, confinement, how the game ends, drop
    rules...). Our own reader still gets the whole rule set from the ``@designer`` data."""
    if v.rule_set is None:
        return []                    # rules derived from what XBoard reads: nothing more
    from ..variant.derive import derive, differences, projected
    ours = projected(v)
    try:
        seen = from_options(tokenize("\n".join(option_lines(ours)))[0])
    except FormatError:
        return []                    # the file's own problems are named elsewhere
    parent = choose_parent(ours).name
    return [ModelProblem("", "rule_set." + name[name.rindex("(") + 1:-1],
                         f"{what} ({'-variant ' + parent}) will not play this rule: {name}",
                         severity=WARNING)
            for name in differences(ours.rule_set or derive(ours), derive(seen))]


def read(text: str, file: str = "", use_designer: bool = True) -> Variant:
    """The variant in an options file's text (see ``read_noted``)."""
    return read_noted(text, file, use_designer)[0]


def read_noted(text: str, file: str = "",
               use_designer: bool = True) -> tuple[Variant, tuple[FileNote, ...]]:
    """The variant in an options file's text, with what the user should know about how it
    was read. With ``use_designer=False`` the ``@designer`` data is ignored and the model is
    built from what XBoard itself reads. When XBoard's lines say something else than the
    ``@designer`` data (the file was edited by hand), XBoard's lines win for what they say
    (``hand_edits``) and each line that differed is in the notes."""
    options, comments = tokenize(text, file)
    notes: list[FileNote] = []
    if use_designer:
        d = read_designer(comments)
        if d is not None:
            written = dict(option_values(d))
            names = differing(written, options)
            if not names:
                return d, ()
            xboard = from_options(options + _silent_men(d, written, options), file, notes)
            v, why = reconcile(d, written, options, xboard, names, file,
                               designer_line(comments))
            return v, tuple(notes) + why
    v = from_options(options, file, notes)
    return v, tuple(notes)


def _silent_men(d: Variant, written: dict[str, str], options: list[Option]) -> list[Option]:
    """A ``-men`` entry without moves for each piece XBoard is told nothing about (in no
    ``-men`` of the file nor of a save: a Betza 2.0 piece without an XBetza form), so that
    reading the XBoard lines does not stop at it; ``hand_edits`` keeps its notation."""
    told = parse_men(written.get("men", ""))
    for o in options:
        if o.name == "men":
            told = told | parse_men(o.value, o.file, o.line)
    silent = [p.letter for p in d.pieces if p.letter not in told and xboard_betza(p) is None]
    if not silent:
        return []
    last = next((o for o in reversed(options) if o.name == "men"), None)
    men = ";".join(([last.value] if last else []) + [f"{x}:" for x in silent])
    return [Option("men", men, last.line if last else 0, last.file if last else "")]


def from_options(options: list[Option], file: str = "",
                 notes: list[FileNote] | None = None) -> Variant:
    """A model from XBoard options (the last value of a repeated option wins, as in XBoard);
    what XBoard reads in its own way is added to ``notes``."""
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
        if n == 0 and name in ("boardWidth", "boardHeight"):
            # backend.c InitPosition takes any value >= 0: XBoard would draw no board at all
            raise FormatError(f"-{name} 0: a board needs at least one "
                              f"{'file' if name == 'boardWidth' else 'rank'} (-1 leaves the "
                              f"size to -variant and -fen)", file, opt[name].line)
        return n

    if "variant" not in opt and "fen" not in opt and "men" not in opt:
        raise FormatError("no -variant, -fen or -men option: not a variant file", file, 1)
    parent = get("variant") or "fairy"
    line = max((o.line for o in opt.values()), default=0)
    name = os.path.splitext(os.path.basename(file))[0] if file else parent
    holdings = num("holdingsSize")
    width, height = num("boardWidth"), num("boardHeight")
    v = variant_from_xboard(name, parent, width, height, holdings or 0,
                            get("pieceToCharTable"), get("fen"), get("men"), file,
                            opt["men"].line if "men" in opt else line,
                            holdings_given=holdings is not None and holdings >= 0, notes=notes)
    if notes is not None and "pieceToCharTable" in opt:
        notes += table_notes(opt["pieceToCharTable"].value, file, opt["pieceToCharTable"].line)
    for option, value, size, what in (("boardWidth", width, v.files, "files"),
                                      ("boardHeight", height, v.ranks, "ranks")):
        if value == -1 and notes is not None:
            # args.h: -1 is the option's default, "the size of -variant" (backend.c
            # InitPosition); a -fen of another size resizes XBoard's board (ParseFEN)
            notes.append(FileNote(f"-{option} -1 leaves the size to XBoard: {size} {what}, "
                                  f"from {'the -fen' if 'fen' in opt else f'-variant {parent}'}",
                                  file, opt[option].line))
    return v


def load(path: str | os.PathLike[str]) -> Variant:
    """Read a variant file (FormatError names the file and line on any problem)."""
    return load_noted(path)[0]


def load_noted(path: str | os.PathLike[str]) -> tuple[Variant, tuple[FileNote, ...]]:
    """Read a variant file, with the notes of ``read_noted`` (FormatError names the file and
    line on any problem)."""
    p = os.fspath(path)
    try:
        text, first = read_text_noted(p)
        v, notes = read_noted(text, p)
    except FormatError as e:
        raise e.located(p) if not e.file else e
    except RecursionError:
        raise FormatError("nested too deeply", p) from None
    return v, first + notes


def save(path: str | os.PathLike[str], v: Variant) -> None:
    """Write the file atomically (FormatError names the file)."""
    with writing(path):
        text = write(v)
    write_atomic(path, text)


__all__ = ["rules_not_carried", "read", "read_noted", "write", "load", "load_noted", "save", "from_options", "option_lines", "EXTENSIONS"]
