"""Move examples whose effect the seeds describe in words, each placed where it matters.

Every expected square set below is worked out by hand from the sentence quoted in the test's
docstring (seed 004 = XBoard's Betza page, 000 = Betza 2.0 reference, 002 = design discussion,
003 = resurrection), never copied from the program's output.
"""

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.geometry.board import parse_square, square_name


def targets(betza, square, dialect="xbetza", **kw):
    kw = {k: tuple(v) if isinstance(v, (list, dict)) and k != "types" else v for k, v in kw.items()}
    if "types" in kw:
        kw["types"] = tuple(sorted(kw["types"].items()))
    moves, caps = split_targets(answer(Query(betza, dialect, square=square, **kw).question()))
    return set(moves), set(caps)


def moves_of(betza, square, dialect="xbetza", **kw):
    if "types" in kw:
        kw["types"] = tuple(sorted(kw["types"].items()))
    kw = {k: tuple(v) if isinstance(v, list) else v for k, v in kw.items()}
    return answer(Query(betza, dialect, square=square, **kw).question()).moves


def names(squares):
    return {square_name(s) for s in squares}


def test_checker_captures_on_the_diagonal_and_lands_on_the_empty_square_behind():
    """004: "a Checker can capture on its first fF step, and then must move again in the same
    direction to an empty square, fcafmF"."""
    moves, caps = targets("fcafmF", "d4", foes=["e5", "c5"], friends=["b6"])
    assert moves == set()
    assert caps == {"f6"}  # c5 cannot be taken: b6 behind it is not empty
    (m,) = [m for m in moves_of("fcafmF", "d4", foes=["e5", "c5"], friends=["b6"])]
    assert names(m.removed) == {"e5"} and m.kind == "locust"


def test_hook_mover_makes_two_perpendicular_rook_moves():
    """004: "masR would be a Rook that can do two moves per turn, the second perpendicular to
    the first, where the first should be a non-capture"."""
    moves, caps = targets("masR", "d4")
    expected = {f"{f}{r}" for f in "abcdefgh" for r in range(1, 9) if f != "d" and r != 4}
    assert moves == expected and caps == set()
    boxed = targets("masR", "d4", friends=["d5", "d3", "c4", "e4"])
    assert boxed == (set(), set())


def test_mafsR_bends_45_degrees_on_an_empty_square():
    """004: "mafsR for a trajectory that starts orthogonal and then bends 45 degrees ('fs') on
    any empty square ('m') reached that way"."""
    moves, _ = targets("mafsR", "c3", files=5, ranks=5)
    assert moves == {"b5", "d5", "b1", "d1", "a2", "a4", "e2", "e4"}


def test_xiangqi_cannon_needs_exactly_one_screen_to_capture():
    """004: "the Xiangqi Cannon ('Pao', a Rook which must jump before it can capture) ...
    mRcpR"."""
    moves, caps = targets("mRcpR", "a1", files=9, ranks=10, friends=["a3"], foes=["a6", "a8"])
    assert caps == {"a6"}
    assert moves == {"a2"} | {f"{f}1" for f in "bcdefghi"}


def test_grasshopper_lands_directly_behind_the_first_obstacle():
    """004: "the Grasshopper (a Queen that can only land on squares directly behind the first
    obstacle in its path) ... gQ"."""
    moves, caps = targets("gQ", "d4", friends=["d6", "f4"], foes=["b2", "b6"])
    assert moves == {"d7", "g4", "a1", "a7"} and caps == set()


def test_time_reversed_grasshopper_gafK():
    """004: "This makes gafK a time-reversed Grasshopper": one step onto an occupied square,
    then sliding on beyond it."""
    moves, caps = targets("gafK", "d4", friends=["d5"], foes=["d7"])
    assert moves == {"d6"} and caps == {"d7"}


def test_pafK_jumps_adjacent_pieces_the_complement_of_nAnD():
    """004: "different from pafK = nAnD". p on a non-final leg means the leg ends on an occupied
    square and leaves it ("We can also leave an occupant undisturbed, denoted by 'p'"), so pafK
    reaches exactly the A and D squares that nAnD cannot: behind an adjacent piece. (The seed's
    '=' reads as 'the counterpart of': taken literally it contradicts its own definition of p.)"""
    board = dict(friends=["d5", "e5"])
    paf, _ = targets("pafK", "d4", **board)
    lame, _ = targets("nAnD", "d4", **board)
    assert paf == {"d6", "f6"}
    assert lame == {"b2", "b4", "b6", "d2", "f2", "f4"}
    all_a_d = {"b2", "b6", "f2", "f6", "b4", "f4", "d2", "d6"}
    assert paf | lame == all_a_d and not paf & lame


def test_mpafN_glues_two_knight_steps_into_a_2_4_leaper():
    """004: "an 'mp' modality on a non-final step makes it ignore the relay square completely
    ... mpafN for a (2,4) leaper"."""
    assert targets("mpafN", "d4")[0] == {"b8", "f8", "h2", "h6"}
    assert targets("mpafN", "d4", friends=["e6", "c6", "f5", "f3"])[0] == {"b8", "f8", "h2", "h6"}


def test_gafsR_lands_diagonally_behind_the_platform_but_gafsW0_slides_on():
    """004: "gafsR ... turns into fsW = fF and must thus land directly (diagonally) behind the
    platform, but the latter changes into fsR = fB with unlimited range"."""
    assert targets("gafsR", "d4", friends=["d6"])[0] == {"c7", "e7"}
    assert targets("gafsW0", "d4", friends=["d6"])[0] == {"c7", "b8", "e7", "f8"}


def test_collision_bifurcator_gabyabsR():
    """004: "moves like Rook to an obstacle and changes to W there ('g'), takes one step back
    ('b'), spontaneously restoring the slider range ('y'), and then continues with a sideway
    backward ... = B move"."""
    assert targets("gabyabsR", "d4", friends=["d7"])[0] == {"c7", "b8", "e7", "f8"}


def test_chiral_knight_attacks_only_right_handed_squares():
    """004: "a 'Chiral Knight' hrN on e4 attacks only to f6, g3, d2 and c5"."""
    assert targets("hrN", "e4")[0] == {"f6", "g3", "d2", "c5"}


def test_lame_camel_blocked_at_w_or_n_squares():
    """004: "afraflWaflafrW for a lame C that can be blocked at W or N squares"."""
    all_c = {"a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"}
    assert targets("afraflWaflafrW", "d4")[0] == all_c
    assert targets("afraflWaflafrW", "d4", friends=["d5"])[0] == all_c - {"c7", "e7"}
    assert targets("afraflWaflafrW", "d4", friends=["e6"])[0] == all_c - {"e7"}


def test_fide_pawn_push_double_step_capture_and_en_passant():
    """004: "a FIDE Pawn would be fmWfceFifmnD, which includes both the blockable initial double
    push ifmnD and the e.p. capture feF"."""
    assert targets("fmWfceFifmnD", "e2") == ({"e3", "e4"}, set())
    assert targets("fmWfceFifmnD", "e2", friends=["e3"]) == (set(), set())
    assert targets("fmWfceFifmnD", "e2", foes=["d3"], virgin=False) == ({"e3"}, {"d3"})
    double = [m for m in moves_of("fmWfceFifmnD", "e2") if m.destination == parse_square("e4")]
    assert names(double[0].ep_rights) == {"e3"} and double[0].initial
    moves, caps = targets("fmWfceFifmnD", "e5", foes=["d5"], ep="d6", virgin=False)
    assert caps == {"d6"} and moves == {"e6"}
    (ep,) = [m for m in moves_of("fmWfceFifmnD", "e5", foes=["d5"], ep="d6", virgin=False)
             if m.removed]
    assert names(ep.removed) == {"d5"} and ep.kind == "ep"


def test_black_pawn_moves_towards_rank_one():
    assert targets("fmWfceFifmnD", "d7", side="black") == ({"d6", "d5"}, set())


def test_xiangqi_horse_is_blocked_on_the_orthogonal_square():
    """004: "this happens to make nN the Xiangqi Horse"."""
    all_n = {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}
    assert targets("nN", "d4", friends=["d5"])[0] == all_n - {"c6", "e6"}
    assert targets("nN", "d4", foes=["e4"])[0] == all_n - {"f3", "f5"}
    # Betza 2.0's horse mW-F blocks in the same places (seed 000)
    assert targets("mW-F", "d4", "betza2", friends=["d5"])[0] == all_n - {"c6", "e6"}


def test_lion_double_capture_igui_and_pass():
    """Chu Shogi Lion KNADcaKmcabK: capture and move on (caK), capture and return or pass
    (mcabK)."""
    moves = moves_of("KNADcaKmcabK", "f6", files=12, ranks=12, foes=["f7", "g7"])
    by = {(square_name(m.destination), tuple(sorted(names(m.removed)))) for m in moves}
    assert ("g7", ("f7", "g7")) in by          # double capture
    assert ("f6", ("f7",)) in by               # igui: capture f7 without moving
    assert ("f6", ()) in by                    # pass: step out and back
    assert ("f8", ("f7",)) in by               # capture and continue to an empty square
    assert ("f5", ("f7",)) not in by           # the second step never goes straight back... to f6
    assert all(m.kind != "null" or not m.removed for m in moves)


def test_ultima_long_leaper_captures_along_a_line():
    """001: "(cQ-mQ)4 for the Ultima long leaper that can make up to 4 captures along a straight
    line if it can find empty squares between the pieces it jumps over"."""
    moves, caps = targets("(cQ-mQ)4", "a1", "betza2", foes=["c3", "e5"])
    assert caps == {"d4", "f6", "g7", "h8"} and moves == set()
    double = [m for m in moves_of("(cQ-mQ)4", "a1", "betza2", foes=["c3", "e5"])
              if m.destination == parse_square("f6")]
    assert names(double[0].removed) == {"c3", "e5"}


def test_withdrawer_captures_the_piece_it_moves_away_from():
    moves, caps = targets("cK-bK-mQ", "d4", "betza2", foes=["d5"])
    assert caps == {"d3", "d2", "d1"}


def test_rifle_capture_cR_ebR_returns_to_the_origin():
    """002: "Rifle capture can be cR-ebR, a Rook capture followed by an equally long move in the
    reversed direction"."""
    assert targets("cR-ebR", "d4", "betza2", foes=["d7", "f4"], friends=["b4"]) == (set(), {"d4"})
    (m, m2) = sorted(moves_of("cR-ebR", "d4", "betza2", foes=["d7", "f4"]),
                     key=lambda m: m.removed)
    assert {names(m.removed).pop(), names(m2.removed).pop()} == {"d7", "f4"}


def test_swap_with_cdN_buN_bN_moves_both_pieces():
    """001: "A swap can thus be written as cdN-buN-bN"."""
    moves, caps = targets("cdN-buN-bN", "d4", "betza2", foes=["e6"], friends=["c2"])
    assert moves == {"e6", "c2"} and caps == set()
    swap = [m for m in moves_of("cdN-buN-bN", "d4", "betza2", foes=["e6"])][0]
    assert names(swap.placed) == {"d4"} and swap.kind == "unload"


def test_castling_as_a_catapult_move():
    """004: "describe castling by having the King carry the Rook to its destination, e.g.
    irdiW03-buD-bW on the white King for O-O"."""
    assert targets("irdiW03-buD-bW", "e1", "betza2", friends=["h1"]) == ({"g1"}, set())
    (m,) = moves_of("irdiW03-buD-bW", "e1", "betza2", friends=["h1"])
    assert names(m.placed) == {"f1"}
    assert targets("irdiW03-buD-bW", "e1", "betza2", friends=["h1"], moved=["h1"]) == (set(), set())
    assert targets("irdiW03-buD-bW", "e1", "betza2", friends=["h1", "g1"]) == (set(), set())
    assert targets("irdiW03-buD-bW", "e1", "betza2", friends=["h1"], virgin=False) == (set(), set())


def test_xbetza_castling_O2_and_O3():
    """004: "castling with an O atom, where the following number indicates the number of steps
    the piece having this move takes in the direction of the corner"."""
    m, _ = targets("KisO2", "e1", friends=["a1", "h1"], royal=True)
    assert {"c1", "g1"} <= m
    m, _ = targets("KisO3", "f1", files=10, friends=["a1", "j1"], royal=True)
    assert {"c1", "i1"} <= m
    m, _ = targets("KisO2", "e8", side="black", friends=["a8", "h8"], royal=True)
    assert {"c8", "g8"} <= m
    # only a royal piece castles
    m, _ = targets("KisO2", "e1", friends=["a1", "h1"], royal=False)
    assert not {"c1", "g1"} & m
    (castle,) = [x for x in moves_of("KisO2", "e1", friends=["a1", "h1"], royal=True)
                 if square_name(x.destination) == "g1"]
    assert castle.kind == "castling" and square_name(castle.partner) == "h1"


def test_atomic_queen_explodes_after_capturing():
    """002: "an Atomic Queen would be like mQcQ-xdO-acdK, exploding itself after capture with
    xdO, while the fragments move on to destroy friend and foe in all directions"."""
    moves = moves_of("mQcQ-xdO-acdK", "d1", "betza2", foes=["d5", "e6"], friends=["c4"])
    (cap,) = [m for m in moves if m.removed]
    assert square_name(cap.destination) == "d5"
    assert names(cap.removed) == {"d5", "e6", "c4"} and cap.vanishes


def test_fire_demon_burns_all_neighbours():
    """002: "mcB-xaK ... all enemies surrounding square S will be captured"."""
    moves = moves_of("mcB-xacK", "a1", "betza2", foes=["b3", "d3", "c5"])
    to_c4 = [m for m in moves if square_name(m.destination) == "c3"]
    assert to_c4 and names(to_c4[0].removed) == {"b3", "d3"}


def test_resurrection_immobilizer_test():
    """003: "test for an adjacent immobilizer by a prefix xmtop{!I}K-bK-a ... Without adjacent
    Immobilizer resurrection succeeds ... If resurrection fails ... the fragments evaporate"."""
    free = targets("xmtop{!I}K-bK-aR", "d4", "betza2", foes=["d6"], types={"d6": "P"})
    assert free[0] == {"d5", "a4", "b4", "c4", "e4", "f4", "g4", "h4", "d1", "d2", "d3"}
    assert free[1] == {"d6"}
    next_to_pawn = targets("xmtop{!I}K-bK-aR", "d4", "betza2", foes=["d5"], types={"d5": "P"})
    assert next_to_pawn[1] == {"d5"}
    frozen = targets("xmtop{!I}K-bK-aR", "d4", "betza2", foes=["d5"], types={"d5": "I"})
    assert frozen == (set(), set())


def test_mao_rider_repeats_the_horse_step_in_one_direction():
    """002/004: "(W-F)0 is the Mao-rider, which repeats the (blockable) steps of the Xiangqi
    Horse"."""
    assert targets("(W-F)0", "a1", "betza2")[0] == {"b3", "c5", "d7", "c2", "e3", "g4"}
    # blocked on the W square of the second repetition
    assert targets("(W-F)0", "a1", "betza2", friends=["b4"])[0] == {"b3", "c2", "e3", "g4"}


def test_exactly_three_steps():
    """000: "Repeating it exactly 3 times would be written W03"."""
    assert targets("W03", "d4", "betza2") == ({"a4", "d1", "d7", "g4"}, set())
    assert targets("W03", "d4", friends=["d5"]) == ({"a4", "d1", "g4"}, set())


def test_limiter_restricts_what_may_be_captured():
    """002: "c{!P} for 'cannot capture Pawn'"."""
    _, caps = targets("mRc{!P}R", "d4", "betza2", foes=["d6", "f4"], types={"d6": "P", "f4": "N"})
    assert caps == {"f4"}


def test_betza2_final_hop_captures_only():
    """000: "pX meant what pX-cX means now, and thus implies a capturing version of the atom"."""
    moves, caps = targets("pR", "a1", "betza2", friends=["a3"], foes=["a6"])
    assert moves == set() and caps == {"a6"}
    # while XBetza's pR (seed 004 "Hopping") moves or captures behind the screen
    moves, caps = targets("pR", "a1", friends=["a3"], foes=["a6"])
    assert moves == {"a4", "a5"} and caps == {"a6"}
