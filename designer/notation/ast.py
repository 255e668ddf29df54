"""The abstract syntax of a piece's move definition, shared by both dialects.

Every node is a frozen dataclass. Source spans (``span``) and "how it was written" details are
excluded from equality, so ``parse(format(p)) == p`` holds although canonical text differs from
what the user typed (``NN`` becomes ``N0``, ``mfW`` becomes ``fmW``).

Shape: a ``Piece`` is a ``Spec``: alternative ``Path``s (concatenated move groups). A ``Path`` is a
chain of ``Leg``s (XBetza ``a``, Betza 2.0 ``-``). A leg moves by a ``step``: an ``Atom`` or, in
Betza 2.0, a parenthesised ``Spec`` that the leg's ``Range`` can repeat (``(W-F)0``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Span = tuple[int, int]

from ..vocabulary import (BETZA2 as BETZA2, DIALECTS as DIALECTS,  # re-exported
                          XBETZA as XBETZA, Dialect as Dialect)


@dataclass(frozen=True, slots=True)
class Atom:
    """A basic step. ``letter`` is canonical ('W', 'K', 'R', ..., '' for a coordinate leap).

    ``dx <= dy`` are the step's absolute components ((1, 2) for N). K and Q are 8-fold with both
    (0,1) and (1,1) steps (``dx, dy`` = (0, 1) and ``king`` true). ``O`` is the null step / XBetza
    castling, ``U`` the universal leaper, ``@`` a drop.
    """

    letter: str
    dx: int
    dy: int
    written: str = field(default="", compare=False)
    span: Span = field(default=(0, 0), compare=False)

    @property
    def king(self) -> bool:
        return self.letter in ("K", "Q")

    @property
    def slider_letter(self) -> bool:
        """B, R and Q are sliders by their letter (unlimited range unless a range is written)."""
        return self.letter in ("B", "R", "Q")

    @property
    def is_coordinate(self) -> bool:
        return self.letter == ""

    def text(self) -> str:
        return self.letter if self.letter else f"({self.dx},{self.dy})"


@dataclass(frozen=True, slots=True)
class Limiter:
    """Betza 2.0 limiter ``{L,+Ky}`` / ``{!P}``: the piece types a modality applies to."""

    types: tuple[str, ...]
    negated: bool = False
    span: Span = field(default=(0, 0), compare=False)

    def text(self) -> str:
        return "{" + ("!" if self.negated else "") + ",".join(self.types) + "}"


@dataclass(frozen=True, slots=True)
class Modality:
    """One modality letter (m c d e t p g o y u, Betza 2.0 also x/xx specials) with its limiter.

    ``virgin`` is Betza 2.0's ``ci``/``di``: the leg may only capture/destroy virgin pieces.
    """

    letter: str
    limiter: Limiter | None = None
    virgin: bool = False
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True, slots=True)
class Range:
    """How often a step repeats: ``count`` None = not written (1 for leapers, unlimited for B R Q),
    0 = unlimited, n = up to n (``exact``: exactly n, written with a leading 0 as in ``W03``).

    Betza 2.0 exponent modifiers: ``turn`` (directions between repetitions, ``Nrf7``) and
    ``modes`` (modality of the intermediate stops, ``Rc0``). ``doubled``/``star`` record the legacy
    ``NN`` and Bex ``*`` spellings (not part of equality: they mean the same as ``0``).
    """

    count: int | None = None
    exact: bool = False
    turn: str = ""
    modes: tuple[Modality, ...] = ()
    doubled: bool = field(default=False, compare=False)
    star: bool = field(default=False, compare=False)
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True, slots=True)
class Leg:
    """One leg of a move: prefix modifiers, the step and its range.

    ``dirs`` keeps the direction letters in written order (order matters: ``lfN`` != ``flN``).
    ``modes`` are in canonical order. ``initial`` counts ``i`` prefixes, ``lame`` is '' / 'n' /
    'j' / 'jj' ..., ``turning`` is '' / 'q' (circular) / 'z' (zig-zag), ``erupt`` is '' / 'x'
    (eruption) / 'xx' (explosion), ``equal`` is Betza 2.0's ``e`` (same length as an earlier leg).
    """

    step: "Atom | Spec"
    range: Range = Range()
    dirs: str = ""
    modes: tuple[Modality, ...] = ()
    initial: int = 0
    lame: str = ""
    turning: str = ""
    erupt: str = ""
    equal: bool = False
    span: Span = field(default=(0, 0), compare=False)
    dirs_span: Span = field(default=(0, 0), compare=False)

    @property
    def mode_letters(self) -> str:
        return "".join(m.letter for m in self.modes)


@dataclass(frozen=True, slots=True)
class Path:
    """A move group: one leg, or a chain of legs that together make one move."""

    legs: tuple[Leg, ...]
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True, slots=True)
class Spec:
    """Alternatives: the union of the moves of each path (Betza concatenation)."""

    paths: tuple[Path, ...]
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True, slots=True)
class Piece:
    """A parsed move definition in one dialect."""

    dialect: Dialect
    spec: Spec
    text: str = field(default="", compare=False)

    @property
    def groups(self) -> tuple[Path, ...]:
        return self.spec.paths
