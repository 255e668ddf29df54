"""Starting an engine and giving it our variant: ``open_engine`` runs the program and does the
handshake; ``detect_protocol`` finds which protocol a program speaks; ``give_variant`` decides
whether it can play the variant (``verdict.can_play``) and selects it, by name or by loading
our section."""

from __future__ import annotations

import errno
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..variant.model import Variant
from .errors import EngineError
from .capability import CHESS_NAMES
from .sections import SectionFile, builtin_letters, write_section
from .session import Engine, ProtocolName
from .settings import EngineSettings
from .transport import ProcessTransport, Transport
from .uci import UciEngine
from .values import Timeouts
from .verdict import Verdict, can_play
from .xboard import XBoardEngine


def open_engine(command: Sequence[str], protocol: ProtocolName = "uci", *,
                timeouts: Timeouts = Timeouts(), cwd: str | None = None,
                transport: Transport | None = None) -> Engine:
    """A started engine session that has done its handshake; ``EngineError`` otherwise (the
    process is gone then). ``transport`` replaces the subprocess (the window's ``QProcess``)."""
    t = transport if transport is not None else ProcessTransport(command, cwd)
    try:
        t.start()
    except OSError as e:
        why = "no such program" if e.errno == errno.ENOENT else \
            "not allowed to run it" if e.errno == errno.EACCES else (e.strerror or str(e))
        raise EngineError(f"cannot be started: {why}", "not-started", t.label) from None
    engine: Engine = UciEngine(t, timeouts) if protocol == "uci" else XBoardEngine(t, timeouts)
    try:
        engine._start()
    except EngineError:
        raise
    except BaseException:
        engine._kill()
        raise
    return engine


def open_settings(settings: EngineSettings, *, timeouts: Timeouts = Timeouts(),
                  transport: Transport | None = None) -> Engine:
    """``open_engine`` for stored settings, with their options set."""
    engine = open_engine(settings.command, settings.protocol, timeouts=timeouts,
                         cwd=settings.working_dir or None, transport=transport)
    try:
        engine.configure(settings.option_values())
    except EngineError:
        engine.close()
        raise
    return engine


def detect_protocol(command: Sequence[str], timeouts: Timeouts = Timeouts(),
                    cwd: str | None = None) -> ProtocolName:
    """The protocol the program speaks: UCI when it answers ``uci``, else XBoard when it
    answers ``protover 2``; ``EngineError`` saying both failures otherwise."""
    errors = []
    for protocol in ("uci", "xboard"):
        try:
            with open_engine(command, protocol, timeouts=timeouts, cwd=cwd):
                return protocol
        except EngineError as e:
            if e.kind == "not-started":
                raise
            errors.append(f"{protocol}: {e.message}")
    raise EngineError("speaks neither UCI nor the XBoard protocol (" + "; ".join(errors) + ")",
                      "unsupported", " ".join(command))


@dataclass(frozen=True)
class EngineVariant:
    """How an engine plays our variant: the verdict, the name it was given, the section file
    (for a section) and our letter -> the engine's letter (lower case) for reading its move
    text (``sections.builtin_letters`` for a game played by name)."""

    verdict: Verdict
    name: str
    section: SectionFile | None = None
    letters: Mapping[str, str] = field(default_factory=dict)


def give_variant(engine: Engine, v: Variant, folder: str) -> EngineVariant:
    """Select ``v`` in the engine for a new game, writing its section into ``folder`` when it
    goes by section; ``EngineError`` (``unsupported``) with the reasons when it cannot play
    it — before any game starts."""
    verdict = can_play(engine.capabilities, v)
    if not verdict.playable:
        raise EngineError(f"cannot play {v.name}: " + "; ".join(verdict.reasons),
                          "unsupported", engine.name)
    try:
        section = write_section(v, folder) if verdict.route == "section" else None
    except OSError as e:
        raise EngineError(f"cannot write the section of {v.name} into {folder}: "
                          f"{e.strerror or e}", "aborted", engine.name) from None
    name = section.name if section is not None else verdict.engine_variant
    engine.select_variant(name, v.files, v.ranks, section)
    engine.new_game()
    letters = section.letters if section is not None else \
        builtin_letters(v, "chess" if name.lower() in CHESS_NAMES else name)
    return EngineVariant(verdict, name, section, letters)


__all__ = ["open_engine", "open_settings", "detect_protocol", "EngineVariant", "give_variant"]
