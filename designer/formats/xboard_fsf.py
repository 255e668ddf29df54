""""Format B" (docs/files.md): an XBoard options file that starts Fairy-Stockfish on our
exported ``variants.ini`` and selects that engine-defined variant, so that XBoard enforces
the full rules through the engine (FSF sends the ``setup``/``piece`` lines itself).

``Name.ini`` holds ``-fcp "fairy-stockfish load /abs/Name.variants.ini"`` and ``-variant
section``, plus our ``; @designer`` lines so that it reads back losslessly; the section
itself is written next to it.
"""

from __future__ import annotations

import os
import shlex

from ..variant.model import Variant
from .atomic import write_atomic_all
from .errors import FormatError, read_text, writing
from .metadata import designer_lines, read_designer
from .options import quote, tokenize
from . import fsf_ini

ENGINE = "fairy-stockfish"


def ini_path_for(path: str | os.PathLike[str]) -> str:
    """Where the variants.ini of a Format B file goes: ``Name.variants.ini`` beside it."""
    base = os.path.splitext(os.path.abspath(os.fspath(path)))[0]
    return base + ".variants.ini"


def write(v: Variant, ini_path: str, engine: str = ENGINE) -> str:
    """The options file's text, pointing at ``ini_path``."""
    command = f"{engine} load {shlex.quote(os.path.abspath(ini_path))}"
    lines = [f"; {' '.join(v.name.split())} -- played by Fairy-Stockfish, written by Variant "
             "Designer"]
    lines += designer_lines(v)
    lines += [f"-fcp {quote(command)}", f"-variant {quote(fsf_ini.section_name(v))}"]
    return "\n".join(lines) + "\n"


def save(path: str | os.PathLike[str], v: Variant, engine: str = ENGINE) -> str:
    """Write the options file and its variants.ini together (both are on disk in full before
    either replaces its old version: a launcher never points at a section that is not
    there); return the ini path."""
    ini = ini_path_for(path)
    with writing(ini):
        section = fsf_ini.write(v)
    with writing(path):
        launcher = write(v, ini, engine)
    write_atomic_all([(ini, section), (path, launcher)])
    return ini


def read(text: str, file: str = "", use_designer: bool = True) -> Variant:
    """The variant of a Format B file: our data if present, else the section it loads."""
    options, comments = tokenize(text, file)
    if use_designer:
        v = read_designer(comments)
        if v is not None:
            return v
    opt = {o.name: o for o in options}
    if "fcp" not in opt:
        raise FormatError("no -fcp option: not a Fairy-Stockfish launcher", file, 1)
    try:
        words = shlex.split(opt["fcp"].value)
    except ValueError as exc:
        raise FormatError(f"-fcp: {exc}", file, opt["fcp"].line) from None
    if "load" not in words or words.index("load") + 1 >= len(words):
        raise FormatError("-fcp does not 'load' a variants.ini", file, opt["fcp"].line)
    ini = words[words.index("load") + 1]
    if file and not os.path.isabs(ini):
        ini = os.path.join(os.path.dirname(os.path.abspath(file)), ini)
    section = opt["variant"].value if "variant" in opt else None
    try:
        text = read_text(ini)       # only a regular file: /dev/stdin or a FIFO would block
    except FormatError as e:
        if e.line:                  # a line of the variants.ini is at fault
            raise
        raise FormatError(f"-fcp loads {ini[:200]}: {e.reason}", file, opt["fcp"].line) from None
    try:
        return fsf_ini.read(text, section, ini, use_designer=use_designer)
    except FormatError as e:
        if e.line:
            raise
        # no line of the variants.ini is at fault: the launcher's choice of section is
        at = opt["variant"] if "variant" in opt else opt["fcp"]
        raise FormatError(f"-{at.name} {(section or '')[:40]!r}: {e.reason[:200]}", file,
                          at.line) from None
