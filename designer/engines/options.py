"""Engine options as typed values: what an engine announces (UCI ``option name … type …``,
XBoard ``feature option="NAME -type …"``), checked values for them, and the text each protocol
sends. Every announcement is read once, here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

#: The option types of both protocols (UCI: check spin combo button string; XBoard adds
#: slider file path save reset, which we treat as spin, string and button).
OptionType = Literal["check", "spin", "combo", "button", "string"]
OptionValue = bool | int | str

_UCI_KEYS = ("name", "type", "default", "min", "max", "var")


@dataclass(frozen=True, slots=True)
class EngineOption:
    """One option an engine announced: its type, default, range (spin) and choices (combo)."""

    name: str
    type: OptionType
    default: OptionValue | None = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()

    def check(self, value: object) -> OptionValue:
        """``value`` as this option takes it; ``ValueError`` saying why not (a word for a
        check, a number out of range, a choice the engine does not offer)."""
        if self.type == "check":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
                return value.lower() in ("true", "1")
            raise ValueError(f"option {self.name} is on or off (true or false), not {value!r}")
        if self.type == "spin":
            if isinstance(value, bool):
                raise ValueError(f"option {self.name} takes a number, not {value!r}")
            try:
                number = int(value) if isinstance(value, (int, str)) else int(str(value))
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number, not {value!r}") \
                    from None
            if (self.min is not None and number < self.min) or \
                    (self.max is not None and number > self.max):
                raise ValueError(f"option {self.name} takes {self.min} to {self.max}, not "
                                 f"{number}")
            return number
        if self.type == "combo":
            text = str(value)
            match = next((c for c in self.choices if c.lower() == text.lower()), None)
            if match is None:
                shown = ", ".join(self.choices[:12]) + (" …" if len(self.choices) > 12 else "")
                raise ValueError(f"option {self.name} has no choice {text!r} ({shown})")
            return match
        if self.type == "button":
            return True
        text = str(value)
        if "\n" in text or "\r" in text:
            raise ValueError(f"option {self.name}: a value is one line")
        return text


def uci_text(value: OptionValue) -> str:
    """A value as ``setoption … value X`` writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def xboard_text(value: OptionValue) -> str:
    """A value as XBoard's ``option NAME=X`` writes it (checks are 1 and 0)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        try:
            return int(float(text))
        except ValueError:
            return None


def parse_uci_option(rest: str) -> EngineOption | None:
    """The option of a UCI line ``option name N type T [default D] [min a] [max b] [var v]*``
    (``rest`` is the text after ``option``); None when it is no such line. Names and values
    may hold spaces: each runs up to the next keyword."""
    words = rest.split(" ")
    parts: list[tuple[str, list[str]]] = []
    for w in words:
        if w in _UCI_KEYS and not (parts and parts[-1][0] == "name" and w not in ("type",)):
            parts.append((w, []))
        elif parts:
            parts[-1][1].append(w)
    fields: dict[str, str] = {}
    choices: list[str] = []
    for key, vals in parts:
        text = " ".join(vals).strip()
        if key == "var":
            choices.append(text)
        elif key not in fields:
            fields[key] = text
    name, kind = fields.get("name", ""), fields.get("type", "").lower()
    if not name or kind not in ("check", "spin", "combo", "button", "string"):
        return None
    default: OptionValue | None = fields.get("default")
    if kind == "check" and isinstance(default, str):
        default = default.lower() == "true"
    elif kind == "spin" and isinstance(default, str):
        default = _number(default)
    elif kind == "string" and default == "<empty>":
        default = ""
    typed: OptionType = kind  # type: ignore[assignment]   # checked against the five above
    return EngineOption(name, typed, default, _number(fields.get("min", "")),
                        _number(fields.get("max", "")), tuple(choices))


_XB_OPTION = re.compile(r"(.*?)\s+-(check|spin|slider|combo|button|save|reset|string|file|path)"
                        r"(?:\s+(.*))?$")


def parse_xboard_option(text: str) -> EngineOption | None:
    """The option of an XBoard ``feature option="…"`` value: ``NAME -check 0``, ``NAME -spin
    D MIN MAX``, ``NAME -combo a /// *b``, ``NAME -string D``, ``NAME -button`` …"""
    m = _XB_OPTION.match(text.strip())
    if not m:
        return None
    name, kind, rest = m[1].strip(), m[2], (m[3] or "").strip()
    if kind == "check":
        return EngineOption(name, "check", rest.startswith("1"))
    if kind in ("spin", "slider"):
        nums = [_number(x) for x in rest.split()]
        if len(nums) < 3 or None in nums[:3]:
            return None
        return EngineOption(name, "spin", nums[0], nums[1], nums[2])
    if kind == "combo":
        items = [c.strip() for c in rest.split("///")]
        default = next((c[1:] for c in items if c.startswith("*")), items[0] if items else None)
        return EngineOption(name, "combo", default, choices=tuple(c.lstrip("*") for c in items))
    if kind in ("button", "save", "reset"):
        return EngineOption(name, "button")
    return EngineOption(name, "string", "" if rest == "<empty>" else rest)


__all__ = ["EngineOption", "OptionType", "OptionValue", "parse_uci_option",
           "parse_xboard_option", "uci_text", "xboard_text"]
