"""How XBoard 4.9 reads a definition: positioned warnings where it plays something other than
what the notation documents, ``to_xboard`` (the definition written so that XBoard plays our
meaning) and ``xboard_reads_as`` (what XBoard plays, written so that we read it that way).

We read modifiers in any order and follow the documented meaning of every letter (seed 004,
seed 000). XBoard 4.9.1 reads the string with fixed rules of its own (``_reading``) and
plays some constructs its own way (``_meaning``). The warnings come from comparing the two
readings construct by construct: letters XBoard skips, directions, the geometry of later legs,
``n``/``j``, ``i``, the ways a non-final leg goes on, atoms, ranges, and where XBoard stops
reading. Each warning says what XBoard does instead; where a rewrite exists that XBoard reads
our way it is the quick fix, and ``reads_as`` shows XBoard's moves in our own notation.
"""

from __future__ import annotations

from ...vocabulary import BETZA2, XBETZA, Dialect
from ..ast import Atom, Path
from ..errors import CompatWarning, NotationError
from ..parser import parse
from ._meaning import (CAPTURE, DESTROY, EMPTY, HOP_FOE, HOP_FRIEND, INITIAL_BEHIND,
                             INITIAL_LATER_XB, LAME_DEAD, LAME_J_MID, LAME_N_MID, LAME_VICTIM,
                             LAME_WRAP, LegMeaning, PathMeaning, TooMany, first_mask, later_mask,
                             normal_forms, ours, same_legs, singles, states_at, victims_may_return,
                             xboard)
from ._reading import XB_KIND, XbGroup, XbLeg, read
from ._render import mask_letters, render_ours, render_xboard
from ._text import group_text_rules, stop_rules

XB = "XBoard 4.9"
ORDER_NOTE = "it reads a leg's modifiers only in the order i, directions, m c d e t p g o y, n, j"


def _w(msg: str, start: int, end: int, fix: str | None = None,
       fixed_text: str | None = None) -> CompatWarning:
    return CompatWarning(msg, start, max(end, start + 1), XB, fix, fixed_text)


# -- public API -------------------------------------------------------------------------------
def xboard_warnings(text: str, dialect: Dialect = XBETZA) -> list[CompatWarning]:
    """Every place where XBoard 4.9 plays ``text`` differently from the documented meaning."""
    if dialect == BETZA2:
        if "-" in text or "(" in text:
            return [_w("XBoard 4.9 reads XBetza only: this Betza 2.0 definition is exported "
                       "in its XBetza translation, or left out where none exists", 0, len(text))]
        return []
    if not text.strip():
        return [_w("empty definition: XBoard 4.9 gives this piece no moves", 0, 0)]
    reading = read(text)
    paths = _our_paths(text)
    found: list[CompatWarning] = stop_rules(text, reading) + group_text_rules(text, reading)
    for group in reading.groups:
        path = paths.get(group.atom_at)
        said = _group_warnings(text, group, path)
        start, end = _group_span(group, path)
        if not said and not any(w.start < end and start < w.end for w in found) \
                and path is not None and _plays_differently(group, path):
            fix, fixed_text = _group_fix(text, path)
            said = [_w(f"XBoard 4.9 plays `{text[start:end]}` differently from its documented "
                       "meaning", start, end, fix, fixed_text)]
        found += said
    if not found:
        return []
    found = [_with_group_fix(text, w, paths) for w in found]
    seen: set[tuple[str, int, int]] = set()
    unique = []
    for w in sorted(found, key=lambda w: (w.start, w.end)):
        if (w.message, w.start, w.end) not in seen:
            seen.add((w.message, w.start, w.end))
            unique.append(w)
    reads_as = xboard_reads_as(text)
    if reads_as is None:
        return unique
    return [CompatWarning(w.message, w.start, w.end, w.program, w.fix, w.fixed_text, reads_as)
            for w in unique]


def xboard_reads_as(text: str) -> str | None:
    """What XBoard 4.9 plays for ``text``, written as a definition that *we* read with the same
    moves (None where our notation cannot say it, e.g. XBoard's later legs of an oblique atom)."""
    reading = read(text)
    out: list[str] = []
    try:
        meanings = [xboard(group) for group in reading.groups]
        for meaning in meanings:
            for form in normal_forms(meaning):
                texts = render_ours(form)
                if texts is None:
                    return None
                out += texts
        want = singles(meanings)
        result = _join(out)
        if _our_singles(result) != want:
            return None
    except (TooMany, NotationError, RecursionError):
        return None
    return result


def to_xboard(text: str, dialect: Dialect = XBETZA) -> str:
    """``text`` rewritten so that XBoard 4.9 plays it with our meaning.

    Modifiers in XBoard's order, ``N0`` for ``NN``, ``Z``/``C`` for ``J``/``L``, exact ranges and
    long lame leaps as chains of one-square legs, ``g``/``y`` legs split where XBoard would change
    the range too often, drops last; a move group that has no moves in our reading is left out.
    Every result is read back with XBoard's rules and with ours before it is returned. Raises
    ``NotationError`` naming the construct when XBoard 4.9 cannot play it as we do.
    """
    piece = parse(text, dialect)
    if dialect == BETZA2:
        from ..translate import translate
        piece = translate(piece, XBETZA)
    groups: list[str] = []
    drops: list[str] = []
    for path in piece.spec.paths:
        atom = path.legs[0].step
        if isinstance(atom, Atom) and atom.letter == "@":
            drops.append(_drop_text(path))
            continue
        groups += path_to_xboard(path)
    # XBoard stops reading at '@', so drops go last (seed 004 "Drops")
    return _join(groups, xboard_text=True) + "".join(drops)


def path_to_xboard(path: Path) -> list[str]:
    """XBoard 4.9 text (one or more move groups) for one of our move groups: the group in
    XBoard's modifier order when XBoard reads that our way, else a rewrite of its meaning."""
    from ..format import format_path
    atom = path.legs[0].step
    if not isinstance(atom, Atom):
        raise NotationError("XBoard 4.9 cannot express a repeated group", *path.span)
    if atom.letter == "U":
        raise NotationError("XBoard 4.9 has no universal leaper `U`", *atom.span)
    meaning = ours(path)
    if meaning is None:
        raise NotationError("XBoard 4.9 cannot express this move", *path.span)
    plain = format_path(path, XBETZA)
    try:
        want = singles([meaning])
    except TooMany:
        # too many single moves to compare: accept the canonical text only if XBoard reads it
        # alike leg by leg
        theirs = read(plain)
        if theirs.stop is None and len(theirs.groups) == 1 and \
                same_legs(xboard(theirs.groups[0]), meaning):
            return [plain]
        raise NotationError("XBoard 4.9 would read this long move differently, and it has too "
                            "many variations to check a rewrite", *path.span) from None
    if not want:
        return []          # no moves in our reading: nothing to tell XBoard
    if _plays_as(plain, want, ours_too=False):   # we read our canonical text as the group
        return [plain]
    texts: list[str] = []
    for form in normal_forms(meaning):
        part = render_xboard(form)
        if part is None:
            raise NotationError(_why_not(path, meaning), *path.span)
        texts += part
    try:
        ok = _plays_as(_join(texts, xboard_text=True), want)
    except TooMany:
        ok = False
    if not ok:
        raise NotationError(_why_not(path, meaning), *path.span)
    return texts


def _plays_as(candidate: str, want: set[tuple[object, ...]], ours_too: bool = True) -> bool:
    """XBoard 4.9 and (``ours_too``) we both read ``candidate`` with exactly the single moves
    ``want``."""
    theirs = read(candidate)
    if theirs.stop is not None:
        return False
    if singles([xboard(group) for group in theirs.groups]) != want:
        return False
    if not ours_too:
        return True
    try:
        return _our_singles(candidate) == want
    except NotationError:
        return False


# -- comparing the two readings -------------------------------------------------------------------
def _our_paths(text: str) -> dict[int, Path]:
    """Our move groups by the column of their atom (empty when the text does not parse)."""
    try:
        piece = parse(text, XBETZA)
    except NotationError:
        return {}
    out = {}
    for path in piece.spec.paths:
        atom = path.legs[-1].step
        if isinstance(atom, Atom):
            out[atom.span[0]] = path
    return out


def _our_singles(text: str) -> set[tuple[object, ...]]:
    piece = parse(text, XBETZA)
    return singles([m for m in (ours(path) for path in piece.spec.paths) if m is not None])


def _join(texts: list[str], xboard_text: bool = False) -> str:
    """Move groups one after the other, equal groups once, never ``N`` then ``N…`` (a rider
    for us, two groups for XBoard): our reader gets a space there, XBoard's another order."""
    unique: list[str] = []
    for t in texts:
        if t not in unique:
            unique.append(t)
    if xboard_text:
        unique = _no_doubling(unique)
    out = ""
    for t in unique:
        if out and out[-1].isupper() and t[:1] == out[-1]:
            out += " "
        out += t
    return out


def _clash(before: str, after: str) -> bool:
    return bool(before) and before[-1].isupper() and after[:1] == before[-1]


def _no_doubling(groups: list[str]) -> list[str]:
    """The groups in their order, except that one that would double the letter before it is
    moved to the first place where it does not (XBoard reads no spaces)."""
    out: list[str] = []
    for t in groups:
        for i in range(len(out), -1, -1):
            before = out[i - 1] if i else ""
            after = out[i] if i < len(out) else ""
            if not _clash(before, t) and not _clash(t, after):
                out.insert(i, t)
                break
        else:
            out.append(t)
    return out


def _drop_text(path: Path) -> str:
    from ..format import format_path
    return format_path(path, XBETZA)


def _with_group_fix(text: str, w: CompatWarning, paths: dict[int, Path]) -> CompatWarning:
    """A warning about part of a move group gets the group's rewrite as its quick fix."""
    if w.fixed_text is not None:
        return w
    for path in paths.values():
        if path.span[0] <= w.start < path.span[1]:
            _, fixed_text = _group_fix(text, path)
            if fixed_text is None:
                return w
            return CompatWarning(w.message, w.start, w.end, w.program, w.fix, fixed_text)
    return w


def _group_span(group: XbGroup, path: Path | None) -> tuple[int, int]:
    if path is not None:
        return path.span
    return group.start, group.end


def _group_fix(text: str, path: Path | None) -> tuple[str | None, str | None]:
    """(replacement of the group, whole text fixed) when XBoard can play the group our way."""
    if path is None:
        return None, None
    try:
        texts = path_to_xboard(path)
    except NotationError:
        return None, None
    if not texts:
        return None, None     # no moves in our reading: nothing to offer
    fixed = _join(texts, xboard_text=True)
    start, end = path.span
    return fixed, text[:start] + fixed + text[end:]


def _why_not(path: Path, meaning: PathMeaning) -> str:
    legs = meaning.legs
    if any(leg.turning for leg in legs):
        return "XBoard 4.9 has no circular or zig-zag riders (q, z)"
    if len(legs) > 1 and legs[1].kind == "N":
        return ("XBoard 4.9 moves the later legs of an oblique atom as straight and diagonal "
                "steps, so it cannot play these legs as written")
    if meaning.exact:
        return "XBoard 4.9 has no exact ranges, and this one has no chain of single steps"
    if any(leg.lame in ("n-all", "j-one", "j-any") for leg in legs):
        return "XBoard 4.9 tests only one square of a lame three-square leap"
    takes = [(path.legs[0].step.text() if isinstance(path.legs[0].step, Atom) else "",
              bool({m.letter for m in leg.modes} & {"c", "d"}) and i + 1 < len(legs),
              any(m.letter == "o" for m in leg.modes)) for i, leg in enumerate(path.legs)]
    if victims_may_return(takes) is not None:
        return ("XBoard 4.9 keeps a piece taken on an early leg on the board while it follows "
                "the later legs, which may come back to that square")
    return "XBoard 4.9 cannot play this move as written"


def _group_warnings(text: str, group: XbGroup, path: Path | None) -> list[CompatWarning]:
    """The constructs of one move group that XBoard plays differently (with the group's
    rewrite for XBoard as their quick fix)."""
    xb = xboard(group)
    mine = ours(path) if path is not None else None
    start, end = _group_span(group, path)
    written = text[start:end]
    out: list[CompatWarning] = []
    our_legs = len(path.legs) if path is not None else len(group.legs)
    for i, leg in enumerate(group.legs):
        out += _ignored(text, leg, written, i + 1 < our_legs and not leg.chain)
        out += _nj(text, leg)
    if group.truncated:
        out.append(_w("XBoard 4.9 copies the legs after an `a` into 80 characters: these are "
                      "longer, and it reads them cut off or past its buffer", group.legs[0].end,
                      group.atom_at + 1))
    if mine is not None:
        for i, (xleg, (xm, om)) in enumerate(zip(group.legs, zip(xb.legs, mine.legs))):
            fate_same = (i + 1 < len(xb.legs)) == (i + 1 < len(mine.legs))
            out += _directions(text, xleg, xm, om)
            out += _lame(text, xleg, xm, om)
            out += _initial(xleg, xm, xb, i)
            if fate_same and i + 1 < len(xb.legs):
                out += _going_on(text, xleg, xm, om)
        if len(xb.legs) > 1 and len(mine.legs) > 1 and mine.legs[1].kind == "N":
            out.append(_oblique_later(text, group, xb))
        out += _victims(text, group)
        out += _self_pass(text, group)
    if not out:
        return out
    fix, fixed_text = _group_fix(text, path)
    return [_w(w.message + (f" — write `{fix}`" if fix else ""), w.start, w.end, None, fixed_text)
            for w in out]


def _plays_differently(group: XbGroup, path: Path) -> bool:
    mine = ours(path)
    if mine is None:
        return False
    try:
        return singles([xboard(group)]) != singles([mine])
    except (TooMany, RecursionError):
        return False


def _victims(text: str, group: XbGroup) -> list[CompatWarning]:
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
    return [_w(msg, min(cols), max(cols) + 1)]


def _self_pass(text: str, group: XbGroup) -> list[CompatWarning]:
    last = group.legs[-1]
    if not {"d", "o"} <= set(last.modes):
        return []
    cols = [c for c in last.mode_columns if c < len(text) and text[c] in "do"]
    return [_w("XBoard 4.9 shows a cylinder move with `d` that comes round to the piece's own "
               "square as a move to that square (a pass); the notation has the piece destroy "
               "itself there", min(cols), max(cols) + 1)]


def _nj(text: str, leg: XbLeg) -> list[CompatWarning]:
    if "n" not in leg.lame or "j" not in leg.lame:
        return []
    cols = [c for c in leg.mode_columns if c < len(text) and text[c] in "nj"]
    what = "a plain leap" if leg.jump == 1 else f"`{'j' * (leg.jump - 1)}`"
    return [_w(f"XBoard 4.9 counts `{leg.lame}` as {what}: `n` and each `j` cancel out",
               min(cols), max(cols) + 1)]


def _ignored(text: str, leg: XbLeg, written: str, loses_legs: bool) -> list[CompatWarning]:
    out = []
    if leg.swallowed is not None and leg.swallowed < len(text):
        ch = text[leg.swallowed]
        out.append(_w(f"XBoard 4.9 reads `h` at the start of an oblique leg as a chiral set and "
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
    out.append(_w(msg, cols[0], cols[-1] + 1))
    return out


def _letters(kind: str, mask: int, later: bool, eightfold: bool) -> str:
    return " + ".join(f"`{t}`" if t else "all directions"
                      for t in mask_letters(kind, mask, later, eightfold))


def _directions(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
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
           f"{_letters(kind, xm.mask, later, eight)}, not as "
           f"{_letters(kind, om.mask, later, eight)}")
    if leg.swallowed is not None:
        return []   # said by the chiral-h warning
    return [_w(msg, min(cols), max(cols) + 1)]


def _lame(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
    if xm.lame == om.lame or xm.kind != om.kind and not (xm.kind == "k" and om.kind == "k"):
        return []
    cols = [c for c in leg.mode_columns if c < len(text) and text[c] in "nj"] or [leg.start]
    span = (min(cols), max(cols) + 1)
    atom = leg.atom
    if xm.lame == LAME_VICTIM:
        return []   # said once for the leg that takes the piece (_victims)
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
    return [_w(msg, *span)]


def _initial(leg: XbLeg, xm: LegMeaning, xb: PathMeaning, index: int) -> list[CompatWarning]:
    if not leg.initial:
        return []
    col = leg.start
    if xm.initial == INITIAL_BEHIND:
        msg = ("XBoard 4.9 reads a doubled `ii` as 'only if the square one rank behind this "
               "piece held the same piece at the start', not as 'only while it has not moved'")
        return [_w(msg, col, col + 2)]
    if xm.initial == INITIAL_LATER_XB and index > 0:
        if any(not slid for _, _, slid in states_at(xb, index)):
            msg = ("XBoard 4.9 reads `i` on a later leg that follows only one-step legs as "
                   "'only while the piece has not moved'; the notation makes it repeat the "
                   "length of an earlier slider leg, and there is none, so we find no moves")
            return [_w(msg, col, col + 1)]
    return []


_WAYS = {EMPTY: "from an empty square", HOP_FRIEND: "over a friendly piece",
         HOP_FOE: "over an enemy piece", CAPTURE: "by capturing", DESTROY: "by destroying a friend"}


def _going_on(text: str, leg: XbLeg, xm: LegMeaning, om: LegMeaning) -> list[CompatWarning]:
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
    return [_w(msg, min(cols), max(cols) + 1)]


def _ways(kinds: list[str]) -> str:
    order = [EMPTY, HOP_FRIEND, HOP_FOE, CAPTURE, DESTROY]
    named = [_WAYS[k] for k in order if k in kinds]
    return ", ".join(named[:-1]) + (" or " if len(named) > 1 else "") + named[-1]


def _oblique_later(text: str, group: XbGroup, xb: PathMeaning) -> CompatWarning:
    atom = group.legs[0].atom
    stride = xb.legs[1].stride
    names = {1: "one-square", 2: "two-square (Dabbaba and Alfil)",
             3: "three-square (Threeleaper and Tripper)"}.get(stride, f"{stride}-square")
    start = group.legs[1].start - 1
    msg = (f"XBoard 4.9 does not make the legs after `a` {atom} leaps: it moves them as "
           f"{names} straight and diagonal steps, and counts their directions from the "
           f"straight or diagonal line next to the first leap; no XBetza string makes XBoard "
           f"play these legs as written")
    return _w(msg, start, group.atom_at + 1)


__all__ = ["XB", "xboard_warnings", "xboard_reads_as", "to_xboard", "path_to_xboard"]
