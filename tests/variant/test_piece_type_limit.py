"""One limit on piece types, the one every file can hold: a variant of ``MAX_PIECE_TYPES``
types saves and reads back in every format that carries our data, and the user is stopped with
the reason where a piece would be added past it."""

from dataclasses import replace
import string

import pytest

from designer.formats import fsf_ini, pgn_tags, xboard_fsf, xboard_ini
from designer.variant.limits import MAX_PIECE_TYPES
from designer.variant.model import PieceType, Variant
from designer.variant.piece_letters import check_letter, free_letter
from designer.variant.setup_tools import sample_start

LETTERS = [c for c in string.ascii_uppercase if c != "K"] + \
    [c + s for s in "'!" for c in string.ascii_uppercase]


def _full(n=MAX_PIECE_TYPES):
    pieces = (PieceType("K", "King", "K", royal=True),) + tuple(
        PieceType(letter, f"Piece {letter}", "W") for letter in LETTERS[:n - 1])
    return Variant("Many", 26, 26, pieces, setup="25K/" + "26/" * 24 + "25k w - - 0 1")


def test_the_limit_is_xboards_slot_count():
    assert MAX_PIECE_TYPES == 66          # formats.md §1.0: 66 white piece types in common.h


def test_a_variant_of_every_allowed_type_saves_and_reads_back(tmp_path):
    v = _full()
    assert not [p for p in v.validate() if p.severity == "error"]
    xboard_ini.save(tmp_path / "many.ini", v)
    assert xboard_ini.load(tmp_path / "many.ini") == v
    assert pgn_tags.read(pgn_tags.write(v)) == v
    assert fsf_ini.read(fsf_ini.write(v)) == v
    xboard_fsf.save(tmp_path / "launch.ini", v)


def test_one_more_is_refused_where_the_user_adds_it():
    v = _full()
    verdict = check_letter(v, "Z!")
    assert not verdict.ok and str(MAX_PIECE_TYPES) in verdict.error
    assert free_letter(v, "X") == ""
    assert check_letter(v, v.pieces[3].letter, v.pieces[3].letter).ok   # renaming still works
    assert check_letter(_full(MAX_PIECE_TYPES - 1), "Z!").ok


def test_validation_names_a_variant_past_the_limit():
    v = _full()
    v = replace(v, pieces=v.pieces + (PieceType("Z!", notation="W"),))
    assert any(p.field == "pieces" and str(MAX_PIECE_TYPES) in p.message
               for p in v.validate() if p.severity == "error")


def test_a_sample_start_that_would_pass_the_limit_is_refused():
    v = replace(_full(), files=8, ranks=8, setup="")
    assert v.piece("Z!") is None
    sample = Variant("Other", 8, 8, (PieceType("K", "King", "K", royal=True),
                                     PieceType("Z!", notation="F")),
                     setup="4k3/8/8/8/8/8/8/Z!3K3 w - - 0 1")
    with pytest.raises(ValueError) as e:
        sample_start(v, sample)
    assert str(MAX_PIECE_TYPES) in str(e.value)
    assert sample_start(v.without_piece("A"), sample)[0].piece("Z!") is not None
