"""Fairy-Stockfish ``variants.ini`` export and import (docs/files.md, "Fairy-Stockfish export").

Export writes one section: the board, the pieces (predefined ``pawn``, ``king`` and the
engine's other pieces where ours are exactly those, ``customPieceN = x:betza`` for the rest),
``pieceToCharTable``, ``startFen`` and every rule of play as the engine's options
(``fsf_export``). Where the variant's game is one of the engine's built-in variants, the section
inherits it (``[name:shogi]``) and writes only the differences, when reading them on that parent
gives exactly the stand-alone section's configuration; otherwise it stands alone.
``fsf_problems`` says per piece and per rule what Fairy-Stockfish cannot be told before
anything is written. Our ``; @designer`` lines ride along as comments so our own reader gets
the exact model back.

Import reads any section as the engine reads it (``fsf_import``: inheritance from earlier
sections and the built-in variants of ``designer/data/fsf_builtins.ini``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources

from .fsf_reading import FSF_MIN_VERSION
from ..variant.fen import FenError, base_letter, parse_fen, write_fen
from ..variant.model import ModelProblem, Variant
from .errors import FormatError
from .limits import check_variant, ensure_readable
from .options import Comment
from .fsf_config import FsfConfig, FsfNotice
from .fsf_import import import_section
from .fsf_sections import Section, parse_sections
from .metadata import designer_lines, read_designer
from .ptc import build_table
from . import fsf_keys
from .fsf_config import BASE, builtin, configure, described_builtins
from .fsf_export import rule_keys
from .fsf_plan import make_plan, plan_problems
from ..variant.derive import rules_for

__all__ = ["write", "read", "read_notices", "sections", "section_name", "fsf_problems",
           "inherit_in", "same_as_alone", "configuration", "differences",
           "SectionView", "section_view"]



def section_name(v: Variant) -> str:
    """The section name: the variant name in lower-case letters and digits."""
    name = re.sub(r"[^a-z0-9]", "", v.name.lower()) or "variant"
    # A section named like a built-in variant is rejected by Fairy-Stockfish ("already exists").
    taken = resources.files("designer.data").joinpath("fsf_variant_names.txt").read_text()
    return f"{name}-custom" if name in taken.split() else name


def _fen_for_fsf(v: Variant, letters: dict[str, str], left_out: set[str]) -> str:
    """The start position in Fairy-Stockfish's letters, without the pieces left out."""
    s = parse_fen(v.setup, v.files, v.ranks)
    s = replace(s, board={sq: t for sq, t in s.board.items() if base_letter(t) not in left_out},
                hand=tuple(t for t in s.hand if base_letter(t) not in left_out)
                if s.hand is not None else None)

    def tok(t: str) -> str:
        base = base_letter(t)
        fl = letters.get(base)
        if fl is None or len(base) == 1 or base.startswith("+"):
            return t                       # +P stays +P: Fairy-Stockfish reads promoted pieces
        return fl.upper() if t[0].isupper() or t[0] == "+" and t[1].isupper() else fl

    board = {sq: tok(t) for sq, t in s.board.items()}
    dropping = rules_for(v).drops is not None          # the rule set's, as the section says
    hand = tuple(tok(t) for t in s.hand) if s.hand is not None else (() if dropping else None)
    text = write_fen(replace(s, board=board, hand=hand))
    return text.replace("[-]", "[]")


def write(v: Variant, with_designer: bool = True) -> str:
    """The section text (ends with a newline). Never raises for user data: pieces
    Fairy-Stockfish would play differently are left out, and rules it cannot be told are
    not written, as ``fsf_problems`` says."""
    check_variant(v)
    lines = [f"# {' '.join(v.name.split())} -- exported by Variant Designer for Fairy-Stockfish "
             f"{FSF_MIN_VERSION} or later"]
    if with_designer:
        lines += designer_lines(v)
    keys = section_keys(v)
    parent = inherit(keys, _parent_of(v))
    header = f"[{section_name(v)}:{parent[0]}]" if parent else f"[{section_name(v)}]"
    lines.append(header)
    lines += [f"{key} = {value}" for key, value in (parent[1] if parent else keys)]
    return ensure_readable(v, "\n".join(lines) + "\n")


@dataclass(frozen=True)
class SectionView:
    """What the export tells Fairy-Stockfish, line by line: the section's ``header``, its
    ``own`` lines (what ``write`` writes), and, when it inherits a built-in ``parent``, the
    ``inherited`` lines the parent brings that the section does not set itself."""

    header: str
    own: tuple[tuple[str, str], ...]
    parent: str = ""
    inherited: tuple[tuple[str, str], ...] = ()


def section_view(v: Variant) -> SectionView:
    """The section ``write`` gives ``v`` now, with the rules its built-in parent brings
    (FormatError when the variant cannot be written, as ``write``)."""
    check_variant(v)
    keys = section_keys(v)
    parent = inherit(keys, _parent_of(v))
    if parent is None:
        return SectionView(f"[{section_name(v)}]", tuple(keys))
    name, own = parent
    mine = {k for k, _ in own}
    brought = tuple((k, t) for k, t in fsf_keys.section_keys(builtin(name)) if k not in mine)
    return SectionView(f"[{section_name(v)}:{name}]", tuple(own), name, brought)


# XBoard parents whose game Fairy-Stockfish has built in: the export inherits it
_PARENTS = {"normal": "chess", "capablanca": "capablanca", "grand": "grand",
            "xiangqi": "xiangqi", "shogi": "shogi", "crazyhouse": "crazyhouse",
            "makruk": "makruk", "shatranj": "shatranj", "courier": "courier",
            "janus": "janus", "giveaway": "giveaway", "atomic": "atomic", "3check": "3check"}


def _free_drops(v: Variant) -> bool:
    return v.rule_set is not None and v.rule_set.drops is not None and v.rule_set.drops.free


def _parent_of(v: Variant) -> str:
    """The built-in parent the export tries: its XBoard parent's, or, for drops from an
    endless supply (which no key of a variants.ini can say: ``freeDrops``), the engine's
    ataxx, whose children inherit them."""
    return "ataxx" if _free_drops(v) else _PARENTS.get(v.parent, "")


def section_keys(v: Variant) -> list[tuple[str, str]]:
    """Every line of a stand-alone section for ``v``: board, pieces, table, start position,
    initial moves and the rules (``fsf_export``)."""
    plan = make_plan(v)
    letters, decl = plan.letters, plan.decl
    keys = [("maxFile", str(v.files)), ("maxRank", str(v.ranks))]
    keys += [decl[p.letter] for p in v.pieces if p.letter in decl]
    renamed = tuple(replace(p, letter=p.letter if len(p.letter) == 1 or p.letter[0] == "+"
                            else letters[p.letter].upper()) for p in v.pieces if p.letter in decl)
    if len(renamed) <= 66:
        keys.append(("pieceToCharTable", build_table(renamed)))
    if v.setup:
        try:
            keys.append(("startFen", _fen_for_fsf(v, letters, plan.left_out)))
        except FenError:
            pass
    off = _numbers_off_board(v)
    if off:      # the engine would be told a file or rank the board does not have
        raise FormatError("cannot be written for Fairy-Stockfish: " +
                          "; ".join(f"{p.field}: {p.message}" for p in off))
    keys += rule_keys(v, plan)[0]
    return keys


def _numbers_off_board(v: Variant) -> list[ModelProblem]:
    """The rules' numbers that are off ``v``'s board (``rules.numbers``)."""
    from ..variant.derive import rules_for
    from ..rules.numbers import number_problems
    return number_problems(rules_for(v), v.files, v.ranks)


def fsf_problems(v: Variant) -> list[ModelProblem]:
    """What Fairy-Stockfish cannot play: the board, each piece and move group it would play
    differently (left out), and each rule it cannot be told (errors first)."""
    out = plan_problems(v)
    off = _numbers_off_board(v)
    if off:                                  # nothing is written until they are on the board
        return off + out
    out += rule_keys(v, make_plan(v))[1]
    if _free_drops(v) and inherit(section_keys(v), "ataxx") is None:
        out.append(ModelProblem("", "rule_set.drops.free", "Fairy-Stockfish: drops from an "
                                "endless supply come only from its built-in ataxx, which this "
                                "section cannot inherit: they are not written"))
    out.sort(key=lambda p: p.severity != "error")
    return out


def inherit(keys: list[tuple[str, str]], parent: str) -> tuple[str, list[tuple[str, str]]] | None:
    """``keys`` as the differences from a built-in ``parent`` (its name and the lines), when
    reading them on the parent gives exactly the stand-alone section's configuration."""
    if parent not in described_builtins():
        return None
    child = inherit_in(keys, (), parent)
    return None if child is None else (parent, child)


def inherit_in(keys: list[tuple[str, str]], earlier: Sequence[Section],
               parent: str) -> list[tuple[str, str]] | None:
    """``keys`` as the differences from ``parent``, a built-in variant or one of the
    ``earlier`` sections of the file, when reading them on that parent as the engine does gives
    exactly the stand-alone section's configuration (None otherwise, or when the parent cannot
    be read)."""
    own = configure(parse_sections(_text("x", keys)), 0)
    probe = "x" + "-" * 8
    try:
        base = configure([*earlier, Section(probe, parent, 0)], len(earlier))
    except FormatError:
        return None
    mine, theirs = dict(fsf_keys.section_keys(own)), dict(fsf_keys.section_keys(base))
    child = [(k, v) for k, v in fsf_keys.section_keys(own) if theirs.get(k) != v]
    for k in theirs:
        if k not in mine and k not in _DISPLAY:
            child.append((k, _reset(k)))
    child = _without_inherited_forms(child, own, base)
    # a piece type the section removes from the parent ("amazon = -") leaves the parent's
    # lists that named its letter (promotion choices, extinction types) without it, as the
    # engine's parser does: such lists are said again, until the section plays as it should
    for _ in range(4):
        wrong = differences(child, own, earlier, parent)
        if wrong is None:
            return None
        if not wrong:
            return child
        fix = {k: mine.get(k, _reset(k)) for k in wrong}
        # a list said again keeps the resets of the parent's promotions (see above)
        child = _without_inherited_forms(
            [(k, v) for k, v in child if k not in fix] + list(fix.items()), own, base)
    return None


def configuration(keys: list[tuple[str, str]]) -> FsfConfig:
    """What the engine plays for the stand-alone section of lines ``keys``."""
    return configure(parse_sections(_text("x", keys)), 0)


def differences(child: list[tuple[str, str]], own: FsfConfig, earlier: Sequence[Section],
                 parent: str) -> list[str] | None:
    """The keys that section lines ``child`` read on ``parent`` play otherwise than the
    configuration ``own`` (None when the section cannot be read)."""
    probe = "x" + "-" * 8
    try:
        done = configure([*earlier, *parse_sections(_text(f"{probe}:{parent}", child))],
                         len(earlier))
    except FormatError:
        return None
    a, b = dict(_played(own)), dict(_played(done))
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))


def same_as_alone(child: list[tuple[str, str]], keys: list[tuple[str, str]],
                  earlier: Sequence[Section], parent: str) -> bool:
    """Whether section lines ``child`` read on ``parent`` (a built-in or one of the
    ``earlier`` sections) play as the stand-alone lines ``keys`` do."""
    return differences(child, configuration(keys), earlier, parent) == []


def _without_inherited_forms(child: list[tuple[str, str]], own: FsfConfig,
                             base: FsfConfig) -> list[tuple[str, str]]:
    """``child`` with ``x:-`` in its promotedPieceType for each piece type that promotes in
    the parent and not in the section: the engine's parser sets the listed entries only
    (parser.cpp), so the parent's others stay, also to a type the section gives no letter
    (chak on shogi: its rook would still turn into shogi's dragon king)."""
    def pairs(config: FsfConfig) -> dict[str, str]:
        value = config.value("promotedPieceType")
        return dict(value) if isinstance(value, tuple) else {}

    mine = pairs(own)
    resets = [f"{letter.lower()}:-" for src in pairs(base)
              if src not in mine and (letter := own.letter(src)) is not None]
    if not resets:
        return child
    line = dict(child).get("promotedPieceType")
    said = (line or "").split()
    resets = [r for r in resets if r not in said]
    if not resets:
        return child
    rest = [(k, v) for k, v in child if k != "promotedPieceType"]
    text = " ".join(([line] if line and line != "-" else []) + resets)
    return rest + [("promotedPieceType", text)]


def _played(config: FsfConfig) -> list[tuple[str, str]]:
    return [(k, v) for k, v in fsf_keys.section_keys(config) if k not in _DISPLAY]


_DISPLAY = ("variantTemplate", "pocketSize")     # XBoard's display: the parent's stays
DISPLAY_KEYS = frozenset(_DISPLAY)


def _reset(key: str) -> str:
    """The text that sets ``key`` back to the default of a section without a parent."""
    from .fsf_options import FIELDS, OPTIONS
    option = next((o for o in OPTIONS if o.key == key), None)
    if option is None:
        return "-"                                 # a piece or a mobility region
    name = option.fields[-1]
    return fsf_keys.value_text(BASE, name, FIELDS[name].default) or "-"


def _text(header: str, keys: list[tuple[str, str]]) -> str:
    return f"[{header}]\n" + "".join(f"{k} = {v}\n" for k, v in keys)


# -- import ----------------------------------------------------------------------------------
def read(text: str, name: str | None = None, file: str = "", use_designer: bool = True) -> Variant:
    """The variant of section ``name`` (default: the last section) of a variants.ini text.

    Our own ``; @designer`` lines just above the section give the exact model back; any other
    section is read as Fairy-Stockfish reads it (``fsf_import``; ``read_notices`` lists what
    it reads otherwise than written and the rules our model cannot carry)."""
    sections = parse_sections(text, file)
    if not sections:
        raise FormatError("no [section] found: not a variants.ini file", file, 1)
    target = sections[-1] if name is None else next((s for s in sections if s.name == name),
                                                    None)
    if target is None:
        raise FormatError(f"no section [{name}] (sections: "
                          f"{', '.join(s.name for s in sections[:20])})", file, 0)
    if use_designer:
        # our own data sits in the comments just before the section header
        comments = _comments_before(text, target, file)
        v = read_designer(comments, lambda: import_section(text, target.name, file).variant) \
            if comments else None
        if v is not None:
            return v
    return import_section(text, target.name, file).variant


def read_notices(text: str, name: str | None = None, file: str = "") -> list[FsfNotice]:
    """What Fairy-Stockfish reads otherwise than written in section ``name``, and the rules our
    model cannot carry, each with its line (FormatError when the section cannot be read)."""
    return list(import_section(text, name, file).notices)


def sections(text: str, file: str = "") -> list[str]:
    """Names of the sections of a variants.ini text (for a chooser)."""
    return [s.name for s in parse_sections(text, file)]


def _comments_before(text: str, target: Section, file: str) -> list[Comment]:
    lines = text.split("\n")[:target.line - 1]
    out = []
    for no in range(len(lines), 0, -1):
        raw = lines[no - 1].strip()
        if raw.startswith(";"):
            out.append(Comment(raw[1:], no, file))
        elif raw.startswith("#") or not raw:
            continue
        else:
            break
    return list(reversed(out))
