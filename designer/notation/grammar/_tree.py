"""What the reference grammars' parse actions build: a raw tree that still knows how it was written.

The pyparsing grammars (``_xbetza``, ``_betza2``) turn text into these records;
the context rules (``_rules``) inspect them, and ``_to_ast`` turns them into the
same ``Piece`` the fast reader builds. Every record keeps its column span so that a context rule
can say where the text breaks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ast import Atom, Limiter

Span = tuple[int, int]

# Kinds of modifier letter in a leg's prefix.
DIRECTION = "direction"   # f b l r v s h (Betza 2.0 also a)
MODALITY = "modality"     # m c d e t p g o y u
VIRGIN = "virgin"         # Betza 2.0 ci / di: capture or destroy virgin pieces only
INITIAL = "initial"       # i: first move only
LAME = "lame"             # n (non-jumping), j (must jump)
TURNING = "turning"       # q (circular), z (zig-zag)
ERUPTION = "eruption"     # Betza 2.0 x
EQUAL = "equal"           # Betza 2.0 e


@dataclass(frozen=True, slots=True)
class RawModifier:
    """One modifier letter at column ``at`` (with its limiter, for modalities)."""

    kind: str
    letter: str
    at: int
    limiter: Limiter | None = None


@dataclass(frozen=True, slots=True)
class RawPrefix:
    """The modifier letters written before one leg's step, in written order."""

    modifiers: tuple[RawModifier, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class RawRange:
    """A written range: digits or ``*``, with Betza 2.0 exponent letters, or a doubled atom."""

    digits: str = ""
    star: bool = False
    doubled: bool = False
    turn: str = ""
    modes: tuple[RawModifier, ...] = ()
    span: Span = (0, 0)


@dataclass(frozen=True, slots=True)
class RawStep:
    """An atom or a parenthesised group (Betza 2.0), with the range written after it."""

    step: "Atom | RawSpec"
    range: RawRange | None
    span: Span


@dataclass(frozen=True, slots=True)
class RawLeg:
    """One leg: its prefix and its step. XBetza legs of one move share a single step."""

    prefix: RawPrefix
    step: RawStep


@dataclass(frozen=True, slots=True)
class RawPath:
    """A move: one leg, or a chain of legs (XBetza ``a``, Betza 2.0 ``-``)."""

    legs: tuple[RawLeg, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class RawSpec:
    """Moves written one after the other (the piece's alternatives)."""

    paths: tuple[RawPath, ...]
    span: Span
