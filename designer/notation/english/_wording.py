"""English words for the parts of a Betza leg: steps, ranges, direction sets, modalities.

``describe`` assembles these into sentences. Direction letters are resolved into concrete
direction sets by the same functions the move generator uses (``geometry.directions``, pure
Python), so the words always say what the board shows. Meanings cite seed 004 (XBetza) and
seed 000 (Betza 2.0).
"""

from __future__ import annotations

from ...geometry import directions as D
from ...geometry.board import COMPASS, oriented
from ...geometry.symmetry import atom_kind, first_leg_mask
from ...vocabulary import Dialect
from ..ast import BETZA2, Atom, Modality

STEP_NAMES = {"W": "wazir", "F": "ferz", "D": "dabbaba", "N": "knight", "A": "alfil",
              "H": "threeleaper", "C": "camel", "Z": "zebra", "G": "tripper"}
SLIDER_NAMES = {"R": "rook", "B": "bishop", "Q": "queen", "K": "king"}
NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine"}
# Relative K-system sectors of a continuation leg (0 = straight on), clockwise.
TURNS = ("straight on", "turning 45° right", "turning 90° right", "turning 135° right",
         "straight back", "turning 135° left", "turning 90° left", "turning 45° left")


def number(n: int) -> str:
    return NUMBER.get(n, str(n))


# The one atom classifier and first-leg mask, shared with the move generator.
kind_of = atom_kind
first_mask = first_leg_mask


def _side(v: int, pos: str, neg: str) -> str:
    return pos if v > 0 else neg


def vector_words(x: int, y: int) -> str:
    if x == 0:
        return _side(y, "forward", "backward")
    if y == 0:
        return _side(x, "right", "left")
    return f"{_side(y, 'forward', 'backward')}-{_side(x, 'right', 'left')}"


def absolute_directions(kind: str, dx: int, dy: int, mask: int) -> str:
    """Words for an absolute direction set: '' when the atom keeps all its directions."""
    if kind == "W":
        full, words = D.ORTHOGONAL, _orthogonal_words(mask)
    elif kind == "F":
        full, words = D.DIAGONAL, _diagonal_words(mask)
    elif kind == "K":
        full = D.ALL
        words = _join_or([w for w in (_orthogonal_words(mask & D.ORTHOGONAL, bare=True),
                                      _diagonal_words(mask & D.DIAGONAL, bare=True)) if w])
    elif kind == "N":
        full, words = D.ALL, _oblique_words(dx, dy, mask)
    else:
        return ""
    return "" if mask & full == full else words


def _orthogonal_words(mask: int, bare: bool = False) -> str:
    names = [vector_words(*COMPASS[k]) for k in D.bits(mask & D.ORTHOGONAL)]
    sets = {frozenset(("left", "right")): "sideways",
            frozenset(("forward", "backward")): "vertically (forward or backward)",
            frozenset(("forward", "backward", "left", "right")): "orthogonally"}
    return sets.get(frozenset(names), _join_or(names)) if names else ""


def _diagonal_words(mask: int, bare: bool = False) -> str:
    ks = set(D.bits(mask & D.DIAGONAL))
    if not ks:
        return ""
    groups = {frozenset((1, 3, 5, 7)): "diagonally", frozenset((7, 1)): "diagonally forward",
              frozenset((3, 5)): "diagonally backward", frozenset((1, 3)): "diagonally right",
              frozenset((5, 7)): "diagonally left"}
    if frozenset(ks) in groups:
        return groups[frozenset(ks)]
    return "diagonally " + _join_or([vector_words(*COMPASS[k]) for k in sorted(ks)])


def _oblique_words(dx: int, dy: int, mask: int) -> str:
    vecs = [oriented(dx, dy, k) for k in D.bits(mask)]
    if len(vecs) == 4 and all(y > 0 for _, y in vecs):
        return "in the four forward directions"
    if len(vecs) == 4 and all(y < 0 for _, y in vecs):
        return "in the four backward directions"
    if len(vecs) == 4 and all(x > 0 for x, _ in vecs):
        return "in the four rightward directions"
    if len(vecs) == 4 and all(x < 0 for x, _ in vecs):
        return "in the four leftward directions"
    parts, done = [], set()
    for x, y in vecs:
        if (x, y) in done:
            continue
        done.add((x, y))
        if abs(y) > abs(x):
            fb = _side(y, "forward", "backward")
            if (-x, y) in vecs:
                done.add((-x, y))
                parts.append(f"{number(abs(y))} {fb} and {number(abs(x))} to either side")
            else:
                parts.append(f"{number(abs(y))} {fb} and {number(abs(x))} {_side(x, 'right', 'left')}")
        elif (-x, y) in vecs:
            done.add((-x, y))
            parts.append(f"{number(abs(x))} to either side and {number(abs(y))} "
                         f"{_side(y, 'forward', 'backward')}")
        else:
            lr = _side(x, "right", "left")
            if (x, -y) in vecs:
                done.add((x, -y))
                parts.append(f"{number(abs(x))} {lr} and {number(abs(y))} forward or backward")
            else:
                parts.append(f"{number(abs(x))} {lr} and {number(abs(y))} "
                             f"{_side(y, 'forward', 'backward')}")
    return "to " + _join_or(parts) if parts else ""


def relative_directions(mask: int) -> str:
    """Words for a continuation leg's relative sectors."""
    if mask == D.ALL:
        return "in any direction"
    if mask == 0xEF:
        return "in any direction except straight back"
    names = [TURNS[k] for k in D.bits(mask)]
    pairs = [("turning 45° right", "turning 45° left", "turning 45° either way"),
             ("turning 90° right", "turning 90° left", "turning 90° either way"),
             ("turning 135° right", "turning 135° left", "turning 135° either way")]
    for a, b, both in pairs:
        if a in names and b in names:
            names[names.index(a)] = both
            names.remove(b)
    return _join_or(names)


def _join_or(words: list[str]) -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def stride(letter: str, dx: int, dy: int, count: int | None, exact: bool) -> str:
    """How far one leg goes: 'one square', 'any distance', 'exactly 3 knight leaps' ..."""
    kind = kind_of(letter, dx, dy)
    if letter in ("B", "R", "Q") and count is None:
        count = 0
    steps = 1 if count is None else count
    unit_step = (dx, dy) in ((0, 1), (1, 1)) or kind == "K"
    if unit_step:
        if steps == 0:
            return "any distance"
        if steps == 1:
            return "one square"
        return f"{'exactly' if exact else 'up to'} {number(steps)} squares"
    name = STEP_NAMES.get(letter) or f"({dx},{dy})"
    leap = f"{name} leap" if letter else f"{name} leap"
    if steps == 0:
        return f"any number of {leap}s in a straight line"
    if steps == 1:
        return f"a {leap}" if not name[0] in "aeiou(" else f"an {leap}" if name[0] != "(" else f"a {leap}"
    return f"{'exactly' if exact else 'up to'} {number(steps)} {leap}s in a straight line"


def geometry_word(kind: str, dx: int, dy: int) -> str:
    return {"W": "orthogonally", "F": "diagonally", "K": "in any of the 8 directions",
            "N": ""}.get(kind, "")


def limiter_words(mod: Modality) -> str:
    if mod.limiter is None:
        return ""
    types = join_or_types(mod.limiter.types)
    return f" except {types}" if mod.limiter.negated else f" only {types}"


def join_or_types(types: tuple[str, ...]) -> str:
    names = [f"`{t}`" for t in types]
    return ("pieces of type " if len(names) > 1 else "pieces of type ") + _join_or(names)


def atom_title(atom: Atom) -> str:
    if atom.letter in SLIDER_NAMES:
        return SLIDER_NAMES[atom.letter]
    return STEP_NAMES.get(atom.letter, atom.text())


FINAL_MODES = {
    "m": "moves (without capturing)", "c": "captures", "e": "captures en passant",
    "d": "captures a friendly piece (destroys it)",
}


def final_verb(letters: str, dialect: Dialect) -> str:
    """The verb of a whole move from its final leg's modalities (default: move or capture)."""
    verbs = []
    core = [ch for ch in letters if ch in "mced"]
    if not core:
        return "moves or captures"
    if "m" in core and "c" in core:
        verbs.append("moves or captures")
        core = [c for c in core if c not in "mc"]
    for ch in core:
        verbs.append(FINAL_MODES[ch])
    return _join_or(verbs)


NONFINAL_MODES = {
    "m": "to an empty square",
    "c": "capturing the enemy piece it lands on (and going on)",
    "d": "destroying the friendly piece it lands on (and going on)",
    "p": "to an occupied square, hopping over the piece there",
    "g": "to the first occupied square, hopping over the piece there",
    "t": "hopping over a friendly piece only",
    "e": "to the en-passant square",
    "y": "to an empty square",
    "o": "off the board",
    "u": "unloading the piece it carries there",
}


def nonfinal_condition(letters: str, dialect: Dialect) -> str:
    """What the square at the end of a non-final leg must hold, and what happens to it."""
    s = set(letters) or {"m"}
    if {"m", "p"} <= s and dialect != BETZA2:
        s -= {"m", "p"}
        rest = [NONFINAL_MODES[c] for c in sorted(s, key="mcdeptgyou".index)]
        return _join_or(["ignoring whatever stands there"] + rest)
    if "t" in s and ({"p", "g"} & s) and dialect != BETZA2:
        s.discard("t")
        return _join_or([NONFINAL_MODES[c].replace("over the piece there", "over a friendly piece")
                         for c in sorted(s, key="mcdeptgyou".index)])
    return _join_or([NONFINAL_MODES[c] for c in sorted(s, key="mcdeptgyou".index)
                     if c in NONFINAL_MODES])


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``: the count with the word in the right number."""
    return f"{n} {word}{'' if n == 1 else 's'}"
