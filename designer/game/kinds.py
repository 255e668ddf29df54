"""A variant's piece types as small ints, with everything the game asks about them.

Kind ``k`` (1..n) is the k-th piece type of the variant; a piece on the board is a code
``2 * k + colour`` (colour 0 White, 1 Black; 0 is an empty square). ``Kinds`` compiles each
code's tables lazily (``tables``), once per game: the piece's own program, its moves by region
(``RuleSet.pieces[].moves_in``) and its confinement, the initial (``i``) components apart, the
board's holes and the cylinder. ``reach``/``attackers`` invert the tables: which squares a code
could capture from, which could capture a square.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.compile import compile_piece
from ..engine.program import CASTLE, DROP, ERUPT, NULL, REPLAY, STEP, UNIVERSAL, Program
from ..notation import parse
from ..variant.model import Variant
from ..vocabulary import BLACK, WHITE, Dialect, Side
from .geometry import Geometry
from ..rules.model import ALL, RuleSet
from .support import RulesNotPlayed
from .tables import MEMO_CAP, Tables, compile_tables

# The rule set's fields compiled into the pieces' tables (see ``families.RuleFamily.plays``).
PLAYS = ("pieces.confined", "pieces.moves_in", "pieces.palace", "diagonal_lines", "wrap",
         "triple_steps")

# The triple step (``RuleSet.triple_steps``): three squares straight forward onto empty
# squares over empty ones, a lame leap so that the squares it passes are its e.p. squares.
_TRIPLE = "fmnH"

_NOT_PLAYED_MODES = {"u": "unload (u)", "d": "destroying a friendly piece (d)"}


class Kinds:
    """The piece types of a variant for one game (one board size, one set of holes)."""

    def __init__(self, variant: Variant, rules: RuleSet, geo: Geometry, holes: int,
                 cap: int = MEMO_CAP):
        self.geo = geo
        self.holes = holes
        self.rules = rules
        self.cap = cap
        self.letters = [""] + [p.letter for p in variant.pieces]
        self.index = {letter: k for k, letter in enumerate(self.letters) if k}
        self.count = len(self.letters)
        self.royal = [False] + [p.royal for p in variant.pieces]
        self.programs: list[Program | None] = [None]
        self.wrap = rules.wrap
        for p in variant.pieces:
            program = self._program(p.notation, p.dialect)
            _check_program(p.letter, program)
            self.programs.append(program)
        self._regional: list[tuple[list[Program], list[int], list[int]] | None] = \
            [None] * (2 * self.count)
        self._tables: list[Tables | None] = [None] * (2 * self.count)
        self._itables: list[Tables | None] = [None] * (2 * self.count)
        self.has_initial = [False] + [any(path.initial for path in prog.paths)
                                      for prog in self.programs[1:] if prog is not None]
        self._regions(variant)
        self._triple_steps()

    # -- letters --------------------------------------------------------------------------
    def kind(self, letter: str) -> int:
        """The kind of a letter (KeyError naming it when the variant has no such piece)."""
        k = self.index.get(letter)
        if k is None:
            raise KeyError(f"the variant has no piece {letter}")
        return k

    def kinds_of(self, letters: tuple[str, ...]) -> list[int]:
        """Kinds named by letters (``*`` = all), skipping letters the variant lacks."""
        if ALL in letters:
            return list(range(1, self.count))
        return [self.index[x] for x in letters if x in self.index]

    def _program(self, notation: str, dialect: Dialect) -> Program:
        """A definition's program; on a cylinder (``RuleSet.wrap``) every leg wraps as with
        ``o``, for the tables and the walker alike."""
        program = compile_piece(parse(notation, dialect))
        if not self.wrap:
            return program
        paths = tuple(replace(path, legs=tuple(replace(leg, modes=leg.modes | {"o"},
                                                       quick=False) for leg in path.legs))
                      for path in program.paths)
        return replace(program, paths=paths)

    # -- tables ---------------------------------------------------------------------------
    def _regions(self, variant: Variant) -> None:
        """Per code: the programs a square may use and each square's choice, with masks."""
        geo = self.geo
        for pr in self.rules.pieces:
            k = self.index.get(pr.letter)
            if k is None:
                continue
            for colour, side in ((0, "white"), (1, "black")):
                program = self.programs[k]
                assert program is not None
                programs = [program]
                which = [0] * geo.size
                confine = -1
                if pr.confined is not None:
                    confine = geo.mask(pr.confined.of(side))    # type: ignore[arg-type]
                masks = [confine]
                for rm in pr.moves_in:
                    regional = self._program(rm.notation, rm.dialect)
                    _check_program(pr.letter, regional)
                    programs.append(regional)
                    masks.append(confine)
                    region = geo.mask(rm.region.of(side))       # type: ignore[arg-type]
                    for s in range(geo.size):
                        if region >> s & 1:
                            which[s] = len(programs) - 1
                if pr.palace and self.rules.diagonal_lines is not None:
                    from .palace import add_palace
                    lines = geo.mask(self.rules.diagonal_lines) & ~self.holes
                    add_palace(self, pr, colour, lines, programs, which, masks)
                self._regional[2 * k + colour] = (programs, which, masks)

    def _triple_steps(self) -> None:
        """Pieces with initial moves also step three squares forward from the squares of
        ``RuleSet.triple_steps``: Fairy-Stockfish's pawn's triple step, decided by the square
        alone (``movegen.cpp``: the pawns on the region push three), whatever the pawn did
        before. Each square of the region moves by its own program with the step added."""
        regions = self.rules.triple_steps
        if regions is None:
            return
        geo = self.geo
        triple = compile_piece(parse(_TRIPLE))
        for k in range(1, self.count):
            if not self.has_initial[k]:
                continue
            for colour, side in ((0, "white"), (1, "black")):
                region = geo.mask(regions.of(side)) & ~self.holes    # type: ignore[arg-type]
                if not region:
                    continue
                code = 2 * k + colour
                regional = self._regional[code]
                if regional is None:
                    program = self.programs[k]
                    assert program is not None
                    regional = ([program], [0] * geo.size, [-1])
                programs, which, masks = list(regional[0]), list(regional[1]), \
                    list(regional[2])
                added: dict[int, int] = {}
                for s in range(geo.size):
                    if region >> s & 1:
                        j = which[s]
                        if j not in added:
                            base = programs[j]
                            programs.append(replace(base, paths=base.paths + tuple(
                                p for p in triple.paths if p not in base.paths)))
                            masks.append(masks[j])
                            added[j] = len(programs) - 1
                        which[s] = added[j]
                self._regional[code] = (programs, which, masks)

    def tables(self, code: int, initial: bool = False) -> Tables:
        """The compiled tables of a code (``initial``: with its ``i`` components)."""
        store = self._itables if initial else self._tables
        t = store[code]
        if t is None:
            t = self._compile(code, initial)
            store[code] = t
        return t

    def _compile(self, code: int, initial: bool) -> Tables:
        k, colour = code >> 1, code & 1
        side: Side = BLACK if colour else WHITE
        regional = self._regional[code]
        if regional is None:
            program = self.programs[k]
            assert program is not None
            programs, which, masks = [program], [0] * self.geo.size, [-1]
        else:
            programs, which, masks = regional
        return compile_tables(self.geo, side, programs, which, masks, self.holes, initial,
                              False, self.cap)

    def compile_all(self) -> None:
        """Compile every code's tables now (``normal``/``initial`` are then lists to index)."""
        for code in range(2, 2 * self.count):
            self.tables(code)
            if self.has_initial[code >> 1]:
                self.tables(code, True)

    @property
    def normal(self) -> list[Tables | None]:
        return self._tables

    def confinement(self, code: int) -> int:
        """The squares a code may stand on (-1: everywhere)."""
        regional = self._regional[code]
        return -1 if regional is None else regional[2][0]

    def memo_entries(self) -> int:
        return sum(t.entries for t in self._tables + self._itables if t is not None)

    def table_count(self) -> int:
        """How many tables hold a memo (each bounded by ``cap`` entries)."""
        return sum(t is not None for t in self._tables + self._itables)


def _check_program(letter: str, program: Program) -> None:
    """Refuse what the game cannot play yet, naming it (never play it wrongly)."""
    reasons = []
    for path in program.paths:
        if path.too_complex:
            reasons.append(f"piece {letter}: {path.too_complex}")
        for leg in path.legs:
            for mode, what in _NOT_PLAYED_MODES.items():
                if mode in leg.modes and not (mode == "d" and leg.kind == NULL):
                    reasons.append(f"piece {letter}: {what}")
            if leg.erupt or leg.kind == ERUPT:
                reasons.append(f"piece {letter}: eruptions (x)")
            if leg.kind == DROP:
                reasons.append(f"piece {letter}: drops written in the notation (@)")
            if leg.kind == NULL and "d" in leg.modes:
                reasons.append(f"piece {letter}: destroying itself (dO)")
            if leg.kind not in (STEP, NULL, CASTLE, UNIVERSAL, REPLAY, DROP, ERUPT):
                reasons.append(f"piece {letter}: legs of kind {leg.kind}")
    if reasons:
        raise RulesNotPlayed(sorted(set(reasons)))
