"""What the tests of the rules' fields and of the window's Rules panel share: for any field, a
value other than the one a rule set has (what a user would set instead)."""

from __future__ import annotations

from designer.rules.fields import RuleField, present_at, value_at
from designer.rules.model import RuleSet
from designer.rules.regions import Region, Sided


def _other(kind: str, value, letters: tuple[str, ...], choices: tuple[str, ...]):
    """A value of this kind that differs from ``value`` (what a user would set instead)."""
    if kind in ("bool", "present"):
        return not value
    if kind == "int":
        return 1 if value is None else value + 1
    if kind == "enum":
        return choices[(choices.index(value) + 1) % len(choices)]
    if kind == "letter":
        return letters[0] if value != letters[0] else letters[1]
    if kind == "letters":
        return (letters[0],) if value != (letters[0],) else (letters[1],)
    if kind == "region":
        return Region("a1" if value is None or value.text != "a1" else "b2")
    if kind == "regions":
        return (Region("a1"),) if value != (Region("a1"),) else (Region("b2"),)
    if kind == "pairs":
        return ((letters[0], letters[1]),) if value != ((letters[0], letters[1]),) else ()
    if kind == "counts":
        return ((letters[0], 1),) if value != ((letters[0], 1),) else ()
    if kind == "text":
        return "x" if value != "x" else "y"
    if kind == "texts":
        return ("x",) if value != ("x",) else ()
    raise AssertionError(f"no other value for kind {kind}")


def other_value(field: RuleField, rules: RuleSet, letters: tuple[str, ...]):
    """A value for ``field`` different from the one ``rules`` has."""
    if field.kind == "present":
        return not present_at(rules, field.path)
    current = value_at(rules, field.path)
    if field.sided:
        white = None if current is None else current.white
        black = None if current is None else current.black
        other = _other(field.kind, white, letters, field.choices)
        if current is None:       # a side not given is unrestricted: every square, no letter
            black = Region("*") if field.kind == "region" else ()
        return Sided(other, black)
    return _other(field.kind, current, letters, field.choices)
