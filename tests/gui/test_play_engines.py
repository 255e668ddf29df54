"""Computers in the Play mode: an engine plays its side off the UI thread, every engine move is
checked against our legal moves (a refused move stops the game with both readings), an engine
that cannot play the variant is refused before the game starts with its reasons, engines end
with the window; the real Fairy-Stockfish plays a whole game when it is given."""

from __future__ import annotations

import os
import sys

import pytest

from play_helpers import click, open_window, sample, settled, start, texts

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engines"))
import fake_engines  # noqa: E402
from gui_helpers import WAIT_MS


def engine_player(command, name="Fake", movetime=200, depth=None, protocol="uci"):
    from designer.engines import EngineSettings
    from designer.gui.play import PlayerChoice
    return PlayerChoice("engine", EngineSettings(name, tuple(command), protocol, movetime,
                                                 depth), movetime, depth)


def human():
    from designer.gui.play import PlayerChoice
    return PlayerChoice()


def wait_started(qtbot, w, timeout=WAIT_MS):
    with qtbot.waitSignal(w.play.controller.started, timeout=timeout):
        pass


def test_an_engine_plays_white_and_its_refused_move_stops_the_game(qtbot, settings, fake):
    w = open_window(qtbot, settings, sample("fide"))
    ctl = w.play.controller
    with qtbot.waitSignal(ctl.started, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup, engine_player(fake(fake_engines.uci("normal"))),
                     human())
    qtbot.waitUntil(lambda: w.doc.game is not None and len(w.doc.game.moves) == 1,
                    timeout=WAIT_MS)
    settled(qtbot, w)
    assert texts(w) == ["e2e4"]
    click(qtbot, w, "e7", "e5")                     # the fake answers e2e4 again: illegal now
    qtbot.waitUntil(lambda: w.doc.game.stop is not None, timeout=WAIT_MS)
    settled(qtbot, w)
    banner = w.play.view.banner.text()
    assert "Fake played e2e4" in banner and "reject" in banner
    assert "from e2 to e4" in banner and "no piece on e2" in banner     # both readings
    assert texts(w) == ["e2e4", "e7e5"] and w.play.view.replay.result()[0] == "*"


def test_an_engine_that_cannot_play_the_variant_is_refused_before_the_game(
        qtbot, settings, fake, no_modal_dialogs):
    w = open_window(qtbot, settings, sample("chu"))
    asked = []
    w.play.controller.ask = lambda title, text, buttons, details="": (asked.append(text),
                                                                      buttons[-1])[1]
    with qtbot.waitSignal(w.play.controller.refused, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup, human(),
                     engine_player(fake(fake_engines.uci("normal"))))
    assert asked and asked[0].startswith("Fake cannot play Chu Shogi")
    assert "only Fairy-Stockfish loads a variant definition" in asked[0]     # the reasons
    assert w.doc.game is None and not w.play.controller.computers


def test_move_now_and_closing_the_window_end_the_engine(qtbot, settings, fake):
    w = open_window(qtbot, settings, sample("fide"))
    ctl = w.play.controller
    with qtbot.waitSignal(ctl.started, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup,
                     engine_player(fake(fake_engines.uci("silent")), movetime=600_000),
                     human())
    qtbot.waitUntil(lambda: ctl.thinking, timeout=WAIT_MS)
    w.play.acts["move_now"].trigger()               # the silent fake answers only "stop"
    qtbot.waitUntil(lambda: w.doc.game is not None and len(w.doc.game.moves) == 1,
                    timeout=WAIT_MS)
    pid = ctl.computers["white"].pid
    assert pid is not None and not fake_engines.gone(pid)
    w.discard_and_close()
    qtbot.waitUntil(lambda: fake_engines.gone(pid), timeout=WAIT_MS)


def test_undoing_an_engine_move_pauses_the_game(qtbot, settings, fake):
    w = open_window(qtbot, settings, sample("fide"))
    ctl = w.play.controller
    with qtbot.waitSignal(ctl.started, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup, engine_player(fake(fake_engines.uci("normal"))),
                     human())
    qtbot.waitUntil(lambda: w.doc.game is not None and len(w.doc.game.moves) == 1,
                    timeout=WAIT_MS)
    w.doc.undo_stack.undo()                          # the engine's e2e4 goes
    settled(qtbot, w)
    assert texts(w) == [] and not ctl.running and not ctl.thinking
    assert w.doc.undo_stack.canRedo()                # no new move pushed in: redo is kept
    w.play.acts["go"].trigger()                      # Computer moves
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 1, timeout=WAIT_MS)


def test_fairy_stockfish_plays_capablanca_in_the_window_to_the_end(qtbot, settings, fsf):
    w = open_window(qtbot, settings, sample("capablanca"))
    ctl = w.play.controller
    sf = engine_player([fsf], "Fairy-Stockfish", movetime=None, depth=2)
    with qtbot.waitSignal(ctl.started, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup, sf, sf)
    qtbot.waitUntil(lambda: w.play.view.replay is not None and w.play.view.replay.ended
                    and w.play.view.replay.line == w.doc.game, timeout=600_000)
    r = w.play.view.replay
    result, reason = r.result()
    assert result in ("1-0", "0-1", "1/2-1/2"), reason
    assert r.illegal is None and r.valid == len(w.doc.game.moves) > 10


def test_the_builtin_opponent_takes_the_place_of_an_engine_that_cannot_play(
        qtbot, settings, fake):
    w = open_window(qtbot, settings, sample("chu"))
    ctl = w.play.controller
    ctl.ask = lambda title, text, buttons: buttons[0]        # "Play the built-in opponent"
    with qtbot.waitSignal(ctl.started, timeout=WAIT_MS):
        w.play.start(w.doc.variant.setup, human(),
                     engine_player(fake(fake_engines.uci("normal")), depth=1))
    assert ctl.players["black"].kind == "builtin" and ctl.players["black"].depth == 1
    assert w.doc.game.black == "Built-in opponent"
    settled(qtbot, w)
    click(qtbot, w, "f4", "f5")
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 2, timeout=60_000)


def test_new_game_from_the_dialog(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))

    def fill(dialog):
        dialog.from_fen.setChecked(True)
        dialog.fen.setText("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")
        dialog.black.setCurrentIndex(dialog.black.findData("builtin"))
        dialog.depth_box.setValue(1)
        dialog.accept()
        return dialog.result() == dialog.DialogCode.Accepted
    w.files.run_dialog = fill
    w.play.acts["new"].trigger()
    qtbot.waitUntil(lambda: w.doc.game is not None and len(w.doc.game.moves) == 1,
                    timeout=60_000)                          # Black (the computer) moves first
    assert w.doc.game.start.startswith("4k3/8/8/8/8/8/4P3/4K3 b")
    assert settings.value("play/black") == "builtin"          # remembered for the next game


def test_a_start_position_that_does_not_read_is_refused_in_the_dialog(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    seen = []

    def fill(dialog):
        dialog.from_fen.setChecked(True)
        dialog.fen.setText("4k3/8/8/8/8/8/4P3/4K3X w - - 0 1")
        dialog.accept()
        seen.append(dialog.problem.text())
        return dialog.result() == dialog.DialogCode.Accepted
    w.files.run_dialog = fill
    w.play.acts["new"].trigger()
    assert seen and "cannot be read" in seen[0] and w.doc.game is None
