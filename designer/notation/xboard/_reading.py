"""What XBoard 4.9.1 makes of an XBetza string: its own reading, letter by letter.

XBoard reads a definition with fixed rules (``moves.c``, ``MovesFromString``) that differ from
the documented meaning in places (seed 004, "XBoard limitations"). This module states those rules
as a reader of its own, so that the compatibility linter (``_compat``) can compare XBoard's
reading with ours construct by construct. It reads only; it generates no moves.

XBoard's rules, as this reader models them:

* A move group is ``i…`` (initial), lower-case modifiers, an upper-case atom and at most two
  digits. The first leg uses the group's atom; legs after an ``a`` use it too.
* A character that is not a lower-case letter where an atom is due, or an unknown atom letter,
  ends the reading of the whole string silently. ``W03`` is read as ``W3`` followed by a ``3``
  where the next atom is due, which ends the reading.
* The first leg's direction letters are read according to the atom's symmetry (orthogonal,
  diagonal, oblique, or both); every later leg reads them in the 8-fold K system relative to the
  previous leg. Then come, each at most once and only in this order, ``m c d e t p g o y``, then
  ``n``, then any number of ``j``, then ``a``. Letters out of this order are skipped, and with
  them an ``a`` that follows them: the move keeps only its first leg.
* On an oblique atom a leading ``h`` is a chiral set (``hr``; anything but ``r`` after it makes
  it ``hl``) and the letter after it is consumed whatever it is; no direction letter is read
  after it. On an orthogonal atom ``h`` ends the reading of directions.
* ``g`` or ``y`` on a leg changes the atom of the legs after it, whichever square the leg ends
  on: B, R, K become F, W, Q and back, other atoms keep their letter; the written range is
  dropped, and a leg that was a leaper makes the next one a rider.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...vocabulary import XBETZA_MODALITIES

# Step (dx <= dy) and symmetry of every atom XBoard knows (moves.c xStep, yStep, symmetry).
# J is (1,3) and L is (2,3) there, the other way round from the documented names.
XB_STEPS: dict[str, tuple[int, int]] = {
    "A": (2, 2), "B": (1, 1), "C": (1, 3), "D": (0, 2), "F": (1, 1), "G": (3, 3), "H": (0, 3),
    "J": (1, 3), "K": (0, 1), "L": (2, 3), "N": (1, 2), "O": (0, 0), "Q": (0, 1), "R": (0, 1),
    "W": (0, 1), "Z": (2, 3),
}
# 'W' orthogonal 4-fold, 'F' diagonal 4-fold, 'N' oblique 8-fold, 'K' both (8-fold).
XB_KIND: dict[str, str] = {
    "A": "F", "B": "F", "C": "N", "D": "W", "F": "F", "G": "F", "H": "W", "J": "N", "K": "K",
    "L": "N", "N": "N", "O": "W", "Q": "K", "R": "W", "W": "W", "Z": "N",
}
XB_SLIDERS = frozenset("BRQ")
# g/y on a leg swaps these for the next legs (moves.c upgrade[]); other atoms keep their letter.
XB_UPGRADE = {"B": "F", "F": "B", "R": "W", "W": "R", "K": "Q", "Q": "K"}

# Direction letters and their kinds: 1 vertical, 2 sideways, 4 h, 5 v, 6 s (moves.c dirType).
DIR_KIND = {"b": 1, "f": 1, "h": 4, "l": 2, "r": 2, "s": 6, "v": 5}
# Direction masks over XBoard's 8 directions (bit k = k-th orientation, clockwise from forward):
# wide and narrow sets for 4- and oblique atoms (dirs1, dirs2), and in the K system (dirs3, dirs4).
# Our own reader uses the same sets today (engine/directions.py); they are stated again here on
# purpose: this is XBoard's reading, which must not move when ours does.
_WIDE = {"b": 0x3C, "f": 0xC3, "l": 0xF0, "r": 0x0F}
_NARROW = {"b": 0x18, "f": 0x81, "h": 0xFF, "l": 0x60, "r": 0x06, "s": 0x66, "v": 0x99}
_K_WIDE = {"b": 0x38, "f": 0x83, "h": 0xFF, "l": 0xE0, "r": 0x0E, "s": 0xEE, "v": 0xBB}
_K_NARROW = {"b": 0x10, "f": 0x01, "h": 0xFF, "l": 0x40, "r": 0x04, "s": 0x44, "v": 0x11}
ORTHOGONAL = 0x55
DIAGONAL = 0xAA
# Continuation legs without direction letters: all but backwards; 4-fold atoms also not the
# diagonals (moves.c 0xEF / 0x45).
CONT_DEFAULT_8 = 0xEF
CONT_DEFAULT_4 = 0x45

MODE_ORDER = XBETZA_MODALITIES   # XBoard reads them only in this order
BUFFER = 79  # moves.c copies the legs after an 'a' into char buf[80] with strncpy


@dataclass(frozen=True, slots=True)
class XbLeg:
    """One leg as XBoard reads it.

    ``start``/``end``: the columns of its modifier letters (up to its ``a`` or the atom).
    ``mask``: first leg, absolute directions (white's view); later legs, the relative K-system
    directions with XBoard's default applied. ``modes``: the modality letters XBoard took.
    ``lame``: the ``n``/``j`` letters read; ``jump``: what they make of the leg (1 a plain leap,
    0 non-jumping, more must jump; ``nj`` is 1). ``ignored``: columns of letters it skipped. ``swallowed``: column of the letter a chiral
    ``h`` consumed. ``atom``/``expo``: the atom letter this leg moves by (after g/y changes) and
    its range (0 = unlimited); ``castling``: ``O`` with a number. ``chain``: an ``a`` was read, another leg follows.
    """

    start: int
    end: int
    initial: int
    dirs: str
    dir_columns: tuple[int, ...]
    mask: int
    modes: str
    mode_columns: tuple[int, ...]
    lame: str
    jump: int
    ignored: tuple[int, ...]
    swallowed: int | None
    atom: str
    expo: int
    castling: bool
    chain: bool
    first: bool

    @property
    def kind(self) -> str:
        return XB_KIND[self.atom]

    @property
    def step(self) -> tuple[int, int]:
        return XB_STEPS[self.atom]

    @property
    def unit(self) -> bool:
        """The atom's stride is one square (W F K B R Q): XBoard's ``n`` skips every square."""
        return XB_STEPS[self.atom][1] == 1


@dataclass(frozen=True, slots=True)
class XbGroup:
    """One move group (``atom_at``: column of its atom; ``digits``: the range text XBoard took)."""

    start: int
    end: int
    atom_at: int
    legs: tuple[XbLeg, ...]
    digits: str
    truncated: bool = False   # legs after an 'a' are longer than XBoard's buffer


@dataclass(frozen=True, slots=True)
class XbStop:
    """Where XBoard stops reading the string, and why (``no-atom``, ``bad-atom``)."""

    at: int
    reason: str


@dataclass(frozen=True, slots=True)
class XbReading:
    groups: tuple[XbGroup, ...]
    stop: XbStop | None


def _kind_of(ch: str) -> int:
    return DIR_KIND.get(ch, 0)


def _pairs(a: str, b: str) -> bool:
    """Two direction letters of perpendicular kinds combine into one direction."""
    return ((_kind_of(a) | _kind_of(b)) & 3) == 3


class _Text:
    """A string with the columns of the original text each character came from."""

    def __init__(self, chars: str, columns: list[int]):
        self.chars = chars
        self.columns = columns

    def at(self, i: int) -> str:
        return self.chars[i] if 0 <= i < len(self.chars) else ""

    def col(self, i: int) -> int:
        return self.columns[i] if 0 <= i < len(self.columns) else (self.columns[-1] + 1 if
                                                                  self.columns else 0)


def _lower(ch: str) -> bool:
    return "a" <= ch <= "z"


def _upper(ch: str) -> bool:
    return "A" <= ch <= "Z"


def _read_dirs(t: _Text, i: int, kind: str, first: bool) -> tuple[int, int, str, list[int], int | None]:
    """Direction letters from ``i``: (next index, mask, letters, columns, swallowed column)."""
    mask = 0
    letters = ""
    cols: list[int] = []
    swallowed = None
    if first and kind == "F":
        while _lower(t.at(i)) and _kind_of(t.at(i)):
            c, n = t.at(i), t.at(i + 1)
            if _lower(n) and _pairs(c, n):
                mask |= _WIDE.get(c, 0) & _WIDE.get(n, 0)
                letters += c + n
                cols += [t.col(i), t.col(i + 1)]
                i += 2
            else:
                mask |= _WIDE.get(c, 0)
                letters += c
                cols.append(t.col(i))
                i += 1
        mask = (mask & DIAGONAL) or DIAGONAL
    elif first and kind == "W":
        while _lower(t.at(i)) and _kind_of(t.at(i)) and t.at(i) != "h":
            mask |= _NARROW[t.at(i)]
            letters += t.at(i)
            cols.append(t.col(i))
            i += 1
        mask = (mask & ORTHOGONAL) or ORTHOGONAL
    elif first and kind == "N":
        if t.at(i) == "h":
            mask = ORTHOGONAL if t.at(i + 1) == "r" else DIAGONAL
            letters = "h" + t.at(i + 1)
            cols = [t.col(i)]
            if t.at(i + 1) in ("r", "l"):
                cols.append(t.col(i + 1))
            elif i + 1 < len(t.chars):
                swallowed = t.col(i + 1)
            i += 2
        else:
            while _lower(t.at(i)) and _kind_of(t.at(i)):
                c, n = t.at(i), t.at(i + 1)
                if n == "h":
                    b = _WIDE.get(c, 0)
                    step = 2
                elif n == c or (_lower(n) and _kind_of(c) < 4 and _pairs(c, n)):
                    b = _WIDE.get(c, 0) & _NARROW.get(n, 0)
                    step = 2
                else:
                    b = _NARROW.get(c, 0)
                    step = 1
                mask |= b
                letters += t.chars[i:i + step]
                cols += [t.col(i + k) for k in range(step)]
                i += step
            mask = mask or 0xFF
    else:  # K and Q, and every later leg: the 8-fold K system
        while _lower(t.at(i)) and _kind_of(t.at(i)):
            c, n = t.at(i), t.at(i + 1)
            if n == c:
                b, step = _K_NARROW[c], 1   # a doubled letter stands alone; the copy is read again
            elif _lower(n) and _kind_of(c) < 4 and _pairs(c, n):
                b, step = _K_WIDE[c] & _K_WIDE[n], 2
            else:
                b, step = _K_NARROW[c], 1
            mask |= b
            letters += t.chars[i:i + step]
            cols += [t.col(i + k) for k in range(step)]
            i += step
        if not mask:
            if first:
                mask = 0xFF
            else:
                mask = CONT_DEFAULT_8 if kind in ("N", "K") else CONT_DEFAULT_4
    return i, mask, letters, cols, swallowed


def _read_leg(t: _Text, first: bool) -> tuple[XbLeg | None, int, _Text | None, XbStop | None]:
    """Read one leg (and its atom) from the start of ``t``.

    Returns the leg, the index just past the atom and its digits (where the next group starts),
    the text of the legs that follow (None without an 'a') and a stop where XBoard gives up.
    """
    i = 0
    initial = 0
    while t.at(i) == "i":
        initial += 1
        i += 1
    desc = i
    p = i
    while _lower(t.at(p)):
        p += 1
    atom = t.at(p)
    if not _upper(atom):
        return None, p, None, XbStop(t.col(p), "no-atom")
    if atom not in XB_KIND:
        return None, p, None, XbStop(t.col(p), "bad-atom")
    kind = XB_KIND[atom]
    expo = 0 if atom in XB_SLIDERS else -1
    desc, mask, letters, dir_cols, swallowed = _read_dirs(t, desc, kind, first)
    modes = ""
    mode_cols: list[int] = []
    for m in MODE_ORDER:
        if t.at(desc) == m:
            modes += m
            mode_cols.append(t.col(desc))
            desc += 1
    lame = ""
    jump = 1
    if t.at(desc) == "n":
        lame, jump = "n", 0
        mode_cols.append(t.col(desc))
        desc += 1
    while t.at(desc) == "j":
        lame += "j"
        jump += 1
        mode_cols.append(t.col(desc))
        desc += 1
    cont_at = None
    if t.at(desc) == "a":
        mode_cols.append(t.col(desc))
        cont_at = desc + 1
    # letters between where XBoard stopped and the atom are skipped (with any 'a' among them)
    ignored = () if cont_at is not None else tuple(
        t.col(k) for k in range(desc, p) if t.col(k) != swallowed)
    q = p + 1
    if t.at(q).isdigit():
        j = q
        while t.at(j).isdigit():
            j += 1
        expo = int(t.chars[q:j])
        q += 2 if expo > 9 else 1
    castling = atom == "O" and expo > 0
    if expo < 0:
        expo = 1
    end = t.col(cont_at - 1) if cont_at is not None else t.col(p)
    leg = XbLeg(t.col(0), end, initial, letters, tuple(dir_cols), mask, modes, tuple(mode_cols), lame,
                jump, ignored, swallowed, atom, expo, castling, cont_at is not None, first)
    cont = None
    if cont_at is not None:
        chars = t.chars[cont_at:cont_at + BUFFER]
        cols = t.columns[cont_at:cont_at + BUFFER]
        if "g" in modes or "y" in modes:
            k = 0
            while _lower(chars[k:k + 1]):
                k += 1
            if _upper(chars[k:k + 1]):
                new = XB_UPGRADE.get(chars[k], chars[k])
                tail = "0" if expo == 1 else ""
                chars = chars[:k] + new + tail
                cols = cols[:k + 1] + ([cols[k]] if tail else [])
        cont = _Text(chars, list(cols))
    return leg, q, cont, None


def _digits_of(t: _Text, atom_index: int) -> str:
    q = atom_index + 1
    if not t.at(q).isdigit():
        return ""
    j = q
    while t.at(j).isdigit():
        j += 1
    value = int(t.chars[q:j])
    return t.chars[q:q + (2 if value > 9 else 1)]


@lru_cache(maxsize=4096)
def read(text: str) -> XbReading:
    """XBoard 4.9.1's reading of ``text`` (an XBetza string)."""
    t = _Text(text, list(range(len(text))))
    groups: list[XbGroup] = []
    stop: XbStop | None = None
    pos = 0
    while pos < len(t.chars):
        sub = _Text(t.chars[pos:], t.columns[pos:])
        leg, nxt, cont, stop = _read_leg(sub, True)
        if leg is None:
            break
        legs = [leg]
        atom_index = 0
        while _lower(sub.at(atom_index)):
            atom_index += 1
        truncated = False
        while cont is not None:
            if cont.columns and len(text) - cont.columns[0] > BUFFER:
                truncated = True
            nleg, _, cont, cstop = _read_leg(cont, False)
            if nleg is None:
                break
            legs.append(nleg)
        groups.append(XbGroup(pos, sub.col(nxt - 1) + 1, sub.col(atom_index), tuple(legs),
                              _digits_of(sub, atom_index), truncated))
        pos += nxt
    return XbReading(tuple(groups), stop)
