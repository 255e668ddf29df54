"""The rules model as JSON values and back, for our own files' ``@designer`` data.

``to_json`` writes only what differs from the defaults (a variant with ordinary rules writes
almost nothing); ``from_json`` checks every value against the field's declared type and raises
``RuleDataError`` naming the path of the first wrong one (``ending.repetition.count``), never
anything else, whatever the JSON holds. Regions are their text (with their name, when they have
one, as ``{"text": ..., "name": ...}``); a ``Sided`` value whose sides are equal is written once,
otherwise as ``{"white": ..., "black": ...}``. Keys this version does not know are kept in
``RuleSet.extra`` and written back.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import MISSING, fields, is_dataclass
from functools import lru_cache
from typing import Any, Literal, Union, get_args, get_origin

from .model import RuleSet
from .regions import Region, Sided

__all__ = ["RuleDataError", "to_json", "from_json", "rules_to_json", "rules_from_json"]

_MAX_ITEMS = 10_000
_MAX_TEXT = 100_000


class RuleDataError(ValueError):
    """Rule data of the wrong shape: ``path`` is where (``promotions[0].zone``)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"rule data {path or '(top)'}: {message}")
        self.path = path
        self.message = message


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    from . import model
    return typing.get_type_hints(cls, vars(model))


def to_json(value: Any, hint: Any = None) -> Any:
    """A model value as plain JSON data (dataclasses as objects of their non-default fields)."""
    if isinstance(value, Region):
        return value.text if not value.name else {"text": value.text, "name": value.name}
    if isinstance(value, Sided):
        w, b = to_json(value.white), to_json(value.black)
        return w if w == b else {"white": w, "black": b}
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in fields(value):
            v = getattr(value, f.name)
            if f.name == "extra":
                for key, text in v:
                    out.setdefault(key, json.loads(text))
                continue
            default = f.default if f.default is not MISSING else (
                f.default_factory() if f.default_factory is not MISSING else MISSING)
            if default is MISSING or v != default:
                out[f.name] = to_json(v)
        return out
    if isinstance(value, tuple):
        return [to_json(x) for x in value]
    return value


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    out = to_json(rules)
    assert isinstance(out, dict)
    return out


def rules_from_json(data: Any) -> RuleSet:
    """A ``RuleSet`` from JSON data (``RuleDataError`` naming the path when it does not fit)."""
    value = from_json(data, RuleSet, "")
    assert isinstance(value, RuleSet)
    return value


def from_json(data: Any, hint: Any, path: str) -> Any:
    """``data`` read as a value of type ``hint``."""
    origin = get_origin(hint)
    if hint is Any:
        return data
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        rest = [o for o in options if o is not type(None)]
        if len(rest) == 1:
            return from_json(data, rest[0], path)
        raise RuleDataError(path, "unsupported field type")   # pragma: no cover - model shape
    if origin is Literal:
        if data not in get_args(hint):
            words = ", ".join(repr(a) for a in get_args(hint))
            raise RuleDataError(path, f"{_shown(data)} is not one of {words}")
        return data
    if hint is bool:
        if not isinstance(data, bool):
            raise RuleDataError(path, "expected true or false")
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool) or abs(data) > 10 ** 6:
            raise RuleDataError(path, "expected a whole number")
        return data
    if hint is str:
        if not isinstance(data, str) or len(data) > _MAX_TEXT:
            raise RuleDataError(path, "expected text")
        return data
    if hint is Region:
        return _region(data, path)
    if origin is Sided:
        (inner,) = get_args(hint)
        if isinstance(data, dict) and set(data) == {"white", "black"}:
            return Sided(from_json(data["white"], inner, path + ".white"),
                         from_json(data["black"], inner, path + ".black"))
        one = from_json(data, inner, path)
        return Sided(one, one)
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(data, list) or len(data) > _MAX_ITEMS:
            raise RuleDataError(path, "expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(x, args[0], f"{path}[{i}]") for i, x in enumerate(data))
        if len(data) != len(args):
            raise RuleDataError(path, f"expected a list of {len(args)}")
        return tuple(from_json(x, a, f"{path}[{i}]") for i, (x, a) in enumerate(zip(data, args)))
    if isinstance(hint, type) and is_dataclass(hint):
        return _dataclass(data, hint, path)
    raise RuleDataError(path, "unsupported field type")   # pragma: no cover - model shape


def _region(data: Any, path: str) -> Region:
    if isinstance(data, str) and len(data) <= _MAX_TEXT:
        return Region(data)
    if isinstance(data, dict) and set(data) <= {"text", "name"} and "text" in data:
        text, name = data["text"], data.get("name", "")
        if isinstance(text, str) and isinstance(name, str) and len(text) <= _MAX_TEXT and \
                len(name) <= _MAX_TEXT:
            return Region(text, name)
    raise RuleDataError(path, "expected a region (squares such as \"*1 *2\" or \"d1-f3\")")


def _dataclass(data: Any, cls: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise RuleDataError(path, "expected an object")
    hints = _hints(cls)
    known = {f.name for f in fields(cls)}
    kw: dict[str, Any] = {}
    extra: list[tuple[str, str]] = []
    for key, value in data.items():
        where = f"{path}.{key}" if path else str(key)
        if key == "extra" or key not in known:
            if "extra" in known:
                extra.append((str(key), json.dumps(value, ensure_ascii=False)))
            continue    # a field of a newer version: kept where the model has room for it
        kw[key] = from_json(value, hints[key], where)
    if extra:
        kw["extra"] = tuple(extra)
    try:
        return cls(**kw)
    except TypeError as e:
        raise RuleDataError(path, f"missing fields ({e})") from None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
