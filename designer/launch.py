"""What the window is asked to open: the typed start the command line hands the window.

``variant-designer [FILE] …`` becomes a ``WindowStart`` and ``variant-designer play FILE …`` a
``PlayStart``; the window (``designer.gui.app.run_gui``, ``designer.gui.play.launch.run_play``)
takes these values, never the command line's parsed arguments. Screenshot scripts and tests
build them the same way (``WindowStart.from_words``), so every word is checked in one place,
before any window exists: a word that names no side, dialect or probe colour is a
``ValueError`` that names the option. (Qt-free: the command line imports it before Qt.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .vocabulary import SIDES, Dialect, Side, XBETZA, parse_dialect, parse_side

if TYPE_CHECKING:   # annotations only: the engines load with a game, not with the window
    from .engines.players import PlayerSpec

#: the window's size for a screenshot when none is asked for
DEFAULT_SIZE = (1400, 900)
#: the probe colours a scene names: relative to the side to move, neutral, or a side
PROBE_ROLES = ("friend", "foe", "neutral") + SIDES


def parse_size(text: str, option: str = "--size") -> tuple[int, int]:
    """``WxH`` (``1400x900``) as two whole numbers; ``ValueError`` naming ``option``."""
    width, x, height = text.strip().lower().partition("x")
    if not x or not width.isascii() or not width.isdigit() or not height.isascii() \
            or not height.isdigit():
        raise ValueError(f"{option} wants WIDTHxHEIGHT, e.g. 1400x900, not {text!r}")
    return int(width), int(height)


def window_size(text: str | None) -> tuple[int, int]:
    """The screenshot's size: ``text`` (``WxH``, at least 200x150) or ``DEFAULT_SIZE``."""
    if not text:
        return DEFAULT_SIZE
    width, height = parse_size(text)
    return max(200, width), max(150, height)


@dataclass(frozen=True)
class ProbeWord:
    """One ``ROLE:SQUARE[=LETTER]`` of ``--probes``: the square is read on the window's board
    (its size is known there), a friend or foe against the side to move of the scene."""

    role: str        # one of PROBE_ROLES
    square: str
    letter: str = ""

    @classmethod
    def parse(cls, text: str) -> "ProbeWord":
        role, _, rest = text.partition(":")
        square, _, letter = rest.partition("=")
        if role not in PROBE_ROLES:
            raise ValueError(f"--probes (friend, foe, neutral or a side): {role!r} is not a "
                             f"probe colour")
        return cls(role, square, letter)


@dataclass(frozen=True)
class Compared:
    """``--compare A B [DIALECT_A DIALECT_B]``: two definitions in the compare panel."""

    first: str
    second: str
    first_dialect: Dialect = XBETZA
    second_dialect: Dialect = XBETZA


@dataclass(frozen=True)
class Scene:
    """A board set up for a screenshot or a demonstration (the scene options)."""

    board: tuple[int, int] | None = None     # files, ranks
    origin: str | None = None                # where the selected piece stands
    probes: tuple[ProbeWord, ...] | None = None   # None: the default probes
    side: Side | None = None                 # side to move
    target: str | None = None                # the square the leg debugger traces
    path: int | None = None                  # which path to the target
    step: int | None = None                  # legs shown
    compare: Compared | None = None
    safe: bool = False                       # colour-blind-safe palette


@dataclass(frozen=True)
class WindowStart:
    """What the window opens: a file (or one piece, ``betza``, in ``dialect``), the piece
    selected, the Fairy-Stockfish section, the staged scene, and a screenshot to write
    instead of staying open (``screenshot`` at ``size``)."""

    file: str | None = None
    betza: str | None = None
    dialect: Dialect | None = None
    select: str | None = None
    section: str | None = None
    screenshot: str | None = None
    size: tuple[int, int] = DEFAULT_SIZE
    scene: Scene = field(default_factory=Scene)

    @classmethod
    def from_words(cls, file: str | None = None, betza: str | None = None,
                   dialect: str | None = None, select: str | None = None,
                   section: str | None = None, screenshot: str | None = None,
                   size: str | None = None, board: str | None = None,
                   origin: str | None = None, probes: Sequence[str] | None = None,
                   side: str | None = None, target: str | None = None,
                   path: int | None = None, step: int | None = None,
                   compare: Sequence[str] | None = None, safe: bool = False) -> "WindowStart":
        """The start the command line's words ask for (``ValueError`` naming the option of
        a word that is not one)."""
        compared = None
        if compare:
            if len(compare) < 2:
                raise ValueError("--compare wants two definitions: A B [DIALECT_A DIALECT_B]")
            words = [_dialect(d, "--compare") for d in compare[2:4]]
            da, db = (words + [XBETZA, XBETZA])[:2]
            compared = Compared(compare[0], compare[1], da, db)
        scene = Scene(board=parse_size(board, "--board") if board else None, origin=origin,
                      probes=None if probes is None else
                      tuple(ProbeWord.parse(p) for p in probes),
                      side=_side(side, "--side") if side else None, target=target, path=path,
                      step=step, compare=compared, safe=safe)
        return cls(file=file, betza=betza, dialect=_dialect(dialect, "--dialect") if dialect
                   else None, select=select, section=section, screenshot=screenshot,
                   size=window_size(size), scene=scene)


@dataclass(frozen=True)
class PlayStart:
    """What ``variant-designer play`` opens: the file, in Play mode, with its two players
    seated (each ``human``, ``builtin`` or an engine) and the game started from ``fen`` (or
    the setup, or a game file's last position)."""

    file: str
    white: PlayerSpec
    black: PlayerSpec
    fen: str | None = None
    movetime_ms: int | None = None     # None: the window's default
    depth: int | None = None
    section: str | None = None
    screenshot: str | None = None
    size: tuple[int, int] = DEFAULT_SIZE


def _dialect(value: str, option: str) -> Dialect:
    try:
        return parse_dialect(value)
    except ValueError as e:
        raise ValueError(f"{option}: {e}") from None


def _side(value: str, option: str) -> Side:
    try:
        return parse_side(value)
    except ValueError as e:
        raise ValueError(f"{option}: {e}") from None


__all__ = ["WindowStart", "PlayStart", "Scene", "Compared", "ProbeWord", "DEFAULT_SIZE",
           "PROBE_ROLES", "parse_size", "window_size"]
