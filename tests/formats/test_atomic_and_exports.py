"""Atomic saves keep the previous version on error; diagram and SVG exports say what the
formats.md examples and the interpreter say."""

import os

import pytest

from designer.formats import diagram, svg, xboard_ini
from designer.formats.atomic import write_atomic
from designer.formats.errors import FormatError


def test_save_replaces_the_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "v.ini"
    path.write_text("old")
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert os.listdir(tmp_path) == ["v.ini"]


def test_failed_save_keeps_the_previous_version(tmp_path):
    path = tmp_path / "v.ini"
    path.write_text("old")
    with pytest.raises(FormatError):
        write_atomic(path, "bad \udc80 surrogate")
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["v.ini"]


def test_save_into_a_missing_folder_is_a_format_error(tmp_path):
    with pytest.raises(FormatError) as e:
        write_atomic(tmp_path / "no" / "v.ini", "x")
    assert e.value.file.endswith("v.ini")


def test_capablanca_diagram_matches_the_formats_md_shape():
    text = diagram.write(xboard_ini.load("variants/capablanca.ini"))
    lines = text.splitlines()
    assert lines[0] == '<div class="idiagram">' and lines[-1] == "</div>"
    for item in ("files=10", "ranks=8", "symmetry=mirror", "maxPromote=1",
                 "Pawn:P:fmWfceFifmnD:Pawn:a2,b2,c2,d2,e2,f2,g2,h2,i2,j2",
                 "Knight:N:N:Knight:b1,i1", "King:K:K:King:f1"):
        assert item in lines
    royal = int(next(x for x in lines if x.startswith("royal="))[6:])
    pieces = [x for x in lines if x.count(":") == 4]
    assert pieces[royal - 1].startswith("King:")


def test_chu_diagram_uses_rotation_symmetry():
    assert "symmetry=rotate" in diagram.write(xboard_ini.load("variants/chu.ini"))


def test_svg_colours_squares_by_modality_and_lists_the_legend():
    v = xboard_ini.load("variants/xiangqi.ini")
    text = svg.render(v, "C", (4, 4), friends=[(4, 6)], foes=[(4, 8), (1, 4)])
    assert 'class="target move"' in text            # cannon slides to empty squares
    assert 'class="target hop-capture"' in text     # captures over the screen at e7
    assert "move only" in text and "hop, then capture" in text
    assert "class=\"target capture\"" not in text
