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

from ...vocabulary import BEX, BETZA2, DIALECT_TITLES, XBETZA, Dialect
from ..ast import Atom, Path
from ..errors import CompatWarning, NotationError
from ..parser import parse
from ._leg_rules import (XB, directions, going_on, ignored, initial, lame, nj, oblique_later,
                         self_pass, victims, warning)
from ._meaning import (PathMeaning, TooMany, normal_forms, ours, same_legs, singles,
                       victims_may_return, xboard)
from ._reading import XbGroup, read
from ._render import render_ours, render_xboard
from ._text import group_text_rules, stop_rules



# -- public API -------------------------------------------------------------------------------
def xboard_warnings(text: str, dialect: Dialect = XBETZA,
                    king: bool = False) -> list[CompatWarning]:
    """Every place where XBoard 4.9 plays ``text`` differently from the documented meaning.
    ``king``: the piece stands in XBoard's King slot (a royal piece), where ``O`` castles."""
    if dialect != XBETZA:
        if dialect == BEX or "-" in text or "(" in text:
            return [warning(f"XBoard 4.9 reads XBetza only: this {DIALECT_TITLES[dialect]} "
                            "definition is exported "
                       "in its XBetza translation, or left out where none exists", 0, len(text))]
        return []
    if not text.strip():
        return [warning("empty definition: XBoard 4.9 gives this piece no moves", 0, 0)]
    reading = read(text)
    paths = _our_paths(text)
    found: list[CompatWarning] = stop_rules(text, reading) + group_text_rules(text, reading,
                                                                              king)
    for group in reading.groups:
        path = paths.get(group.atom_at)
        said = _group_warnings(text, group, path)
        start, end = _group_span(group, path)
        if not said and not any(w.start < end and start < w.end for w in found) \
                and path is not None and _plays_differently(group, path):
            fix, fixed_text = _group_fix(text, path)
            said = [warning(f"XBoard 4.9 plays `{text[start:end]}` differently from its documented "
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
    if piece.dialect == BETZA2:     # also a Bex definition: it reads as Betza 2.0
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
    if fixed == text[start:end]:
        return None, None     # XBoard's form is what is written: a "fix" would change nothing
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
        out += ignored(text, leg, written, i + 1 < our_legs and not leg.chain)
        out += nj(text, leg)
    if group.truncated:
        out.append(warning("XBoard 4.9 copies the legs after an `a` into 80 characters: these are "
                      "longer, and it reads them cut off or past its buffer", group.legs[0].end,
                      group.atom_at + 1))
    if mine is not None:
        for i, (xleg, (xm, om)) in enumerate(zip(group.legs, zip(xb.legs, mine.legs))):
            fate_same = (i + 1 < len(xb.legs)) == (i + 1 < len(mine.legs))
            out += directions(text, xleg, xm, om)
            out += lame(text, xleg, xm, om)
            out += initial(xleg, xm, xb, i)
            if fate_same and i + 1 < len(xb.legs):
                out += going_on(text, xleg, xm, om)
        if len(xb.legs) > 1 and len(mine.legs) > 1 and mine.legs[1].kind == "N":
            out.append(oblique_later(text, group, xb))
        out += victims(text, group)
        out += self_pass(text, group)
    if not out:
        return out
    fix, fixed_text = _group_fix(text, path)
    return [warning(w.message + (f" — write `{fix}`" if fix else ""), w.start, w.end, None, fixed_text)
            for w in out]


def _plays_differently(group: XbGroup, path: Path) -> bool:
    mine = ours(path)
    if mine is None:
        return False
    try:
        return singles([xboard(group)]) != singles([mine])
    except (TooMany, RecursionError):
        return False

__all__ = ["XB", "xboard_warnings", "xboard_reads_as", "to_xboard", "path_to_xboard"]
