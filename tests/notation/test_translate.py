"""Translation between XBetza and Betza 2.0: the seeds' own equivalences, the same targets on the
board in both dialects, and a positioned error naming whatever cannot be expressed."""

from __future__ import annotations

import random

import pytest

from designer.notation import NotationError, format_piece, parse
from designer.notation.translate import translate

X, B2 = "xbetza", "betza2"


def _b2(text: str):
    return translate(parse(text, X), B2)


def _xb(text: str):
    return translate(parse(text, B2), X)


# Equivalences stated by the seeds (004: "gQ = gafQ", "pR = pafR", the Checker fmF(fcF-mF),
# the Cannon capture pR-cR; 002: "mRpR-cR", "W-F" for the Horse nN).
@pytest.mark.parametrize("xbetza, betza2", [
    ("fmFfcafmF", "fmF(fcF-mF)"),
    ("mRcpR", "mR(pR-cR)"),
    ("nN", "W-F"),
    ("gQ", "gQ"),
    ("fmWfcF", "fmWfcF"),
    ("N0", "N0"),
    ("W03", "W03"),
    ("nA", "nA"),
])
def test_seed_equivalences_translate_both_ways(xbetza, betza2):
    forward = _b2(xbetza)
    assert _same_targets(format_piece(forward), B2, betza2, B2)
    if betza2 != "W-F":  # W-F chains two atoms: XBetza writes the Horse nN or mafsW
        back = _xb(betza2)
        assert _same_targets(format_piece(back), X, xbetza, X)


def test_xbetza_continuation_becomes_explicit_single_directions():
    # masR: "the second perpendicular to the first ('s')" (seed 004) -> one chain per turn.
    piece = _b2("masR")
    assert sorted(p.legs[1].dirs for p in piece.spec.paths) == ["l", "r"]
    assert all(p.legs[0].mode_letters == "m" for p in piece.spec.paths)
    # Default continuation "all but exactly backwards" (seed 004) on a King: seven chains.
    piece = _b2("caK")
    assert len(piece.spec.paths) == 7
    assert "b" not in {p.legs[1].dirs for p in piece.spec.paths}


def test_w_f_conversion_and_range_toggling_become_explicit_atoms():
    # gafsR "turns into fsW = fF and must thus land directly (diagonally) behind" (seed 004).
    second = {(p.legs[1].step.letter, p.legs[1].range.count) for p in _b2("gafsR").spec.paths}
    assert second == {("F", None)}
    # gafsW0 "changes into fsR = fB with unlimited range".
    assert {p.legs[1].step.letter for p in _b2("gafsW0").spec.paths} == {"B"}
    # yafsW "makes a Bishop move after single W step".
    assert {p.legs[1].step.letter for p in _b2("yafsW").spec.paths} == {"B"}
    # mpafN "for a (2,4) leaper": the relay square is ignored (m and p both pass).
    (path,) = _b2("mpafN").spec.paths
    assert set(path.legs[0].mode_letters) == {"m", "p"} and path.legs[1].dirs == "f"


def test_betza2_final_hop_captures_as_seed_000_says():
    # "pX meant what pX-cX means now" (seed 000): a capture by hopping, XBetza cpR.
    (path,) = _xb("pR").spec.paths
    assert set(path.legs[0].mode_letters) == {"c", "p"}


@pytest.mark.parametrize("text, dialect, column, construct", [
    ("fmWfceFifmnD", X, 5, "`e`"),          # e.p. capture has no Betza 2.0 letter
    ("afraflW", X, 0, "one-sided turn"),    # chiral path (seed 002's mirror convention)
    ("isO2", X, 2, "castling"),
    ("j@7", X, 1, "drop"),
    ("qN", X, 0, "`q`"),
    ("hrN", X, 0, "`hr`"),
    ("ffN", X, 0, "`ff`"),
    ("aaaK", X, 0, "direction choices"),
    ("ftpR", X, 1, "`t`"),
    ("cR-ebR", B2, 3, "`e`"),
    ("(W-F)0", B2, 0, "group"),
    ("Nrf7", B2, 1, "range"),
    ("c{N}N", B2, 0, "limiter"),
    ("R-rR", B2, 2, "`r`"),
    ("W-F", B2, 2, "different atoms"),
    ("mcB-xaK", B2, 4, "`x`"),
    ("irdiW03-buD-bW", B2, 2, "limiter or `i`"),
])
def test_untranslatable_constructs_are_named_with_their_column(text, dialect, column, construct):
    to = B2 if dialect == X else X
    with pytest.raises(NotationError) as info:
        translate(parse(text, dialect), to)
    assert info.value.start == column
    assert construct in info.value.message
    assert "cannot be written in" in info.value.message


def test_same_dialect_is_identity_and_unknown_dialect_is_refused():
    piece = parse("mRcpR", X)
    assert translate(piece, X) is piece
    with pytest.raises(ValueError):
        translate(piece, "betza3")
    # Bex is a dialect the designer reads (as Betza 2.0) but never writes
    with pytest.raises(NotationError, match="reads, not one it writes"):
        translate(piece, "bex")


# -- the move generator agrees: the same targets before and after translation -----------------
SQUARES = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10) if f"{f}{r}" != "e5"]


def _targets(text, dialect, friends, foes):
    from designer.engine.api import Query
    from designer.engine.question import answer
    moves = answer(Query(text, dialect, 9, 9, "e5", tuple(friends), tuple(foes)).question()).moves
    return sorted({(m.destination, tuple(sorted(m.removed))) for m in moves})


def _same_targets(a, da, b, db, trials=25) -> bool:
    rng = random.Random(7)
    for _ in range(trials):
        occupied = rng.sample(SQUARES, rng.randint(0, 24))
        k = rng.randint(0, len(occupied))
        if _targets(a, da, occupied[:k], occupied[k:]) != _targets(b, db, occupied[:k], occupied[k:]):
            return False
    return True


@pytest.mark.parametrize("text", ["mRcpR", "fcafmF", "nN", "nA", "gQ", "masR", "mafsR", "gafsR",
                                  "yafsW", "mpafN", "WfF", "lfN", "caK", "gabyabsR", "mafsW",
                                  "cpasR", "tpafR", "KNADcaKmcabK", "W03", "N0", "fpR"])
def test_xbetza_translation_keeps_every_target(text):
    assert _same_targets(text, X, format_piece(_b2(text)), B2)


@pytest.mark.parametrize("text", ["mR(pR-cR)", "fmF(fcF-mF)", "gQ", "W-fW-fW", "mW-W", "tR-R",
                                  "K-bK", "cK-bK", "pB-B", "mpN-N", "nD"])
def test_betza2_translation_keeps_every_target(text):
    assert _same_targets(text, B2, format_piece(_xb(text)), X)


def test_translations_are_canonical_text_that_reads_back():
    for text in ["mRcpR", "fcafmF", "masR", "gabyabsR", "KNADcaKmcabK"]:
        piece = _b2(text)
        assert parse(format_piece(piece), B2) == piece
