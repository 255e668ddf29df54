"""Every sample's start position loaded into every sample (Setup > Load sample start position)
gives a variant that saves and reads back: the pieces it adds bring the piece types they
promote to (Shogi's Lance its ``+L``), and a promotion that cannot come along is dropped with a
note, never left naming a piece the variant lacks (23 of the 169 pairs could not be saved,
autosaved or kept with a game: "piece L promotes to +L, which no piece line defines")."""

from string import ascii_uppercase

import pytest

from designer.formats import xboard_ini
from designer.formats.hand_edits import consistency
from designer.formats.registry import read_any
from designer.variant.derive import edited
from designer.variant.limits import MAX_PIECE_TYPES
from designer.variant.model import PieceType, Variant
from designer.variant.setup_tools import sample_start

from repo_data import ROOT

SAMPLES = sorted((ROOT / "variants").glob("*.ini"))


@pytest.fixture(scope="module")
def samples() -> dict[str, Variant]:
    return {p.stem: read_any(str(p)) for p in SAMPLES}


def test_every_sample_start_in_every_sample_saves_and_reads_back(samples):
    assert len(samples) ** 2 >= 169
    for a, target in samples.items():
        for b, sample in samples.items():
            got, _notes = sample_start(target, sample)
            got = edited(target, got)        # as the document takes every edit: one record
            assert consistency(got) == [], (a, b)
            # Save, autosave and the game-recovery file all write the options file
            assert xboard_ini.read(xboard_ini.write(got), f"{a}+{b}.ini") == got, (a, b)


def test_shogi_in_fide_brings_the_promoted_forms_and_says_so(samples):
    got, notes = sample_start(samples["fide"], samples["shogi"])
    assert got.piece("L").promotes_to == "+L" and got.piece("+L") == samples["shogi"].piece("+L")
    assert any(f"({'+L'})" in n and n.startswith("added ") for n in notes)


def test_a_promotion_that_cannot_come_along_is_dropped_with_a_note():
    """The sample's promoted form would take the variant past the piece-type limit."""
    letters = [c + dress for dress in ("", "'", "!") for c in ascii_uppercase if c not in "KL"]
    pieces = tuple(PieceType(x, notation="W") for x in letters[:MAX_PIECE_TYPES - 2])
    pieces += (PieceType("K", "King", "K", royal=True),)
    target = Variant("Full", 8, 8, pieces, setup="4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    sample = Variant("Other", 8, 8, (PieceType("K", "King", "K", royal=True),
                                     PieceType("L", "Lance", "fR", promotes_to="+L"),
                                     PieceType("+L", "Gold", "WfF")),
                     setup="4k3/8/8/8/8/8/8/L3K3 w - - 0 1")
    assert len(target.pieces) == MAX_PIECE_TYPES - 1
    got, notes = sample_start(target, sample)
    assert len(got.pieces) == MAX_PIECE_TYPES and got.piece("+L") is None
    assert got.piece("L").promotes_to == ""
    assert any("L no longer promotes to +L" in n for n in notes)
    assert consistency(got) == []
