"""Files in the window as people have them: a file edited by hand opens with the lines that
differed named, a file opened through a link is saved into the file it points to, a read-only
file is refused with the reason and Save As offered, and save errors name the file."""

from __future__ import annotations

import os
import re
from pathlib import Path

from designer.formats.registry import read_any_noted

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "variants" / "fide.ini"


def _copy(tmp_path, name="fide.ini"):
    path = tmp_path / name
    path.write_bytes(FIDE.read_bytes())
    return path


def test_a_hand_edited_file_opens_with_the_lines_that_differed_named(window, tmp_path,
                                                                    no_modal_dialogs):
    path = _copy(tmp_path)
    text = re.sub(r'(?m)^-fen .*$', '-fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w '
                  'KQkq - 0 1"', path.read_text())
    path.write_text(text)
    assert window.open_file(str(path))
    assert window.doc.variant.setup.startswith("rnbqkbnr/pppppppp/8/8/4P3/")
    assert not window.isWindowModified()
    title, said = no_modal_dialogs[-1]
    assert "how the file was read" in title and "-fen differs" in said and f"{path}:" in said
    window.doc.set_properties(name="Saved again")
    assert window.files.save()
    assert read_any_noted(path)[1] == ()            # the file says one thing again


def test_saving_a_file_opened_through_a_link_writes_the_file_it_points_to(window, tmp_path):
    real = _copy(tmp_path, "real.ini")
    link = tmp_path / "link.ini"
    link.symlink_to(real)
    assert window.open_file(str(link))
    window.doc.set_properties(name="Through the link")
    assert window.files.save()
    assert link.is_symlink() and read_any_noted(real)[0].name == "Through the link"


def test_a_read_only_file_is_refused_with_the_reason_and_save_as_offered(window, tmp_path,
                                                                       no_modal_dialogs):
    path = _copy(tmp_path)
    assert window.open_file(str(path))
    path.chmod(0o444)
    window.doc.set_properties(name="Not here")
    assert not window.files.save()
    title, said = no_modal_dialogs[-1]
    assert "read-only" in title.lower() and str(path) in said and "another name" in said
    assert path.read_bytes() == FIDE.read_bytes() and window.isWindowModified()
    # accepting the offer saves elsewhere, under the proposed name
    other = tmp_path / "elsewhere.ini"
    proposed = []
    window.files.offer_save_as = lambda title, text: True
    window.files.choose_path = lambda saving, filters, p=None: proposed.append(p) or str(other)
    assert window.files.save()
    assert proposed == [str(tmp_path / "fide (copy).ini")]
    assert read_any_noted(other)[0].name == "Not here" and not window.isWindowModified()
    assert window.doc.path == str(other)


def test_save_errors_name_the_file(window, tmp_path, no_modal_dialogs):
    path = tmp_path / "long.ini"
    window.doc.set_properties(description="x" * 1_000_001)   # more than a file carries back
    assert not window.files.save_to(str(path))
    title, said = no_modal_dialogs[-1]
    assert title == "Cannot save" and said.startswith(f"{path}: ") and "<text>" not in said
    assert not os.path.exists(path)
