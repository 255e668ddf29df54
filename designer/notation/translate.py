"""Translation of parsed pieces between XBetza and Betza 2.0 where the other dialect can say it.

Only constructs whose meaning both source documents define alike are translated; anything else
raises ``NotationError`` naming the construct and its column, never a guess:

* single-leg groups pass through with their atom, range, ``i``, ``m``/``c`` and the direction
  letters both dialects read alike; ``gQ`` (B R Q) keeps its meaning (seed 000: gQ = gQ-K);
  an XBetza hopper ``cpR`` is Betza 2.0's ``pR-cR`` (seed 004) and back; ``nD``/``nA``/``jD``
  keep their one intermediate square; XBetza ``nN`` is the Horse ``W-F`` (seed 004);
* XBetza ``a`` paths become one Betza 2.0 chain per continuation direction, each leg with an
  explicit atom (W<->F conversion on 45° turns, g/y range toggling, seed 004) and an explicit
  single direction (Betza 2.0's default is straight on);
* Betza 2.0 chains whose legs share one atom and range become XBetza ``a`` paths.

Left and right turns are translated only in mirror pairs: seed 002 reads a Betza 2.0 chain as
the written path *and* its mirror image, which agrees with the literal reading only then.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from ..geometry import directions as D
from ..geometry.symmetry import atom_kind, xbetza_continuation_mask
from ..vocabulary import BEX, XBETZA_MODALITIES, Dialect
from .ast import BETZA2, DIALECTS, XBETZA, Atom, Leg, Modality, Path, Piece, Range, Spec
from .atoms import ROTATE, STEPS, UPGRADE
from .errors import NotationError

# Relative K-system sectors (0 = straight on, clockwise) and their single-direction letters.
SECTOR_LETTERS = ("f", "fr", "r", "br", "b", "bl", "l", "fl")
MIRROR = {"f": "f", "fr": "fl", "r": "l", "br": "bl", "b": "b", "bl": "br", "l": "r", "fl": "fr"}
# First-leg direction letters both dialects read alike (seed 004 Table 2 = seed 000 tables).
SHARED_DIRS = {"f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
               "fs", "bs", "fh", "bh", "lh", "rh", "lv", "rv"}
NAMES = {XBETZA: "XBetza", BETZA2: "Betza 2.0", BEX: "Bex"}
MAX_CHAINS = 64  # aaK already needs 49 explicit chains


def translate(piece: Piece, to_dialect: Dialect) -> Piece:
    """``piece`` written in ``to_dialect``; NotationError names what that dialect cannot say."""
    if to_dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {to_dialect!r}; expected one of {', '.join(DIALECTS)}")
    if to_dialect == piece.dialect:
        return piece
    if to_dialect == BEX:   # Bex is read as Betza 2.0; nothing is written in it
        raise NotationError("Bex is a dialect the designer reads, not one it writes: "
                            "translate to XBetza or Betza 2.0", 0, 0)
    paths: list[Path] = []
    for path in piece.spec.paths:
        if to_dialect == BETZA2:
            paths.extend(_xbetza_path(path))
        else:
            paths.append(_betza2_path(path))
    return Piece(to_dialect, Spec(tuple(paths)))


def _fail(what: str, span: tuple[int, int], to: str, why: str = "") -> NotationError:
    start, end = span
    message = f"{what} cannot be written in {NAMES[to]}" + (f": {why}" if why else "")
    return NotationError(message, start, max(end, start + 1))


_kind = atom_kind  # the one atom classifier, shared with the move generator


def _check_dirs(leg: Leg, atom: Atom, to: str) -> None:
    dirs = leg.dirs
    if not dirs:
        return
    kind = _kind(atom.letter, atom.dx, atom.dy)
    if kind == "W" and set(dirs) <= set("fblrvs"):
        return  # on orthogonal atoms every letter adds its own directions in both dialects
    if dirs in SHARED_DIRS and kind in ("W", "F", "N", "K"):
        return
    raise _fail(f"the direction letters `{dirs}`", leg.dirs_span, to,
                "the two dialects combine them differently")


def _common_checks(leg: Leg, to: str, final: bool) -> None:
    src = NAMES[XBETZA if to == BETZA2 else BETZA2]
    if leg.turning:
        raise _fail(f"`{leg.turning}` ({'circular' if leg.turning == 'q' else 'zig-zag'} rider)",
                    leg.span, to, "the curvature is not defined alike")
    if leg.erupt or leg.equal:
        what = "`x` (eruption)" if leg.erupt == "x" else "`xx` (explosion)" if leg.erupt else "`e`"
        raise _fail(what, leg.span, to, f"it exists only in {src}")
    for mod in leg.modes:
        if mod.limiter is not None or mod.virgin:
            raise _fail(f"`{mod.letter}` with a limiter or `i`", mod.span, to,
                        "limiters and virgin-only captures are Betza 2.0 only")
    if leg.range.turn or leg.range.modes:
        raise _fail("modifiers on a range", leg.range.span, to, "they are Betza 2.0 only")


# -- XBetza -> Betza 2.0 -----------------------------------------------------------------------
def _xbetza_path(path: Path) -> list[Path]:
    if len(path.legs) == 1:
        return _xbetza_single(path.legs[0])
    return _xbetza_chain(path)


def _xbetza_single(leg: Leg) -> list[Path]:
    to = BETZA2
    atom = leg.step
    assert isinstance(atom, Atom)
    _common_checks(leg, to, True)
    if atom.letter == "@":
        raise _fail("a drop `@`", atom.span, to, "Betza 2.0 has no drop atom")
    if atom.letter == "O" and leg.range.count:
        raise _fail(f"castling `O{leg.range.count}`", atom.span, to,
                    "Betza 2.0 writes castling as an explicit path")
    _check_dirs(leg, atom, to)
    modes = set(leg.mode_letters)
    if "p" in modes and modes <= {"m", "c", "p"}:
        _check_dirs(leg, atom, to)
        return [_hopper(leg, atom, modes - {"p"})]
    if "g" in modes and modes == {"g"} and atom.slider_letter and leg.range.count is None:
        return [Path((_leg(leg, atom),))]  # gQ means pQ-K in both (seed 000)
    bad = modes - {"m", "c"}
    if bad:
        letter = sorted(bad, key=XBETZA_MODALITIES.index)[0]
        raise _fail(f"`{letter}` on a final leg", _mode_span(leg, letter), to,
                    _FINAL_WHY.get(letter, "the dialects give it different meanings"))
    if leg.lame:
        return [_lame(leg, atom, to)]
    return [Path((_leg(leg, atom),))]


_FINAL_WHY = {"e": "XBetza's en-passant capture has no Betza 2.0 letter",
              "t": "XBetza's tame move (never captures a king) has no Betza 2.0 letter",
              "o": "the cylinder board is not defined alike",
              "d": "seed 004 does not define XBetza's `d`",
              "g": "only gB, gR and gQ read alike", "y": "`y` belongs on a non-final leg"}


def _mode_span(leg: Leg, letter: str) -> tuple[int, int]:
    for mod in leg.modes:
        if mod.letter == letter:
            return mod.span
    return leg.span


def _leg(leg: Leg, atom: Atom, **changes: object) -> Leg:
    """A new leg of ``atom`` keeping ``leg``'s range, directions, modalities, ``i`` and lameness
    (other fields at their defaults), with ``changes`` on top."""
    base = Leg(atom, leg.range, leg.dirs, leg.modes, leg.initial, leg.lame)
    return replace(base, **changes)  # type: ignore[arg-type]


def _hopper(leg: Leg, atom: Atom, rest: set[str]) -> Path:
    """XBetza ``pR`` (hop one piece, then on) = Betza 2.0 ``pR-R``; ``cpR`` = ``pR-cR``."""
    if not (atom.slider_letter and leg.range.count is None) or leg.lame:
        raise _fail("`p` on a leaper", _mode_span(leg, "p"), BETZA2,
                    "only sliders hop the same way in both dialects")
    first = _leg(leg, atom, modes=(Modality("p"),), lame="")
    second = Leg(atom, Range(), "f", tuple(m for m in leg.modes if m.letter in rest))
    return Path((first, second))


def _lame(leg: Leg, atom: Atom, to: str) -> Path:
    if atom.letter in ("D", "A") and leg.lame in ("n", "j"):
        return Path((_leg(leg, atom),))  # one square in between: both dialects test exactly it
    if atom.letter == "N" and leg.lame == "n" and not leg.dirs and to == BETZA2:
        # XBetza nN tests the orthogonal neighbour (seed 004): the Horse W-F (seed 004).
        w, f = Atom("W", *STEPS["W"]), Atom("F", *STEPS["F"])
        return Path((Leg(w, initial=leg.initial), Leg(f, modes=leg.modes)))
    raise _fail(f"`{leg.lame}` on `{atom.text()}`", leg.span, to,
                "the two dialects block or jump it on different squares")


def _xbetza_chain(path: Path) -> list[Path]:
    """One Betza 2.0 chain per combination of single continuation directions."""
    to = BETZA2
    last = path.legs[-1]
    atom = last.step
    assert isinstance(atom, Atom)
    if atom.letter in ("@", "O", "U"):
        raise _fail(f"`{atom.letter}` in a multi-leg move", atom.span, to)
    if _kind(atom.letter, atom.dx, atom.dy) == "N" and any(
            set(leg.dirs) - set("fbv") for leg in path.legs[1:]):
        raise _fail("turns after an oblique leap", path.span, to,
                    "seed 004 leaves left and right after a knight-like leg to hr/hl conventions")
    for k, leg in enumerate(path.legs):
        _common_checks(leg, to, k == len(path.legs) - 1)
        if leg.lame:
            raise _fail(f"`{leg.lame}` on a leg of a multi-leg move", leg.span, to)
    _check_dirs(path.legs[0], atom, to)
    kind = _kind(atom.letter, atom.dx, atom.dy)
    sector_sets = []
    for leg in path.legs[1:]:
        mask = xbetza_continuation_mask(kind, leg.dirs)
        sector_sets.append(D.bits(mask))
    combos = list(product(*sector_sets))
    if len(combos) > MAX_CHAINS:
        raise _fail("a multi-leg move with this many direction choices", path.span, to,
                    f"it would need {len(combos)} separate chains (at most {MAX_CHAINS} are written)")
    words = {tuple(SECTOR_LETTERS[s] for s in combo) for combo in combos}
    if any(tuple(MIRROR[w] for w in combo) not in words for combo in words):
        raise _fail("a one-sided turn", path.span, to, "Betza 2.0 reads every bent chain "
                    "together with its mirror image (seed 002), so turns translate only in "
                    "left/right pairs")
    return [_chain(path, combo) for combo in combos]


def _chain(path: Path, combo: tuple[int, ...]) -> Path:
    last = path.legs[-1]
    atom = last.step
    assert isinstance(atom, Atom)
    letter, dx, dy = atom.letter, atom.dx, atom.dy
    count, exact = last.range.count, last.range.exact
    legs = []
    for k, leg in enumerate(path.legs):
        final = k == len(path.legs) - 1
        dirs = leg.dirs if k == 0 else SECTOR_LETTERS[combo[k - 1]]
        if k and combo[k - 1] % 2 and _kind(letter, dx, dy) in ("W", "F"):
            letter, dx, dy = _rotate(letter, dx, dy)
        modes = _chain_modes(leg, final)
        step = Atom(letter, dx, dy)
        legs.append(Leg(step, Range(count, exact), dirs, modes, leg.initial if k == 0 else 0))
        if "g" in leg.mode_letters or "y" in leg.mode_letters:
            letter, count, exact = _toggle(letter, count)
            dx, dy = STEPS.get(letter, (dx, dy)) if letter in STEPS else (dx, dy)
    return Path(tuple(legs))


def _rotate(letter: str, dx: int, dy: int) -> tuple[str, int, int]:
    """W<->F, D<->A, H<->G, R<->B on a 45° continuation (seed 004)."""
    new = ROTATE.get(letter, "")
    if dx == 0:
        return new, dy, dy
    return new, 0, dx


def _toggle(letter: str, count: int | None) -> tuple[str, int | None, bool]:
    """g/y: FWK <-> BRQ dropping any range, other atoms range 1 <-> unlimited (seed 004)."""
    if letter in UPGRADE:
        return UPGRADE[letter], None, False
    return letter, (0 if count in (None, 1) else None), False


def _chain_modes(leg: Leg, final: bool) -> tuple[Modality, ...]:
    letters = set(leg.mode_letters)
    if final:
        bad = letters - {"m", "c"}
        if bad:
            letter = sorted(bad)[0]
            raise _fail(f"`{letter}` on the final leg of a multi-leg move", _mode_span(leg, letter),
                        BETZA2, _FINAL_WHY.get(letter, "the dialects give it different meanings"))
        return tuple(m for m in leg.modes)
    out = set()
    for letter in letters:
        if letter in ("m", "c", "p"):
            out.add(letter)
        elif letter == "g":
            out.add("p")   # a hop, with the next leg's range toggled
        elif letter == "y":
            out.add("m")   # an empty square, with the next leg's range toggled
        elif letter == "t" and letters & {"p", "g"}:
            continue
        else:
            raise _fail(f"`{letter}` on a non-final leg", _mode_span(leg, letter), BETZA2,
                        "seed 004 gives it no Betza 2.0 counterpart")
    if "t" in letters:
        out -= {"p"}
        out.add("t")       # hop over a friendly piece only
    return tuple(Modality(c) for c in "mcdptou" if c in out)


# -- Betza 2.0 -> XBetza -----------------------------------------------------------------------
def _betza2_path(path: Path) -> Path:
    to = XBETZA
    for leg in path.legs:
        if isinstance(leg.step, Spec):
            raise _fail("a parenthesised group used as a step", leg.span, to,
                        "XBetza legs all move by one atom")
        _common_checks(leg, to, leg is path.legs[-1])
    if len(path.legs) == 1:
        return _betza2_single(path.legs[0])
    return _betza2_chain(path)


def _betza2_single(leg: Leg) -> Path:
    to = XBETZA
    atom = leg.step
    assert isinstance(atom, Atom)
    _check_dirs(leg, atom, to)
    modes = set(leg.mode_letters)
    if modes == {"p"} and atom.slider_letter and leg.range.count is None and not leg.lame:
        from .ast import Modality
        return Path((_leg(leg, atom, modes=(Modality("c"), Modality("p"))),))  # pR = pR-cR
    if modes == {"g"} and atom.slider_letter and leg.range.count is None:
        return Path((_leg(leg, atom),))
    bad = modes - {"m", "c"}
    if bad:
        letter = sorted(bad)[0]
        raise _fail(f"`{letter}` on a final leg", _mode_span(leg, letter), to,
                    "it has no XBetza counterpart there")
    if leg.lame:
        return _lame(leg, atom, to)
    return Path((_leg(leg, atom),))


def _betza2_chain(path: Path) -> Path:
    to = XBETZA
    first = path.legs[0]
    atom = first.step
    assert isinstance(atom, Atom)
    out = []
    for k, leg in enumerate(path.legs):
        step = leg.step
        assert isinstance(step, Atom)
        if step != atom or leg.range != first.range:
            raise _fail("a chain of different atoms or ranges", leg.span, to,
                        "an XBetza `a` path repeats one atom with one range")
        if leg.lame:
            raise _fail(f"`{leg.lame}` on a leg of a chain", leg.span, to)
        final = k == len(path.legs) - 1
        if k == 0:
            _check_dirs(leg, atom, to)
            dirs = leg.dirs
        else:
            dirs = leg.dirs or "f"
            if dirs not in ("f", "b"):
                raise _fail(f"the continuation direction `{dirs}`", leg.dirs_span, to,
                            "Betza 2.0 reads turns together with their mirror image (seed 002)")
        out.append(Leg(atom, first.range, dirs, _b2_modes(leg, final), leg.initial))
    return Path(tuple(out))


def _b2_modes(leg: Leg, final: bool) -> tuple[Modality, ...]:
    letters = set(leg.mode_letters)
    allowed = {"m", "c"} if final else {"m", "c", "p", "t"}
    bad = letters - allowed
    if bad:
        letter = sorted(bad)[0]
        where = "the final leg" if final else "a non-final leg"
        raise _fail(f"`{letter}` on {where} of a chain", _mode_span(leg, letter), XBETZA,
                    "it has no XBetza counterpart")
    if "t" in letters:
        letters = (letters - {"t"}) | {"t", "p"}   # Betza 2.0 t = XBetza tp (hop a friend)
    return tuple(Modality(c) for c in XBETZA_MODALITIES if c in letters)
