"""The variant model: frozen edits and positioned validation that never raises."""


from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings, strategies as st

from designer.formats.library_file import load, save
from designer.variant.library import LibraryError, classic_pieces, find, import_into
from designer.variant.model import PieceType, Variant

KING = PieceType("K", "King", "K", royal=True)


def test_edits_return_new_values():
    v = Variant("x", pieces=(KING,), setup="4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    w = v.with_piece(PieceType("N", "Knight", "N"))
    assert v.letters == ("K",) and w.letters == ("K", "N")
    assert w.with_piece(PieceType("N", "Nightrider", "N0")).piece("n").notation == "N0"
    assert w.without_piece("N") == v
    with pytest.raises(FrozenInstanceError):
        v.name = "y"


def test_problems_name_the_piece_and_field():
    v = Variant("x", pieces=(KING, PieceType("A", "Bad", "mRcpQx1"),
                             PieceType("P", "Pawn", "fW", promotions=("Z",)),
                             PieceType("A", "Twice", "W")),
                setup="8/8/8/8/8/8/8/4K2Q w - - 0 1")
    probs = v.validate()
    where = {(p.piece, p.field) for p in probs}
    assert ("A", "notation") in where
    assert ("P", "promotions") in where
    assert ("A", "letter") in where
    assert ("", "setup") in where
    notation = next(p for p in probs if p.field == "notation")
    assert notation.end > notation.start


def test_board_size_limits():
    assert Variant("x", 26, 26).validate() == []
    assert {p.field for p in Variant("x", 0, 27).validate()} == {"files", "ranks"}


def test_promoted_form_needs_its_base_piece():
    v = Variant("x", pieces=(KING, PieceType("+P", "Tokin", "WfF")))
    assert any(p.piece == "+P" and p.field == "letter" for p in v.validate())


def test_missing_royal_is_only_a_warning():
    probs = Variant("x", pieces=(PieceType("N", "Knight", "N"),)).validate()
    assert [p.severity for p in probs] == ["warning"]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30), st.text(max_size=4), st.sampled_from(["xbetza", "betza2", "x"]),
       st.integers(-5, 40), st.integers(-5, 40), st.text(max_size=40))
def test_validate_never_raises(notation, letter, dialect, files, ranks, setup):
    v = Variant("h", files, ranks, (PieceType(letter, notation=notation, dialect=dialect),),
                setup)
    for p in v.validate():
        assert p.field and p.message


def test_classic_library_pieces_all_parse_and_import():
    pieces = classic_pieces()
    assert len(pieces) >= 20
    lion = find(pieces, "lion")
    assert lion.notation == "KNADcaKmcabK"
    v = import_into(Variant("x", pieces=(KING,)), lion, "L")
    assert v.piece("L").name == "Lion"
    assert [p for p in v.validate() if p.severity == "error"] == []


def test_library_save_and_load(tmp_path):
    pieces = classic_pieces()[:5]
    save(tmp_path / "mine.json", pieces)
    assert load(tmp_path / "mine.json") == pieces


def test_a_library_entry_in_a_dialect_we_do_not_know_is_refused_with_its_entry(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text('{"version": 1, "pieces": [{"name": "Wazir", "notation": "W"}, '
                    '{"name": "Ferz", "notation": "F", "dialect": "betza3"}]}')
    with pytest.raises(LibraryError) as e:
        load(path)
    assert "entry 2" in str(e.value) and "'betza3' is not a dialect" in str(e.value)


def test_castling_rights_live_in_the_setup():
    v = Variant("x", pieces=(KING, PieceType("R", "Rook", "R")),
                setup="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert v.castling == "KQkq"
    w = v.with_castling("Kk")
    assert w.castling == "Kk" and w.setup.startswith("r3k2r/") and v.castling == "KQkq"
