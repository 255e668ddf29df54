"""Saving a variant back into a Fairy-Stockfish ``variants.ini`` that holds other sections.

Only the variant's own section is rewritten (with our ``; @designer`` lines just above its
header, where ``fsf_ini.read`` looks for them); every other byte of the file — other sections,
comments, blank lines, line endings, a byte-order mark — stays exactly as it was. The section
keeps its name (launchers and ``[child:name]`` sections refer to it) and is written
stand-alone, as ``fsf_ini.write`` writes every export.
"""

from __future__ import annotations

import os

from ..variant.model import Variant
from . import fsf_ini
from .atomic import write_atomic
from .errors import FormatError, read_text
from .fsf_sections import parse_sections

_BOM = "\ufeff"


def _ours(line: str) -> bool:
    """A line we write above a section header (and may therefore replace)."""
    s = line.strip()
    # the header line fsf_ini.write puts above its section (with or without the engine version)
    return s.startswith("; @designer") or (s.startswith("#")
                                          and "-- exported by Variant Designer" in s)


def _comment_or_blank(line: str) -> bool:
    s = line.strip()
    return not s or s[0] in "#;"


def rewrite_section(text: str, name: str, v: Variant) -> str:
    """``text`` with section ``[name]`` replaced by ``v`` (FormatError when it has none)."""
    lines = text.split("\n")
    sections = parse_sections(text)
    target = next((s for s in sections if s.name == name), None)
    if target is None:
        raise FormatError(f"no section [{name}] to save into")
    header = target.line - 1                       # 0-based index of "[name]"
    start = header
    while start > 0 and _ours(lines[start - 1]):
        start -= 1
    later = [s.line - 1 for s in sections if s.line > target.line]
    end = later[0] if later else len(lines)
    # comments and blank lines right before the next header belong to that section (and
    # trailing ones at the end of the file to nobody): they stay
    while end > header + 1 and _comment_or_blank(lines[end - 1]):
        end -= 1
    crlf = lines[header].endswith("\r")
    ours = f"[{fsf_ini.section_name(v)}]"
    block = [f"[{name}]" if line == ours else line
             for line in fsf_ini.write(v).rstrip("\n").split("\n")]
    if crlf:
        block = [line + "\r" for line in block]
    return "\n".join(lines[:start] + block + lines[end:])


def save_section(path: str | os.PathLike[str], name: str, v: Variant) -> None:
    """Rewrite section ``name`` of the file at ``path`` in place (atomically)."""
    p = os.fspath(path)
    text = read_text(p)
    try:
        with open(p, "rb") as fh:
            bom = fh.read(3) == _BOM.encode("utf-8")
    except OSError:
        bom = False
    try:
        new = rewrite_section(text, name, v)
    except FormatError as e:
        raise e.located(p) from None
    write_atomic(p, (_BOM if bom else "") + new)


__all__ = ["rewrite_section", "save_section"]
