"""No definition the reader accepts makes the generator fail with anything but our own
positioned errors, and the fast targets path agrees with the traced moves.

Definitions are generated from the grammar of both dialects (groups inside groups, ranges,
exponent modifiers, eruptions, limiters, every modifier letter) and run through parse ->
compile -> generate on boards from 1x1 to 26x26. Work is bounded by counting it, not by timing.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.engine.compile import compile_piece, program_for
from designer.engine.generate import DEFAULT_BUDGET, generate, search_work, targets
from designer.engine.position import BLACK, WHITE, Placed, PieceBoard
from designer.notation.errors import NotationError, TooComplexError
from designer.errors import DesignerError
from designer.notation.parser import parse

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
BUDGET = 5_000  # far below the default so that a few hundred examples stay quick

XB_MODIFIERS = "fblrvshmcdetpgoynjiqz"
B2_MODIFIERS = "fblrvshamcdptougxnjieq"
ATOMS = list("WFDNAHCZGKBRQOU@") + ["(1,4)", "(2,5)", "(0,3)"]
RANGES = ["", "", "", "0", "1", "2", "3", "03", "02", "7", "12"]


@st.composite
def xbetza(draw):
    groups = []
    for _ in range(draw(st.integers(1, 3))):
        legs = [draw(st.text(XB_MODIFIERS, max_size=4)) for _ in range(draw(st.integers(1, 3)))]
        atom = draw(st.sampled_from(ATOMS))
        groups.append("a".join(legs) + atom + draw(st.sampled_from(RANGES)))
    return "".join(groups)


@st.composite
def betza2_prefix(draw):
    letters = draw(st.text(B2_MODIFIERS, max_size=4))
    if letters and letters[-1] in "mcdptu" and draw(st.booleans()):
        letters += draw(st.sampled_from(["{N}", "{!I}", "{K,+Q}", "{P}"]))
    return letters


@st.composite
def betza2_exponent(draw):
    if draw(st.booleans()):
        return draw(st.sampled_from(RANGES))
    mods = draw(st.text("fblrshacdmpt", max_size=3))
    return mods + draw(st.sampled_from(["0", "2", "3", "03", "7", "*"]))


def betza2_spec(depth):
    @st.composite
    def spec(draw):
        paths = []
        for _ in range(draw(st.integers(1, 2))):
            slides = []
            for _ in range(draw(st.integers(1, 3))):
                if depth < 2 and draw(st.integers(0, 3)) == 0:
                    step = "(" + draw(betza2_spec(depth + 1)) + ")"
                else:
                    step = draw(st.sampled_from(ATOMS))
                slides.append(draw(betza2_prefix()) + step + draw(betza2_exponent()))
            paths.append("-".join(slides))
        return "".join(paths)
    return spec()


@st.composite
def positions(draw):
    files, ranks = draw(st.integers(1, 26)), draw(st.integers(1, 26))
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    origin = draw(st.sampled_from(squares))
    others = [s for s in squares if s != origin]
    occupied = draw(st.lists(st.sampled_from(others), max_size=min(12, len(others)),
                             unique=True)) if others else []
    pieces = {s: Placed(draw(st.sampled_from([WHITE, BLACK, None])),
                        draw(st.sampled_from(["", "N", "I", "P", "K"])), draw(st.booleans()),
                        draw(st.booleans()))
              for s in occupied}
    holes = frozenset(draw(st.lists(st.sampled_from(others), max_size=2))) - set(pieces) \
        if others else frozenset()
    return PieceBoard(files, ranks, pieces, holes), origin


def _run_both(text, dialect, setup, side, virgin, royal):
    try:
        piece = parse(text, dialect)
    except NotationError:
        assume(False)
        return
    program = compile_piece(piece)
    pos, origin = setup
    results = []
    for fn in (generate, targets):
        try:
            results.append(fn(program, pos, origin, side, virgin, royal, "N", budget=BUDGET))
        except DesignerError as e:
            assert isinstance(e, (TooComplexError, NotationError))
            if isinstance(e, TooComplexError):
                assert 0 <= e.start <= e.end <= len(text)   # the error names columns of the text
            results.append(None)
    moves, lean = results
    if moves is not None and lean is not None:
        plain = {m.destination for m in moves if not m.removed}
        caps = {m.destination for m in moves if m.removed}
        assert lean == (plain, caps), text


@SETTINGS
@given(xbetza(), positions(), st.sampled_from([WHITE, BLACK]), st.booleans(), st.booleans())
def test_xbetza_definitions_fail_only_with_positioned_errors(text, setup, side, virgin, royal):
    _run_both(text, "xbetza", setup, side, virgin, royal)


@SETTINGS
@given(betza2_spec(0), positions(), st.sampled_from([WHITE, BLACK]), st.booleans(),
       st.booleans())
def test_betza2_definitions_fail_only_with_positioned_errors(text, setup, side, virgin, royal):
    _run_both(text, "betza2", setup, side, virgin, royal)


@pytest.mark.parametrize("text", ["W-(WF)", "x(F)", "x(F)-W", "((W-F)7)2", "((N)7)2",
                                  "((W-F)0)0", "(((W-F)3)3)3", "x(W-F)0"])
def test_strings_that_used_to_crash_the_generator(text):
    """Groups inside groups with ranges, and eruptions on groups, once escaped as IndexError or
    AttributeError; now they give moves or our own positioned error."""
    program = program_for(text, "betza2")
    for size in (1, 8, 26):
        try:
            generate(program, PieceBoard(size, size), (0, 0))
        except TooComplexError as e:
            assert 0 <= e.start < e.end <= len(text)


def test_targets_command_answers_them_with_squares_not_internal_errors():
    moves, caps = split_targets(answer(Query("W-(WF)", "betza2", square="d4").question()))
    # W then straight on (a Dabbaba square) or diagonally on (a Knight square)
    assert set(moves) == {"d6", "d2", "b4", "f4", "c6", "e6", "c2", "e2", "b3", "b5", "f3", "f5"}
    assert caps == []


# -- the work limit --------------------------------------------------------------------------
def test_give_up_point_does_not_grow_with_the_board():
    """Chains of riders (R-R-R-...) used to need ten times longer to give up on a larger board:
    the limit is work, counted the same way for every board and for both callers."""
    program = program_for("R-aR-aR-aR-aR", "betza2")
    spent = []
    for size in (8, 16, 26):
        for trace in (True, False):
            work, gave_up = search_work(program, PieceBoard(size, size), (size // 2, size // 2),
                                        trace=trace)
            assert gave_up
            spent.append(work)
    assert all(DEFAULT_BUDGET < w <= DEFAULT_BUDGET + 2_000 for w in spent)


def test_too_complex_names_the_expensive_move_group():
    text = "WFmamamamaQN"
    with pytest.raises(TooComplexError) as info:
        generate(program_for(text), PieceBoard(16, 16), (7, 7))
    assert (info.value.start, info.value.end) == (2, 11)   # mamamamaQ, not W, F or N
    assert "columns 3-11" in info.value.message


def test_realistic_pieces_use_a_fraction_of_the_budget():
    for text, dialect in [("mamamaK", "xbetza"), ("(W-F)0", "betza2"), ("KNADcaKmcabK", "xbetza"),
                          ("masR", "xbetza"), ("Nrf0", "betza2"), ("U", "xbetza")]:
        work, gave_up = search_work(program_for(text, dialect), PieceBoard(26, 26), (12, 12))
        assert not gave_up and work < DEFAULT_BUDGET // 2, (text, work)
