"""The per-leg rules of XBoard 4.9's reading (``_compat`` runs them group by group): where a
leg's letters are skipped, its directions, ``n``/``j``, ``i``, the ways a non-final leg goes
on, squares emptied earlier that a later leg meets again, and later legs of oblique atoms.
Each returns positioned warnings that say what XBoard does instead (``warning``).
"""

from __future__ import annotations

from ..errors import CompatWarning
from ._meaning import (CAPTURE, DESTROY, EMPTY, HOP_FOE, HOP_FRIEND, INITIAL_BEHIND,
                       INITIAL_LATER_XB, LAME_DEAD, LAME_J_MID, LAME_N_MID, LAME_VICTIM, LAME_WRAP,
                       LegMeaning, PathMeaning, first_mask, later_mask, states_at,
                       victims_may_return)
from ._reading import XB_KIND, XbGroup, XbLeg
from ._render import mask_letters

XB = "XBoard 4.9"
ORDER_NOTE = "it reads a leg's modifiers only in the order i, directions, m c d e t p g o y, n, j"


def warning(msg: str, start: int, end: int, fix: str | None = None,
            fixed_text: str | None = None) -> CompatWarning:
    """A warning about ``start:end`` in XBoard's name, never empty."""
    return CompatWarning(msg, start, max(end, start + 1), XB, fix, fixed_text)


def victims(text: str, group: XbGroup) -> list[CompatWarning]:
    takes = [(leg.atom, bool(set(leg.modes) & {"c", "d"}) and leg.chain, "o" in leg.modes)
             for leg in group.legs]
    index = victims_may_return(takes)
    if index is None:
        return []
    leg = group.legs[index]
    cols = [c for c in leg.mode_columns if c < len(text) and text[c] in "cd"] or [leg.start]
    msg = ("XBoard 4.9 leaves the piece this leg takes on its square until the move is over: a "
           "later leg that comes back there finds it still standing (it cannot pass, and lands "
           "there only by capturing it again), where the notation has the square empty")
    return [warning(msg, min(cols), max(cols) + 1)]


def self_pass(text: str, group: XbGroup) -> list[CompatWarning]:
    last = group.legs[-1]
    if not {"d", "o"} <= set(last.modes):
        return []
    cols = [c for c in last.mode_columns if c < len(text) and text[c] in "do"]
    return [warning("XBoard 4.9 shows a cylinder move with `d` that comes round to the piece's own "
               "square as a move to that square (a pass); the notation has the piece destroy "
               "itself there", min(cols), max(cols) + 1)]


def nj(text: str, leg: XbLeg) -> list[CompatWarning]:
    if "n" not in leg.lame or "j" not in leg.lame:
        return []
    cols = [c for c in leg.mode_columns if c < len(text) and text[c] in "nj"]
    what = "a plain leap" if leg.jump == 1 else f"`{'j' * (leg.jump - 1)}`"
    return [warning(f"XBoard 4.9 counts `{leg.lame}` as {what}: `n` and each `j` cancel out",
               min(cols), max(cols) + 1)]


def ignored(text: str, leg: XbLeg, written: str, loses_legs: bool) -> list[CompatWarning]:
    out = []
    if leg.swallowed is not None and leg.swallowed < len(text):
        ch = text[leg.swallowed]
        out.append(warning(f"XBoard 4.9 reads `h` at the start of an oblique leg as a chiral set and "
                      f"takes the letter after it along: `h{ch}` is `hl` (the four left-turning "
                      "leaps)" + (", and the legs after it are lost" if ch == "a" else ""),
                      leg.swallowed - 1, leg.swallowed + 1))
    cols = [c for c in leg.ignored if c < len(text)]
    if not cols:
        return out
    bad = "".join(text[c] for c in cols)
    first = text[cols[0]]
    if first == "h" and XB_KIND.get(leg.atom) == "W" and leg.first:
        msg = (f"`h` has no meaning on the 4-fold {leg.atom}: XBoard 4.9 stops reading "
               f"directions there, ignores `{bad}` and gives all four {leg.atom} moves")
    elif set(bad) <= {"q", "z"}:
        kind = "circular" if "q" in bad else "zig-zag"
        msg = f"XBoard 4.9 has no {kind} riders: it ignores `{bad}` and reads a plain {leg.atom}"
    else:
        msg = f"XBoard 4.9 ignores `{bad}` in `{written}`: {ORDER_NOTE}"
    if loses_legs:
        msg += " and then loses the rest of this multi-leg move"
    out.append(warning(msg, cols[0], cols[-1] + 1))
    return out


def letters(kind: str, mask: int, later: bool, eightfold: bool) -> str:
    return " + ".join(f"`{t}`" if t else "all directions"
                      for t in mask_letters(kind, mask, later, eightfold))


def directions(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
    if xm.mask == om.mask or xm.kind == "O" or om.kind in ("O", "U", "@"):
        return []
    later = not leg.first
    kind = xm.kind if leg.first else "K"
    eight = XB_KIND.get(leg.atom) in ("N", "K")
    # letters XBoard skipped are reported on their own; here only what it read differently
    read_letters = leg.dirs if not leg.dirs.startswith("h") or later else "h"
    ours_on_read = later_mask(eight, read_letters) if later else \
        (first_mask(om.kind, read_letters) if om.kind in "WFNK" else om.mask)
    if ours_on_read == xm.mask and leg.swallowed is None:
        return []
    cols = leg.dir_columns or (leg.start,)
    where = f"`{leg.dirs}`" if leg.dirs else "no direction letters"
    msg = (f"XBoard 4.9 reads {where} on {'this later leg' if later else leg.atom} as "
           f"{letters(kind, xm.mask, later, eight)}, not as "
           f"{letters(kind, om.mask, later, eight)}")
    if leg.swallowed is not None:
        return []   # said by the chiral-h warning
    return [warning(msg, min(cols), max(cols) + 1)]


def lame(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
    if xm.lame == om.lame or xm.kind != om.kind and not (xm.kind == "k" and om.kind == "k"):
        return []
    cols = [c for c in leg.mode_columns if c < len(text) and text[c] in "nj"] or [leg.start]
    span = (min(cols), max(cols) + 1)
    atom = leg.atom
    if xm.lame == LAME_VICTIM:
        return []   # said once for the leg that takes the piece (victims)
    if xm.lame == LAME_WRAP:
        msg = ("XBoard 4.9 tests `n`/`j` after a wrap around the cylinder on a square counted "
               "from the wrapped position, not on the square the leap passes")
    elif xm.lame == LAME_DEAD:
        msg = (f"XBoard 4.9 skips every square of the one-square {atom} when it has `n`, so "
               f"this move gives no moves at all there (`n` changes nothing on {atom}: leave "
               "it out)")
    elif xm.lame in (LAME_N_MID, LAME_J_MID) and xm.stride == 3:
        what = "must be empty" if xm.lame == LAME_N_MID else "must be occupied"
        msg = (f"XBoard 4.9 tests only the first square of this three-square step for "
               f"`{leg.lame}` (that square {what}); the second square it passes does not count")
    else:
        msg = f"XBoard 4.9 reads `{leg.lame or 'no n/j'}` on this leg differently"
    return [warning(msg, *span)]


def initial(leg: XbLeg, xm: LegMeaning, xb: PathMeaning, index: int) -> list[CompatWarning]:
    if not leg.initial:
        return []
    col = leg.start
    if xm.initial == INITIAL_BEHIND:
        msg = ("XBoard 4.9 reads a doubled `ii` as 'only if the square one rank behind this "
               "piece held the same piece at the start', not as 'only while it has not moved'")
        return [warning(msg, col, col + 2)]
    if xm.initial == INITIAL_LATER_XB and index > 0:
        if any(not slid for _, _, slid in states_at(xb, index)):
            msg = ("XBoard 4.9 reads `i` on a later leg that follows only one-step legs as "
                   "'only while the piece has not moved'; the notation makes it repeat the "
                   "length of an earlier slider leg, and there is none, so we find no moves")
            return [warning(msg, col, col + 1)]
    return []


_WAYS = {EMPTY: "from an empty square", HOP_FRIEND: "over a friendly piece",
         HOP_FOE: "over an enemy piece", CAPTURE: "by capturing", DESTROY: "by destroying a friend"}


def going_on(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
    """A non-final leg: the squares it may stop on and go on from, and when g/y apply."""
    if xm.kinds == om.kinds:
        return []
    xk = dict(xm.kinds)
    ok = dict(om.kinds)
    modes = leg.modes
    parts = []
    more = [k for k in xk if k not in ok]
    fewer = [k for k in ok if k not in xk]
    toggles = [k for k in xk if k in ok and xk[k] != ok[k]]
    if more:
        why = ""
        if EMPTY in more and set(modes) <= {"t", "o"}:
            why = f" (it gives `{modes}` the default `m`)" if modes else ""
        parts.append("also goes on " + _ways(more) + why)
    if fewer:
        why = ""
        if EMPTY in fewer and "e" in modes and not set(modes) & {"m", "y"}:
            why = " (`e` only works on a final leg)"
        elif set(fewer) & {HOP_FRIEND, HOP_FOE} and "y" in modes:
            why = " (`y` on the same leg cancels the hop)"
        parts.append("does not go on " + _ways(fewer) + why)
    if toggles:
        parts.append("changes the range of the later legs also after going on "
                     + _ways(toggles) + " (`g` and `y` apply to every way the leg goes on)")
    written = text[leg.start:leg.end] or "(no letters)"
    msg = f"On the leg `{written}` XBoard 4.9 " + "; it ".join(parts)
    if not ok:
        msg += "; we read this leg as going on nowhere, so the move has no moves here"
    cols = list(leg.mode_columns) or [leg.start]
    cols = [c for c in cols if c < len(text) and text[c] != "a"] or [leg.start]
    return [warning(msg, min(cols), max(cols) + 1)]


def _ways(kinds: list[str]) -> str:
    order = [EMPTY, HOP_FRIEND, HOP_FOE, CAPTURE, DESTROY]
    named = [_WAYS[k] for k in order if k in kinds]
    return ", ".join(named[:-1]) + (" or " if len(named) > 1 else "") + named[-1]


def oblique_later(text: str, group: XbGroup, xb: PathMeaning) -> CompatWarning:
    atom = group.legs[0].atom
    stride = xb.legs[1].stride
    names = {1: "one-square", 2: "two-square (Dabbaba and Alfil)",
             3: "three-square (Threeleaper and Tripper)"}.get(stride, f"{stride}-square")
    start = group.legs[1].start - 1
    msg = (f"XBoard 4.9 does not make the legs after `a` {atom} leaps: it moves them as "
           f"{names} straight and diagonal steps, and counts their directions from the "
           f"straight or diagonal line next to the first leap; no XBetza string makes XBoard "
           f"play these legs as written")
    return warning(msg, start, group.atom_at + 1)
