"""Piece letters in the rules model, found by their type: a field holding letters of the
variant's piece types is annotated ``PieceLetter`` (``tuple[PieceLetter, ...]``,
``Sided[PieceLetter]``, pairs ``tuple[PieceLetter, int]`` …), so that validation, renaming a
piece type and the Rules panel's editors find every such field, one added later included,
without a list of field names.

``letters_of(value)`` yields each letter a rule set (or any part of it) holds with its path,
``map_letters(value, fn)`` rebuilds it with each letter renamed or dropped (``fn`` gives the
new letter, or None to drop it: from a list, the entry; a pair, the pair; a single letter
becomes ``""``). A word a field's type also allows (``Words("+blast")`` among the petrified
types) is not a letter.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import lru_cache
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

from .regions import Region, Sided


class _LetterMark:
    """The marker ``PieceLetter`` carries (one instance, compared by identity)."""

    def __repr__(self) -> str:
        return "PIECE_LETTER"


PIECE_LETTER = _LetterMark()
#: A piece type's letter (``P``, ``+P``, ``N'``), or ``*`` (every type) where the rule allows.
PieceLetter = Annotated[str, PIECE_LETTER]


@dataclass(frozen=True)
class Words:
    """Beside ``PIECE_LETTER`` in a field's type: words the field also holds that are no
    piece's letter (``Annotated[str, PIECE_LETTER, Words("+blast")]``)."""

    words: tuple[str, ...]

    def __init__(self, *words: str) -> None:
        object.__setattr__(self, "words", words)


def _is_word(hint: Any, value: object) -> bool:
    return any(isinstance(m, Words) and value in m.words for m in hint.__metadata__)


@lru_cache(maxsize=None)
def hints(cls: type) -> dict[str, Any]:
    """The type hints of a dataclass of the model, ``PieceLetter`` markers kept."""
    return get_type_hints(cls, include_extras=True)


def is_letter(hint: Any) -> bool:
    """Whether ``hint`` is ``PieceLetter``."""
    return get_origin(hint) is Annotated and PIECE_LETTER in hint.__metadata__


def holds_letters(hint: Any) -> bool:
    """Whether a value of type ``hint`` holds piece letters other than inside a part of the
    rules of its own (``tuple[PieceLetter, ...]`` does, ``tuple[PieceRules, ...]`` does not)."""
    if is_letter(hint):
        return True
    if get_origin(hint) is Annotated:
        return holds_letters(get_args(hint)[0])
    if isinstance(hint, type) and is_dataclass(hint) and hint is not Sided:
        return False
    return any(holds_letters(a) for a in get_args(hint) if a is not Ellipsis)


def _member(hint: Any, value: Any) -> Any:
    """The member of an optional ``hint`` that ``value`` is (None for None)."""
    return next((a for a in get_args(hint) if a is not type(None)), None)


def letters_of(value: Any, hint: Any = None, path: str = "") -> Iterator[tuple[str, str]]:
    """Each piece letter in ``value`` (of type ``hint``: by default its own dataclass) with
    the path of the field holding it (``.white``/``.black`` for a side, ``[i]`` for an entry
    of a list of parts; entries of a list of letters share the list's path)."""
    if hint is None:
        hint = type(value)
    if value is None:
        return
    if is_letter(hint):
        if isinstance(value, str) and value and not _is_word(hint, value):
            yield path, value
        return
    origin = get_origin(hint)
    if origin is Annotated:
        yield from letters_of(value, get_args(hint)[0], path)
    elif origin in (Union, types.UnionType):
        member = _member(hint, value)
        if member is not None:
            yield from letters_of(value, member, path)
    elif origin is Sided or hint is Sided:
        inner = get_args(hint)[0] if origin is Sided else Any
        yield from letters_of(value.white, inner, path + ".white")
        yield from letters_of(value.black, inner, path + ".black")
    elif origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            record = isinstance(args[0], type) and is_dataclass(args[0])
            for i, x in enumerate(value):
                yield from letters_of(x, args[0], f"{path}[{i}]" if record else path)
        else:
            for x, a in zip(value, args):
                yield from letters_of(x, a, path)
    elif isinstance(hint, type) and is_dataclass(hint) and hint is not Region:
        own = hints(hint)
        for f in fields(hint):
            yield from letters_of(getattr(value, f.name), own[f.name],
                                  f"{path}.{f.name}" if path else f.name)


def map_letters(value: Any, fn: Callable[[str], str | None], hint: Any = None) -> Any:
    """``value`` with each piece letter ``x`` replaced by ``fn(x)`` (None: dropped; see the
    module's docstring). Parts that hold nothing but what was dropped stay, emptied: the
    caller decides what a part without its letter means."""
    if hint is None:
        hint = type(value)
    if value is None:
        return None
    if is_letter(hint):
        if not isinstance(value, str) or not value or _is_word(hint, value):
            return value
        return fn(value)
    origin = get_origin(hint)
    if origin is Annotated:
        return map_letters(value, fn, get_args(hint)[0])
    if origin in (Union, types.UnionType):
        member = _member(hint, value)
        return value if member is None else map_letters(value, fn, member)
    if origin is Sided:
        inner = get_args(hint)[0]
        white, black = map_letters(value.white, fn, inner), map_letters(value.black, fn, inner)
        return Sided("" if white is None else white, "" if black is None else black)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            items = [map_letters(x, fn, args[0]) for x in value]
            return tuple(x for x in items if x is not None)
        items = [map_letters(x, fn, a) for x, a in zip(value, args)]
        return None if any(x is None for x in items) else tuple(items)
    if isinstance(hint, type) and is_dataclass(hint) and hint is not Region:
        own = hints(hint)
        changes = {}
        for f in fields(hint):
            old = getattr(value, f.name)
            new = map_letters(old, fn, own[f.name])
            if new is None and old is not None:
                new = ""                          # a single letter dropped
            if new != old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value


__all__ = ["PIECE_LETTER", "PieceLetter", "Words", "hints", "is_letter", "holds_letters", "letters_of",
           "map_letters"]
