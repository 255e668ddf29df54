"""Every field of the rules model, found by walking its dataclasses, and a rule set with one
field set to another value: what the field-accounting tests change one at a time."""

from __future__ import annotations

import types
from dataclasses import MISSING, fields, is_dataclass, replace
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from designer.rules.letters import hints, is_letter
from designer.rules.model import ALL, RuleSet
from designer.rules.regions import Region, Sided

LETTERS = ("Q", "R", "B", "N", "P", "K")     # pieces of the FIDE sample


def _plain(hint: Any) -> tuple[bool, Any]:
    """(optional, the type without None)."""
    optional = False
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = len(args) < len(get_args(hint))
        hint = args[0] if len(args) == 1 else Union[tuple(args)]
    return optional, hint


def _record(hint: Any) -> type | None:
    """The part of the rules a field holds (itself, or the items of its list), if any."""
    _, hint = _plain(hint)
    if isinstance(hint, type) and is_dataclass(hint) and hint not in (Region, Sided):
        return hint
    if get_origin(hint) is tuple and get_args(hint)[1:] == (Ellipsis,):
        return _record(get_args(hint)[0])
    return None


def leaf_paths(cls: type = RuleSet, prefix: str = "") -> list[str]:
    """The dotted path of every field that is not itself a part of the rules, depth first."""
    out = []
    own = hints(cls)
    for f in fields(cls):
        path = prefix + f.name
        inner = _record(own[f.name])
        out += leaf_paths(inner, path + ".") if inner else [path]
    return out


def _seed(hint: Any) -> Any:
    """A plain value of a type for a field a new part needs (a letter, a region …)."""
    optional, hint = _plain(hint)
    if is_letter(hint):
        return "P"
    if get_origin(hint) is Annotated:
        return _seed(get_args(hint)[0])
    if hint is bool:
        return False
    if hint is int:
        return 0
    if hint is str:
        return ""
    if get_origin(hint) is Literal:
        return get_args(hint)[0]
    if hint is Region:
        return Region("*8")
    if get_origin(hint) is Sided:
        return Sided(_seed(get_args(hint)[0]), _seed(get_args(hint)[0]))
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if args[1:] == (Ellipsis,):
            return (_seed(args[0]),)
        return tuple(_seed(a) for a in args)
    if isinstance(hint, type) and is_dataclass(hint):
        return _new(hint)
    raise TypeError(hint)


def _new(cls: type) -> Any:
    """A part with its defaults, and plain values for the fields that have none."""
    own = hints(cls)
    return cls(**{f.name: _seed(own[f.name]) for f in fields(cls)
                  if f.default is MISSING and f.default_factory is MISSING})


def _other(hint: Any, value: Any) -> Any:
    """A value of type ``hint`` other than ``value``."""
    optional, plain = _plain(hint)
    if value is None:
        return _other(plain, _seed(plain))
    if is_letter(plain):
        return next(x for x in LETTERS if x != value)
    if get_origin(plain) is Annotated:
        return _other(get_args(plain)[0], value)
    if plain is bool:
        return not value
    if plain is int:
        return value + 1
    if plain is str:
        return "K" if value != "K" else "Q"
    if get_origin(plain) is Literal:
        return next(x for x in get_args(plain) if x != value)
    if plain is Region:
        return Region("e4") if value != Region("e4") else Region("d5")
    if get_origin(plain) is Sided:
        inner = get_args(plain)[0]
        return Sided(_other(inner, value.white), _other(inner, value.black))
    if get_origin(plain) is tuple:
        args = get_args(plain)
        if args[1:] == (Ellipsis,):
            if is_letter(args[0]):                     # letters (words beside them too)
                return value + (next(x for x in LETTERS if x not in value),)
            if _record(args[0]) is not None:
                return value + (_seed(args[0]),)
            return value + (_other(args[0], _seed(args[0])),)
        return tuple(_other(a, v) for a, v in zip(args, value))
    raise TypeError(hint)


def with_parts(value: Any, path: str) -> Any:
    """``value`` with every part on the way to the field ``path`` present: an absent part as
    its defaults, an empty list of parts with one entry."""
    name, _, rest = path.partition(".")
    own = hints(type(value))
    current = getattr(value, name)
    if not rest:
        return value
    inner = _record(own[name])
    assert inner is not None, path
    if isinstance(current, tuple):
        items = current or (_new(inner),)
        return replace(value, **{name: (with_parts(items[0], rest),) + items[1:]})
    return replace(value, **{name: with_parts(current if current is not None else _new(inner),
                                              rest)})


def _others(hint: Any, value: Any) -> list[Any]:
    """Values of type ``hint`` other than ``value``: every other choice of a ``Literal``, one
    other value of any other type."""
    _, plain = _plain(hint)
    if value is not None and get_origin(plain) is Literal:
        return [x for x in get_args(plain) if x != value]
    if isinstance(value, tuple) and ALL in value:     # "any piece", and one piece instead
        return [_other(hint, value), (LETTERS[0],)]
    return [_other(hint, value)]


def _at(value: Any, path: str, edit: Any) -> list[Any]:
    """``value`` with ``edit(part, name, hint)`` (a list of new parts) applied at ``path``."""
    name, _, rest = path.partition(".")
    current = getattr(value, name)
    if not rest:
        return edit(value, name, hints(type(value))[name])
    if isinstance(current, tuple):
        return [replace(value, **{name: (x,) + current[1:]})
                for x in _at(current[0], rest, edit)]
    return [replace(value, **{name: x}) for x in _at(current, rest, edit)]


def changed_all(value: Any, path: str) -> list[Any]:
    """``value`` (whose parts on the way are present: ``with_parts``) with the field ``path``
    set to each other value (``_others``; in a list of parts, in its first entry)."""
    return _at(value, path, lambda part, name, hint: [
        replace(part, **{name: x}) for x in _others(hint, getattr(part, name))])


def changed(value: Any, path: str) -> Any:
    """``value`` with the field ``path`` set to one other value (see ``changed_all``)."""
    return changed_all(value, path)[0]


def settings(value: Any, path: str) -> list[Any]:
    """``value`` with the part holding the field ``path`` as it is, then with its other
    fields filled where empty (a letter, a list of one, a region), then with every other
    field set to another value: the field's neighbours a rule may need before the field
    says anything (a count of doubled pawns needs the pawns); last, with every part of the
    rules present and every empty field filled (palace moves need the palace lines)."""
    def filled(part: Any, name: str, hint: Any, every: bool) -> list[Any]:
        own = hints(type(part))
        changes = {}
        for f in fields(part):
            if f.name == name or _record(own[f.name]) is not None:
                continue                    # the field itself; parts of their own
            old = getattr(part, f.name)
            if every:
                changes[f.name] = _other(own[f.name], old)
            elif old in (None, (), ""):
                changes[f.name] = _seed(own[f.name])
        return [replace(part, **changes)]
    everywhere = value
    for other in leaf_paths(type(value)):          # every part there, every empty field set
        if other != path:
            everywhere = _at(with_parts(everywhere, other), other, lambda part, name, hint: [
                replace(part, **{name: _seed(hint)}) if getattr(part, name) in (None, (), "")
                else part])[0]
    return [value] + _at(value, path, lambda p, n, h: filled(p, n, h, False)) + \
        _at(value, path, lambda p, n, h: filled(p, n, h, True)) + [everywhere]


def covers(declared: str, path: str) -> bool:
    """Whether a declared path (a field, or a part naming all of its fields) covers ``path``."""
    return path == declared or path.startswith(declared + ".")
