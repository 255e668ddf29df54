"""Saving a variant back into a Fairy-Stockfish ``variants.ini`` that holds other sections.

Only the variant's own section is rewritten (with our ``; @designer`` lines just above its
header, where ``fsf_ini.read`` looks for them); every other byte of the file — other sections,
comments, blank lines, line endings, a byte-order mark — stays exactly as it was. The section
keeps its name (launchers and ``[child:name]`` sections refer to it).

A section that inherits (``[name:parent]``, a built-in variant or an earlier section) keeps its
parent and says only what differs from it, as a person keeping the file writes it: its lines
that still say the right thing stay as they were, in their order, with their comments; a value
that changed is changed in its line; what the parent now says is dropped; what is new comes
last. Above it, our ``; @designer`` lines say only what reading the section as Fairy-Stockfish
does would lose (a piece's name, the notation as written, the palette's order:
``metadata.patch_lines``), or all of the variant when the section already had them whole.
The result is checked to play exactly as the stand-alone section would (``fsf_ini.inherit_in``);
when no section on that parent can say the variant, it is written stand-alone, as
``fsf_ini.write`` writes every export.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..variant.model import Variant
from . import fsf_ini, fsf_keys
from .limits import check_variant
from .atomic import write_atomic
from .errors import FormatError, read_text
from .fsf_sections import Section, parse_sections
from .metadata import carries_whole, designer_lines, patch_lines

_BOM = "\ufeff"
#: the section with given lines below its header and ours above it, as our reader reads it
_Reading = Callable[[list[str], list[str]], "Variant | None"]


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

    def reading(below: list[str], ours: list[str]) -> Variant | None:
        """The section with lines ``below`` and our lines ``ours`` above it, as our reader
        reads it (with no lines of ours: as Fairy-Stockfish reads it); None when it does not
        read."""
        candidate = "\n".join(lines[:start] + ours + [lines[header]] + below + [""]
                              + lines[end:])
        try:
            return fsf_ini.read(candidate, name, use_designer=bool(ours))
        except (FormatError, ValueError):
            return None

    whole = carries_whole(lines[start:header])
    kept = _inherited(lines[header + 1:end], sections, target, v, whole, reading) \
        if target.parent else None
    if kept is not None:
        block = [line.rstrip("\r") for line in lines[header:header + 1]] + kept[1]
        block = kept[0] + block
        if crlf:
            block = [line + "\r" for line in block]
        return "\n".join(lines[:start] + block + lines[end:])
    ours = f"[{fsf_ini.section_name(v)}]"
    block = [f"[{name}]" if line == ours else line
             for line in fsf_ini.write(v).rstrip("\n").split("\n")]
    if crlf:
        block = [line + "\r" for line in block]
    return "\n".join(lines[:start] + block + lines[end:])


def _key(line: str) -> str | None:
    """The key a section line sets (None for a comment, a blank or anything else)."""
    s = line.strip()
    if not s or s[0] in "#;" or "=" not in s:
        return None
    return s.split("=", 1)[0].strip()


def _both_sides(key: str, wanted: dict[str, str]) -> bool:
    """Whether ``key`` is one line for both sides of two keys the section wants."""
    return (key + "White") in wanted and (key + "Black") in wanted


def _inherited(body: list[str], sections: list[Section], target: Section, v: Variant,
               whole: bool, reading: _Reading) -> tuple[list[str], list[str]] | None:
    """(our lines above the header, the section's lines below it) for ``v`` saved into the
    inheriting section ``target`` whose present lines are ``body``; None when no section on
    its parent says ``v``. ``whole``: the section had our complete lines (they stay complete)."""
    assert target.parent is not None
    check_variant(v)
    keys = fsf_ini.section_keys(v)
    earlier = sections[:sections.index(target)]
    child = fsf_ini.inherit_in(keys, earlier, target.parent)
    if child is None:
        return None
    wanted = dict(child)
    own = fsf_ini.configuration(keys)
    alone = dict(fsf_keys.section_keys(own))
    placed: set[str] = set()
    out: list[tuple[str, str | None]] = []      # (line, key it sets)
    for raw in body:
        line = raw.rstrip("\r")
        key = _key(line)
        if key is None:
            out.append((line, None))
        elif key in wanted and key not in placed:
            placed.add(key)
            out.append((line, key))
        elif key in fsf_ini.DISPLAY_KEYS:
            # XBoard's display (variantTemplate, pocketSize): the person's choice stays
            out.append((line, None))
        elif key not in placed and key in alone:
            # a line that says what the parent says too stays (the engine reads it the same)
            placed.add(key)
            out.append((line, key))
        elif key not in placed and _both_sides(key, wanted):
            # a person's one line for both sides ("flagPiece = k") stays one line
            placed |= {key + "White", key + "Black"}
            out.append((line, key))
    out += [(f"{k} = {value}", k) for k, value in child if k not in placed]

    def pairs(lines: list[tuple[str, str | None]]) -> list[tuple[str, str]]:
        return [(k, line.split("=", 1)[1].strip()) for line, k in lines if k is not None]

    for _ in range(4):
        # a kept line that means something else now gets our text (the rest stay as written)
        wrong = fsf_ini.differences(pairs(out), own, earlier, target.parent)
        if wrong is None:
            return None
        if not wrong:
            break
        fixed: list[tuple[str, str | None]] = []
        for line, k in out:
            stale = k is not None and line != f"{k} = {wanted.get(k)}" and (
                k in wrong or (k + "White") in wrong or (k + "Black") in wrong)
            if not stale:
                fixed.append((line, k))
            elif k is not None and k in wanted:
                fixed.append((f"{k} = {wanted[k]}", k))
            elif k is not None and k in alone:      # not needed after all: left to the parent
                continue
            elif k is not None:      # one line for both sides: said per side again
                fixed += [(f"{side} = {wanted[side]}", side) for side in (k + "White",
                                                                          k + "Black")]
        if fixed == out:
            return None
        out = fixed
    else:
        return None
    while out and out[-1][0].strip() == "" and out[-1][1] is None:
        out.pop()                                   # blank lines before the next section stay
    below = [line for line, _ in out]
    return _our_lines(below, v, whole, reading), below


def _our_lines(below: list[str], v: Variant, whole: bool, reading: _Reading) -> list[str]:
    """Our ``; @designer`` lines above the section whose lines are ``below``: all of them
    (``whole``: the section had them, so a save changes only what changed), else only what
    reading the section as Fairy-Stockfish does would lose (a piece's name, the notation as the
    user wrote it, the palette's order); none when that reading gives ``v`` back."""
    if whole:
        return designer_lines(v)
    plain = reading(below, [])
    if plain is None:
        return designer_lines(v)
    ours = patch_lines(v, plain)
    if ours and reading(below, ours) != v:
        return designer_lines(v)          # a field the lines cannot change over the reading
    return ours


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
