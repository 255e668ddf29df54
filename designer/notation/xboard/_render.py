"""Writing a move group's meaning (``_meaning``) back as XBetza text, in two ways:

* ``render_ours``: text that *we* read with that meaning (to show what XBoard 4.9 plays, in
  terms our own reader and board view understand);
* ``render_xboard``: text that *XBoard 4.9* reads with that meaning (the saved ``-men`` line
  and the quick fixes).

Both return the text of one or more move groups whose union has the meaning, ``[]`` when the
meaning has no moves at all, or ``None`` when the notation cannot say it in that reader. The
callers check every result by reading it back (``_compat``), so a wrong guess here is
refused, never written.
"""

from __future__ import annotations

from itertools import product

from ...vocabulary import XBETZA_MODALITIES

from ..atoms import STEPS, letter_for_step
from ._meaning import (CAPTURE, DESTROY, EMPTY, HOP_FOE, HOP_FRIEND, INITIAL_BEHIND,
                             INITIAL_LATER_OURS, INITIAL_LATER_XB, INITIAL_VIRGIN, LAME_DEAD,
                             LAME_J_MID, LAME_N_MID, LAME_NONE, LegMeaning, PathMeaning,
                             first_mask, later_mask, states_at, toggle)

MODE_ORDER = XBETZA_MODALITIES

# One direction per token, per kind of leg (white's view for first legs, relative for later
# ones). Two-letter tokens of perpendicular letters are read as one direction by both readers.
_TOKENS = {
    "W": {0: "f", 2: "r", 4: "b", 6: "l"},
    "F": {1: "fr", 3: "br", 5: "bl", 7: "fl"},
    "N": {0: "rf", 1: "fr", 2: "br", 3: "rb", 4: "lb", 5: "bl", 6: "fl", 7: "lf"},
    "K": {0: "f", 1: "fr", 2: "r", 3: "br", 4: "b", 5: "bl", 6: "l", 7: "fl"},
}
# Shorter names for common sets, tried first.
_SHORT = {
    "W": {0x11: "v", 0x44: "s"},
    "F": {0x82: "f", 0x28: "b", 0xA0: "l", 0x0A: "r"},
    "N": {0x55: "hr", 0xAA: "hl", 0xC3: "fh", 0x3C: "bh", 0xF0: "lh", 0x0F: "rh", 0x81: "ff",
          0x18: "bb", 0x60: "ll", 0x06: "rr", 0x99: "v", 0x66: "s"},
    "K": {0x11: "v", 0x44: "s", 0x55: "vs", 0x82: "fs", 0x28: "bs", 0xAA: "fsbs", 0x83: "fh",
          0x38: "bh", 0xE0: "lh", 0x0E: "rh"},
}


def _mask_of(kind: str, letters: str, later: bool, eightfold: bool) -> int:
    if later:
        return later_mask(eightfold, letters)
    return first_mask(kind, letters)


def mask_letters(kind: str, mask: int, later: bool = False, eightfold: bool = True) -> list[str]:
    """Direction letters for ``mask``: one string if one will do, else alternatives whose union
    is the mask (each a separate move group). ``kind`` is the first leg's atom kind (W F N K);
    later legs use the K system and the default of an ``eightfold`` atom or not."""
    sys_kind = "K" if later else kind
    default = _mask_of(sys_kind, "", later, eightfold)
    if mask == default:
        return [""]
    if later and mask == 0xFF:
        return ["h"]
    short = _SHORT[sys_kind]
    tokens = _TOKENS[sys_kind]
    bits = [k for k in range(8) if mask >> k & 1]
    if mask in short:
        return [short[mask]]
    if sys_kind == "W":   # no letters pair up on orthogonal atoms
        return [_join([tokens[k] for k in bits if k in (0, 4)])
                + _join([tokens[k] for k in bits if k in (2, 6)])]
    # pair tokens are always safe next to each other; then single letters of one kind
    pairs = [tokens[k] for k in bits if len(tokens[k]) == 2]
    singles = [tokens[k] for k in bits if len(tokens[k]) == 1]
    vertical = [s for s in singles if s in "fb"]
    sideways = [s for s in singles if s in "lr"]
    tries = ["".join(pairs) + _join(vertical) + (_join(sideways) if not vertical else "")]
    for text in tries:
        if text and _mask_of(sys_kind, text, later, eightfold) == mask:
            return [text]
    out = []
    if pairs or vertical:
        out.append("".join(pairs) + _join(vertical))
    if sideways:
        out.append(_join(sideways))
    if all(_mask_of(sys_kind, t, later, eightfold) & ~mask == 0 for t in out):
        return out
    return [tokens[k] for k in bits]


def _join(letters: list[str]) -> str:
    if set(letters) == {"f", "b"}:
        return "v"
    if set(letters) == {"l", "r"}:
        return "s"
    return "".join(letters)


def _modes_text(letters: set[str]) -> str:
    return "".join(ch for ch in MODE_ORDER if ch in letters)


def _final_text(leg: LegMeaning) -> str:
    """A final leg's modality letters, leaving out the default ``mc`` of both readers."""
    letters = set(leg.final_modes)
    if letters & {"m", "c", "d", "e"} == {"m", "c"}:
        letters -= {"m", "c"}
    if leg.cylinder:
        letters.add("o")
    return _modes_text(letters)


def _nonfinal_text(letters: set[str], cylinder: bool) -> str:
    """A non-final leg's letters, leaving out a lone ``m`` (the default of both readers; with
    ``o`` it is written: we give a lone ``o`` no default)."""
    if cylinder:
        letters = letters | {"o"}
    elif letters == {"m"}:
        return ""
    return _modes_text(letters)


def _range_text(letter: str, rng: int) -> str:
    if rng >= 99:
        rng = 0   # no board is longer: the same as unlimited (XBoard reads W100 too)
    default = 0 if letter in ("B", "R", "Q") else 1
    return "" if rng == default else str(rng)


def _lame_text(lame: str) -> str | None:
    if lame == LAME_NONE:
        return ""
    if lame.startswith("skip"):
        return "j" * int(lame[4:])
    if lame in (LAME_N_MID, LAME_J_MID):
        return "n" if lame == LAME_N_MID else "j"
    return None


def _slid_routes(path: PathMeaning, index: int) -> set[bool]:
    """For each way of reaching leg ``index``: whether an earlier leg had a range other than 1."""
    return {slid for _, _, slid in states_at(path, index)}


def _toggle_changes_nothing(path: PathMeaning, index: int) -> bool:
    """Changing the range after leg ``index`` gives the same range (``F0`` and ``B``) and no
    later leg changes it again: then whether it is changed does not matter."""
    if any(t for leg in path.legs[index + 1:-1] for _, t in leg.kinds):
        return False
    return all(toggle(letter, rng, path.xboard)[1] == rng
               for letter, rng, _ in states_at(path, index))


def _initials(path: PathMeaning, later_kind: str) -> tuple[bool, list[bool]] | None:
    """Where the ``i`` letters go: (on the first leg, on each later leg); None if it depends on
    the way the move goes. A later ``i`` with no slider leg before it means 'while the piece has
    not moved' for XBoard and nothing for us."""
    virgin = path.legs[0].initial == INITIAL_VIRGIN
    later = [False] * len(path.legs)
    for i, leg in enumerate(path.legs):
        if leg.initial == INITIAL_BEHIND:
            return None
        if i and leg.initial == later_kind:
            routes = _slid_routes(path, i)
            if routes == {True}:
                later[i] = True
            elif routes == {False} and later_kind == INITIAL_LATER_XB:
                virgin = True
            else:
                return None
    return virgin, later


def _dead(path: PathMeaning) -> bool:
    return any(leg.lame == LAME_DEAD for leg in path.legs) or any(
        not leg.kinds for leg in path.legs[:-1])


# -- our text -------------------------------------------------------------------------------------
_OUR_KIND_LETTERS = {(EMPTY, False): "m", (EMPTY, True): "y", (CAPTURE, False): "c",
                     (DESTROY, False): "d"}


def _our_nonfinal(kinds: frozenset[tuple[str, bool]], free: bool) -> set[str] | None:
    """Our letters for a non-final leg's ways of going on (None: we cannot say it). ``free``:
    whether the range changes or not makes no difference after this leg."""
    if free:
        kinds = frozenset((k, False) for k, _ in kinds)
    letters: set[str] = set()
    hops = {(k, t) for k, t in kinds if k in (HOP_FRIEND, HOP_FOE)}
    for kind in kinds - hops:
        if kind not in _OUR_KIND_LETTERS:
            return None   # we change the range only after y (empty) and g (hop)
        letters.add(_OUR_KIND_LETTERS[kind])
    if hops:
        toggles = {t for _, t in hops}
        if len(toggles) > 1:
            return None
        toggled = toggles.pop()
        friend = (HOP_FRIEND, toggled) in hops
        foe = (HOP_FOE, toggled) in hops
        if foe and not friend:
            return None
        letters.add("g" if toggled else "p")
        if not foe:
            letters.add("t")
    return letters


def render_ours(path: PathMeaning) -> list[str] | None:
    """Our XBetza text for one normal form of a meaning read from XBoard."""
    legs = path.legs
    first = legs[0]
    if first.kind not in ("W", "F", "N", "K", "O") or path.exact:
        return None
    if any(leg.initial == INITIAL_BEHIND or leg.castling or (i and leg.kind == "O")
           for i, leg in enumerate(legs)):
        return None   # XBoard's ii, castling and later null steps: nothing we can write
    if _dead(path):
        return []
    if len(legs) > 1 and first.kind == "N":
        return None   # XBoard's later legs of an oblique atom: steps we cannot write
    if path.letter not in STEPS:
        return None
    placed = _initials(path, INITIAL_LATER_XB)
    if placed is None:
        return None
    virgin, later_i = placed
    choices: list[list[str]] = []
    eight = first.kind in ("K", "N")
    for i, leg in enumerate(legs):
        lame = _lame_text(leg.lame)
        if lame is None or (leg.lame in (LAME_N_MID, LAME_J_MID) and leg.stride >= 3
                            and _line(leg.step)):
            return None   # we test every square of a long straight lame leap
        dirs = [""] if leg.kind == "O" else mask_letters(first.kind, leg.mask, i > 0, eight)
        if i == len(legs) - 1:
            modes = _final_text(leg)
        else:
            letters = _our_nonfinal(leg.kinds, _toggle_changes_nothing(path, i))
            if letters is None:
                return None
            modes = _nonfinal_text(letters, leg.cylinder)
        initial = "i" if (i == 0 and virgin) or later_i[i] else ""
        choices.append([initial + d + modes + lame for d in dirs])
    tail = path.letter + _range_text(path.letter, path.rng)
    return ["a".join(combo) + tail for combo in product(*choices)]


def _line(step: tuple[int, int]) -> bool:
    return step[0] == 0 or step[0] == step[1]


# -- XBoard's text --------------------------------------------------------------------------------
def _xb_nonfinal(kinds: frozenset[tuple[str, bool]]) -> list[set[str]] | None:
    """XBoard letters for our ways of going on; XBoard changes the range after every way when a
    leg has g or y, and loses the hop when one leg has both y and p/g: split those apart."""
    plain = {k for k, t in kinds if not t}
    toggled = {k for k, t in kinds if t}
    if toggled & {CAPTURE, DESTROY}:
        return None
    out: list[set[str]] = []
    if plain:
        letters = set()
        if EMPTY in plain:
            letters.add("m")
        if CAPTURE in plain:
            letters.add("c")
        if DESTROY in plain:
            letters.add("d")
        if HOP_FRIEND in plain:
            letters.add("p")
            if HOP_FOE not in plain:
                letters.add("t")
        elif HOP_FOE in plain:
            return None
        out.append(letters)
    if EMPTY in toggled:
        out.append({"y"})
    if HOP_FRIEND in toggled:
        out.append({"g"} if HOP_FOE in toggled else {"t", "g"})
    elif HOP_FOE in toggled:
        return None
    return out


def xb_letter(letter: str, step: tuple[int, int]) -> str | None:
    """The letter XBoard 4.9 reads as our atom (its J and L are swapped: use C and Z)."""
    if letter in ("J", "L"):
        letter = "Z" if letter == "J" else "C"
    if letter == "":
        letter = letter_for_step(*step)
    if letter in ("U", "@", "") or letter not in STEPS:
        return None
    return letter


def render_xboard(path: PathMeaning) -> list[str] | None:
    """XBoard 4.9 text for one normal form of one of our move groups."""
    legs = path.legs
    first = legs[0]
    letter = xb_letter(path.letter, first.step)
    if letter is None or path.exact or any(leg.turning for leg in legs):
        return None
    if len(legs) > 1 and any(leg.kind == "N" for leg in legs[1:]):
        return None
    if _dead(path):
        return []
    placed = _initials(path, INITIAL_LATER_OURS)
    if placed is None:
        routes = [_slid_routes(path, i) for i, leg in enumerate(legs)
                  if i and leg.initial == INITIAL_LATER_OURS]
        return [] if all(r == {False} for r in routes) and routes else None
    virgin, later_i = placed
    choices: list[list[str]] = []
    eight = first.kind in ("K", "N")
    for i, leg in enumerate(legs):
        lame = _lame_text(leg.lame)
        if lame is None:
            return None
        dirs = [""] if leg.kind == "O" else mask_letters(first.kind, leg.mask, i > 0, eight)
        if i == len(legs) - 1:
            modes = [_final_text(leg)]
        else:
            split = _xb_nonfinal(leg.kinds)
            if split is None:
                return None
            modes = [_nonfinal_text(m, leg.cylinder) for m in split]
        initial = "i" if (i == 0 and virgin) or later_i[i] else ""
        choices.append([initial + d + m + lame for d in dirs for m in modes])
    tail = letter + _range_text(letter, path.rng)
    return ["a".join(combo) + tail for combo in product(*choices)]
