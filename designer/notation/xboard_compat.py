"""How XBoard 4.9 reads a definition: positioned warnings where it differs from the documented
meaning, and ``to_xboard``, the definition rewritten into the form XBoard 4.9 reads as we do.

We read modifiers in any order and follow the documented meaning of every letter (seed 004,
seed 000). XBoard 4.9 reads the string left to right with fixed rules and stops without a word
at the first thing it does not know (moves.c ``MovesFromString``).
"""

from __future__ import annotations

from .ast import BETZA2, XBETZA, Atom, Leg, Path, Range
from .errors import CompatWarning, NotationError

XB = "XBoard 4.9"

# Atoms XBoard 4.9 knows (moves.c symmetry table) and how it reads J and L.
XB_ATOMS = set("ABCDFGHJKLNOQRWZ")
XB_DIRS = set("fblrvsh")
XB_MODE_ORDER = "mcdetpgoy"
_DIR_KIND = {"f": 1, "b": 1, "l": 2, "r": 2, "h": 4, "s": 6, "v": 5}
_SYM = {"A": "F", "B": "F", "C": "N", "D": "W", "F": "F", "G": "F", "H": "W", "J": "N",
        "K": "K", "L": "N", "N": "N", "O": "W", "Q": "K", "R": "W", "W": "W", "Z": "N"}




def _w(msg: str, start: int, end: int, program: str = XB, fix: str | None = None,
       fixed_text: str | None = None) -> CompatWarning:
    return CompatWarning(msg, start, max(end, start + 1) if end <= start else end, program, fix,
                         fixed_text)

# -- XBoard's reading -----------------------------------------------------------------------
def _xb_leg_letters(letters: str, offset: int, atom: str) -> tuple[list[int], bool]:
    """Simulate XBoard's reading of one leg's prefix; return the ignored letter positions and
    whether the leg's trailing 'a' is reached."""
    i = 0
    while i < len(letters) and letters[i] == "i":
        i += 1
    sym = _SYM.get(atom, "W")
    # directions
    while i < len(letters) and letters[i] in XB_DIRS:
        if sym == "W" and letters[i] == "h":
            break  # XBoard stops reading directions at h on orthogonal atoms
        i += 1
    for m in XB_MODE_ORDER:
        if i < len(letters) and letters[i] == m:
            i += 1
    if i < len(letters) and letters[i] == "n":
        i += 1
    while i < len(letters) and letters[i] == "j":
        i += 1
    reached_a = i == len(letters)
    ignored = [offset + k for k in range(i, len(letters))]
    return ignored, reached_a


def xboard_warnings(text: str, dialect: str = XBETZA) -> list[CompatWarning]:
    """Every place where XBoard 4.9 reads ``text`` differently from the documented meaning."""
    out: list[CompatWarning] = []
    if dialect == BETZA2:
        if "-" in text or "(" in text:
            out.append(_w("XBoard 4.9 reads XBetza only: this Betza 2.0 definition is exported "
                          "in its XBetza translation, or left out where none exists", 0, len(text)))
        return out
    if not text.strip():
        out.append(_w("empty definition: XBoard 4.9 gives this piece no moves", 0, 0))
        return out
    n = len(text)
    p = 0
    while p < n:
        start = p
        while p < n and text[p].islower():
            p += 1
        if p >= n:
            if p > start:
                out.append(_w(f"modifiers `{text[start:]}` without an atom at the end: XBoard 4.9 "
                              "ignores them", start, n))
            break
        c = text[p]
        if c not in XB_ATOMS:
            what = {"@": "the drop atom `@`", "(": "a coordinate leap", "U": "the universal leaper `U`"}
            name = what.get(c, f"`{c}`")
            if c == "@":
                rest = text[p + 1:].lstrip("0123456789")
                if rest:
                    out.append(_w("XBoard 4.9 stops reading at the drop atom `@`: put drops last "
                                  "so the moves after it are not lost", p, p + 1))
                else:
                    out.append(_w("XBoard 4.9 judges drops with its own rules and ignores `@` "
                                  "here", p, n))
            elif c.isdigit():
                out.append(_w(f"XBoard 4.9 stops reading at `{c}` (column {p + 1}): a number "
                              "must follow an atom; everything from here on is ignored", p, n))
            else:
                out.append(_w(f"XBoard 4.9 does not know {name} and stops reading at column "
                              f"{p + 1}: everything from here on is ignored", p, n))
            break
        legs_text = text[start:p]
        # leg letters, split at a's that XBoard would reach
        parts, offs, cur, cur_off = [], [], "", start
        for k, ch in enumerate(legs_text):
            if ch == "a":
                parts.append(cur)
                offs.append(cur_off)
                cur, cur_off = "", start + k + 1
            else:
                cur += ch
        parts.append(cur)
        offs.append(cur_off)
        lost_chain = False
        for li, (letters, off) in enumerate(zip(parts, offs)):
            ignored, reached = _xb_leg_letters(letters, off, c)
            if ignored and not lost_chain:
                bad = "".join(text[k] for k in ignored)
                fixed = _fixed_group(text, start, p, dialect)
                msg = (f"XBoard 4.9 ignores `{bad}` in `{text[start:p + 1]}`: it reads modifiers "
                       "only in the order i, directions, m c d e t p g o y, n, j")
                if li + 1 < len(parts):
                    msg += " and then loses the rest of this multi-leg move"
                    lost_chain = True
                out.append(_w(msg + (f" — write `{fixed}`" if fixed else ""), ignored[0],
                              ignored[-1] + 1, XB, fixed, _replace(text, start, p + 1, fixed)))
            for k, ch in enumerate(letters):
                if ch in "qz":
                    kind = "circular" if ch == "q" else "zig-zag"
                    out.append(_w(f"XBoard 4.9 has no {kind} riders: it ignores `{ch}` and reads a "
                                  f"plain {c}", off + k, off + k + 1))
            dup = _duplicates(letters, c)
            for ch, k in dup:
                out.append(_w(dup_message(ch, c), off + k, off + k + 1))
            if c not in ("N", "C", "Z", "J", "L") and "h" in letters and sym_of(c) == "W":
                k = letters.index("h")
                out.append(_w(f"`h` has no meaning on the 4-fold {c}: XBoard 4.9 stops reading "
                              f"directions there and gives all four {c} moves", off + k, off + k + 1))
            if "n" in letters and c in ("H", "G"):
                k = letters.index("n")
                out.append(_w(f"XBoard 4.9 tests only the square half-way for `n{c}`: it cannot be "
                              "blocked on the second square (write it as afaf"
                              f"{'W' if c == 'H' else 'F'} for the documented meaning)",
                              off + k, off + k + 1))
            if "g" in letters and li == len(parts) - 1 and c in ("N", "C", "Z", "J", "L", "A", "D",
                                                                  "H", "G", "W", "F", "K"):
                k = letters.index("g")
                if not text[p + 1:p + 2].isdigit():
                    out.append(_w(f"`g` on the leaper {c} has nothing to hop over: no moves (write "
                                  f"g{c}0 for a {c}-rider grasshopper)", off + k, off + k + 1))
        q = p + 1
        if c in ("J", "L"):
            doc = "Z" if c == "J" else "C"
            xb = "Camel (1,3)" if c == "J" else "Zebra (2,3)"
            out.append(_w(f"XBoard 4.9 reads `{c}` as the {xb}, not the "
                          f"{'Zebra (2,3)' if c == 'J' else 'Camel (1,3)'} documented: write "
                          f"`{doc}`", p, q, XB, doc, _replace(text, p, q, doc)))
        if c == "O" and not text[q:q + 1].isdigit():
            out.append(_w("`O` without a number is a null move (a pass); XBoard 4.9 shows it as "
                          "a move to the piece's own square", p, q))
        if c == "O" and text[q:q + 1].isdigit():
            out.append(_w("XBoard 4.9 castles with `O` only for kings; on another piece it shows "
                          "this as a two-leg move onto the corner piece", p, q + 1))
        if q < n and text[q] == c and not text[q + 1:q + 2].isdigit():
            out.append(_w(f"`{c}{c}` is two {c} moves in XBoard 4.9, not a rider: write `{c}0`",
                          p, q + 1, XB, f"{c}0", _replace(text, p, q + 1, f"{c}0")))
        if q < n and text[q].isdigit():
            e = q
            while e < n and text[e].isdigit():
                e += 1
            digits = text[q:e]
            if len(digits) > 1 and digits[0] == "0":
                out.append(_w(f"XBoard 4.9 has no exact ranges: it reads `{c}{digits}` as "
                              f"{c}{digits[1]} and stops reading after it", q, e))
            elif len(digits) > 2:
                out.append(_w(f"XBoard 4.9 reads at most two digits: `{c}{digits}` becomes "
                              f"{c}{digits[:2]} and reading stops", q, e))
            q = e
        p = q
    return out


def sym_of(atom: str) -> str:
    return _SYM.get(atom, "W")


def dup_message(ch: str, atom: str) -> str:
    if ch in "vs" and sym_of(atom) == "N":
        return (f"doubled `{ch}{ch}` on {atom}: XBoard 4.9 reads it as all eight directions; "
                f"write `{ch}{atom}`")
    if ch in XB_DIRS:
        return f"`{ch}` is repeated: it changes nothing here (write it once)"
    return f"XBoard 4.9 ignores the repeated `{ch}`"


def _duplicates(letters: str, atom: str) -> list[tuple[str, int]]:
    out = []
    seen: set[str] = set()
    sym = sym_of(atom)
    for k, ch in enumerate(letters):
        if ch in XB_MODE_ORDER or ch == "n":
            if ch in seen:
                out.append((ch, k))
            seen.add(ch)
    if sym == "N":
        for k in range(len(letters) - 1):
            if letters[k] == letters[k + 1] and letters[k] in "vs":
                out.append((letters[k], k))
    elif sym in ("W", "F"):
        dirs = [(k, ch) for k, ch in enumerate(letters) if ch in "fblr"]
        got: set[str] = set()
        for k, ch in dirs:
            if ch in got:
                out.append((ch, k))
            got.add(ch)
    return out


def _replace(text: str, start: int, end: int, fixed: str | None) -> str | None:
    return None if fixed is None else text[:start] + fixed + text[end:]


def _fixed_group(text: str, start: int, atom_at: int, dialect: str) -> str | None:
    """The canonical text of the group starting at ``start`` (XBoard order), if it parses."""
    end = atom_at + 1
    while end < len(text) and text[end].isdigit():
        end += 1
    try:
        return to_xboard(text[start:end], dialect)
    except NotationError:
        return None


def to_xboard(text: str, dialect: str = XBETZA) -> str:
    """``text`` rewritten so that XBoard 4.9 reads it with our meaning.

    Canonical XBoard modifier order, ``N0`` for ``NN``, ``Z``/``C`` for ``J``/``L``, exact ranges
    and long lame leaps as chains of steps, drops last. Raises ``NotationError`` naming the
    construct that XBoard 4.9 cannot express.
    """
    from .parser import parse
    piece = parse(text, dialect)
    if dialect == BETZA2:
        from .translate import translate
        piece = translate(piece, XBETZA)
    groups: list[str] = []
    drops: list[str] = []
    for path in piece.spec.paths:
        rewritten = _xb_path(path)
        for t in rewritten:
            (drops if t.endswith("@") or "@" in t else groups).append(t)
    # XBoard stops reading at '@', so drops go last (seed 004 "Drops")
    return "".join(groups + drops)


def _xb_path(path: Path) -> list[str]:
    from .format import format_path
    legs = path.legs
    first = legs[0]
    atom = first.step
    if not isinstance(atom, Atom):
        raise NotationError("XBoard 4.9 cannot express a repeated group", *path.span)
    if atom.letter == "U":
        raise NotationError("XBoard 4.9 has no universal leaper `U`", *atom.span)
    if atom.is_coordinate:
        from .atoms import letter_for_step
        letter = letter_for_step(atom.dx, atom.dy)
        if not letter:
            raise NotationError(f"XBoard 4.9 has no atom for the leap ({atom.dx},{atom.dy})",
                                *atom.span)
        atom = Atom(letter, atom.dx, atom.dy)
        legs = tuple(_replace_step(lg, atom) for lg in legs)
    for lg in legs:
        if lg.turning:
            raise NotationError("XBoard 4.9 has no circular or zig-zag riders (q, z)", *lg.span)
        if lg.range.turn or lg.range.modes:
            raise NotationError("XBoard 4.9 has no range modifiers", *lg.range.span)
    dirs_fixed = tuple(_xb_dirs(lg, atom) for lg in legs)
    path = Path(dirs_fixed, path.span)
    rng = legs[-1].range
    if len(legs) == 1 and rng.exact and rng.count:
        # W03 = W, then straight on over empty squares, exactly count steps (seed 000)
        if atom.letter in ("N", "C", "Z") or (atom.dx and atom.dx != atom.dy):
            raise NotationError("XBoard 4.9 cannot express an exact range on an oblique atom",
                                *rng.span)
        leg = legs[0]
        base = Leg(atom, Range(), leg.dirs, (), leg.initial)
        inner = Leg(atom, Range(), "f")
        last = Leg(atom, Range(), "f", leg.modes)
        chain = (base,) + (inner,) * (rng.count - 2) + (last,) if rng.count > 1 else (Leg(atom, Range(), leg.dirs, leg.modes, leg.initial),)
        return [format_path(Path(chain), XBETZA)]
    if len(legs) == 1 and legs[0].lame and atom.letter in ("H", "G") and rng.count is None:
        step = "W" if atom.letter == "H" else "F"
        unit = Atom(step, 0 if step == "W" else 1, 1)
        leg = legs[0]
        final = Leg(unit, Range(), "f", leg.modes)
        if leg.lame == "n":
            return [format_path(Path((Leg(unit, Range(), leg.dirs, (), leg.initial),
                                      Leg(unit, Range(), "f"), final)), XBETZA)]
        raise NotationError(f"XBoard 4.9 cannot express `{leg.lame}{atom.letter}` exactly",
                            *leg.span)
    return [format_path(path, XBETZA)]


def _replace_step(leg: Leg, atom: Atom) -> Leg:
    from dataclasses import replace
    return replace(leg, step=atom)


def _xb_dirs(leg: Leg, atom: Atom) -> Leg:
    from dataclasses import replace
    dirs = leg.dirs
    if atom.letter in ("N", "C", "Z"):
        dirs = dirs.replace("vv", "v").replace("ss", "s")
    elif atom.letter not in ("K", "Q"):
        dirs = dirs.replace("h", "")  # meaningless on 4-fold atoms; XBoard would stop there
    return replace(leg, dirs=dirs) if dirs != leg.dirs else leg


# -- rewriting for Fairy-Stockfish ----------------------------------------------------------


