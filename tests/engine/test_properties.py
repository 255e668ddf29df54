"""Properties every move generator must have, checked on generated definitions and positions."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.engine.compile import program_for
from designer.engine.generate import generate
from designer.engine.position import BLACK, WHITE, Placed, PieceBoard
from designer.notation.errors import TooComplexError

ATOMS = ["W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "(1,4)", "(2,5)"]
SLIDERS = ["R", "B", "Q"]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def plain_definitions(draw, with_directions: bool = True):
    """Single-leg definitions built from atoms, ranges, modalities and (optionally) directions."""
    groups = []
    last = ""
    for _ in range(draw(st.integers(1, 3))):
        atom = draw(st.sampled_from([a for a in ATOMS + SLIDERS if a != last]))
        last = atom  # "W" then "W0" would read as the legacy rider "WW"
        rng = "" if atom in SLIDERS else draw(st.sampled_from(["", "", "0", "2", "3", "03"]))
        mode = draw(st.sampled_from(["", "m", "c", "mc"]))
        dirs = draw(st.sampled_from(["", "f", "b", "s", "v", "fs", "lf", "rb", "ff", "fh", "hr"])) \
            if with_directions else ""
        groups.append(dirs + mode + atom + rng)
    return "".join(groups)


MULTI_LEG = ["mafsR", "masR", "caKmcabK", "KNADcaKmcabK", "mafsafW", "fcafmF", "aK", "aaK",
             "mamaK", "caifR", "mpafN", "W-F", "mW-F", "(W-F)0", "cR-mR", "Nrf3", "FF-R", "WW-B"]
MULTI_DIALECT = {d: ("betza2" if "-" in d or "(" in d and "," not in d or "rf" in d else "xbetza")
                 for d in MULTI_LEG}


def rotate(sq, files, ranks):
    return files - 1 - sq[0], ranks - 1 - sq[1]


@st.composite
def positions(draw, files=9, ranks=9):
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    origin = draw(st.sampled_from(squares))
    others = [s for s in squares if s != origin]
    occupied = draw(st.lists(st.sampled_from(others), max_size=12, unique=True))
    sides = draw(st.lists(st.booleans(), min_size=len(occupied), max_size=len(occupied)))
    pieces = {s: Placed(WHITE if mine else BLACK) for s, mine in zip(occupied, sides)}
    return PieceBoard(files, ranks, pieces), origin


def target_sets(moves):
    return ({m.destination for m in moves if not m.removed},
            {m.destination for m in moves if m.removed})


@SETTINGS
@given(plain_definitions(with_directions=False))
def test_without_direction_modifiers_targets_are_symmetric_away_from_edges(betza):
    program = program_for(betza)
    pos = PieceBoard(19, 19)
    centre = (9, 9)
    vectors = {(m.destination[0] - 9, m.destination[1] - 9) for m in generate(program, pos, centre)}
    for vx, vy in vectors:
        for image in [(-vx, vy), (vx, -vy), (vy, vx), (-vy, -vx), (-vx, -vy)]:
            assert image in vectors, (betza, (vx, vy), image)


@SETTINGS
@given(st.one_of(plain_definitions(), st.sampled_from(MULTI_LEG)), positions())
def test_black_moves_are_white_moves_turned_half_a_turn(betza, setup):
    dialect = MULTI_DIALECT.get(betza, "xbetza")
    program = program_for(betza, dialect)
    pos, origin = setup
    W, H = pos.files, pos.ranks
    flipped = PieceBoard(W, H, {rotate(s, W, H): Placed(BLACK if p.side == WHITE else WHITE)
                              for s, p in pos.pieces.items()})
    white = target_sets(generate(program, pos, origin, WHITE))
    black = target_sets(generate(program, flipped, rotate(origin, W, H), BLACK))
    assert {rotate(s, W, H) for s in white[0]} == black[0]
    assert {rotate(s, W, H) for s in white[1]} == black[1]


@SETTINGS
@given(st.one_of(plain_definitions(), st.sampled_from(["mafsR", "masR", "mafsafW", "aK", "mamaK",
                                                      "caKmcabK", "fcafmF", "W-F", "mW-F"])),
       positions(), st.data())
def test_adding_a_friendly_blocker_never_adds_a_move(betza, setup, data):
    """Without hoppers, must-jump or destroy, an extra friendly piece can only take moves away."""
    dialect = MULTI_DIALECT.get(betza, "xbetza")
    program = program_for(betza, dialect)
    pos, origin = setup
    free = [(f, r) for f in range(pos.files) for r in range(pos.ranks)
            if (f, r) != origin and (f, r) not in pos.pieces]
    blocker = data.draw(st.sampled_from(free))
    before = target_sets(generate(program, pos, origin))
    after = target_sets(generate(program, pos.with_piece(blocker, Placed(WHITE)), origin))
    assert after[0] <= before[0] and after[1] <= before[1]


@SETTINGS
@given(st.one_of(plain_definitions(), st.sampled_from(MULTI_LEG + ["oB", "oR", "qN", "zW",
                                                                    "(cQ-mQ)4", "mQcQ-xdO-acdK"])),
       positions(files=7, ranks=10))
def test_no_move_ever_leaves_the_board(betza, setup):
    dialect = "betza2" if "-" in betza and betza not in MULTI_DIALECT else MULTI_DIALECT.get(
        betza, "xbetza")
    program = program_for(betza, dialect)
    pos, origin = setup
    try:
        moves = generate(program, pos, origin)
    except TooComplexError:
        return
    for m in moves:
        assert pos.on_board(m.destination)
        for s in m.removed:
            assert pos.on_board(s)
        for leg in m.legs:
            assert all(pos.on_board(s) for s in leg.passed)


def test_pathological_definitions_are_refused_with_a_reason_not_hung():
    # Work is counted, never timed, so the reason is the same on a loaded machine.
    for text, reason in [("a" * 60 + "Q", "legs"), ("aaaaaaQ", "search steps")]:
        try:
            generate(program_for(text), PieceBoard(16, 16), (7, 7))
        except TooComplexError as e:
            assert reason in e.message
        else:
            raise AssertionError(f"{text} should be too complex")


def test_realistic_heavy_pieces_stay_within_the_budget_on_26x26():
    for text, dialect in [("mamamaK", "xbetza"), ("masR", "xbetza"), ("(W-F)0", "betza2"),
                          ("KNADcaKmcabK", "xbetza"), ("U", "xbetza")]:
        assert generate(program_for(text, dialect), PieceBoard(26, 26), (12, 12))
