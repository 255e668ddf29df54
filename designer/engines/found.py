"""Engines found for the user: programs that play chess variants, looked for on ``PATH`` and
beside the application, so that a game against one is one click away.

The names looked for are those of well-known variant engines with the protocol each speaks,
and any more the user names (``name`` or ``name:protocol``, e.g. in the window's settings).
An engine already in the user's book (the same program) is not offered again.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .session import ProtocolName
from .settings import EngineBook, EngineSettings

#: well-known programs that play chess variants, and the protocol each is best spoken to in
KNOWN: tuple[tuple[str, ProtocolName], ...] = (
    ("fairy-stockfish", "uci"),
    ("fairy-stockfish-largeboard", "uci"),
    ("fairy-stockfish-largeboards", "uci"),
    ("fairymax", "xboard"),
    ("sjaakii", "xboard"),
    ("hachu", "xboard"),
    ("nebiyu", "xboard"),
)


@dataclass(frozen=True, slots=True)
class FoundEngine:
    """A program found at ``path`` that speaks ``protocol``; ``where`` says how it was found
    ("on PATH" or "beside the application")."""

    name: str
    path: str
    protocol: ProtocolName
    where: str

    def settings(self) -> EngineSettings:
        """The engine set up with its defaults (as Engines > Engine settings would)."""
        return EngineSettings(self.name, (self.path,), self.protocol)


def named(texts: Iterable[str]) -> list[tuple[str, ProtocolName]]:
    """Engine names the user gave (``name`` or ``name:protocol``; UCI unless it says xboard)."""
    out: list[tuple[str, ProtocolName]] = []
    for text in texts:
        name, _, proto = text.strip().partition(":")
        name = name.strip()
        if name:
            out.append((name, "xboard" if proto.strip().lower() in ("xboard", "cecp")
                        else "uci"))
    return out


def app_folders() -> list[str]:
    """The folders "beside the application": the program's own and the one above the
    package (a source checkout or an unpacked bundle)."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    folders = [os.path.dirname(os.path.abspath(sys.argv[0])) if sys.argv and sys.argv[0] else "",
               here, os.path.join(here, "engines")]
    return [f for f in dict.fromkeys(folders) if f and os.path.isdir(f)]


def find_engines(book: EngineBook = EngineBook(), extra: Sequence[str] = (),
                 path: str | None = None, beside: Sequence[str] | None = None
                 ) -> list[FoundEngine]:
    """The variant engines on ``path`` (default: ``PATH``) or in the ``beside`` folders
    (default: ``app_folders()``), each once, leaving out programs already in ``book``."""
    have = {os.path.realpath(shutil.which(e.command[0]) or e.command[0]) for e in book.engines}
    names = {e.name for e in book.engines}
    found: list[FoundEngine] = []
    seen: set[str] = set()
    search = os.environ.get("PATH", "") if path is None else path
    folders = app_folders() if beside is None else list(beside)
    for name, protocol in list(KNOWN) + named(extra):
        hits = [(shutil.which(name, path=search), "on PATH")]
        hits += [(shutil.which(name, path=f), "beside the application") for f in folders]
        for exe, where in hits:
            if exe is None:
                continue
            real = os.path.realpath(exe)
            if real in have or real in seen or name in names:
                break
            seen.add(real)
            found.append(FoundEngine(name, exe, protocol, where))
            break
    return found


__all__ = ["FoundEngine", "KNOWN", "find_engines", "named", "app_folders"]
