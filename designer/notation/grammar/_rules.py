"""The context rules: what a Betza string must also respect once the grammar has accepted it.

A context-free grammar cannot count, compare or remember: it cannot say that a range stops at
99 or that ``n`` and ``j`` exclude each other within one leg. These rules are that short list,
each a sentence and a check over the grammar's raw tree (``_tree``). ``RULES`` is what
``variant-designer grammar`` prints after the productions and what the help lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ...vocabulary import BETZA2, XBETZA, Dialect
from ..ast import Atom, Spec
from ..errors import Problem
from . import _to_ast
from ._tree import (
    ERUPTION,
    LAME,
    MODALITY,
    TURNING,
    VIRGIN,
    RawLeg,
    RawPath,
    RawSpec,
)

MAX_TEXT = 4000    # longer definitions are refused before reading: all work stays bounded
MAX_LEAP = 98      # (x,y) leaps: no board is wider than 99 squares
MAX_RANGE = 99     # seed 004 'XBoard limitations': ranges of at most two digits
MAX_NESTING = 21   # groups inside groups: bounded recursion

Check = Callable[[RawSpec, str], list[Problem]]


@dataclass(frozen=True, slots=True)
class ContextRule:
    """One rule the grammar cannot express: its sentence, where it comes from, its check."""

    name: str
    says: str
    source: str
    dialects: tuple[Dialect, ...]
    check: Check


def legs(spec: RawSpec, depth: int = 0) -> Iterator[tuple[RawLeg, RawPath, int]]:
    """Every leg with its path and its group nesting depth (0 = not inside a group)."""
    for path in spec.paths:
        for leg in path.legs:
            yield leg, path, depth
            if isinstance(leg.step.step, RawSpec):
                yield from legs(leg.step.step, depth + 1)


def _unique_steps(spec: RawSpec) -> Iterator[tuple[RawLeg, RawPath, int]]:
    """Legs whose step is checked once: XBetza legs of one move share a single step."""
    seen: set[int] = set()
    for leg, path, depth in legs(spec):
        if id(leg.step) not in seen:
            seen.add(id(leg.step))
            yield leg, path, depth


def _leap_length(spec: RawSpec, text: str) -> list[Problem]:
    out = []
    for leg, _, _ in _unique_steps(spec):
        atom = leg.step.step
        if isinstance(atom, Atom) and atom.is_coordinate and atom.dy > MAX_LEAP:
            out.append(Problem(f"the leap {atom.written} is longer than any board", *atom.span))
    return out


def _range_numbers(spec: RawSpec, text: str) -> list[Problem]:
    out = []
    for leg, _, _ in _unique_steps(spec):
        rng = leg.step.range
        if rng is None or not rng.digits:
            continue
        if len(rng.digits) > 1 and rng.digits[0] == "0" and int(rng.digits) == 0:
            out.append(Problem("00 is not a range: 0 alone means unlimited", *rng.span))
        elif int(rng.digits) > MAX_RANGE:
            out.append(Problem(f"range {int(rng.digits)} is longer than any board", *rng.span))
    return out


def _universal_no_range(spec: RawSpec, text: str) -> list[Problem]:
    return [Problem("the universal leaper U takes no range", *leg.step.range.span)
            for leg, _, _ in _unique_steps(spec)
            if isinstance(leg.step.step, Atom) and leg.step.step.letter == "U"
            and leg.step.range is not None]


def _betza2_castling(spec: RawSpec, text: str) -> list[Problem]:
    return [Problem("a number on O is XBetza castling; Betza 2.0 writes castling as a path",
                    *leg.step.span)
            for leg, _, _ in _unique_steps(spec)
            if isinstance(leg.step.step, Atom) and leg.step.step.letter == "O"
            and leg.step.range is not None]


def _letters(kind: str) -> Callable[[RawLeg], list[tuple[str, int]]]:
    return lambda leg: [(m.letter, m.at) for m in leg.prefix.modifiers if m.kind == kind]


def _one_of(kind: str, pair: set[str], message: str) -> Callable[[RawSpec, str], list[Problem]]:
    """A rule: the two letters of ``pair`` (both of the prefix letters of ``kind``) contradict
    each other in one leg; the problem marks the later of them."""
    def rule(spec: RawSpec, text: str) -> list[Problem]:
        out = []
        for leg, _, _ in legs(spec):
            found = _letters(kind)(leg)
            if pair <= {c for c, _ in found}:
                at = max(at for c, at in found if c != found[0][0])
                out.append(Problem(message, at, at + 1))
        return out
    return rule


_lame_one_kind = _one_of(LAME, {"n", "j"},
                         "n (non-jumping) and j (must jump) contradict each other")
_turning_one_kind = _one_of(TURNING, {"q", "z"},
                            "a rider is circular (q) or zig-zag (z), not both")


def _erupt_once(spec: RawSpec, text: str) -> list[Problem]:
    """x or xx once per leg: the x letters must stand together, at most two of them."""
    out = []
    for leg, _, _ in legs(spec):
        mods = leg.prefix.modifiers
        places = [i for i, m in enumerate(mods) if m.kind == ERUPTION]
        if len(places) > 2 or (len(places) == 2 and places[1] != places[0] + 1):
            out.append(Problem("a leg erupts (x) or explodes (xx) only once",
                               mods[places[-1]].at, mods[places[-1]].at + 1))
    return out


def _one_limiter(spec: RawSpec, text: str) -> list[Problem]:
    """A modality written again in the same leg may not bring a limiter of its own."""
    out = []
    for leg, _, _ in legs(spec):
        seen: set[str] = set()
        for m in leg.prefix.modifiers:
            if m.kind not in (MODALITY, VIRGIN):
                continue
            if m.letter in seen and m.limiter is not None:
                out.append(Problem(f"{m.letter} is written twice; give its limiter only once",
                                   *m.limiter.span))
            seen.add(m.letter)
    return out


def _plain_group(leg: RawLeg) -> bool:
    """Whether the group ``leg`` steps through reads as what it holds, so that it does not
    confine a drop: the reading's own test (``_to_ast.plain_group``: no range but a plain
    ``1``, no modifier but directions), with directions only where the reading hands them to
    the group's one path's first leg (``f(W)`` is ``fW``)."""
    read = _to_ast.read_leg(leg)
    inner = read.step
    if not _to_ast.plain_group(read) or not isinstance(inner, Spec):
        return False
    return not read.dirs or (len(inner.paths) == 1 and not inner.paths[0].legs[0].dirs)


def _drop_alone(spec: RawSpec, text: str) -> list[Problem]:
    """A drop is a move of its own: not a leg of a chain, not inside a repeated or modified
    group (plain parentheses mean nothing: (@) is @)."""
    out: list[Problem] = []

    def walk(inner: RawSpec, confined: bool) -> None:
        for path in inner.paths:
            chained = confined or len(path.legs) > 1
            for leg in path.legs:
                step = leg.step.step
                if isinstance(step, Atom) and step.letter == "@" and chained:
                    out.append(Problem("a drop cannot be a leg of a multi-leg move", *path.span))
                elif isinstance(step, RawSpec):
                    walk(step, chained or not _plain_group(leg))

    walk(spec, False)
    return out


def _nesting(spec: RawSpec, text: str) -> list[Problem]:
    deepest = max((depth for _, _, depth in legs(spec)), default=0)
    if deepest > MAX_NESTING:
        return [Problem("groups nested too deeply", 0, len(text))]
    return []


XB: tuple[Dialect, ...] = (XBETZA,)
B2: tuple[Dialect, ...] = (BETZA2,)
BOTH = XB + B2
RULES: tuple[ContextRule, ...] = (
    ContextRule("leap length", f"a coordinate leap goes at most {MAX_LEAP} squares either way",
                "no board is larger", BOTH, _leap_length),
    ContextRule("range length", f"a range is at most {MAX_RANGE}, and 00 is no range",
                "seed 004: ranges of at most two digits", BOTH, _range_numbers),
    ContextRule("universal leaper", "U takes no range", "seed 004 'Atoms': U reaches every "
                "square already", BOTH, _universal_no_range),
    ContextRule("lame letters", "n and j do not stand in the same leg",
                "seed 004 'Jumping': non-jumping and must-jump", BOTH, _lame_one_kind),
    ContextRule("turning letters", "q and z do not stand in the same leg",
                "seed 004 'Specials': circular or zig-zag", BOTH, _turning_one_kind),
    ContextRule("drops", "@ is a move of its own: never a leg of a chain or inside a repeated group",
                "seed 004 'Drops'", BOTH, _drop_alone),
    ContextRule("eruption", "x or xx at most once per leg", "seed 000 'Special modifiers'",
                B2, _erupt_once),
    ContextRule("limiters", "a modality written twice in one leg gives its limiter once",
                "seed 002: one limiter per modality", B2, _one_limiter),
    ContextRule("castling", "O takes no number (castling is a path in Betza 2.0)",
                "seed 004 'Castling' is XBetza; seed 004 Betza 2.0 writes irdiW03-buD-bW",
                B2, _betza2_castling),
    ContextRule("nesting", f"groups nest at most {MAX_NESTING} deep", "all work stays bounded",
                B2, _nesting),
)


def text_problems(text: str) -> list[Problem]:
    """Rules about the text as a whole, checked before the grammar reads it (bounded work)."""
    if len(text) > MAX_TEXT:
        return [Problem(f"the definition is longer than {MAX_TEXT} characters", MAX_TEXT,
                        len(text))]
    depth = deepest = 0
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_NESTING + 1:   # the innermost parentheses may be a coordinate leap
        return [Problem("groups nested too deeply", 0, len(text))]
    return []


def check(spec: RawSpec, text: str, dialect: Dialect) -> list[Problem]:
    """Every context rule's problems for a string the grammar of ``dialect`` accepted."""
    out: list[Problem] = []
    for rule in RULES:
        if dialect in rule.dialects:
            out.extend(rule.check(spec, text))
    return out
