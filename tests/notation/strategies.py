"""Hypothesis strategies for move-definition ASTs of both dialects.

They generate the ASTs the reader can produce: XBetza paths share one atom and range over all
their ``a`` legs; Betza 2.0 legs each have a step (an atom or a parenthesised spec with a range),
exponent modifiers on ranges, specials ``x xx e``, limiters and ``ci``/``di``. Source spans and
spellings are not part of equality, so they are left at their defaults.
"""

from __future__ import annotations

from hypothesis import strategies as st

from designer.notation.ast import BETZA2, XBETZA, Atom, Leg, Limiter, Modality, Path, Piece, Range, Spec
from designer.notation.atoms import STEPS

XB_MODES = "mcdetpgoy"
B2_MODES = "mcdptoug"
ORDER = "mcdetpgoyu"
LEAPERS = "WFDNAHCZG"
SLIDERS = "KBRQ"


def atoms(dialect: str) -> st.SearchStrategy[Atom]:
    letters = LEAPERS + SLIDERS + ("OU@" if dialect == XBETZA else "OU")
    lettered = st.sampled_from(letters).map(lambda c: Atom(c, *STEPS[c]))
    coords = st.tuples(st.integers(0, 98), st.integers(1, 98)).map(
        lambda t: Atom("", min(t), max(t)))
    return st.one_of(lettered, coords)


def ranges(atom: Atom, dialect: str) -> st.SearchStrategy[Range]:
    if atom.letter in ("U",) or (atom.letter == "O" and dialect == BETZA2):
        return st.just(Range())
    if atom.letter == "O":
        return st.one_of(st.just(Range()), st.integers(2, 9).map(Range))
    counts = st.one_of(st.none(), st.just(0), st.integers(2, 99))
    if atom.slider_letter:
        counts = st.one_of(counts, st.just(1))
    plain = counts.map(Range)
    exact = st.integers(1, 99).map(lambda n: Range(n, True))
    options = [plain, exact]
    if dialect == BETZA2:
        options.append(st.builds(
            lambda n, turn, modes: Range(n, False, turn, modes),
            st.one_of(st.just(0), st.integers(2, 9)), st.text("fblrvsa", max_size=2),
            modalities(B2_MODES, limiters=False)))
    return st.one_of(*options)


def limiters() -> st.SearchStrategy[Limiter]:
    return st.builds(Limiter, st.lists(st.sampled_from(["N", "L", "+Ky", "P", "Q'", "K"]),
                                       min_size=1, max_size=3, unique=True).map(tuple),
                     st.booleans())


def modalities(letters: str, limiters: bool, virgin: bool = False):
    """Distinct modality letters in canonical order, optionally with limiters and ``ci``/``di``."""

    @st.composite
    def build(draw):
        chosen = draw(st.lists(st.sampled_from(letters), unique=True, max_size=3))
        chosen.sort(key=ORDER.index)
        out = []
        for letter in chosen:
            lim = draw(st.one_of(st.none(), globals()["limiters"]())) if limiters else None
            vir = virgin and letter in "cd" and draw(st.booleans())
            out.append(Modality(letter, lim, vir))
        return tuple(out)

    return build()


def legs(dialect: str, step, rng: Range, first: bool):
    b2 = dialect == BETZA2
    return st.builds(
        lambda dirs, modes, initial, lame, turning, erupt, equal: Leg(
            step, rng, dirs, modes, initial if first else 0, lame, turning, erupt, equal),
        st.text("fblrvsh" + ("a" if b2 else ""), max_size=3),
        modalities(B2_MODES if b2 else XB_MODES, limiters=b2, virgin=b2),
        st.integers(0, 1),
        st.sampled_from(["", "n", "j", "jj"]),
        st.sampled_from(["", "q", "z"]),
        st.sampled_from(["", "x", "xx"]) if b2 else st.just(""),
        st.booleans() if b2 else st.just(False),
    )


@st.composite
def xbetza_paths(draw):
    atom = draw(atoms(XBETZA))
    rng = draw(ranges(atom, XBETZA))
    count = 1 if atom.letter == "@" else draw(st.integers(1, 3))
    return Path(tuple(draw(legs(XBETZA, atom, rng, i == 0)) for i in range(count)))


def betza2_specs(depth: int = 0):
    @st.composite
    def build(draw):
        n = draw(st.integers(1 if depth else 0, 3))
        return Spec(tuple(draw(betza2_paths(depth)) for _ in range(n)))

    return build()


def betza2_paths(depth: int = 0):
    @st.composite
    def build(draw):
        count = draw(st.integers(1, 3))
        out = []
        for i in range(count):
            if depth < 2 and draw(st.integers(0, 5)) == 0:
                inner = draw(betza2_specs(depth + 1))
                # A group needs a range of its own: without one the reader splices it away.
                rng = draw(st.one_of(st.just(Range(0)), st.integers(2, 9).map(Range),
                                     st.integers(1, 9).map(lambda n: Range(n, True))))
                out.append(draw(legs(BETZA2, inner, rng, i == 0)))
            else:
                atom = draw(atoms(BETZA2))
                out.append(draw(legs(BETZA2, atom, draw(ranges(atom, BETZA2)), i == 0)))
        return Path(tuple(out))

    return build()


@st.composite
def pieces(draw, dialect: str | None = None):
    dialect = dialect or draw(st.sampled_from([XBETZA, BETZA2]))
    if dialect == XBETZA:
        paths = draw(st.lists(xbetza_paths(), max_size=4))
    else:
        paths = list(draw(betza2_specs()).paths)
    return Piece(dialect, Spec(tuple(paths)))
