"""Files as people have them: saved through a symbolic link, made read-only, written on an old
Mac, with sizes and letters XBoard reads in its own way; and save errors that name the file."""

import os
from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import engine_lines, pgn_tags, xboard_fsf, xboard_ini
from designer.formats.errors import FormatError, ReadOnlyError
from designer.formats.registry import read_any_noted
from designer.variant.model import PieceType, Variant

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "variants" / "fide.ini"


def _renamed(name):
    return replace(xboard_ini.load(FIDE), name=name)


def test_saving_through_a_symbolic_link_writes_the_file_it_points_to(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "fide.ini"
    real.write_bytes(FIDE.read_bytes())
    link = tmp_path / "link.ini"
    link.symlink_to(real)
    xboard_ini.save(link, _renamed("Through the link"))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert xboard_ini.load(real).name == "Through the link"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.ini", "real"]
    assert sorted(p.name for p in real_dir.iterdir()) == ["fide.ini"]   # no temporary left


def test_a_chain_of_links_ends_at_the_real_file(tmp_path):
    real = tmp_path / "real.ini"
    real.write_bytes(FIDE.read_bytes())
    (tmp_path / "a.ini").symlink_to(real)
    (tmp_path / "b.ini").symlink_to(tmp_path / "a.ini")
    xboard_ini.save(tmp_path / "b.ini", _renamed("Chained"))
    assert (tmp_path / "a.ini").is_symlink() and (tmp_path / "b.ini").is_symlink()
    assert xboard_ini.load(real).name == "Chained"


def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "fide.ini"
    path.write_bytes(FIDE.read_bytes())
    path.chmod(0o444)
    with pytest.raises(ReadOnlyError) as e:
        xboard_ini.save(path, _renamed("Overwritten"))
    assert e.value.file == str(path) and "read-only" in e.value.reason
    assert path.read_bytes() == FIDE.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["fide.ini"]


def test_a_read_only_file_of_a_pair_leaves_both_as_they_were(tmp_path):
    launcher = tmp_path / "game.ini"
    xboard_fsf.save(launcher, xboard_ini.load(FIDE))
    section = Path(xboard_fsf.ini_path_for(str(launcher)))
    before = launcher.read_bytes(), section.read_bytes()
    section.chmod(0o444)
    with pytest.raises(ReadOnlyError) as e:
        xboard_fsf.save(launcher, _renamed("Pair"))
    assert e.value.file == str(section)
    assert (launcher.read_bytes(), section.read_bytes()) == before


def test_old_mac_line_ends_read_as_lines_and_say_so(tmp_path):
    path = tmp_path / "mac.ini"
    path.write_bytes(FIDE.read_bytes().replace(b"\n", b"\r"))
    v, notes = read_any_noted(path)
    assert v == xboard_ini.load(FIDE)
    assert len(notes) == 1 and "carriage return" in notes[0].reason
    xboard_ini.save(path, v)
    assert b"\r" not in path.read_bytes()
    assert read_any_noted(path) == (v, ())


def test_windows_line_ends_are_no_news(tmp_path):
    path = tmp_path / "dos.ini"
    path.write_bytes(FIDE.read_bytes().replace(b"\n", b"\r\n"))
    assert read_any_noted(path) == (xboard_ini.load(FIDE), ())


@pytest.mark.parametrize("option", ["boardWidth", "boardHeight"])
def test_a_board_of_no_files_or_ranks_is_an_error_with_its_line(option):
    text = f"-variant fairy\n-{option} 0\n"
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "zero.ini")
    assert e.value.line == 2 and f"-{option} 0" in e.value.reason


def test_minus_one_leaves_the_size_to_xboard_and_says_what_it_is():
    v, notes = xboard_ini.read_noted("-variant capablanca\n-boardWidth -1\n", "c.ini")
    assert v.files == 10                       # capablanca's own width, as XBoard sets it
    assert [(n.line, "10 files" in n.reason) for n in notes] == [(2, True)]
    v, notes = xboard_ini.read_noted('-variant fairy\n-boardWidth -1\n-fen "8/8/8/8/8/8/8/'
                                     'K6k w - - 0 1"\n')
    assert v.files == 8 and "from the -fen" in notes[0].reason


def test_a_letter_given_to_two_slots_is_named():
    text = '-variant fairy\n-pieceToCharTable "PNBRQNKpnbrqnk"\n-fen "8/8/8/8/8/8/8/K6k w"\n'
    v, notes = xboard_ini.read_noted(text, "dup.ini")
    assert [n.line for n in notes] == [2] and "letter N to two slots (1 and 5)" in \
        notes[0].reason
    assert v.piece("N").slot == 1                  # moves.c CharToPiece: the first slot


def test_moves_given_twice_are_named_and_the_later_wins():
    text = '-variant fairy\n-men "N:W;N:F"\n-fen "8/8/8/8/8/8/8/KN5k w"\n'
    v, notes = xboard_ini.read_noted(text, "dup.ini")
    assert v.piece("N").notation == "F"            # moves.c LoadPieceDesc: the later one
    assert [n.line for n in notes] == [2] and "given twice" in notes[0].reason


def test_engine_lines_with_a_piece_twice_say_so(tmp_path):
    path = tmp_path / "x.eng"
    path.write_text("setup (PNBRQKpnbrqk) 8x8+0_fairy 8/8/8/8/8/8/8/KN5k w - - 0 1\n"
                    "piece N& W\npiece N& F\n")
    v = engine_lines.read(path.read_text(), str(path))
    assert v.piece("N").notation == "F"


def test_save_errors_name_the_file(tmp_path):
    bad = Variant(files=8, ranks=8, pieces=(PieceType("K", royal=True, notation="K"),),
                  setup="4k3/8/8/8/8/8/8/4K2N w - - 0 1")
    path = tmp_path / "bad.ini"
    with pytest.raises(FormatError) as e:
        xboard_ini.save(path, bad)
    assert str(e.value).startswith(f"{path}: ") and "<text>" not in str(e.value)
    long = _renamed("x" * 1_000_001)          # longer than the readers take back
    for save, name in ((xboard_ini.save, "long.ini"), (pgn_tags.save, "long.pgn"),
                       (xboard_fsf.save, "launch.ini")):
        with pytest.raises(FormatError) as e:
            save(str(tmp_path / name), long)
        assert "<text>" not in str(e.value) and str(e.value).startswith(str(tmp_path))
    assert list(tmp_path.iterdir()) == []
