"""The rules model as a list of editable fields: what the window's Rules panel shows and edits.

``rule_fields(rules, letters)`` walks ``RuleSet``'s dataclasses by their type hints and lists
every leaf it finds — a flag, a number, a choice, piece letters, a region, each possibly per
side — as a ``RuleField`` with a path (``ending.repetition.count``, ``promotions[0].zone``,
``pieces[R].confined``) and the Fairy-Stockfish options that set it (from ``fsf_table``). A
part that may be absent (``drops``, ``castling``, ``ending.extinction``) gets a ``present``
field; a list of parts (``promotions``) gets one entry more than it has, so that one can be
added; parts keyed by a piece letter (``pieces``) get one entry per piece type of the variant.
Because the walk reads the model's types, a field added to the model is listed (and edited)
without any change here; ``value_at`` and ``with_value`` read and set a field by its path.

``text_of`` and ``parse`` turn the values that are typed (letters, regions, pairs) into text
and back, raising ``FieldError`` with the reason when a text does not read.
"""

from __future__ import annotations

import json
import re
import types
from collections.abc import Sequence
from dataclasses import MISSING, dataclass, fields, is_dataclass, replace
from functools import lru_cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from ..errors import DesignerError
from .fsf_table import FSF_OPTIONS
from .letters import hints as marked_hints, holds_letters
from .model import ALL, RuleSet
from .numbers import MAX_NUMBER
from .regions import Region, Sided

__all__ = ["FieldError", "Kind", "LISTS", "RuleField", "rule_fields", "value_at", "with_value",
           "text_of", "parse", "parse_field", "fsf_patterns", "present_at"]

Kind = Literal["present", "bool", "int", "enum", "letter", "letters", "region", "regions",
               "text", "texts", "pairs", "counts"]


LISTS: tuple[Kind, ...] = ("letters", "texts", "regions", "pairs", "counts")


class FieldError(DesignerError):
    """A value typed for a rule that does not read (the message says why)."""


@dataclass(frozen=True)
class RuleField:
    """One editable rule: ``path`` in the rule set, the ``kind`` of value (per side when
    ``sided``; ``optional``: None is a value, "no restriction"), the ``choices`` of an enum,
    the Fairy-Stockfish ``options`` that set it and their notes."""

    path: str
    kind: Kind
    sided: bool = False
    optional: bool = False
    choices: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def pattern(self) -> str:
        """The path with its list selectors emptied (``promotions[].zone``), as in fsf_table."""
        return re.sub(r"\[[^\]]*\]", "[]", self.path)

    @property
    def group(self) -> str:
        """The part of the rules it belongs to (the path's first step)."""
        return re.split(r"[.\[]", self.path, maxsplit=1)[0]

    @property
    def name(self) -> str:
        """The field's own name (the path's last step)."""
        return self.path.rsplit(".", 1)[-1]


# -- type hints -----------------------------------------------------------------------------
_HINTS: dict[type, dict[str, Any]] = {}
_STRIPPED: dict[tuple[type, str], tuple[bool, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a dataclass of the model (read once per class)."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _hint(cls: type, name: str) -> tuple[bool, Any]:
    """(optional, type without None) of field ``name`` of ``cls`` (read once)."""
    key = (cls, name)
    if key not in _STRIPPED:
        _STRIPPED[key] = _strip_none(_hints(cls)[name])
    return _STRIPPED[key]


def _strip_none(hint: Any) -> tuple[bool, Any]:
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        if len(args) < len(get_args(hint)):
            return True, args[0] if len(args) == 1 else Union[tuple(args)]
    return False, hint


def _is_record(hint: Any) -> bool:
    """A part of the rules (a dataclass other than ``Region``, which is a leaf value)."""
    return isinstance(hint, type) and is_dataclass(hint) and hint is not Region


def _items_of(hint: Any) -> Any:
    """The element type of ``tuple[X, ...]``, else None."""
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return args[0]
    return None


def _leaf(letters: bool, hint: Any) -> tuple[Kind, tuple[str, ...]] | None:
    """The kind of a leaf value (and an enum's choices); None when it is not a leaf.
    ``letters``: the field's type marks piece letters (``letters.PieceLetter``)."""
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", ()
    if hint is str:
        return ("letter" if letters else "text"), ()
    if get_origin(hint) is Literal:
        return "enum", tuple(str(a) for a in get_args(hint))
    if hint is Region:
        return "region", ()
    item = _items_of(hint)
    if item is str:
        return ("letters" if letters else "texts"), ()
    if item is Region:
        return "regions", ()
    if get_origin(item) is tuple and get_args(item)[:1] == (str,):
        return ("counts" if get_args(item)[1:] == (int,) else "pairs"), ()
    return None


def default_of(hint: Any) -> Any:
    """The plainest value of a type: what a part that is switched on starts with."""
    optional, inner = _strip_none(hint)
    if optional:
        return None
    if inner is bool:
        return False
    if inner is int:
        return 0
    if inner is str:
        return ""
    if get_origin(inner) is Literal:
        return get_args(inner)[0]
    if inner is Region:
        return Region("")
    if get_origin(inner) is Sided:
        side = default_of(get_args(inner)[0])
        return Sided(side, side)
    if get_origin(inner) is tuple:
        return ()
    if _is_record(inner):
        return record_default(inner)
    raise TypeError(f"no default for {hint!r}")


def record_default(cls: type, **given: Any) -> Any:
    """An instance of the dataclass ``cls`` with its defaults, required fields plainest."""
    hints = _hints(cls)
    args = dict(given)
    for f in fields(cls):
        if f.name not in args and f.default is MISSING and f.default_factory is MISSING:
            args[f.name] = default_of(hints[f.name])
    return cls(**args)


# -- the walk -------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def fsf_patterns() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Field pattern -> (Fairy-Stockfish options, their notes), from ``fsf_table``."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for option, (place, note) in FSF_OPTIONS.items():
        if not place.startswith("rule_set."):
            continue
        for part in place.split(","):
            pattern = part.strip().removeprefix("rule_set.")
            names, notes = out.setdefault(pattern, ([], []))
            names.append(option)
            notes.append(note)
    return {k: (tuple(a), tuple(b)) for k, (a, b) in out.items()}


@lru_cache(maxsize=4096)
def _field(path: str, kind: Kind, sided: bool = False, optional: bool = False,
           choices: tuple[str, ...] = ()) -> RuleField:
    pattern = re.sub(r"\[[^\]]*\]", "[]", path)
    table = fsf_patterns()
    # a list's first entry also stands for the list (``pieces[].moves_in``)
    options, notes = table.get(pattern, table.get(pattern.removesuffix("[]"), ((), ())) if
                               path.endswith("[0]") else ((), ()))
    return RuleField(path, kind, sided, optional, choices, options, notes)


def rule_fields(rules: RuleSet, letters: Sequence[str]) -> list[RuleField]:
    """Every editable field of ``rules`` for a variant with these piece ``letters``."""
    out: list[RuleField] = []
    _walk(type(rules), rules, "", tuple(letters), out)
    return out


def _walk(cls: type, value: Any, prefix: str, letters: tuple[str, ...],
          out: list[RuleField]) -> None:
    for f in fields(cls):
        if f.name == "letter" and prefix.endswith("]."):
            continue                                  # the key of a keyed entry
        path = prefix + f.name
        optional, hint = _hint(cls, f.name)
        current = getattr(value, f.name)
        if _is_record(hint):
            if optional:
                out.append(_field(path, "present"))
            _walk(hint, current if current is not None else record_default(hint),
                  path + ".", letters, out)
            continue
        item = _items_of(hint)
        if _is_record(item):
            _walk_items(item, current, path, letters, out)
            continue
        sided = get_origin(hint) is Sided
        letters_here = holds_letters(marked_hints(cls)[f.name])
        leaf = _leaf(letters_here, get_args(hint)[0] if sided else hint)
        if leaf is None:
            continue                                  # a kind of value no editor knows yet
        out.append(_field(path, leaf[0], sided, optional, leaf[1]))


def _walk_items(item: type, current: tuple[Any, ...], path: str, letters: tuple[str, ...],
                out: list[RuleField]) -> None:
    if "letter" in {f.name for f in fields(item)}:
        # keyed by piece letter: one entry per piece type, there when it says something
        for letter in letters:
            entry = next((x for x in current if x.letter == letter), None)
            _walk(item, entry if entry is not None else record_default(item, letter=letter),
                  f"{path}[{letter}].", letters, out)
        return
    for i in range(len(current) + 1):                 # the entries, and room for one more
        out.append(_field(f"{path}[{i}]", "present"))
        _walk(item, current[i] if i < len(current) else record_default(item),
              f"{path}[{i}].", letters, out)


# -- reading and setting by path ------------------------------------------------------------
_STEP = re.compile(r"([A-Za-z_]\w*)(?:\[([^\]]*)\])?")


def _steps(path: str) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for part in path.split("."):
        m = _STEP.fullmatch(part)
        if m is None:
            raise FieldError(f"not a rule's path: {path!r}")
        out.append((m.group(1), m.group(2)))
    return out


def _entry(items: tuple[Any, ...], selector: str) -> tuple[int | None, Any | None]:
    """The position and value of entry ``selector`` (an index or a piece letter)."""
    if selector.isdigit():
        i = int(selector)
        return (i, items[i]) if i < len(items) else (None, None)
    for i, x in enumerate(items):
        if x.letter == selector:
            return i, x
    return None, None


def value_at(rules: RuleSet, path: str) -> Any:
    """The value of the field at ``path`` (an absent part reads as its defaults; a ``present``
    field, whose path names a part, reads as whether the part is there)."""
    value: Any = rules
    for name, selector in _steps(path):
        _optional, hint = _hint(type(value), name)
        value = getattr(value, name)
        if selector is not None:
            item = _items_of(hint)
            _i, value = _entry(value, selector)
            if value is None:
                value = record_default(item, **({} if selector.isdigit()
                                                else {"letter": selector}))
        elif value is None and _is_record(hint):
            value = record_default(hint)
    return value


def present_at(rules: RuleSet, path: str) -> bool:
    """Whether the part at ``path`` is there (every part on the way to it too)."""
    value: Any = rules
    for name, selector in _steps(path):
        value = getattr(value, name)
        if selector is not None:
            _i, value = _entry(value, selector)
        if value is None:
            return False
    return True


def with_value(rules: RuleSet, field: RuleField, value: Any) -> RuleSet:
    """``rules`` with the field set to ``value`` (a ``present`` field takes a bool: switching a
    part on gives it its defaults, off removes it; setting a field of an absent part brings the
    part in with its defaults)."""
    out = _set(rules, _steps(field.path), value, field.kind == "present")
    assert isinstance(out, RuleSet)
    return out


def _set(obj: Any, steps: list[tuple[str, str | None]], value: Any, presence: bool) -> Any:
    (name, selector), rest = steps[0], steps[1:]
    _optional, hint = _hint(type(obj), name)
    current = getattr(obj, name)
    if selector is None:
        if not rest:
            if presence:
                new = (current if current is not None else record_default(hint)) \
                    if value else None
            else:
                new = value
        else:
            new = _set(current if current is not None else record_default(hint), rest, value,
                       presence)
        return replace(obj, **{name: new})
    item = _items_of(hint)
    i, entry = _entry(current, selector)
    keyed = not selector.isdigit()
    if entry is None:
        entry = record_default(item, **({"letter": selector} if keyed else {}))
    if not rest:                                      # the entry's own presence
        new_entry = entry if value else None
    else:
        new_entry = _set(entry, rest, value, presence)
        if keyed and new_entry == record_default(item, letter=selector):
            new_entry = None                          # a piece entry that says nothing
    items = list(current)
    if i is None:
        if new_entry is not None:
            items.append(new_entry)
    elif new_entry is None:
        del items[i]
    else:
        items[i] = new_entry
    return replace(obj, **{name: tuple(items)})


# -- values as text -------------------------------------------------------------------------
def text_of(kind: Kind, value: Any) -> str:
    """The text a typed value is shown as (``parse`` reads it back)."""
    if value is None:
        return ""
    if kind in ("letter", "text"):
        return str(value)
    if kind in ("letters", "texts"):
        return " ".join(value)
    if kind == "region":
        return str(value.text)
    if kind == "regions":
        return "; ".join(r.text for r in value)
    if kind in ("pairs", "counts"):
        return ", ".join(f"{a}:{b}" for a, b in value)
    return str(value)


def parse(kind: Kind, text: str, letters: Sequence[str] = (), board: tuple[int, int] = (0, 0),
          old: Any = None) -> Any:
    """The value of ``text`` for a field of this kind (FieldError saying why when it does not
    read). Piece letters must be the variant's (or ``*``, every type) when ``letters`` is
    given; regions must lie on the ``board`` (files, ranks) when it is given. A region keeps
    the name it had (``old``)."""
    text = text.strip()
    if text == "-" and kind in LISTS:
        return ()                                     # "-": the empty list, as in variants.ini
    if kind == "text":
        return text
    if kind == "texts":
        return tuple(text.split())
    if kind == "letter":
        if len(text.split()) > 1:
            raise FieldError("one piece letter, not a list")
        if text:
            _check_letters((text,), letters)
        return text
    if kind == "letters":
        got = tuple(x for x in re.split(r"[\s,]+", text) if x)
        _check_letters(got, letters)
        return got
    if kind == "region":
        region = Region(text, old.name if isinstance(old, Region) else "")
        _check_region(region, board)
        return region
    if kind == "regions":
        regions = tuple(Region(t.strip()) for t in text.split(";") if t.strip())
        for r in regions:
            _check_region(r, board)
        return regions
    if kind in ("pairs", "counts"):
        out: list[tuple[str, Any]] = []
        for term in (t for t in re.split(r"[\s,;]+", text) if t):
            a, colon, b = term.partition(":")
            if not colon or not a or not b:
                raise FieldError(f"{term!r} is not a pair: write it as A:B")
            if kind == "counts":
                if not (b.isascii() and b.isdigit()):
                    raise FieldError(f"{term!r}: the count after ':' must be a number")
                most = board[0] * board[1] if board != (0, 0) else MAX_NUMBER
                if len(b) > 9 or int(b) > most:
                    raise FieldError(f"{term!r}: a board of {most} squares holds no more "
                                     f"than {most} pieces" if board != (0, 0) else
                                     f"{term!r}: the count is at most {most}")
                _check_letters((a,), letters)
                out.append((a, int(b)))
            else:
                out.append((a, b))
        return tuple(out)
    raise FieldError(f"a {kind} value is not typed as text")


def parse_field(field: RuleField, text: str, letters: Sequence[str] = (),
                board: tuple[int, int] = (0, 0), old: Any = None) -> Any:
    """``parse`` for one field: the value of its kind, then what the field itself asks. The
    keys kept from a newer version (``extra``) are written back into our files as JSON under
    their own names, so each must hold a JSON value and must not be a rule of this version
    (which the writer would let win over it)."""
    value = parse(field.kind, text, letters, board, old)
    if field.path == "extra":
        known = {f.name for f in fields(RuleSet)}
        for key, kept in value:
            if key in known:
                raise FieldError(f"{key} is a rule of this version: set it in its own row")
            try:
                json.loads(kept)
            except ValueError:
                raise FieldError(f"{key}: {kept!r} is not a JSON value (a kept key holds "
                                 "a number, true, false or \"text\")") from None
    return value


def _check_letters(got: Sequence[str], letters: Sequence[str]) -> None:
    if not letters:
        return
    unknown = [x for x in got if x != ALL and x not in letters]
    if unknown:
        raise FieldError(f"no piece type {', '.join(unknown)} in this variant "
                         f"(it has {' '.join(letters) or 'none'}; * means every type)")


def _check_region(region: Region, board: tuple[int, int]) -> None:
    if board != (0, 0):
        why = region.check(*board)
        if why:
            raise FieldError(why)
