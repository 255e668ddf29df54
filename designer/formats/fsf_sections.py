"""Reading the sections of a Fairy-Stockfish ``variants.ini`` (docs/files.md, "Fairy-Stockfish
export"), with ``[name:parent]`` inheritance from earlier sections and from the built-in variants we know
(``designer/data/fsf_builtins.ini``).

Rules followed (``src/variant.cpp: VariantMap::parse_istream``): text before the first ``[`` is
ignored; ``key = value`` with the key trimmed and the value taken after the blanks following
``=``; lines starting with ``#`` or ``;`` are comments; a later duplicate key overwrites an
earlier one; duplicate section names are rejected; the parent must be defined earlier.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources

from .errors import FormatError
from .options import Comment

MAX_SECTIONS = 2000
MAX_KEYS = 2000
_HEADER = re.compile(r"^\[([^\]:\s]+)(?::([^\]\s]+))?\]\s*$")


@dataclass
class Section:
    """One ``[name]`` or ``[name:parent]`` section: its own keys (key -> (value, line)),
    comments, and the line of its header."""

    name: str
    parent: str | None
    line: int
    keys: dict[str, tuple[str, int]] = field(default_factory=dict)
    comments: list[Comment] = field(default_factory=list)


def parse_sections(text: str, file: str = "") -> list[Section]:
    """The sections of a variants.ini text, in file order."""
    sections: list[Section] = []
    names: set[str] = set()
    current: Section | None = None
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.replace("\r", "")
        stripped = line.strip()
        if current is None and not stripped.startswith("["):
            continue
        if not stripped:
            continue
        if stripped[0] in "#;":
            if current is not None:
                current.comments.append(Comment(stripped[1:], no, file))
            continue
        if stripped.startswith("["):
            m = _HEADER.match(stripped)
            if not m:
                raise FormatError(f"bad section header {stripped[:60]!r}", file, no)
            if m[1] in names:
                raise FormatError(f"section [{m[1]}] defined twice", file, no)
            if len(sections) >= MAX_SECTIONS:
                raise FormatError("too many sections", file, no)
            names.add(m[1])
            current = Section(m[1], m[2], no)
            sections.append(current)
            continue
        if current is None:
            continue                      # unreachable: text before the first [ is skipped
        key, eq, value = line.partition("=")
        if not eq or not key.strip():
            raise FormatError(f"expected key = value, found {stripped[:60]!r}", file, no)
        if len(current.keys) >= MAX_KEYS:
            raise FormatError("too many keys in one section", file, no)
        current.keys[key.strip()] = (value.lstrip(" \t").rstrip(), no)
    return sections


_BUILTINS: dict[str, Section] | None = None


def builtins() -> dict[str, Section]:
    """The built-in parents we know, by name."""
    global _BUILTINS
    if _BUILTINS is None:
        text = resources.files("designer.data").joinpath("fsf_builtins.ini").read_text("utf-8")
        _BUILTINS = {s.name: s for s in parse_sections(text, "fsf_builtins.ini")}
    return _BUILTINS


def resolved(section: Section, earlier: dict[str, Section], file: str = "") -> dict[str, tuple[str, int]]:
    """All keys of a section after inheritance (the parent's keys, then its own)."""
    chain: list[Section] = [section]
    seen = {section.name}
    s = section
    while s.parent:
        parent = earlier.get(s.parent) or builtins().get(s.parent)
        if parent is None:
            raise FormatError(f"[{s.name}:{s.parent}]: unknown parent variant {s.parent!r} "
                              f"(known built-ins: {', '.join(sorted(builtins()))})", file, s.line)
        if parent.name in seen and parent is not builtins().get(parent.name):
            raise FormatError(f"[{s.name}] inherits from itself", file, s.line)
        seen.add(parent.name)
        chain.append(parent)
        s = parent
        if len(chain) > 50:
            raise FormatError("inheritance chain too long", file, section.line)
    keys: dict[str, tuple[str, int]] = {}
    for s in reversed(chain):
        keys.update(s.keys)
    return keys
