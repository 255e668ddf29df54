"""A run nobody can answer (``--screenshot``) never waits on a dialog: a Fairy-Stockfish file
with several sections is shown at its last section (said on stderr, with how to pick another)
or at the one ``--section`` names, in Play mode and in the editor alike."""

from __future__ import annotations

import argparse

import pytest

TWO = """[first:chess]
[second:chess]
maxRank = 7
startFen = rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
"""


@pytest.fixture
def two_sections(tmp_path, monkeypatch):
    """A file of two sections, and a record of every section dialog opened (none may be)."""
    from designer.gui.window import file_guard
    path = tmp_path / "two.variants.ini"
    path.write_text(TWO)
    opened: list[list[str]] = []
    monkeypatch.setattr(file_guard.FileGuard, "_section_dialog",
                        lambda self, p, names: opened.append(names) or "")
    return path, opened


def _play_args(*words: str):
    from designer.commands import play
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return play.read_start(parser.parse_args(list(words)))


@pytest.mark.parametrize("section, name, ranks", [(None, "second", 7), ("first", "first", 8)])
def test_play_with_a_screenshot_chooses_a_section_without_a_dialog(qtbot, two_sections, capsys,
                                                                   tmp_path, section, name,
                                                                   ranks):
    from designer.gui.play.launch import build_play_window
    path, opened = two_sections
    words = [str(path), "--screenshot", str(tmp_path / "out.png")]
    if section:
        words += ["--section", section]
    w = build_play_window(_play_args(*words))
    qtbot.addWidget(w)
    assert opened == []
    assert w.doc.section == name and w.doc.variant.ranks == ranks
    said = capsys.readouterr().err
    assert ("--section" in said and "'second'" in said) if section is None else not said


def test_the_editor_screenshot_chooses_the_last_section_and_says_so(qtbot, two_sections,
                                                                    capsys, tmp_path):
    from designer.gui.app import build_window
    path, opened = two_sections
    from designer.launch import WindowStart
    w = build_window(WindowStart(file=str(path), screenshot=str(tmp_path / "out.png")), None,
                     restore=False)
    qtbot.addWidget(w)
    assert opened == [] and w.doc.section == "second"
    assert "--section" in capsys.readouterr().err
