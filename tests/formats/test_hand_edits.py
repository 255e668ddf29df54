"""An options file edited in a text editor: XBoard's lines win for what they say, the
``@designer`` data keep what XBoard cannot say, every line that differed is named, and a
``@designer`` block that contradicts itself is an error with its line, never saved."""

import re
from pathlib import Path

import pytest

from designer.cli import main
from designer.formats import xboard_ini
from designer.formats.errors import FormatError
from designer.formats.registry import read_any_noted
from designer.variant.model import PieceType, Variant

from format_samples import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
FIDE = (ROOT / "variants" / "fide.ini").read_text()


def _edit(text, option, value):
    """``text`` with the line of ``-option`` replaced (as a person does in an editor)."""
    new, n = re.subn(rf"(?m)^-{option}( .*)?$", f"-{option} {value}" if value else "", text)
    assert n == 1, option
    return new


def _line_of(text, option):
    return next(i for i, line in enumerate(text.splitlines(), 1)
                if line.startswith(f"-{option}"))


def _xboard_part(v):
    """What XBoard itself is told: board, setup, holdings, letters and each piece's moves."""
    return (v.files, v.ranks, v.setup, v.holdings,
            {p.letter: p.notation for p in v.pieces})


def test_a_hand_edited_fen_is_what_opens_and_the_line_is_named(tmp_path, capsys):
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    text = _edit(FIDE, "fen", f'"{fen}"')
    path = tmp_path / "fide.ini"
    path.write_text(text)
    v, notes = read_any_noted(path)
    assert v.setup == fen
    assert v.piece("N").name == "Knight" and v.name == "FIDE Chess"   # what XBoard cannot say
    assert [(n.line, n.file) for n in notes] == [(_line_of(text, "fen"), str(path))]
    assert "-fen" in notes[0].reason
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}:{_line_of(text, 'fen')}: -fen differs" in out
    # the next save writes what was opened, and that file has nothing left to note
    xboard_ini.save(path, v)
    again, notes = read_any_noted(path)
    assert again == v and notes == ()


def test_hand_edited_men_changes_that_piece_only():
    text = _edit(FIDE, "variant", "fairy\n-men \"N:NN;P:fmWfcF\"")
    v, notes = xboard_ini.read_noted(text)
    fide = xboard_ini.read(FIDE)
    assert v.piece("N").notation == "NN" and v.piece("N").name == "Knight"
    assert v.piece("P").notation == "fmWfcF" and v.piece("P").promotions == ("N", "B", "R", "Q")
    for letter in "BRQK":
        assert v.piece(letter) == fide.piece(letter)
    assert _xboard_part(v)[4] == _xboard_part(xboard_ini.read(text, use_designer=False))[4]
    named = {n.reason.split()[0] for n in notes}
    assert named == {"-variant", "-men"}
    men = next(n for n in notes if n.reason.startswith("-men"))
    assert men.line == _line_of(text, "men") and "N: N -> NN" in men.reason
    again = xboard_ini.read_noted(xboard_ini.write(v))
    assert again == (v, ())


def test_a_resized_board_with_its_fen_is_the_new_board():
    text = _edit(FIDE, "boardWidth", "10")
    text = _edit(text, "fen", '"rnbqkbnrnn/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRNN w - - 0 1"')
    v, notes = xboard_ini.read_noted(text)
    assert (v.files, v.ranks) == (10, 8) and v.setup.startswith("rnbqkbnrnn/")
    assert {n.line for n in notes} == {_line_of(text, "boardWidth"), _line_of(text, "fen")}
    assert xboard_ini.read_noted(xboard_ini.write(v)) == (v, ())


def test_xboard_lines_that_contradict_each_other_are_an_error_with_the_line():
    text = _edit(FIDE, "boardWidth", "10")           # the FEN still has 8 files
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "x.ini")
    assert "8x8" in e.value.reason and e.value.line > 0


def test_a_piece_left_out_of_the_table_is_gone_and_a_new_one_comes_in():
    # the Queen's letter goes out of the table and out of the FEN; an Amazon comes in
    text = _edit(FIDE, "pieceToCharTable", "PNBRAKpnbrak")
    text = _edit(text, "fen", '"rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"')
    text = _edit(text, "variant", "fairy\n-men \"A:QN\"")
    v, notes = xboard_ini.read_noted(text)
    assert v.piece("Q") is None and v.piece("A").notation == "QN"
    assert v.piece("P").promotions == ("N", "B", "R")        # no promotion to a piece gone
    assert not [p for p in v.validate() if p.severity == "error"]
    assert any(n.reason.startswith("-pieceToCharTable") and "without Q" in n.reason
               for n in notes)


def test_the_variant_line_is_what_xboard_plays():
    text = _edit(FIDE, "variant", "fairy")
    v, notes = xboard_ini.read_noted(text)
    assert v.parent == "fairy" and [n.reason.split()[0] for n in notes] == ["-variant"]


def test_a_deleted_xboard_line_is_named():
    text = _edit(FIDE, "fen", "")
    v, notes = xboard_ini.read_noted(text)
    plain = xboard_ini.read(text, use_designer=False)
    assert v.setup == plain.setup                     # XBoard's own start position of normal
    assert notes and "no -fen line" in notes[0].reason


def test_lines_that_say_the_same_in_other_words_are_no_hand_edit():
    text = FIDE.replace('-fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"',
                        "-fen {rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  0 1}")
    text = text.replace("-boardWidth 8", "-boardWidth=8")
    assert text != FIDE
    assert xboard_ini.read_noted(text) == (xboard_ini.read(FIDE), ())


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_samples_say_one_thing(path):
    assert read_any_noted(path)[1] == ()


@pytest.mark.parametrize("stem", ["ultima", "shogi", "chu"])
def test_a_moved_piece_in_samples_of_every_kind(stem):
    """A hand-moved piece in a Betza 2.0 sample (pieces XBoard is told nothing about), a
    sample with holdings and one with XBoard's own pieces: the new position opens, every piece
    keeps its own definition."""
    text = (ROOT / "variants" / f"{stem}.ini").read_text()
    d = xboard_ini.read(text)
    fen = d.setup.split()
    fen[1] = "b" if fen[1] == "w" else "w"
    text = _edit(text, "fen", f'"{" ".join(fen)}"')
    v, notes = xboard_ini.read_noted(text)
    assert v.setup.split()[1] == fen[1] and v.pieces == d.pieces
    assert len(notes) == 1 and xboard_ini.read_noted(xboard_ini.write(v)) == (v, ())


def _designer_line(text, kind, letter=None):
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith(f"; @designer 1 {kind}") and (
                letter is None or f'"letter": "{letter}"' in line):
            return i, line
    raise AssertionError(kind)


def test_a_deleted_piece_line_is_an_error_with_its_line():
    at, _ = _designer_line(FIDE, "variant")
    _, knight = _designer_line(FIDE, "piece", "N")
    with pytest.raises(FormatError) as e:
        xboard_ini.read(FIDE.replace(knight + "\n", ""), "fide.ini")
    assert e.value.line == at and "places N" in e.value.reason


def test_a_width_that_does_not_match_the_setup_is_an_error_with_its_line():
    at, line = _designer_line(FIDE, "variant")
    with pytest.raises(FormatError) as e:
        xboard_ini.read(FIDE.replace(line, line.replace('"files": 8', '"files": 10')))
    assert e.value.line == at and "8x8" in e.value.reason and "10x8" in e.value.reason


def test_two_piece_lines_of_one_letter_are_an_error_at_the_second():
    _, knight = _designer_line(FIDE, "piece", "N")
    text = FIDE.replace(knight, knight + "\n" + knight.replace('"Knight"', '"Horse"'))
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text)
    assert e.value.line == _designer_line(FIDE, "piece", "N")[0] + 1
    assert "letter N" in e.value.reason


def test_a_variant_that_contradicts_itself_is_never_written(tmp_path):
    v = Variant(files=8, ranks=8, pieces=(PieceType("K", royal=True, notation="K"),),
                setup="4k3/8/8/8/8/8/8/4K2N w - - 0 1")
    with pytest.raises(FormatError) as e:
        xboard_ini.save(tmp_path / "x.ini", v)
    assert "places N" in e.value.reason and not (tmp_path / "x.ini").exists()
