"""An XBoard launcher for Fairy-Stockfish whose description runs to hundreds of kilobytes is
still read as a launcher (the comments before its ``-fcp`` say nothing about the format), and
Save never replaces a file of another kind than the one it was read as without asking."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from designer.formats import xboard_fsf, xboard_ini
from designer.formats.errors import read_text
from designer.formats.registry import detect, read_any

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "variants" / "fide.ini"


def _long_description():
    # about 270 KB of description, written both as comments and inside the @designer data
    return replace(read_any(FIDE), description="a long and careful description " * 9000)


def test_a_launcher_with_a_long_description_is_read_as_a_launcher(tmp_path):
    path = tmp_path / "long.ini"
    xboard_fsf.save(path, _long_description())
    text = read_text(path)
    assert text.index("-fcp") > 250_000
    assert detect(text, str(path)) == "xboard-fsf"


def test_it_opens_and_saves_as_the_launcher_pair(window, tmp_path, no_modal_dialogs):
    path = tmp_path / "long.ini"
    ini = xboard_fsf.save(path, _long_description())
    assert window.open_file(str(path))
    assert window.doc.fmt == "xboard-fsf"
    window.doc.set_properties(name="Renamed")
    assert window.files.save()
    assert "-fcp" in path.read_text() and Path(ini).exists()
    assert read_any(path).name == "Renamed"


def test_save_asks_before_replacing_a_file_that_is_now_of_another_kind(window, tmp_path,
                                                                       no_modal_dialogs):
    path = tmp_path / "plain.ini"
    path.write_text(xboard_ini.write(read_any(FIDE)))
    assert window.open_file(str(path))
    assert window.doc.fmt == "xboard"
    xboard_fsf.save(path, read_any(FIDE))          # replaced on disk by a launcher pair
    launcher = path.read_bytes()
    window.doc.set_properties(name="Not over the launcher")
    assert not window.files.save()                 # the offer of another name is declined
    title, said = no_modal_dialogs[-1]
    assert "another kind" in title and "launcher" in said and "not replaced" in said
    assert path.read_bytes() == launcher and window.isWindowModified()
