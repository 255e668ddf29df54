"""The shipped sample variants load, validate, describe themselves and export cleanly."""

import pytest

from designer.formats import xboard_ini
from designer.formats.registry import FORMAT_NAMES, problems_for, render
from designer.notation import parse
from designer.variant.fen import parse_fen, base_letter

from format_samples import SAMPLES

REQUIRED = {"fide", "capablanca", "grand", "xiangqi", "shogi", "chu", "makruk", "shatranj",
            "courier", "ultima", "crazyhouse", "sixteen"}


def test_at_least_twelve_samples_cover_the_required_variants():
    assert len(SAMPLES) >= 12
    assert REQUIRED <= {p.stem for p in SAMPLES}


def test_sample_validates_without_errors(sample):
    assert [p for p in sample.validate() if p.severity == "error"] == []


def test_sample_has_a_description_paragraph(sample):
    assert len(sample.description.split()) >= 25


def test_every_piece_on_the_board_is_defined(sample):
    setup = parse_fen(sample.setup, sample.files, sample.ranks)
    letters = set(sample.letters)
    assert {base_letter(t) for t in setup.board.values()} <= letters
    for p in sample.pieces:
        parse(p.notation, p.dialect)


@pytest.mark.parametrize("fmt", [f for f in FORMAT_NAMES if f != "xboard-fsf"])
def test_sample_exports_to_every_format(sample, fmt):
    if fmt == "svg":
        text = render(sample, fmt)
        assert text.startswith("<svg") and "legend" in text
    else:
        assert render(sample, fmt).strip()
    problems_for(sample, fmt)


def test_samples_match_fairy_stockfish_start_positions():
    """Our setups of the classic games equal Fairy-Stockfish's own start FENs (letters are
    chosen as Fairy-Stockfish names them)."""
    sf = pytest.importorskip("pyffish")
    pairs = {"fide": "chess", "capablanca": "capablanca", "grand": "grand",
             "xiangqi": "xiangqi", "shogi": "shogi", "makruk": "makruk",
             "shatranj": "shatranj", "courier": "courier", "crazyhouse": "crazyhouse"}
    for stem, name in pairs.items():
        v = xboard_ini.load(next(p for p in SAMPLES if p.stem == stem))
        ours = parse_fen(v.setup)
        theirs = parse_fen(sf.start_fen(name))
        assert ours.board == theirs.board, stem
        assert ours.castling == theirs.castling, stem


def test_lion_is_written_as_the_seed_gives_it():
    v = xboard_ini.load(next(p for p in SAMPLES if p.stem == "chu"))
    assert v.piece("N").notation == "KNADcaKmcabK"
    assert (v.files, v.ranks) == (12, 12)


def test_xiangqi_says_what_the_notation_cannot_express():
    v = xboard_ini.load(next(p for p in SAMPLES if p.stem == "xiangqi"))
    text = v.description.lower()
    assert "palace" in text and "river" in text
