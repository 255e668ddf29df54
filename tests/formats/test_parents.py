"""Saved files name the XBoard variant whose board, holdings, promotion and pieces they have,
with that variant's holdings size, so that XBoard's engines accept them; fairy only when none
fits, and then the user is told that no engine plays it."""

import pytest

from designer.formats import xboard_ini
from designer.formats.options import tokenize
from designer.formats.parents import choose_parent, parent_problems
from designer.variant.model import PieceType, Variant

from format_samples import SAMPLES

# sample -> (-variant, -holdingsSize): backend.c InitPosition gives each built-in variant its
# board and holdings (grand 10x10 with 7, shogi 9x9 with 7, crazyhouse 5, xiangqi 9x10 …)
EXPECTED = {
    "fide": ("normal", 0), "capablanca": ("capablanca", 0), "grand": ("grand", 7),
    "xiangqi": ("xiangqi", 0), "shogi": ("shogi", 7), "crazyhouse": ("crazyhouse", 5),
    "chu": ("chu", 0), "makruk": ("makruk", 0), "shatranj": ("shatranj", 0),
    "courier": ("courier", 0), "cylinder": ("cylinder", 0), "ultima": ("fairy", 0),
    "sixteen": ("fairy", 0),
}


def options(v):
    return {o.name: o.value for o in tokenize(xboard_ini.write(v))[0]}


def test_every_sample_has_an_expected_parent():
    assert {p.stem for p in SAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_saved_file_names_the_parent_with_its_holdings(path):
    got = options(xboard_ini.load(path))
    assert (got["variant"], int(got["holdingsSize"])) == EXPECTED[path.stem]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_engines_accept_the_parent_or_the_user_is_told_why_not(path):
    v = xboard_ini.load(path)
    choice = choose_parent(v)
    got = options(v)
    if choice.name == "fairy":
        assert "ncp" in got                      # no default engine that refuses or lies
        (note,) = parent_problems(v)
        assert "no engine plays" in note.message
    elif path.stem != "chu":                     # no installed engine announces chu
        assert choice.engines, path.stem
        assert "ncp" not in got


def test_grand_is_written_with_the_seven_holdings_xboard_expects():
    # "Board size 10x10+0 not supported" came from -holdingsSize 0 under -variant grand
    got = options(xboard_ini.load(next(p for p in SAMPLES if p.stem == "grand")))
    assert (got["variant"], got["boardWidth"], got["boardHeight"], got["holdingsSize"]) == \
        ("grand", "10", "10", "7")


def test_xiangqi_leaves_its_pieces_to_xboard_so_its_rules_apply():
    got = options(xboard_ini.load(next(p for p in SAMPLES if p.stem == "xiangqi")))
    assert got["variant"] == "xiangqi" and "men" not in got
    # the pieces sit in the slots of XBoard's own Xiangqi table PH.R.AE..K.C (backend.c)
    assert got["pieceToCharTable"] == "PN.R.AB..K.C.pn.r.ab..k.c."


K = PieceType("K", "King", "K", royal=True)
FIDE = (PieceType("P", "Pawn", "fmWfceFifmnD", promotions=("N", "B", "R", "Q")),
        PieceType("N", notation="N"), PieceType("B", notation="B"), PieceType("R", notation="R"),
        PieceType("Q", notation="Q"), K)


def test_a_new_piece_makes_the_variant_fairy():
    v = Variant("Wizards", 10, 8, FIDE + (PieceType("W", "Wizard", "CF"),))
    assert choose_parent(v).name == "fairy" and choose_parent(v).engines == ()


def test_fewer_pieces_still_fit_the_parent():
    v = Variant("No queens", pieces=tuple(p for p in FIDE if p.letter != "Q"),
                setup="4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
    assert choose_parent(v).name == "normal"


def test_pieces_are_matched_by_their_moves_not_their_letters():
    v = Variant("Letters", 10, 8, FIDE + (PieceType("X", "Archbishop", "NB"),
                                        PieceType("Y", "Chancellor", "NR")))
    choice = choose_parent(v)
    assert choice.name == "capablanca"
    assert choice.slots["X"] == 7 and choice.slots["Y"] == 8     # Angel, Marshall


def test_drops_need_a_parent_with_drops():
    v = Variant("Drop", pieces=FIDE, holdings=5, drops=True,
                setup="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1")
    assert (choose_parent(v).name, choose_parent(v).holdings) == ("crazyhouse", 5)


def test_a_parent_asked_for_is_kept_when_it_does_not_fit_and_engines_are_not_promised():
    v = Variant("Big shogi", 11, 11, FIDE, parent="shogi")
    choice = choose_parent(v)
    assert choice.name == "shogi" and choice.engines == ()
    assert "11x11" in choice.reason or "9x9" in choice.reason


def test_a_variant_without_pieces_is_never_given_a_built_in_parent():
    assert choose_parent(Variant("Empty")).name == "fairy"
