"""Canonical text of a parsed piece, in its own dialect.

Canonical means: modifiers in XBoard's documented order (``i``, directions, ``m c d e t p g o y``,
``n``, ``j``), ranges as numbers (``N0`` not ``NN``), the documented atom letters (``Z`` not
``J``). ``parse(format(p)) == p`` holds for every AST.
"""

from __future__ import annotations

from ..vocabulary import Dialect
from .ast import BETZA2, XBETZA, Atom, Leg, Modality, Path, Piece, Range, Spec


def format_piece(piece: Piece, dialect: Dialect | None = None) -> str:
    """The canonical text of ``piece`` (in its own dialect unless ``dialect`` names the same one)."""
    dialect = dialect or piece.dialect
    if dialect != piece.dialect:
        from .translate import translate
        piece = translate(piece, dialect)
    return format_spec(piece.spec, dialect)


def format_spec(spec: Spec, dialect: Dialect) -> str:
    texts = [format_path(p, dialect) for p in spec.paths]
    if dialect == BETZA2 and len(texts) > 1:
        # A chain among alternatives reads best in parentheses: K(cK-K), mR(pR-cR).
        texts = [f"({t})" if len(p.legs) > 1 else t for p, t in zip(spec.paths, texts)]
    out = ""
    for i, text in enumerate(texts):
        if i + 1 < len(texts) and _would_double(text, texts[i + 1]):
            text += " "  # N followed by N would read as the Nightrider NN; the reader skips spaces
        out += text
    return out


def _would_double(text: str, following: str) -> bool:
    return bool(text) and bool(following) and text[-1].isupper() and following[0] == text[-1]


def format_path(path: Path, dialect: Dialect) -> str:
    if dialect == XBETZA:
        legs = path.legs
        prefix = "a".join(_prefix(leg, dialect) for leg in legs)
        last = legs[-1]
        return prefix + _step(last.step, dialect) + _range(last.range, dialect)
    return "-".join(_leg_b2(leg) for leg in path.legs)


def _leg_b2(leg: Leg) -> str:
    return _prefix(leg, BETZA2) + _step(leg.step, BETZA2) + _range(leg.range, BETZA2)


def _modes(modes: tuple[Modality, ...]) -> str:
    out = ""
    for m in modes:
        out += m.letter + ("i" if m.virgin else "") + (m.limiter.text() if m.limiter else "")
    return out


def _prefix(leg: Leg, dialect: Dialect) -> str:
    specials = ""
    if dialect == BETZA2:
        specials = leg.erupt + ("e" if leg.equal else "")
    return ("i" * leg.initial + leg.dirs + specials + _modes(leg.modes) + leg.lame + leg.turning)


def _step(step: "Atom | Spec", dialect: Dialect) -> str:
    if isinstance(step, Atom):
        return step.text()
    return "(" + format_spec(step, dialect) + ")"


def _range(rng: Range, dialect: Dialect) -> str:
    if rng.count is None:
        return ""
    mods = rng.turn + _modes(rng.modes)
    if rng.count == 0:
        return mods + "0"
    return mods + ("0" if rng.exact else "") + str(rng.count)
