"""English descriptions: what each move group does, in the words the seeds use for it."""

from __future__ import annotations

import pytest

from designer.cli import main
from designer.notation import format_piece, parse
from designer.notation.english import components, describe, describe_group, describe_leg
from designer.notation.english.pieces import PIECES, lookup


def d(text: str, dialect: str = "xbetza") -> str:
    return describe(parse(text, dialect))


def test_checker_captures_on_its_first_diagonal_step_and_ends_on_the_empty_square_behind():
    # "a Checker can capture on its first fF step, and then must move again in the same
    # direction to an empty square, fcafmF" (seed 004)
    text = d("fcafmF")
    first, _, second = text.partition(", then ")
    assert "diagonally forward" in first and "captur" in first
    assert "straight on" in second and "empty square" in second
    assert "captur" not in second


def test_cannon_moves_as_rook_and_captures_by_jumping_one_piece():
    text = d("mRcpR")
    assert text.startswith("Moves like a rook without capturing; captures like a rook")
    assert "jumping exactly one piece" in text
    assert text.endswith("(Xiangqi Cannon).")


def test_known_pieces_are_named():
    assert "Xiangqi Horse" in d("nN")
    assert "Grasshopper" in d("gQ")
    assert "Nightrider" in d("N0")
    assert "Chu Shogi Lion" in d("KNADcaKmcabK")
    assert "Shogi Gold General" in d("WfF")
    assert "Capablanca chess Archbishop" in d("BN")
    assert "Xiangqi Cannon" in d("mR(pR-cR)", "betza2")


def test_grasshopper_lands_right_behind_the_hurdle():
    assert "landing right behind it" in d("gQ")


def test_ranges_up_to_exactly_and_unlimited():
    assert "up to three squares orthogonally" in d("W3")
    assert "exactly three squares orthogonally" in d("W03")
    assert "any distance orthogonally" in d("W0")
    assert "any number of knight leaps in a straight line" in d("N0")


def test_oblique_directions_are_chiral():
    # lfN: "the move Ng1-f3, the left-most move of the forward pair" (seed 004)
    assert "two forward and one left" in d("lfN")
    assert "right" not in d("lfN")
    # hrN "on e4 attacks only to f6, g3, d2 and c5"
    text = d("hrN")
    for words in ("two forward and one right", "two right and one backward",
                  "two backward and one left", "two left and one forward"):
        assert words in text
    assert "two forward and one left" not in text
    # ffrrN: "the two forwardmost and rightmost moves"
    text = d("ffrrN")
    assert "two forward and one to either side" in text and "two right and one forward or backward" in text


def test_orthogonal_direction_sets():
    assert "one square forward or right" in d("frW")
    assert "only sideways" in d("vWsR")


def test_fide_pawn_parts():
    text = d("fmWfceFifmnD")
    assert "Moves one square forward without capturing" in text
    assert "en passant" in text
    assert "first move" in text and "cannot jump" in text
    assert text.endswith("(FIDE chess Pawn).")


def test_hook_mover_turns_perpendicular_on_an_empty_square():
    text = d("masR")
    assert "to an empty square" in text and "turning 90° either way" in text


def test_g_and_y_toggle_the_range_and_45_degree_turns_convert_the_atom():
    # gafsR "turns into fsW = fF and must thus land directly (diagonally) behind the platform"
    assert "then one square diagonally" in d("gafsR")
    # gafsW0 "changes into fsR = fB with unlimited range"
    assert "then any distance diagonally" in d("gafsW0")
    # yafsW "makes a Bishop move after single W step"
    text = d("yafsW")
    assert "one square orthogonally" in text and "then any distance diagonally" in text


def test_mp_ignores_the_relay_square():
    assert "ignoring whatever stands there" in d("mpafN")


def test_drops_castling_null_move_and_universal_leaper():
    text = d("j@7")
    assert "dropped" in text and "seven ranks" in text and "not on the back rank" in text
    assert "on a file without a piece of this type" in d("f@8")
    assert "castles" in d("isO2") and "first move" in d("isO2")
    assert "null move" in d("O")
    assert "any square" in d("U")


def test_betza2_chains_go_straight_on_by_default():
    text = d("mF-F", "betza2")   # the Xiangqi Elephant (seed 004)
    assert "to an empty square" in text and "straight on" in text
    assert "exactly as far as the earlier slide" in d("cR-ebR", "betza2")
    assert "erupts there (the piece stays)" in d("mcB-xaK", "betza2")
    assert "any distance" in d("Rc0", "betza2") and "captur" in d("Rc0", "betza2")


def test_group_and_leg_helpers_give_spans():
    piece = parse("mRcpR")
    assert describe_group(piece, 0)[0] == (0, 2)
    assert describe_group(piece, 1)[0] == (2, 5)
    checker = parse("fcafmF")
    span, text = describe_leg(checker, 0, 0)
    assert span[0] == 0 and "captur" in text
    span, text = describe_leg(checker, 0, 1)
    assert span[0] == 3 and "empty square" in text
    spans = [s for s, _ in components(checker)]
    assert (0, 1) in spans and (5, 6) in spans


def test_empty_definition():
    assert d("") == "Has no moves."


def test_table_of_classic_pieces():
    assert len(PIECES) >= 40
    games = {p.origin for p in PIECES}
    for game in ("Xiangqi", "Shogi", "Chu Shogi", "Shatranj", "Capablanca chess", "FIDE chess",
                 "Makruk", "fairy chess", "Ultima"):
        assert game in games
    for entry in PIECES:
        assert entry.xbetza or entry.betza2
        for text, dialect in ((entry.xbetza, "xbetza"), (entry.betza2, "betza2")):
            if text:
                piece = parse(text, dialect)
                # canonical, so the lookup's index can take the table's text without a parse
                assert format_piece(piece) == text, (entry.name, text, format_piece(piece))
                named = lookup(piece)
                assert named is not None
                assert named.name in describe(piece)


@pytest.mark.parametrize("text", ["fcafmF", "KNADcaKmcabK", "gabyabsR", "afraflWaflafrW",
                                  "mFyafsmFpafscB1yafscpF", "fmWfceFifmnD", "WFisO2"])
def test_every_seed_style_definition_gets_a_sentence(text):
    out = d(text)
    assert out[0].isupper() and out.endswith(".")


def test_cli_describe_prints_description_and_canonical_form(capsys):
    assert main(["describe", "fcafmF"]) == 0
    out = capsys.readouterr().out
    assert "captur" in out and "empty square" in out
    assert "canonical (xbetza): fcafmF" in out


def test_cli_describe_betza2(capsys):
    assert main(["describe", "mRpR-cR", "--dialect", "betza2"]) == 0
    out = capsys.readouterr().out
    assert "canonical (betza2): mR(pR-cR)" in out


def test_cli_describe_bad_input_exits_2_with_a_caret(capsys):
    assert main(["describe", "fcakmF"]) == 2
    err = capsys.readouterr().err
    assert "column 4" in err
    lines = err.splitlines()
    caret = next(line for line in lines if line.strip().startswith("^"))
    assert caret.index("^") - 2 == 3
    assert "did you mean `K`" in err


def test_exponent_directions_turn_each_repetition():
    # "Nrf7 would mean N-rfN-rfN-..., a repeated knight step that deflects right-forward" (001)
    text = d("Nrf7", "betza2")
    assert "up to seven knight leaps" in text and "turning 45° right" in text
    assert "straight line" not in text


def test_every_seed_example_is_described():
    from .seedfacts import load
    for record in load():
        if record["status"] == "superseded":
            continue
        piece = parse(record.get("host") or record["text"], record["dialect"])
        text = describe(piece)
        assert text[0].isupper() and text.endswith("."), record["text"]
        assert len(components(piece)) >= len(piece.spec.paths)


def test_betza2_final_hop_is_a_capture():
    # "pX meant what pX-cX means now" (seed 000)
    assert d("pR", "betza2").startswith("Captures like a rook by jumping exactly one piece")
    assert d("pR", "xbetza").startswith("Moves or captures like a rook by jumping")


def test_table_definitions_in_both_dialects_make_the_same_moves():
    """Where the table gives a piece in both dialects, the move generator agrees on every target
    (the Rose is left out: qN's curvature is not implemented by the generator)."""
    import random

    from designer.engine.api import Query
    from designer.engine.question import answer

    squares = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10) if f"{f}{r}" != "e5"]

    def targets(text, dialect, friends, foes):
        moves = answer(Query(text, dialect, 9, 9, "e5", tuple(friends), tuple(foes)).question()).moves
        return sorted((m.destination, tuple(sorted(m.removed))) for m in moves)

    rng = random.Random(5)
    checked = 0
    for entry in PIECES:
        if not (entry.xbetza and entry.betza2) or entry.xbetza == entry.betza2 or entry.name == "Rose":
            continue
        checked += 1
        for _ in range(15):
            occupied = rng.sample(squares, rng.randint(0, 24))
            k = rng.randint(0, len(occupied))
            assert targets(entry.xbetza, "xbetza", occupied[:k], occupied[k:]) == \
                targets(entry.betza2, "betza2", occupied[:k], occupied[k:]), entry.name
    assert checked >= 8


def _targets(text, dialect="betza2"):
    """The squares the board marks for ``text`` from d4 with foes on e5 and c3."""
    import json
    from designer.commands.targets import answer_line
    out = answer_line(json.dumps({"betza": text, "dialect": dialect, "files": 8, "ranks": 8,
                                  "square": "d4", "foes": ["e5", "c3"]}))
    return sorted(out["moves"]), sorted(out["captures"])


def test_an_eruption_on_a_group_reads_as_the_board_shows_it():
    """x on a group applies to its first step (the generator's warning says so): x(F) makes
    the moves of xF, so it reads the same; and the piece stays where it is (its one target is
    its own square) while fragments capture around it."""
    assert _targets("x(F)") == _targets("xF") == ([], ["d4"])
    assert d("x(F)", "betza2") == d("xF", "betza2")
    text = d("xF", "betza2")
    assert text.startswith("Stays on its square and erupts") and "fragments" in text
    assert "capturing" in text and "sub-move" not in text
    assert "removed" in d("xx(F)", "betza2")
    chained = d("W-x(F)", "betza2")
    assert "erupts there" in chained and chained.count("captur") == 1


def test_nested_groups_read_as_repetitions_not_sub_moves_of_sub_moves():
    text = d("((W-F)7)2", "betza2")
    assert "sub-move" not in text
    assert "repeated up to seven times; all of that repeated up to two times" in text
    assert "turning turning" not in d("(F-lF)r0", "betza2")
