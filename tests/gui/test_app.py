"""Starting, closing, settings, files and headless screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gui_helpers import settle, type_definition
from PySide6.QtGui import QImage

from designer.gui.app import build_window, run_gui
from designer.launch import WindowStart

ROOT = Path(__file__).resolve().parents[2]


def _args(**kw) -> WindowStart:
    """The window's start for these command-line words."""
    return WindowStart.from_words(**kw)


def test_app_starts_and_closes_without_qt_warnings(qtbot, settings, qt_messages):
    window = build_window(_args(), settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    type_definition(qtbot, window, "mRcpR")
    window.set_probe((3, 5), "friend")
    settle(qtbot, window)
    window.pin((3, 4))
    window.compare_dock.show()
    window.compare_dock.raise_()
    qtbot.waitUntil(lambda: window.editor.description.text() != "")
    window.close()
    assert qt_messages == []


def test_window_remembers_its_geometry(qtbot, settings):
    first = build_window(_args(), settings)
    qtbot.addWidget(first)
    first.resize(765, 555)   # within the offscreen screen (800x600)
    first.show()
    qtbot.waitExposed(first)
    first.close()
    assert settings.value("window/geometry") is not None
    second = build_window(_args(), settings)
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (765, 555)


def test_betza_and_select_arguments(qtbot, settings):
    window = build_window(_args(betza="(F-lF)r0", dialect="betza2", select="C"), settings)
    qtbot.addWidget(window)
    piece = window.doc.piece()
    assert (piece.notation, piece.dialect, piece.letter) == ("(F-lF)r0", "betza2", "C")
    settle(qtbot, window)
    assert window.view.analysis.ok


def test_open_a_variant_file_from_the_command_line(qtbot, settings, tmp_path):
    from designer.formats import xboard_ini
    from designer.variant.model import PieceType, Variant
    path = tmp_path / "mini.ini"
    variant = Variant(name="Mini", files=6, ranks=6,
                      pieces=(PieceType("K", "King", "K", royal=True),
                              PieceType("C", "Cannon", "mRcpR")),
                      setup="2ck2/6/6/6/6/2CK2 w - - 0 1")
    xboard_ini.save(path, variant)
    window = build_window(_args(file=str(path), select="C"), settings)
    qtbot.addWidget(window)
    board = window.doc.probe_board()
    assert (window.doc.variant.files, window.doc.piece().notation, board.origin) == \
        (6, "mRcpR", (2, 0))
    assert board.at((3, 0)) == ("white", "K") and board.at((2, 5)) == ("black", "C")
    assert window.piece_palette.list.count() == 2
    settle(qtbot, window)
    assert (2, 4) in window.view.analysis.by_square          # no screen: c6 not attacked
    assert (2, 5) not in window.view.analysis.by_square
    assert not window.doc.modified and window.windowTitle().startswith("mini.ini")


def test_screenshot_writes_a_png(qtbot, tmp_path, qt_messages):
    out = tmp_path / "shot.png"
    assert run_gui(_args(screenshot=str(out), size="900x640", betza="mRcpR")) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (900, 640)
    assert qt_messages == []


def test_screenshot_of_a_missing_file_fails_with_a_message(tmp_path, capsys):
    code = run_gui(_args(file=str(tmp_path / "none.ini"), screenshot=str(tmp_path / "x.png")))
    assert code == 1
    assert "none.ini" in capsys.readouterr().err


def test_screenshot_from_the_command_line(tmp_path):
    out = tmp_path / "cli.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "designer.cli", "--screenshot", str(out),
                           "--size", "800x600"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    # the picture is the window at the asked size with the board drawn in it: its light and
    # dark squares are there (the board's own colours), not a blank or partly painted image
    from designer.gui.board._canvas import DARK, LIGHT
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)
    colours = {image.pixelColor(x, y).rgb() for x in range(0, 800, 4) for y in range(0, 600, 4)}
    assert LIGHT.rgb() in colours and DARK.rgb() in colours


def test_dialect_argument_translates_the_default_piece(qtbot, settings):
    window = build_window(_args(dialect="betza2"), settings)
    qtbot.addWidget(window)
    piece = window.doc.piece()
    assert piece.dialect == "betza2" and piece.notation.startswith("KNAD(")
    settle(qtbot, window)
    assert window.view.analysis.ok
    assert not window.doc.undo_stack.canUndo()


@pytest.mark.parametrize("board", ["0x5", "27x8", "99x99"])
def test_a_board_outside_the_limits_is_refused_with_the_limits(tmp_path, capsys, board):
    code = run_gui(_args(board=board, screenshot=str(tmp_path / "x.png")))
    assert code == 1
    assert "1 to 26 files" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("option,words", [
    ("--compare", {"compare": ["W", "F", "xbetza", "betza3"]}),
    ("--probes", {"probes": ["purple:e4"]}),
    ("--dialect", {"dialect": "XBetza"}),      # a caller past argparse (the screenshot scripts)
    ("--side", {"side": "Black"}),
])
def test_a_word_that_names_no_side_or_dialect_is_refused_naming_the_option(tmp_path, capsys,
                                                                           option, words):
    with pytest.raises(ValueError) as refused:
        _args(screenshot=str(tmp_path / "x.png"), betza="W", **words)
    assert option in str(refused.value) and "is not a" in str(refused.value)


def test_the_command_line_refuses_a_bad_word_before_any_window(tmp_path, capsys):
    from designer.cli import main
    out = tmp_path / "x.png"
    assert main(["--screenshot", str(out), "--betza", "W", "--probes", "purple:e4"]) == 1
    err = capsys.readouterr().err
    assert "--probes" in err and "is not a" in err
    assert not out.exists()


def test_compared_dialects_from_the_command_line_reach_the_compare_view(qtbot, settings):
    window = build_window(_args(compare=["W", "W-F", "xbetza", "betza2"]), settings)
    qtbot.addWidget(window)
    compare = window.compare
    assert (compare.a_dialect.currentData(), compare.b_dialect.currentData()) == \
        ("xbetza", "betza2")
    qtbot.waitUntil(lambda: not compare.busy and compare.summary.text() != "")
    assert "differ" in compare.summary.text()   # B read as Betza 2.0: in XBetza it has no "-"


@pytest.mark.parametrize("option,value", [("--board", "²x3"), ("--size", "8x١٠"),
                                          ("--step", "²"), ("--board", "1" * 40 + "x8")])
def test_numbers_on_the_command_line_are_ascii_digits(capsys, option, value):
    from designer.cli import main
    with pytest.raises(SystemExit) as stop:
        main([option, value, "--screenshot", "unused.png"])
    assert stop.value.code == 2
    assert option in capsys.readouterr().err


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_panel_is_shown_and_the_other_panels_go_on(qtbot, settings, monkeypatch):
    """A slot that fails while the document announces a change does not stop the session: Qt
    hands the error to sys.excepthook, which the application shows in the status bar, and the
    panels connected after it still hear the change."""
    import weakref

    from designer.gui.app import _excepthook
    window = build_window(_args(), settings)
    qtbot.addWidget(window)
    printed: list[str] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, value, tb: printed.append(str(value)))
    monkeypatch.setattr(sys, "excepthook", _excepthook(weakref.ref(window)))

    def broken(_aspects):
        raise RuntimeError("a panel that cannot redraw")
    heard: list[object] = []
    window.doc.changed.connect(broken)
    window.doc.changed.connect(heard.append)
    window.doc.set_notation(window.doc.selected, "WF", merge=False)
    assert "Internal error: RuntimeError: a panel that cannot redraw" in \
        window.statusBar().currentMessage()
    assert heard and printed and set(printed) == {"a panel that cannot redraw"}


def test_the_command_line_hands_the_window_a_typed_start(monkeypatch):
    """The window gets one frozen value with every word read (sizes as numbers, the side
    and dialects as the vocabulary's), never the argparse namespace."""
    import designer.gui.app as app
    from designer.cli import main
    from designer.launch import Compared, ProbeWord, Scene
    seen: list[object] = []
    monkeypatch.setattr(app, "run_gui", lambda start: seen.append(start) or 0)
    assert main(["x.ini", "--select", "N", "--size", "900x640", "--board", "12x10",
                 "--probes", "foe:e5=P", "neutral:c4", "--side", "black", "--safe",
                 "--target", "e5", "--path", "1", "--compare", "W", "F", "xbetza",
                 "betza2"]) == 0
    assert seen == [WindowStart(
        file="x.ini", select="N", size=(900, 640),
        scene=Scene(board=(12, 10), probes=(ProbeWord("foe", "e5", "P"),
                                            ProbeWord("neutral", "c4")),
                    side="black", target="e5", path=1, safe=True,
                    compare=Compared("W", "F", "xbetza", "betza2")))]


def test_play_hands_the_window_its_players_parsed(monkeypatch):
    import designer.gui.play.launch as launch
    from designer.cli import main
    from designer.engines.players import PlayerSpec
    from designer.launch import PlayStart
    seen: list[object] = []
    monkeypatch.setattr(launch, "run_play", lambda start: seen.append(start) or 0)
    assert main(["play", "x.ini", "--white", "builtin", "--black", "xboard:fsf -x",
                 "--depth", "2", "--size", "1200x800"]) == 0
    assert seen == [PlayStart("x.ini", PlayerSpec("builtin"),
                              PlayerSpec("engine", ("fsf", "-x"), "xboard"), movetime_ms=2000,
                              depth=2, size=(1200, 800))]
