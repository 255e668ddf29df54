"""Betza 2.0 and XBetza readings that the seeds state in words, each set where it matters.

Every expected square below is worked out by hand from the sentence quoted in the test's
docstring (seed 002 = design discussion, 003 = resurrection, 004 = XBoard's Betza page), never
taken from the program's output.
"""

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.geometry.board import square_name


def _query(betza, square, dialect, kw):
    kw = dict(kw)
    if "types" in kw:
        kw["types"] = tuple(sorted(kw["types"].items()))
    kw = {k: tuple(v) if isinstance(v, list) else v for k, v in kw.items()}
    return Query(betza, dialect, square=square, **kw)


def targets(betza, square, dialect="betza2", **kw):
    moves, caps = split_targets(answer(_query(betza, square, dialect, kw).question()))
    return set(moves), set(caps)


def moves_of(betza, square, dialect="betza2", **kw):
    return answer(_query(betza, square, dialect, kw).question()).moves


def names(squares):
    return sorted(square_name(s) for s in squares)


def route(move):
    return [square_name(s) for s in move.path]


# -- 1. t lets a friend through; the limiter on p is p's own --------------------------------
def test_t_lets_a_friendly_immobilizer_through_although_p_excludes_immobilizers():
    """003: the probe xmtop{!I}K-bK- succeeds if the fragment "(2) found a friendly piece and
    hopped over it (t)" ... "(4) found a piece to hop over that is not the feared immobilizer
    (p{!I})": the {!I} belongs to p, so a friendly piece of type I next to the piece is passed
    by t and every fragment comes back; the piece then moves as a Rook (blocked upwards by its
    own piece on d5)."""
    moves, caps = targets("xmtop{!I}K-bK-aR", "d4", friends=["d5"], types={"d5": "I"})
    assert moves == {"a4", "b4", "c4", "e4", "f4", "g4", "h4", "d3", "d2", "d1"}
    assert caps == set()


def test_an_enemy_immobilizer_still_freezes_the_piece():
    """003: "it can return to the initial square ... in all cases except when it would have
    stumbled on an Immobilizer": a foe of type I is not passed by p{!I}, and t takes friends
    only, so that fragment stays out and the move is aborted."""
    assert targets("xmtop{!I}K-bK-aR", "d4", foes=["d5"], types={"d5": "I"}) == (set(), set())


# -- 2. a chain means itself and its mirror image ------------------------------------------
def test_en_passant_chain_uses_the_two_paths_that_start_sideways_and_curve_up():
    """002: "We can write e.p. capture ... as fscW-rmW. ... The e.p. capture only uses two of
    these, that start to the left or right, and then curve 'up'". From e5 with foes on all four
    neighbours: d5 then d6, f5 then f6; no path starts forwards or curves down."""
    moves = moves_of("fscW-rmW", "e5", foes=["d5", "f5", "e6", "e4"])
    assert sorted(route(m) for m in moves) == [["e5", "d5", "d6"], ["e5", "f5", "f6"]]
    assert sorted(names(m.removed) for m in moves) == [["d5"], ["f5"]]


def test_a_bent_chain_stands_for_its_four_rotations_and_their_mirror_images():
    """002: "The cW-rmW ... represent all 4 moves that are rotated versions of it, as well as
    their 4 mirror images": eight paths, two to each diagonal neighbour."""
    moves = moves_of("cW-rmW", "e5", foes=["d5", "f5", "e6", "e4"])
    assert len({tuple(route(m)) for m in moves}) == 8
    assert targets("cW-rmW", "e5", foes=["d5", "f5", "e6", "e4"]) == \
        (set(), {"d4", "d6", "f4", "f6"})


def test_knight_first_leg_fixes_the_chirality_of_later_turns():
    """002: "So lfN-rW would actually mean the mirror image of rfN-rW, and N-rW will specify an
    8-fold symmetric piece with a multi-path move to the A squares": from d4 the two knight
    steps next to each diagonal both end on that alfil square, never on a dabbaba square."""
    moves, caps = targets("N-rW", "d4")
    assert moves == {"b2", "b6", "f2", "f6"} and caps == set()
    assert targets("lfN-rW", "d4") == ({"b6"}, set())   # c6 then left: b6
    assert targets("rfN-rW", "d4") == ({"f6"}, set())   # e6 then right: f6


def test_chiral_knight_letters_keep_one_hand_and_add_no_mirror_image():
    """004: "a 'Chiral Knight' hrN on e4 attacks only to f6, g3, d2 and c5"; 002: "we use l and r
    always as if the first breaking of 4-fold symmetry in the path goes to the right". From d4
    the right-handed knight steps go to e6, f3, c2 and b5; each then turns right (as written,
    they go right): to f6, f2, b2 and b6. No path starts with a left-handed step."""
    moves = moves_of("hrN-rW", "d4")
    assert sorted(route(m) for m in moves) == [["d4", "b5", "b6"], ["d4", "c2", "b2"],
                                               ["d4", "e6", "f6"], ["d4", "f3", "f2"]]


def test_chiral_letters_on_a_bent_chain_pick_one_handedness():
    """002: "W-F defaults under the new rules to W-frF, and specifies 8 different (overall N)
    moves ... f(W-frW) would still specify two moves which are mirror images of each other (as
    fN specifies two such moves), and lf(W-frW) would then specify only the left-handed one of
    those (like lfN would)". The seed's second atom is the F of the Horse it discusses (the
    overall moves are N moves): forward from d4 to d5, then bending to c6 or e6; the
    left-handed one alone is c6, the square lfN reaches."""
    assert targets("f(W-frF)", "d4") == ({"c6", "e6"}, set())
    assert targets("lf(W-frF)", "d4") == ({"c6"}, set())
    assert targets("rf(W-frF)", "d4") == ({"e6"}, set())
    assert targets("W-F", "d4") == ({"c2", "e2", "b3", "b5", "c6", "e6", "f3", "f5"}, set())


# -- 3. modalities on the exponent replace the chain's defaults ----------------------------
def test_exponent_modalities_make_every_intermediate_stop_a_capture():
    """002: "We therefore allow notations like Arc03, to mean cA-rcA-rA": from c3 the alfil
    must capture on e5, turn right to capture on g3, turn right again to land on e1. Without
    the two victims nothing is possible: an empty stop does not satisfy c."""
    assert targets("Arc03", "c3", foes=["e5", "g3"]) == (set(), {"e1"})
    assert targets("Arc03", "c3") == (set(), set())
    assert targets("Arc03", "c3", foes=["e5"]) == (set(), set())


def test_straight_exponent_capture_chain_and_its_defaults():
    """002: "the modifiers on the exponent redefine the defaults for the chaining operators
    implied by the exponent": Ac03 is cA-cA-A, so from a1 it needs foes on c3 and e5 and lands
    on g7; with e5 empty it stops nowhere."""
    assert targets("Ac03", "a1", foes=["c3", "e5"]) == (set(), {"g7"})
    assert targets("Ac03", "a1", foes=["c3"]) == (set(), set())


def test_capturing_nightrider_cannot_ride_over_empty_squares():
    """002: exponent modalities replace the default m of the implied chain, so Nc0 is N, cN-N,
    cN-cN-N ...: from d4 the plain knight squares, and beyond e6 only because a foe stands
    there (f8); no two-knight-step square over an empty square (f6 -> ... not via e6 empty)."""
    moves, caps = targets("Nc0", "d4", foes=["e6"])
    assert moves == {"b3", "b5", "c2", "c6", "e2", "f3", "f5"}
    assert caps == {"e6", "f8"}
    empty_moves, empty_caps = targets("Nc0", "d4")
    assert empty_moves == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"} and not empty_caps


# -- 4. least deflection, looking back to break ties -------------------------------------
def test_w_f_w_is_the_camel():
    """002: "at the second W after e4-e5-f6 the choice is between f7 and g6. But compared to
    e4-e5 f6-f7 is forward, and f6-g6 is right. So f7 wins, and the chain W-F-W specifies a
    Camel move by default." From e4 on an empty board: the eight camel squares only."""
    moves, caps = targets("W-F-W", "e4")
    assert moves == {"d7", "f7", "b3", "b5", "h3", "h5", "d1", "f1"} and caps == set()


def test_w_f_w_camel_is_lame_on_its_w_and_f_squares():
    """002: "the first two are a specific form of lame Camels": e4-e5-f6-f7 is blocked by a
    piece on e5 (for both f7 and d7) or on f6 (for f7 only)."""
    moves, _ = targets("W-F-W", "e4", friends=["e5"])
    assert "f7" not in moves and "d7" not in moves
    moves, _ = targets("W-F-W", "e4", friends=["f6"])
    assert "f7" not in moves and "d7" in moves


# -- 5. pieces picked up and put down again are moved, not captured ----------------------
def test_magnet_pulls_pieces_two_squares_away_one_square_closer():
    """002: "B-xaK-cdK-buK is a Bishop that attracts all pieces that are 2 squares away one
    square towards it." The bishop goes a1-e5; the foe on c7 comes to d6, the foe on e7 to e6,
    the friend on g5 to f5; nothing is captured."""
    (move,) = [m for m in moves_of("B-xaK-cdK-buK", "a1", foes=["c7", "e7"], friends=["g5"])
               if square_name(m.destination) == "e5"]
    assert move.removed == ()
    assert names(move.placed) == ["d6", "e6", "f5"]
    moves, caps = targets("B-xaK-cdK-buK", "a1", foes=["c7", "e7"], friends=["g5"])
    assert "e5" in moves and caps == set()


def test_repeller_pushes_adjacent_pieces_one_square_away():
    """002: "Repellers? Just change it to B-xacdK-uK, which picks up the pieces on the first
    step, and unloads them on the next step without reversing direction." The bishop goes
    a1-e5; the foe on d6 is put down on c7, not captured."""
    (move,) = [m for m in moves_of("B-xacdK-uK", "a1", foes=["d6"])
               if square_name(m.destination) == "e5"]
    assert move.removed == () and names(move.placed) == ["c7"]
    assert targets("B-xacdK-uK", "a1", foes=["d6"])[1] == set()


def test_repeller_cannot_unload_on_an_occupied_square():
    """000's table: u on an occupied square swaps, but on the last leg the fragment ends there
    and cannot put the piece down beside another: the push is blocked and nothing moves."""
    (move,) = [m for m in moves_of("B-xacdK-uK", "a1", foes=["d6"], friends=["c7"])
               if square_name(m.destination) == "e5"]
    assert move.removed == () and move.placed == ()


# -- 6. XBetza o on the first leg of a multi-leg move -------------------------------------
def test_cylinder_mao_wraps_on_its_first_leg():
    """004: "The prefix 'o' is used to indicate moves on a cylinder board, which would wrap
    around from the side edges", and a non-final leg may "stray off board, to either re-enter
    it with a further leg or wrap around". oafsW from a1 on 8x8: the ordinary Mao squares b3
    (a2 then right-forward) and c2 (b1 then right-forward), and g2 after wrapping from a1 to h1
    (the second leg has no o, so it does not wrap)."""
    assert targets("oafsW", "a1", "xbetza") == ({"b3", "c2", "g2"}, set())


# -- readings the seeds leave open, decided in docs/design.md ------------------------------
def test_kamikaze_bishop_captures_and_disappears():
    """002: "Suicide can be expressed with the aid of a null-move leg: dO suffixed behind the
    move. A kamikaze capture on a Bishop move would be cB-dO." From a1 with a foe on c3: the
    capture on c3, after which the bishop itself is gone; no move without a capture."""
    (move,) = moves_of("cB-dO", "a1", foes=["c3"])
    assert square_name(move.destination) == "c3" and names(move.removed) == ["c3"]
    assert move.vanishes
    assert targets("cB-dO", "a1") == (set(), set())


def test_crooked_bishop_zig_zags_either_way():
    """002: "(F-lF)r0 expands to (F-lF)-r(F-lF)-r(F-lF)-... = F-lF-rF-lF-rF-lF-..., which is the
    Crooked Bishop", and a chain means "both the written one and its mirror image". From d4 each
    repetition ends two diagonal steps on: d6, d8, b4, f4, h4, d2; d6 is reached both by e5
    (left first, as written) and by c5 (right first, the mirror image)."""
    moves = moves_of("(F-lF)r0", "d4")
    assert {square_name(m.destination) for m in moves} == {"d6", "d8", "b4", "f4", "h4", "d2"}
    assert sorted(route(m) for m in moves if square_name(m.destination) == "d6") == \
        [["d4", "c5", "d6"], ["d4", "e5", "d6"]]


def test_the_rose_circles_either_way():
    """002: "Nfr8 would be upto 8 repeated Knight jumps, each next one aiming 45 degrees right of
    the previous one ... But that is the Rose!", and the Rose circles both ways (the mirror
    image). From h8 on 16x16: i10 then 45° right is k11, 45° left is h12; h12 is reached both
    ways, through i10 (turning left) and through g10 (turning right)."""
    moves = moves_of("Nfr8", "h8", files=16, ranks=16)

    def via(dest):  # the squares passed on the way to dest in two jumps
        return sorted(tuple(square_name(s) for s in m.legs[0].passed) for m in moves
                      if square_name(m.destination) == dest and m.legs[0].steps == 2)
    assert ("i10",) in via("k11")
    assert via("h12") == [("g10",), ("i10",)]
