"""An engine's settings as data: its command, protocol, time per move, depth and options, and
the list of engines the user has set up. Plain typed values with a JSON form; the window keeps
the JSON in ``QSettings`` (``designer.gui``), the command line takes a command directly.
"""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import dataclass, field
from typing import Any

from ..notation.errors import DesignerError
from .options import OptionValue
from .session import PROTOCOLS, ProtocolName
from .values import Limit

SETTINGS_VERSION = 1
DEFAULT_MOVETIME_MS = 1000
#: the most time per move and depth an engine is given (an hour; plies), what the window's
#: boxes offer: a stored or typed value beyond them is refused, never handed to a widget or a
#: timer that cannot hold it
MAX_MOVETIME_MS = 3_600_000
MAX_DEPTH = 99


class SettingsError(DesignerError):
    """Stored engine settings that cannot be read; ``where`` names the field."""

    def __init__(self, message: str, where: str = ""):
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True, slots=True)
class EngineSettings:
    """One engine as the user set it up. ``command`` is the program and its arguments;
    ``movetime_ms`` and ``depth`` bound each move (at least one is given); ``options`` are
    set by name after the handshake (checked against what the engine announces)."""

    name: str
    command: tuple[str, ...]
    protocol: ProtocolName = "uci"
    movetime_ms: int | None = DEFAULT_MOVETIME_MS
    depth: int | None = None
    options: tuple[tuple[str, OptionValue], ...] = ()
    working_dir: str = ""

    def __post_init__(self) -> None:
        if not self.command or not self.command[0]:
            raise SettingsError("an engine needs a program to run", "command")
        if self.protocol not in PROTOCOLS:
            raise SettingsError(f"{self.protocol!r} is no protocol (uci or xboard)", "protocol")
        for name, most in (("movetime_ms", MAX_MOVETIME_MS), ("depth", MAX_DEPTH)):
            value = getattr(self, name)
            if value is not None and value > most:
                raise SettingsError(f"{value} is more than {most:,}"
                                    f"{' ms (an hour)' if name == 'movetime_ms' else ''}", name)
        try:
            self.limit()
        except ValueError as e:
            raise SettingsError(str(e), "movetime_ms" if self.movetime_ms is not None
                                else "depth") from None

    def limit(self) -> Limit:
        """The search limit of each move."""
        return Limit(movetime_ms=self.movetime_ms, depth=self.depth)

    @property
    def command_line(self) -> str:
        """The command as one line a shell would read."""
        return shlex.join(self.command)

    def option_values(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "command": list(self.command), "protocol": self.protocol,
                "movetime_ms": self.movetime_ms, "depth": self.depth,
                "options": {k: v for k, v in self.options}, "working_dir": self.working_dir}

    @classmethod
    def from_json(cls, data: object, where: str = "engine") -> "EngineSettings":
        """Settings from their JSON form; ``SettingsError`` naming the bad field."""
        if not isinstance(data, dict):
            raise SettingsError("not an object", where)
        command = data.get("command")
        if isinstance(command, str):
            command = _split(command, f"{where}.command")
        if not isinstance(command, list) or not all(isinstance(c, str) for c in command):
            raise SettingsError("not a list of words", f"{where}.command")
        options = data.get("options", {})
        if not isinstance(options, dict) or not all(
                isinstance(v, (bool, int, str)) for v in options.values()):
            raise SettingsError("not an object of names to values", f"{where}.options")
        numbers: dict[str, int | None] = {}
        for key, default in (("movetime_ms", None), ("depth", None)):
            value = data.get(key, default)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise SettingsError("not a whole number", f"{where}.{key}")
            numbers[key] = value
        for key in ("name", "protocol", "working_dir"):
            if not isinstance(data.get(key, ""), str):
                raise SettingsError("not text", f"{where}.{key}")
        protocol = data.get("protocol", "uci")
        if protocol not in PROTOCOLS:
            raise SettingsError(f"{protocol!r} is no protocol (uci or xboard)",
                                f"{where}.protocol")
        try:
            return cls(str(data.get("name") or (command[0] if command else "")),
                       tuple(command), protocol, numbers["movetime_ms"], numbers["depth"],
                       tuple(sorted(options.items())), str(data.get("working_dir", "")))
        except SettingsError as e:
            raise SettingsError(e.message, f"{where}.{e.where}" if e.where else where) from None


def _split(text: str, where: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as e:
        raise SettingsError(f"cannot be read as a command line ({e})", where) from None


def settings_from_command(text: str, protocol: ProtocolName = "uci",
                          movetime_ms: int | None = DEFAULT_MOVETIME_MS,
                          depth: int | None = None) -> EngineSettings:
    """Settings for a command line as the user typed it (``../engines/fairy-stockfish``)."""
    words = _split(text, "command")
    if not words:
        raise SettingsError("an engine needs a program to run", "command")
    return EngineSettings(os.path.basename(words[0]) or words[0], tuple(words), protocol, movetime_ms,
                          depth)


@dataclass(frozen=True, slots=True)
class EngineBook:
    """The engines the user set up, and which one plays by default (by name)."""

    engines: tuple[EngineSettings, ...] = ()
    selected: str = ""

    def find(self, name: str) -> EngineSettings | None:
        return next((e for e in self.engines if e.name == name), None)

    @property
    def current(self) -> EngineSettings | None:
        return self.find(self.selected) or (self.engines[0] if self.engines else None)

    def with_engine(self, settings: EngineSettings) -> "EngineBook":
        """This book with ``settings`` added, or replacing the engine of the same name."""
        kept = tuple(e for e in self.engines if e.name != settings.name)
        return EngineBook(kept + (settings,), self.selected or settings.name)

    def without(self, name: str) -> "EngineBook":
        kept = tuple(e for e in self.engines if e.name != name)
        return EngineBook(kept, self.selected if self.selected != name else "")

    def to_json_text(self) -> str:
        return json.dumps({"version": SETTINGS_VERSION, "selected": self.selected,
                           "engines": [e.to_json() for e in self.engines]}, indent=1)

    @classmethod
    def from_json_text(cls, text: str) -> "EngineBook":
        """The book from its JSON text; ``SettingsError`` saying where it is wrong."""
        try:
            data = json.loads(text)
        except ValueError as e:
            raise SettingsError(f"not JSON ({e})", "engines") from None
        except RecursionError:       # the JSON reader recurses once per level
            raise SettingsError("nested too deeply to be engine settings", "engines") from None
        if not isinstance(data, dict):
            raise SettingsError("not an object", "engines")
        version = data.get("version")
        if version != SETTINGS_VERSION:
            raise SettingsError(f"version {version!r}, this program reads version "
                                f"{SETTINGS_VERSION}", "engines.version")
        items = data.get("engines", [])
        if not isinstance(items, list):
            raise SettingsError("not a list", "engines.engines")
        engines = tuple(EngineSettings.from_json(e, f"engines[{i}]") for i, e in enumerate(items))
        names = [e.name for e in engines]
        if len(set(names)) != len(names):
            raise SettingsError("two engines have the same name", "engines.engines")
        selected = data.get("selected", "")
        return cls(engines, selected if isinstance(selected, str) else "")


__all__ = ["EngineSettings", "EngineBook", "SettingsError", "settings_from_command",
           "SETTINGS_VERSION", "DEFAULT_MOVETIME_MS"]

