"""AST -> move program: every leg with its concrete atom, direction set, range and flags.

Compiling resolves what does not depend on the position (direction letters to masks, defaults of
each dialect, which leg is final) once per definition; ``generate`` then only walks the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..notation.ast import BETZA2, XBETZA, Atom, Leg, Limiter, Piece, Spec
from ..geometry.symmetry import step_kind
from ..geometry import directions as D


@dataclass(frozen=True, slots=True)
class AtomState:
    """The atom a leg moves by: base step (dx <= dy), 8-fold K flag, letter (for g/y toggling)."""

    letter: str
    dx: int
    dy: int
    king: bool = False

    @property
    def sym(self) -> str:
        return step_kind(self.dx, self.dy, self.king)


@dataclass(frozen=True, slots=True)
class CLeg:
    """A compiled leg.

    ``dirmask``: for a first leg the absolute orientations (white's view); for a continuation
    leg the relative K-system sectors (0 = straight on). ``rng``: maximum number of steps (0 =
    unlimited); ``exact``: only the last step may end the leg. ``modes``: modality letters.
    ``sub``: for a Betza 2.0 group step, the alternatives (tuples of CLegs) it repeats.
    """

    atom: AtomState | None
    dirmask: int
    dirs: str
    rng: int
    exact: bool
    modes: frozenset[str]
    explicit_modes: bool
    final: bool
    first: bool
    initial: int = 0
    lame: str = ""
    turning: str = ""
    erupt: str = ""
    equal: bool = False
    turn: str = ""                    # Betza 2.0 exponent directions (Nrf7)
    inter_modes: frozenset[str] = frozenset("m")  # modality of intermediate stops of a range
    limiters: tuple[tuple[str, Limiter], ...] = ()
    virgin_only: frozenset[str] = frozenset()
    sub: tuple[tuple["CLeg", ...], ...] = ()
    span: tuple[int, int] = (0, 0)
    special: str = ""                 # 'O' castling/null, 'U' universal, '@' drop


@dataclass(frozen=True, slots=True)
class CPath:
    legs: tuple[CLeg, ...]
    group: int
    span: tuple[int, int]


@dataclass(frozen=True)
class Program:
    """A compiled definition: its paths (move groups) in source order."""

    dialect: str
    paths: tuple[CPath, ...]
    text: str = ""
    notes: tuple[str, ...] = field(default=())


def atom_state(atom: Atom) -> AtomState:
    letter = atom.letter
    if letter in ("K", "Q"):
        return AtomState(letter, 0, 1, True)
    return AtomState(letter, atom.dx, atom.dy, False)


def _default_range(atom: Atom, rng_count: int | None) -> int:
    if rng_count is not None:
        return rng_count
    return 0 if atom.slider_letter else 1


def _first_mask(atom: AtomState, letters: str) -> int:
    if "a" in letters:
        return D.ALL if atom.sym in ("N", "K") else (D.ORTHOGONAL if atom.sym == "W" else D.DIAGONAL)
    sym = atom.sym
    if sym == "W":
        return D.orthogonal_set(letters)
    if sym == "F":
        return D.diagonal_set(letters)
    if sym == "N":
        return D.oblique_set(letters)
    return D.king_set(letters)


def _continuation_mask(dialect: str, atom: AtomState | None, letters: str) -> int:
    if dialect == BETZA2:
        return D.king_set(letters, default=0x01)  # Betza 2.0: straight on by default
    if letters:
        return D.king_set(letters)
    # XBetza: all but straight back; 4-fold atoms also not diagonally (moves.c: 0xEF / 0x45)
    eightfold = atom is None or atom.sym in ("N", "K")
    return 0xEF if eightfold else 0x45


def _modes(leg: Leg, final: bool, dialect: str) -> tuple[frozenset[str], bool]:
    letters = set(leg.mode_letters)
    explicit = bool(letters)
    if final:
        if not letters & set("mcde"):
            if dialect == BETZA2 and "p" in letters and "g" not in letters:
                letters.add("c")  # seed 000: a final pX "implies a capturing version" (pX-cX)
            else:
                letters |= {"m", "c"}  # final leg default: move or capture
    else:
        if not letters & set("mcdptougye"):
            letters.add("m")  # non-final default: the square must be empty
    return frozenset(letters), explicit


def _compile_leg(leg: Leg, dialect: str, final: bool, first: bool) -> CLeg:
    step = leg.step
    modes, explicit = _modes(leg, final, dialect)
    limiters = tuple((m.letter, m.limiter) for m in leg.modes if m.limiter is not None)
    virgin = frozenset(m.letter for m in leg.modes if m.virgin)
    inter = frozenset(m.letter for m in leg.range.modes) or frozenset("m")
    if isinstance(step, Spec):
        sub = tuple(_compile_chain(p.legs, dialect) for p in step.paths)
        rng = leg.range.count if leg.range.count is not None else 1
        mask = (_first_mask(AtomState("K", 0, 1, True), leg.dirs) if first
                else _continuation_mask(dialect, None, leg.dirs))
        return CLeg(None, mask, leg.dirs, rng, leg.range.exact, modes, explicit, final, first,
                    leg.initial, leg.lame, leg.turning, leg.erupt, leg.equal, leg.range.turn, inter,
                    limiters, virgin, sub, leg.span)
    atom = atom_state(step)
    rng = _default_range(step, leg.range.count)
    if leg.turning and leg.range.count is None:
        rng = 0  # q/z make a rider: a circular or zig-zag path of the atom's steps
    special = step.letter if step.letter in ("O", "U", "@") else ""
    if special == "O" and leg.range.count is None:
        rng = 0  # bare O: the null move; O with a number: XBetza castling
    if first:
        mask = _first_mask(atom, leg.dirs)
    else:
        mask = _continuation_mask(dialect, atom, leg.dirs)
    return CLeg(atom, mask, leg.dirs, rng, leg.range.exact, modes, explicit, final, first,
                leg.initial, leg.lame, leg.turning, leg.erupt, leg.equal, leg.range.turn, inter,
                limiters, virgin, (), leg.span, special)


def _compile_chain(legs: tuple[Leg, ...], dialect: str) -> tuple[CLeg, ...]:
    n = len(legs)
    return tuple(_compile_leg(leg, dialect, i == n - 1, i == 0) for i, leg in enumerate(legs))


def compile_piece(piece: Piece) -> Program:
    """Compile a parsed piece (cached per definition: same AST and same text)."""
    return _compile_cached(piece, piece.text)


@lru_cache(maxsize=512)
def _compile_cached(piece: Piece, text: str) -> Program:
    paths = []
    for gi, path in enumerate(piece.spec.paths):
        paths.append(CPath(_compile_chain(path.legs, piece.dialect), gi, path.span))
    return Program(piece.dialect, tuple(paths), piece.text)


def compile_text(text: str, dialect: str = XBETZA) -> Program:
    """Parse and compile in one call (NotationError on bad text)."""
    from ..notation.parser import parse
    return compile_piece(parse(text, dialect))
