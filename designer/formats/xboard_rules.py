"""What an XBoard options file carries of a variant's rules of play, and a note for each rule it
does not.

XBoard reads the parent variant (``-variant``), the board, the holdings, the piece table, the
``-fen`` with its castling field and ``-men``, and plays the parent's own rules on them (as
``variant.derive`` models XBoard 4.9). Reading the options the writer gives back alone (no
``@designer`` data) therefore yields the rules XBoard will play; every field of the variant's
rules that differs from those is named, in the save notice and by ``check``: a variant without
checks or with compulsory capture is never saved as XBoard's ordinary game without a word. The
comparison walks the model's own fields, so a rule added to the model later is named too; lists
of piece letters compare as sets (their order is no rule).
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from typing import Any, get_args, get_origin

from ..errors import DesignerError
from ..rules.letters import hints, holds_letters
from ..rules.model import RuleSet
from ..rules.regions import Region, Sided
from ..rules.serial import to_json
from ..variant.derive import rules_for
from ..variant.model import ModelProblem, Variant
from ..vocabulary import WARNING
from .options import Option
from .xboard_ini import from_options, option_values

__all__ = ["rules_xboard_plays", "rule_notes", "unnamed", "differing"]


def rules_xboard_plays(v: Variant) -> tuple[str, RuleSet] | None:
    """The ``-variant`` written for ``v`` and the rules XBoard plays from its options alone
    (None when the options would not read back: the writer refuses such a variant itself)."""
    try:
        values = option_values(v)
        read = from_options([Option(name, value, 0, "") for name, value in values])
        return dict(values)["variant"], rules_for(read)
    except DesignerError:
        return None


def rule_notes(v: Variant) -> list[ModelProblem]:
    """One warning per field of ``v``'s rules that XBoard's options do not carry."""
    played = rules_xboard_plays(v)
    if played is None:
        return []
    parent, theirs = played
    try:
        ours = rules_for(v)
    except DesignerError:          # a setup that does not read: validation says so
        return []
    out = []
    for path, mine, xboard in differing(ours, theirs):
        out.append(ModelProblem("", f"rule_set.{path}", f"XBoard's options cannot say this "
                                f"rule: under -variant {parent} XBoard plays {_shown(xboard)} "
                                f"here, not {_shown(mine)}", severity=WARNING))
    return out


def differing(a: Any, b: Any, hint: Any = RuleSet,
              path: str = "") -> list[tuple[str, Any, Any]]:
    """The paths (``royalty.checks``, ``promotions[0].choices``) where two values of the
    rules model differ, with both values: parts field by field, lists of parts entry by entry
    when they are as long, the rest as a whole."""
    if _same(a, b, hint):
        return []
    if a is not None and b is not None and type(a) is type(b) and is_dataclass(a) \
            and not isinstance(a, (Region, Sided)):
        cls: type = type(a)
        own = hints(cls)
        out = []
        for f in fields(a):
            out += differing(getattr(a, f.name), getattr(b, f.name), own[f.name],
                             f"{path}.{f.name}" if path else f.name)
        return out
    item = _items(hint)
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) and \
            item is not None and _is_record(item):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += differing(x, y, item, f"{path}[{i}]")
        return out
    return [(path, a, b)]


def _same(a: Any, b: Any, hint: Any) -> bool:
    if a == b:
        return True
    if a is None or b is None:
        return False
    hint = _plain(hint, a)
    if isinstance(a, Sided) and isinstance(b, Sided):
        inner = get_args(hint)[0] if get_origin(hint) is Sided else Any
        return _same(a.white, b.white, inner) and _same(a.black, b.black, inner)
    item = _items(hint)
    if isinstance(a, tuple) and isinstance(b, tuple) and item is not None and \
            not _is_record(item) and holds_letters(item):
        return set(a) == set(b)
    return False


def _plain(hint: Any, value: Any) -> Any:
    """An optional type without its None."""
    args = [x for x in get_args(hint) if x is not type(None)]
    if len(args) < len(get_args(hint)) and len(args) == 1:
        return args[0]
    return hint


def _items(hint: Any) -> Any:
    """The item type of ``tuple[X, ...]`` (through ``Optional``), else None."""
    hint = _plain(hint, None)
    args = get_args(hint)
    if get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


def _is_record(hint: Any) -> bool:
    return isinstance(hint, type) and is_dataclass(hint) and hint not in (Region, Sided)


def _shown(value: Any) -> str:
    text = "none" if value is None else json.dumps(to_json(value), ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def unnamed(notes: list[ModelProblem], named: list[ModelProblem]) -> list[ModelProblem]:
    """The ``notes`` on fields that none of ``named`` (the rules named in the user's words,
    ``xboard_ini.rules_not_carried``) covers: one note per rule left out, the words where there
    are words, the field's values where a rule has none yet."""
    paths = [n.field for n in named]

    def covered(field: str) -> bool:
        return any(field == p or field.startswith(p + ".") or p.startswith(field + ".")
                   for p in paths)
    return [n for n in notes if not covered(n.field)]
