"""How Fairy-Stockfish reads a definition (custom pieces, ``src/piece.cpp`` ``from_betza``):
positioned warnings where it plays a piece differently, and ``to_fsf``, the rewrite it reads as
we do (or a ``NotationError`` naming what it cannot play).
"""

from __future__ import annotations

from .ast import BETZA2, XBETZA, Atom
from .errors import CompatWarning, NotationError

FSF = "Fairy-Stockfish"
# Direction letters of single orthogonal and diagonal steps (compass sectors, 0 = forward).
_W_LETTERS = {0: "f", 2: "r", 4: "b", 6: "l"}
_F_LETTERS = {1: "fr", 3: "br", 5: "bl", 7: "fl"}


def _w(msg: str, start: int, end: int, program: str = FSF, fix: str | None = None,
       fixed_text: str | None = None) -> CompatWarning:
    return CompatWarning(msg, start, max(end, start + 1) if end <= start else end, program, fix,
                         fixed_text)


# -- Fairy-Stockfish's reading ---------------------------------------------------------------
FSF_IGNORED = {"j": "skipping/must-jump `j`", "d": "destroying `d`", "o": "cylinder `o`",
               "z": "zig-zag `z`", "q": "circular `q`", "y": "range toggling `y`",
               "t": "tame/test `t`", "u": "unload `u`", "x": "eruption `x`", "e": "e.p. `e`"}


def fsf_warnings(text: str, dialect: str = XBETZA) -> list[CompatWarning]:
    """Where Fairy-Stockfish (custom pieces, pyffish 0.0.90) plays ``text`` differently."""
    out: list[CompatWarning] = []
    if dialect == BETZA2:
        out.append(_w("Fairy-Stockfish reads XBetza only: Betza 2.0 definitions are exported "
                      "through their XBetza translation, or not at all", 0, len(text), FSF))
        return out
    from .parser import parse
    try:
        piece = parse(text, dialect)
    except NotationError as e:
        out.append(_w(f"does not parse: {e.message}", e.start, e.end, FSF))
        return out
    for path in piece.spec.paths:
        legs = path.legs
        span = path.span
        if len(legs) > 1:
            out.append(_w("Fairy-Stockfish ignores `a` chains: this piece will have no "
                          "multi-leg moves there", span[0], span[1], FSF))
            continue
        leg = legs[0]
        atom = leg.step
        if not isinstance(atom, Atom):
            continue
        letters = leg.mode_letters + leg.lame + leg.turning
        for ch in letters:
            if ch in FSF_IGNORED:
                out.append(_w(f"Fairy-Stockfish ignores the {FSF_IGNORED[ch]} in "
                              f"`{text[span[0]:span[1]]}`: it plays this move differently",
                              span[0], span[1], FSF))
        if atom.letter in ("O", "U", "@") or atom.is_coordinate:
            what = {"O": "castling/null move `O`", "U": "the universal leaper `U`",
                    "@": "drops `@` (set drop rules in the variant instead)"}
            out.append(_w(f"Fairy-Stockfish has no {what.get(atom.letter, 'coordinate leaps')} "
                          "in piece definitions", span[0], span[1], FSF))
            continue
        rng = leg.range
        if rng.count is not None and rng.count >= 10:
            out.append(_w(f"Fairy-Stockfish reads one digit only: `{atom.letter}{rng.count}` "
                          f"becomes {atom.letter}{str(rng.count)[0]}", span[0], span[1], FSF))
        if rng.exact:
            out.append(_w("Fairy-Stockfish has no exact ranges", span[0], span[1], FSF))
        rides = (rng.count is not None and rng.count != 1) or atom.slider_letter
        if rides and atom.letter not in ("W", "F", "N", "R", "B", "Q", "K"):
            out.append(_w(f"Fairy-Stockfish has no {atom.letter}-riders: it drops "
                          f"`{text[span[0]:span[1]]}`", span[0], span[1], FSF))
        if leg.dirs and leg.dirs.replace("h", "") == "":
            out.append(_w("Fairy-Stockfish gives no moves for a bare `h`", span[0], span[1], FSF))
        if atom.king and leg.dirs and set(leg.dirs) & set("fblr") and "h" not in leg.dirs:
            out.append(_w(f"Fairy-Stockfish reads `{leg.dirs}` on {atom.letter} as the orthogonal "
                          "and diagonal moves together (fK = three moves); we follow XBoard "
                          "(fK = one move)", span[0], span[1], FSF))
        if leg.lame == "n" and (atom.letter not in ("N", "A", "D") or rides):
            out.append(_w(f"Fairy-Stockfish reads `n{atom.text()}` differently (it has lame "
                          "leapers only for N, A and D)", span[0], span[1], FSF))
        hopper = any(m.letter in "pg" for m in leg.modes)
        if hopper and (not rides or rng.count == 1 or atom.letter in ("N",)):
            out.append(_w(f"Fairy-Stockfish reads the hopper `{text[span[0]:span[1]]}` as a "
                          "sliding hopper", span[0], span[1], FSF))
        if leg.initial and ({m.letter for m in leg.modes} != {"m"} or hopper):
            out.append(_w("Fairy-Stockfish's initial (`i`) moves never capture or hop",
                          span[0], span[1], FSF))
    return out


# -- rewriting for XBoard -------------------------------------------------------------------

def to_fsf(text: str, dialect: str = XBETZA, board_size: int = 12) -> str:
    """``text`` rewritten so that Fairy-Stockfish plays it as we read it, where possible.

    ``fK`` becomes ``fW`` (Fairy-Stockfish reads f on K as three moves), a bare ``h`` is dropped,
    ranges of ten or more that reach across the board become unlimited, hoppers on leapers with
    range one (no moves for us) are left out. Raises ``NotationError`` naming the first construct
    Fairy-Stockfish cannot play (multi-leg moves, j d o q z y t u e, O, U, @, exact ranges ...).
    """
    from .atoms import letter_for_step
    from .parser import parse
    from ..geometry import directions as D
    if dialect == BETZA2:
        from .translate import translate
        piece = translate(parse(text, dialect), XBETZA)
    else:
        piece = parse(text, dialect)
    out: list[str] = []
    for path in piece.spec.paths:
        if len(path.legs) > 1:
            raise NotationError("Fairy-Stockfish cannot play multi-leg moves", *path.span)
        leg = path.legs[0]
        atom = leg.step
        if not isinstance(atom, Atom):
            raise NotationError("Fairy-Stockfish cannot play repeated groups", *path.span)
        for ch in leg.mode_letters + leg.lame + leg.turning:
            if ch in FSF_IGNORED:
                raise NotationError(f"Fairy-Stockfish cannot play the {FSF_IGNORED[ch]}", *leg.span)
        if atom.letter in ("O", "U", "@") or (atom.is_coordinate and
                                              not letter_for_step(atom.dx, atom.dy)):
            raise NotationError(f"Fairy-Stockfish has no atom for `{atom.text()}`", *atom.span)
        letter = atom.letter or letter_for_step(atom.dx, atom.dy)
        rng = leg.range
        if rng.exact:
            raise NotationError("Fairy-Stockfish has no exact ranges", *rng.span)
        count = rng.count
        if count is not None and count >= 10:
            if count < board_size - 1:
                raise NotationError(f"Fairy-Stockfish reads one range digit: {count} cannot be "
                                    "written", *rng.span)
            count = 0
        rides = count != 1 if count is not None else atom.slider_letter
        hopper = any(m.letter in "pg" for m in leg.modes)
        if hopper and not rides:
            continue  # a hopper with a single step has nothing to land on: no moves
        if rides and letter not in ("W", "F", "N", "R", "B", "Q", "K"):
            raise NotationError(f"Fairy-Stockfish has no {letter}-riders", *path.span)
        if leg.lame == "n" and (letter not in ("N", "A", "D") or rides):
            raise NotationError(f"Fairy-Stockfish reads `n{letter}` differently", *leg.span)
        if leg.initial and ({m.letter for m in leg.modes} != {"m"} or hopper):
            raise NotationError("Fairy-Stockfish's initial moves never capture or hop", *leg.span)
        dirs = leg.dirs.replace("h", "") if set(leg.dirs) <= {"h"} else leg.dirs
        mods = "".join(m.letter for m in leg.modes) + leg.lame
        rtext = "" if count is None else str(count)
        if atom.king and dirs:
            mask = D.king_set(dirs)
            ortho = "".join(_W_LETTERS[k] for k in D.bits(mask & D.ORTHOGONAL))
            ortho = {"fb": "v", "rl": "s", "frbl": ""}.get(ortho, ortho)
            diag = "".join(_F_LETTERS[k] for k in D.bits(mask & D.DIAGONAL))
            slide = atom.letter == "Q" or (count is not None and count != 1)
            w, f = ("R", "B") if atom.letter == "Q" else ("W", "F")
            if ortho:
                out.append("i" * leg.initial + ortho + mods + w + (rtext if atom.letter == "K" and slide else ""))
            if diag:
                out.append("i" * leg.initial + diag + mods + f + (rtext if atom.letter == "K" and slide else ""))
            continue
        out.append("i" * leg.initial + dirs + mods + letter + rtext)
    return "".join(out)
