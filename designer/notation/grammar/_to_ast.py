"""From the reference grammars' raw tree to the shared AST (``designer.notation.ast``).

This is the second, independent reading of a leg's letters (the fast reader classifies them in
``parser._Reader.build_leg``): the differential tests compare the two ASTs. The meanings are the
seeds': modality letters are a set (a repeat changes nothing), ``i`` directly after ``c``/``d``
in Betza 2.0 means virgin-only (seed 000), a written range of 1 on a leaper is no range, and
parentheses without a range or modifiers mean nothing ("(W) is exactly the same as W", seed 000).
"""

from __future__ import annotations

from ...vocabulary import MODALITY_ORDER, Dialect
from ..ast import Atom, Leg, Modality, Path, Piece, Range, Spec
from ._tree import (
    DIRECTION,
    EQUAL,
    ERUPTION,
    INITIAL,
    LAME,
    MODALITY,
    TURNING,
    VIRGIN,
    RawLeg,
    RawModifier,
    RawRange,
    RawSpec,
)

MODE_ORDER = MODALITY_ORDER


def to_piece(raw: RawSpec, dialect: Dialect, text: str) -> Piece:
    """The Piece a grammar-accepted, rule-abiding string means."""
    return Piece(dialect, _spec(raw), text)


def _spec(raw: RawSpec) -> Spec:
    paths: list[Path] = []
    for raw_path in raw.paths:
        path = Path(tuple(_chain([read_leg(leg) for leg in raw_path.legs])), raw_path.span)
        paths.extend(_ungroup(path))
    return Spec(tuple(paths), raw.span)


def _modes(mods: list[RawModifier]) -> tuple[Modality, ...]:
    """Modality letters as a set in canonical order; a virgin mark applies to its letter."""
    found: dict[str, Modality] = {}
    for m in mods:
        old = found.get(m.letter)
        virgin = m.kind == VIRGIN or (old is not None and old.virgin)
        limiter = old.limiter if old is not None and old.limiter is not None else m.limiter
        span = old.span if old is not None else (m.at, m.at + 1)
        found[m.letter] = Modality(m.letter, limiter, virgin, span)
    return tuple(sorted(found.values(), key=lambda m: MODE_ORDER.index(m.letter)))


def _range(raw: RawRange | None, step: "Atom | Spec") -> Range:
    if raw is None:
        return Range()
    modes = _modes(list(raw.modes))
    if raw.doubled:
        return Range(0, doubled=True, span=raw.span)
    if raw.star:
        return Range(0, False, raw.turn, modes, star=True, span=raw.span)
    value = int(raw.digits)
    exact = len(raw.digits) > 1 and raw.digits[0] == "0"
    slider = isinstance(step, Atom) and step.slider_letter
    if value == 1 and not exact and not raw.turn and not modes and not slider:
        return Range(span=raw.span)   # W1 is W: one step of a leaper is what it does anyway
    return Range(value, exact, raw.turn, modes, span=raw.span)


def read_leg(raw: RawLeg) -> Leg:
    mods = list(raw.prefix.modifiers)

    def letters(kind: str) -> str:
        return "".join(m.letter for m in mods if m.kind == kind)

    lame = letters(LAME)
    turning = letters(TURNING)
    dirs = [m for m in mods if m.kind == DIRECTION]
    inner = raw.step.step
    step = _spec(inner) if isinstance(inner, RawSpec) else inner
    return Leg(
        step=step,
        range=_range(raw.step.range, step),
        dirs="".join(m.letter for m in dirs),
        modes=_modes([m for m in mods if m.kind in (MODALITY, VIRGIN)]),
        initial=len(letters(INITIAL)),
        lame="n" if "n" in lame else lame,
        turning=turning[:1],
        erupt=letters(ERUPTION),
        equal=bool(letters(EQUAL)),
        span=(raw.prefix.span[0], raw.step.span[1]),
        dirs_span=(dirs[0].at, dirs[-1].at + 1) if dirs else (raw.prefix.span[0],) * 2,
    )


def plain_group(leg: Leg) -> bool:
    """A parenthesised step without range or modifiers other than directions."""
    return isinstance(leg.step, Spec) and leg.range.count is None and not leg.modes \
        and not leg.initial and not leg.lame and not leg.turning and not leg.erupt \
        and not leg.equal


def _chain(legs: list[Leg]) -> list[Leg]:
    """A plain group holding one chain is spliced into the chain around it (W-(F-F) = W-F-F).

    Directions written on such a group go to its first leg when it opens the chain and its
    first leg has none; anywhere else the group stays as written.
    """
    out: list[Leg] = []
    for leg in legs:
        inner = leg.step
        if not plain_group(leg) or not isinstance(inner, Spec) or len(inner.paths) != 1:
            out.append(leg)
            continue
        sub = list(inner.paths[0].legs)
        if leg.dirs:
            if out or sub[0].dirs:
                out.append(leg)
                continue
            head = sub[0]
            sub[0] = Leg(head.step, head.range, leg.dirs, head.modes, head.initial, head.lame,
                         head.turning, head.erupt, head.equal, head.span, leg.dirs_span)
        out.extend(sub)
    return out


def _ungroup(path: Path) -> list[Path]:
    """A path that is only a plain group of alternatives is those alternatives ((W F) = W F)."""
    if len(path.legs) == 1:
        leg = path.legs[0]
        if plain_group(leg) and not leg.dirs and isinstance(leg.step, Spec):
            return list(leg.step.paths)
    return [path]
