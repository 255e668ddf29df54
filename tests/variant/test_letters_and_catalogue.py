"""Piece letters checked against the variant and the formats' limits, free letters for new
pieces, and the searchable catalogue of classic pieces."""

from __future__ import annotations

from pathlib import Path

from designer.formats import fsf_ini
from designer.formats.registry import read_any
from designer.variant.catalogue import catalogue, search
from designer.variant.model import PieceType, Variant
from designer.variant.piece_letters import check_letter, free_letter

ROOT = Path(__file__).resolve().parents[2]
FIDE = read_any(ROOT / "variants" / "fide.ini")


def test_a_plain_free_letter_is_fine_everywhere():
    got = check_letter(FIDE, "h")
    assert (got.ok, got.letter, got.limits) == (True, "H", ())


def test_a_letter_taken_by_another_piece_is_refused_with_its_name():
    got = check_letter(FIDE, "N")
    assert not got.ok and "Knight" in got.error
    assert check_letter(FIDE, "N", old="N").ok         # renaming a piece to itself


def test_letters_outside_xboards_alphabet_are_refused():
    for text in ("1", "NN", "N''", "é", "+", "N+"):
        assert not check_letter(FIDE, text).ok, text


def test_a_promoted_form_needs_its_base_piece():
    assert check_letter(FIDE, "+P").ok
    assert "not a piece type" in check_letter(FIDE, "+Z").error
    assert "Interactive Diagram" in " ".join(check_letter(FIDE, "+P").limits)


def test_a_dressed_letter_says_what_fairy_stockfish_calls_it():
    """The export gives dressed letters the first letter a-z no plain letter uses; FIDE uses
    b k n p q r, so the first dressed piece becomes 'a' — checked against the export itself."""
    got = check_letter(FIDE, "n'")
    assert got.ok and got.letter == "N'"
    assert "calls this piece a" in got.limits[0]
    v = FIDE.with_piece(PieceType("N'", "Nightrider", "N0"))
    assert "customPiece1 = a:" in fsf_ini.write(v)


def test_a_dressed_letter_after_a_promoted_form_gets_the_letter_the_export_gives():
    """A promoted form (+P, a piece type of its own) takes a spare letter in the export before
    a dressed piece after it, so the check names the export's letter, not the one before it."""
    v = FIDE.with_piece(PieceType("+P", "Tokin", "WfF"))
    got = check_letter(v, "n'")
    assert got.ok and "calls this piece c" in got.limits[0]
    section = fsf_ini.write(v.with_piece(PieceType("N'", "Nightrider", "N0")))
    assert "customPiece1 = c:N0" in section and "gold = a" in section, section


def test_a_dressed_letter_with_no_letter_left_is_left_out_of_fairy_stockfish():
    full = Variant(pieces=tuple(PieceType(c, c, "W") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert "none is left" in check_letter(full, "A'").limits[0]


def test_free_letters_follow_the_preference_then_the_alphabet_then_dressed_letters():
    assert free_letter(FIDE, "N") == "A"                      # N taken; A-Z next
    assert free_letter(FIDE, "Nightrider") == "I"            # initials in order: N, I
    assert free_letter(FIDE, "H") == "H"
    full = Variant(pieces=tuple(PieceType(c, c, "W") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert free_letter(full, "N") == "A'"


def test_catalogue_holds_the_describers_named_pieces_once_each():
    names = [e.name.lower() for e in catalogue()]
    assert len(names) == len(set(names))
    for wanted in ("archbishop", "chancellor", "amazon", "camel", "zebra", "lion", "cannon",
                   "grasshopper", "gold general", "silver general", "ferz", "wazir",
                   "nightrider", "phoenix", "kirin", "giraffe", "rose"):
        assert wanted in names, wanted
    # the describer's Xiangqi "Horse" (nN) is the shipped "Xiangqi Horse", not a second entry
    horse = next(e for e in catalogue() if e.name == "Xiangqi Horse")
    assert "Horse (Xiangqi)" in horse.also and "horse" not in names


def test_search_ranks_names_then_aliases_then_notation():
    assert search("archb")[0].name == "Archbishop"
    assert search("Marshall")[0].name == "Chancellor"        # another name of it
    assert search("BN")[0].name == "Archbishop"              # the definition itself
    assert search("N")[0].name == "Knight"
    assert [e.name for e in search("general")][:2] == ["Silver General", "Gold General"]
    assert search("no such piece at all") == []
    assert len(search("")) == len(catalogue())


def test_catalogue_entries_become_piece_types_under_the_chosen_letter():
    lion = search("Lion")[0]
    pt = lion.piece_type("L")
    assert (pt.letter, pt.name, pt.notation, pt.dialect) == ("L", "Lion", "KNADcaKmcabK", "xbetza")
    king = search("King")[0]
    assert king.piece_type("K").royal
