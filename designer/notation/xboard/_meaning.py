"""What a move group means, leg by leg, as XBoard 4.9.1 plays it and as we read it.

Both readings are put in the same terms (``PathMeaning``) so that they can be compared aspect by
aspect (the compatibility warnings) and as sets of single moves (``expand``: is a rewrite exact?).
The terms are what decides which squares a leg reaches, not how it is written:

* geometry: the first leg moves by its atom (``kind`` W F N K, step ``(dx, dy)``); a later leg
  moves either by orthogonal and diagonal steps of one stride in the 8-fold K system (``k``),
  or, in our reading of oblique atoms, by leaps of the atom (``N``);
* ``mask``: directions, absolute (white's view) for the first leg, relative for later legs;
* ``lame``: what ``n``/``j`` make of the leg (see ``LAME_*``);
* ``initial``: ``i`` (see ``INITIAL_*``);
* a final leg's modalities; a non-final leg's ways of going on (``kinds``): from an empty
  square, over a friend, over a foe, by capturing, by destroying a friend, each with whether the
  atom's range changes for the next legs (``g``/``y``);
* ``o`` (cylinder), ``q``/``z`` (turning riders) and exact ranges (``W03``).

Our reading follows seed 004 and what the move generator does (``engine/compile.py``,
``engine/generate.py``, ``engine/lame.py``); XBoard's follows ``moves.c`` (see ``_reading``).
"""

from __future__ import annotations

from dataclasses import dataclass
from ...geometry.symmetry import first_leg_mask, xbetza_continuation_mask
from ..ast import Atom, Path
from ..atoms import UPGRADE
from ._reading import XB_KIND, XB_STEPS, XbGroup

# Lame readings: nothing, never moves, the square half-way must be empty / occupied (XBoard's
# only test, fractions towards zero), every square between must be empty, exactly one / at least
# one of them occupied, skip the first k squares whatever stands there ("skip2").
LAME_NONE = ""
LAME_DEAD = "dead"
LAME_N_MID = "n-mid"
LAME_N_ALL = "n-all"
LAME_J_MID = "j-mid"
LAME_J_ONE = "j-one"
LAME_J_ANY = "j-any"
LAME_WRAP = "wrap"    # XBoard: n/j after a cylinder wrap test a square computed past the wrap
LAME_VICTIM = "victim"  # XBoard: a later leg may meet a square emptied earlier in the move,
                        # where the piece taken is still seen (moves.c does not lift it)

# Initial readings: none; only while the piece has not moved; (later legs) as long as the last
# leg whose range is not 1, or else only while the piece has not moved (XBoard) / never (ours);
# XBoard's doubled "ii": only if the square one rank behind held the same piece at the start.
INITIAL_NONE = ""
INITIAL_VIRGIN = "virgin"
INITIAL_LATER_XB = "later-or-virgin"
INITIAL_LATER_OURS = "later-or-never"
INITIAL_BEHIND = "behind"

# Ways a non-final leg goes on from the square where it stops.
EMPTY = "empty"
HOP_FRIEND = "hop-friend"
HOP_FOE = "hop-foe"
CAPTURE = "capture"
DESTROY = "destroy"

FINAL_LETTERS = "mcdetpg"
# XBoard: a cylinder leg with d that comes round to the piece's own square is a pass there
# (moves.c generates a move onto the square the piece stands on); we read it as self-destruction.
SELF_PASS = "self-pass"


@dataclass(frozen=True, slots=True)
class LegMeaning:
    first: bool
    kind: str                      # first: W F N K O (special); later: k (K steps) or N (leaps)
    step: tuple[int, int]          # the atom's step, dx <= dy; for k legs (0, stride)
    mask: int
    lame: str = LAME_NONE
    initial: str = INITIAL_NONE
    cylinder: bool = False
    turning: str = ""
    final_modes: frozenset[str] = frozenset()
    kinds: frozenset[tuple[str, bool]] = frozenset()
    castling: bool = False

    @property
    def stride(self) -> int:
        return self.step[1]


@dataclass(frozen=True, slots=True)
class PathMeaning:
    """A move group: its legs, the atom letter (for g/y range changes) and its range."""

    legs: tuple[LegMeaning, ...]
    letter: str
    rng: int                        # 0 = unlimited
    exact: bool = False
    xboard: bool = False            # read by XBoard (its own g/y range rule)


# -- helpers ----------------------------------------------------------------------------------
def _line(step: tuple[int, int]) -> bool:
    return step[0] == 0 or step[0] == step[1]


def toggle(letter: str, rng: int, xboard: bool = False) -> tuple[str, int]:
    """What ``g``/``y`` make of the atom of the next legs (seed 004): W F K and R B Q swap
    (written range dropped); other atoms go from range 1 to unlimited and back. XBoard
    (moves.c ``upgrade``) also makes a rider of a swapped atom whose range was 1 (``R1`` -> ``W0``)."""
    if letter in UPGRADE:
        new = UPGRADE[letter]
        if xboard and rng == 1:
            return new, 0
        return new, (0 if new in "RBQ" else 1)
    return letter, (0 if rng == 1 else 1)


def first_mask(kind: str, letters: str) -> int:
    """Our absolute direction mask of a first leg (the generator's own, from the geometry)."""
    return first_leg_mask(kind, letters)


def later_mask(eightfold: bool, letters: str) -> int:
    """Relative K-system mask of a later leg; without letters all but backwards, 4-fold atoms
    also not diagonally (seed 004; moves.c 0xEF / 0x45) — the generator's own, from the geometry."""
    return xbetza_continuation_mask("K" if eightfold else "W", letters)


# -- our reading --------------------------------------------------------------------------------
def _our_kind(atom: Atom) -> str:
    if atom.letter in ("K", "Q"):
        return "K"
    if atom.letter in ("O", "U", "@"):
        return atom.letter
    if atom.dx == 0:
        return "W"
    if atom.dx == atom.dy:
        return "F"
    return "N"


def _our_lame(letters: str, step: tuple[int, int]) -> str:
    """engine/lame.py: n/j on a one-square stride change nothing (j skips squares); on lines they
    test every square between; on oblique leaps the square half-way (XBetza)."""
    if not letters:
        return LAME_NONE
    stride = step[1]
    if letters == "n":
        if stride <= 1:
            return LAME_NONE
        if not _line(step) or stride == 2:
            return LAME_N_MID
        return LAME_N_ALL
    if stride <= 1:
        return f"skip{len(letters)}"
    if not _line(step) or stride == 2:
        return LAME_J_MID
    return LAME_J_ONE if letters == "j" else LAME_J_ANY


# Our XBetza non-final default: 'm' unless one of these is written (engine/compile.py
# ``_modes``); 'o' only adds wrapping and keeps the default 'm' (oafsW is a Mao on a cylinder).
_OURS_NONFINAL_EXPLICIT = frozenset("mcdptgye")


def _our_kinds(letters: frozenset[str]) -> frozenset[tuple[str, bool]]:
    """How a non-final leg goes on, in our reading (engine/generate.py ``_intermediate``)."""
    if not letters & _OURS_NONFINAL_EXPLICIT:
        letters = letters | {"m"}
    out: set[tuple[str, bool]] = set()
    if letters & {"m", "y", "e"}:
        out.add((EMPTY, "y" in letters))
    if letters & {"p", "g"}:
        out.add((HOP_FRIEND, "g" in letters))
        if "t" not in letters:
            out.add((HOP_FOE, "g" in letters))
    if "c" in letters:
        out.add((CAPTURE, False))
    if "d" in letters:
        out.add((DESTROY, False))
    return frozenset(out)


def _final_modes(letters: frozenset[str]) -> frozenset[str]:
    """A final leg: m c d e t p g as written, ``mc`` when none of m c d e is (both readings)."""
    if not letters & {"m", "c", "d", "e"}:
        letters = letters | {"m", "c"}
    return frozenset(letters & set(FINAL_LETTERS))


def ours(path: Path) -> PathMeaning | None:
    """Our reading of an XBetza move group (None for groups without an atom step)."""
    legs = path.legs
    atom = legs[0].step
    if not isinstance(atom, Atom):
        return None
    kind = _our_kind(atom)
    step = (atom.dx, atom.dy)
    rng = legs[-1].range
    count = rng.count if rng.count is not None else (0 if atom.letter in ("B", "R", "Q") else 1)
    out: list[LegMeaning] = []
    for i, leg in enumerate(legs):
        final = i == len(legs) - 1
        letters = frozenset(m.letter for m in leg.modes)
        if i == 0:
            lkind, lstep = kind, step
            mask = first_mask(kind, leg.dirs) if kind in "WFNK" else 0
        elif kind == "N":
            lkind, lstep = "N", step
            mask = later_mask(True, leg.dirs)
        elif kind in ("W", "F", "K"):
            lkind, lstep = "k", (0, atom.dy)
            mask = later_mask(kind == "K", leg.dirs)
        else:
            lkind, lstep, mask = kind, step, 0
        initial = INITIAL_NONE
        if leg.initial:
            initial = INITIAL_VIRGIN if i == 0 else INITIAL_LATER_OURS
        out.append(LegMeaning(
            i == 0, lkind, lstep, mask, _our_lame(leg.lame, lstep), initial, "o" in letters,
            leg.turning, _final_modes(letters) if final else frozenset(),
            frozenset() if final else _our_kinds(letters),
            castling=i == 0 and atom.letter == "O" and bool(rng.count)))
    return PathMeaning(tuple(out), atom.letter, count, rng.exact)


# -- XBoard's reading ---------------------------------------------------------------------------
XB_MODE_BITS = {"m": 4, "e": 8, "t": 16, "p": 32, "g": 64, "o": 128, "y": 512}
_CAP, _DES, _PASS, _YBIT = 0x1000, 0x2000, 256, 512


def xb_nonfinal_bits(modes: str) -> int:
    """moves.c: a non-final leg's mode mask (``p`` and ``g`` pass, ``y`` moves like ``m``,
    default ``m``) with capture and destroy as ``_CAP``/``_DES``."""
    bits = 0
    for ch in modes:
        bits |= _CAP if ch == "c" else _DES if ch == "d" else XB_MODE_BITS[ch]
    if bits & 32:
        bits ^= _PASS | 32
    if bits & (64 | _YBIT):
        bits |= _PASS
        if bits & _YBIT:
            bits ^= _PASS | _YBIT | 4
    if not bits & (4 | 8 | _CAP | _DES | _PASS | _YBIT):
        bits |= 4
    return bits


def _xb_kinds(modes: str) -> frozenset[tuple[str, bool]]:
    bits = xb_nonfinal_bits(modes)
    toggled = "g" in modes or "y" in modes   # the next atom is changed whatever the square
    out: set[tuple[str, bool]] = set()
    if bits & 4:
        out.add((EMPTY, toggled))
    if bits & _PASS:
        out.add((HOP_FRIEND, toggled))
        if not bits & 16:
            out.add((HOP_FOE, toggled))
    if bits & _CAP:
        out.add((CAPTURE, toggled))
    if bits & _DES:
        out.add((DESTROY, toggled))
    return frozenset(out)


def _xb_lame(jump: int, step: tuple[int, int]) -> str:
    if jump == 1:
        return LAME_NONE
    if step[1] == 1:
        return LAME_DEAD if jump == 0 else f"skip{jump - 1}"
    return LAME_N_MID if jump == 0 else LAME_J_MID


def _our_letter(xb_atom: str) -> str:
    """XBoard's atom letter as we write it (its J is our C, its L our Z)."""
    return {"J": "C", "L": "Z"}.get(xb_atom, xb_atom)


def victims_may_return(legs: list[tuple[str, bool, bool]]) -> int | None:
    """The index of the first non-final leg that takes a piece (capture or destroy) when a later
    leg could come back to that square: two or more legs after it, a cylinder leg after it, or a
    null step. ``legs``: (atom letter, takes a piece, cylinder) of every leg."""
    for i, (_, takes, _) in enumerate(legs[:-1]):
        if not takes:
            continue
        rest = legs[i + 1:]
        if len(rest) >= 2 or any(cyl or letter == "O" for letter, _, cyl in rest):
            return i
    return None


def xboard(group: XbGroup) -> PathMeaning:
    """How XBoard 4.9.1 plays a move group it has read."""
    first = group.legs[0]
    out: list[LegMeaning] = []
    takes = [(leg.atom, bool(set(leg.modes) & {"c", "d"}) and leg.chain, "o" in leg.modes)
             for leg in group.legs]
    victim = victims_may_return(takes)
    wrapped = False
    for i, leg in enumerate(group.legs):
        final = i == len(group.legs) - 1
        letters = frozenset(leg.modes)
        if i == 0:
            kind = "O" if leg.atom == "O" else XB_KIND[leg.atom]
            step = XB_STEPS[leg.atom]
            if kind == "N" and step[0] > step[1]:
                step = (step[1], step[0])
        elif leg.atom == "O":
            kind, step = "O", (0, 0)
        else:
            kind, step = "k", (0, XB_STEPS[leg.atom][1])
        initial = INITIAL_NONE
        if leg.initial == 2:
            initial = INITIAL_BEHIND
        elif leg.initial:
            initial = INITIAL_VIRGIN if i == 0 else INITIAL_LATER_XB
        lame = _xb_lame(leg.jump, step)
        wrapped = wrapped or "o" in letters
        if wrapped and leg.jump != 1 and step[1] > 1:
            lame = LAME_WRAP   # moves.c tests the square half-way from the wrapped square
        if victim is not None and i == victim + 1:
            lame = LAME_VICTIM
        if kind == "O" and final and letters & {"p", "g"}:
            lame = LAME_DEAD   # a hop needs a platform: the null step never finds one
        finals = _final_modes(letters) if final else frozenset()
        if final and {"d", "o"} <= letters:
            finals |= {SELF_PASS}
        out.append(LegMeaning(
            i == 0, kind, step, leg.mask, lame, initial, "o" in letters, "", finals,
            frozenset() if final else _xb_kinds(leg.modes), leg.castling))
    expo = first.expo if first.expo < 99 else 0   # longer than any board: unlimited
    return PathMeaning(tuple(out), _our_letter(first.atom), expo, xboard=True)


def states_at(path: PathMeaning, index: int) -> set[tuple[str, int, bool]]:
    """The (atom letter, range, an earlier leg had a range other than 1) a move can have on
    reaching leg ``index`` (the ranges ``g``/``y`` legs change on the way)."""
    states = {(path.letter, path.rng, False)}
    for leg in path.legs[:index]:
        toggles = {t for _, t in leg.kinds}
        nxt: set[tuple[str, int, bool]] = set()
        for letter, rng, slid in states:
            for toggled in toggles:
                nletter, nrng = toggle(letter, rng, path.xboard) if toggled else (letter, rng)
                nxt.add((nletter, nrng, slid or rng != 1))
        states = nxt
    return states


# -- one meaning, written as chains of short legs -----------------------------------------------
_ANY = frozenset({(EMPTY, False), (HOP_FRIEND, False), (HOP_FOE, False)})
_HOP = frozenset({(HOP_FRIEND, False), (HOP_FOE, False)})
_EMPTY_ONLY = frozenset({(EMPTY, False)})


def normal_forms(path: PathMeaning) -> list[PathMeaning]:
    """The same moves with exact ranges (``W03``) and lame leaps of three or more squares
    (``nH``) written as chains of legs of one step each, the way both readers can compare them
    (and the way XBoard can be told them). Other groups are returned as they are."""
    legs = path.legs
    if len(legs) != 1:
        return [path]
    leg = legs[0]
    if path.exact and leg.kind in ("W", "F", "K", "N") and path.rng > 1 and not leg.cylinder:
        later = "N" if leg.kind == "N" else "k"
        step = leg.step if later == "N" else (0, leg.stride)
        head = LegMeaning(True, leg.kind, leg.step, leg.mask, leg.lame, leg.initial,
                          kinds=_EMPTY_ONLY)
        middle = LegMeaning(False, later, step, 0x01, leg.lame, kinds=_EMPTY_ONLY)
        last = LegMeaning(False, later, step, 0x01, leg.lame, final_modes=leg.final_modes)
        chain = (head,) + (middle,) * (path.rng - 2) + (last,)
        return [PathMeaning(chain, {"R": "W", "B": "F", "Q": "K"}.get(path.letter, path.letter), 1,
                            xboard=path.xboard)]
    stride = leg.stride
    if (path.rng != 1 or not _line(leg.step) or stride < 3 or leg.kind not in ("W", "F")
            or leg.cylinder or leg.lame not in (LAME_N_ALL, LAME_N_MID, LAME_J_ONE, LAME_J_ANY,
                                                LAME_J_MID)):
        return [path]
    between = stride - 1
    if leg.lame == LAME_N_ALL:
        ways = [[_EMPTY_ONLY] * between]
    elif leg.lame == LAME_N_MID:
        ways = [[_EMPTY_ONLY] + [_ANY] * (between - 1)]
    elif leg.lame == LAME_J_MID:
        ways = [[_HOP] + [_ANY] * (between - 1)]
    elif leg.lame == LAME_J_ONE:
        ways = [[_HOP if k == j else _EMPTY_ONLY for k in range(between)] for j in range(between)]
    else:
        ways = [[_EMPTY_ONLY if k < j else _HOP if k == j else _ANY for k in range(between)]
                for j in range(between)]
    unit = (0, 1) if leg.kind == "W" else (1, 1)
    letter = "W" if leg.kind == "W" else "F"
    out = []
    for way in ways:
        head = LegMeaning(True, leg.kind, unit, leg.mask, initial=leg.initial, kinds=way[0])
        rest = tuple(LegMeaning(False, "k", (0, 1), 0x01, kinds=k) for k in way[1:])
        last = LegMeaning(False, "k", (0, 1), 0x01, final_modes=leg.final_modes)
        out.append(PathMeaning((head,) + rest + (last,), letter, 1, xboard=path.xboard))
    return out


def same_legs(a: PathMeaning, b: PathMeaning) -> bool:
    """The two groups are alike leg by leg (a cheap sufficient test when ``expand`` is too
    big): same atom, range and legs, and no range change where the readers' rules differ."""
    if (a.legs, a.letter, a.rng, a.exact) != (b.legs, b.letter, b.rng, b.exact):
        return False
    toggled = any(t for leg in a.legs for _, t in leg.kinds)
    return not (toggled and a.xboard != b.xboard and a.letter in "RBQ" and a.rng == 1)


def singles(paths: list[PathMeaning]) -> set[tuple[object, ...]]:
    """The single moves of some move groups together (see ``expand``)."""
    out: set[tuple[object, ...]] = set()
    for path in paths:
        for form in normal_forms(path):
            out |= expand(form)
    return out


# -- single moves ---------------------------------------------------------------------------------
Single = tuple[object, ...]
MAX_SINGLES = 20_000
MAX_LEGS = 60      # as the move generator follows at most


class TooMany(Exception):
    """A group with more single moves than ``expand`` looks at."""


_BITS = tuple(tuple(k for k in range(8) if mask >> k & 1) for mask in range(256))


def _bits(mask: int) -> tuple[int, ...]:
    return _BITS[mask & 0xFF]


def expand(path: PathMeaning, limit: int = MAX_SINGLES) -> set[Single]:
    """The group as a set of single moves: one direction, one way to go on per leg.

    Two groups (or definitions, as unions) with the same set reach the same squares in every
    position. Paths that can never complete (a dead leg, a later ``i`` that never fits) vanish.
    """
    out: set[Single] = set()
    legs = path.legs
    size = 1
    for leg in legs:
        size *= max(1, len(_bits(leg.mask))) * max(1, len(leg.kinds))
        if size > limit or len(legs) > MAX_LEGS:
            raise TooMany()

    def rec(i: int, letter: str, rng: int, slid: bool, virgin: bool, acc: tuple[object, ...]) -> None:
        leg = legs[i]
        if leg.lame == LAME_DEAD:
            return
        need_virgin = virgin
        initial = leg.initial
        if initial == INITIAL_VIRGIN:
            need_virgin, initial = True, ""
        elif initial == INITIAL_LATER_XB:
            if slid:
                initial = "same-length"
            else:
                need_virgin, initial = True, ""
        elif initial == INITIAL_LATER_OURS:
            if not slid:
                return
            initial = "same-length"
        dirs = (0,) if leg.kind == "O" else _bits(leg.mask)
        for bit in dirs:
            head = (leg.first, leg.kind, leg.step, bit, leg.lame, initial, leg.cylinder,
                    leg.turning, rng, path.exact, leg.castling)
            if i == len(legs) - 1:
                if len(out) >= limit:
                    raise TooMany()
                out.add((need_virgin,) + acc + (head + (leg.final_modes,),))
                continue
            for kind, toggled in sorted(leg.kinds):
                nletter, nrng = toggle(letter, rng, path.xboard) if toggled else (letter, rng)
                rec(i + 1, nletter, nrng, slid or rng != 1, need_virgin,
                    acc + (head + (kind,),))

    rec(0, path.letter, path.rng, False, False, ())
    return out


