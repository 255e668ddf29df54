"""Either side handed to the computer, or back to a person, at any point of a game without
losing its moves (Game > Computer moves, Ctrl+G, when a person is to move; Game > Computer
plays White / Black), and a hint for the person to move, thought out off the UI thread."""

from __future__ import annotations

from play_helpers import click, open_window, sample, settled, start, texts
from test_play_builtin import builtin


def test_computer_moves_takes_over_the_side_a_person_plays(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)                                   # two people
    ctl = w.play.controller
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    ctl.last_computer["white"] = builtin(depth=1)     # the computer White gets (fast)
    w.play.acts["go"].trigger()                       # White (a person) is to move
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 3, timeout=60_000)
    settled(qtbot, w)
    assert texts(w)[:2] == ["e2e4", "e7e5"]           # the history is kept
    assert not ctl.is_human("white") and ctl.is_human("black")
    assert w.play.acts["white_computer"].isChecked()
    assert w.doc.undo_stack.undoText().endswith("(Built-in opponent)")
    # the person plays Black, the computer answers for White
    move = next(m for m in w.play.view.replay.legal if m.origin != m.target)
    w.play.view.play(move)
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 5, timeout=60_000)
    settled(qtbot, w)
    # White handed back to a person: nobody answers the next Black move
    w.play.acts["white_computer"].trigger()
    assert ctl.is_human("white") and not w.play.acts["white_computer"].isChecked()
    move = next(m for m in w.play.view.replay.legal if m.origin != m.target)
    w.play.view.play(move)
    settled(qtbot, w)
    assert len(w.doc.game.moves) == 6 and not ctl.thinking
    assert w.play.view.replay.illegal is None and len(texts(w)) == 6


def test_black_handed_to_the_computer_while_white_thinks(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    ctl = w.play.controller
    ctl.last_computer["black"] = builtin(depth=1)
    w.play.acts["black_computer"].trigger()           # White is to move: Black waits
    assert not ctl.is_human("black") and not ctl.thinking
    click(qtbot, w, "d2", "d4")
    qtbot.waitUntil(lambda: len(w.doc.game.moves) == 2, timeout=60_000)
    settled(qtbot, w)
    assert texts(w)[0] == "d2d4" and w.play.view.frame().turn == "white"


def test_a_hint_for_the_person_to_move_leaves_the_game_alone(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    ctl = w.play.controller
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    ctl.last_computer["black"] = builtin(depth=1)
    w.play.acts["hint"].trigger()
    canvas = w.play.view.canvas
    qtbot.waitUntil(lambda: canvas.hint is not None, timeout=60_000)
    r = w.play.view.replay
    hinted = canvas.hint
    assert any((r.square(m.origin), r.square(m.target)) == hinted for m in r.legal)
    text = w.play.view.status.text()
    assert text.startswith("Hint for Black (Built-in opponent): ")
    import re
    written = text.split(": ", 1)[1].split(" ")[0]
    assert re.fullmatch(r"[NBRQK]?[a-h]?x?[a-h][1-8][+#]?", written)   # SAN, not "d7d5"
    assert not re.fullmatch(r"[a-h][1-8][a-h][1-8]", written)
    assert len(w.doc.game.moves) == 1 and ctl.is_human("black")   # nothing was played
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    assert canvas.hint is None                        # the hint was for the last position


def test_new_game_offers_an_engine_found_on_path_in_one_click(qtbot, settings, tmp_path,
                                                               monkeypatch):
    import stat
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent.parent / "engines"))
    import fake_engines
    exe = tmp_path / "fairy-stockfish"
    exe.write_text(f"#!{sys.executable}\n" + fake_engines.uci("normal"))
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(tmp_path))
    w = open_window(qtbot, settings, sample("fide"))
    seen = {}

    def run(dialog):
        seen["rows"] = [(f.name, b.text()) for f, b in dialog.found_rows]
        seen["settings"] = dialog.settings_button.isEnabled()
        dialog.found_rows[0][1].click()              # the one click
        seen["black"] = dialog.black.currentText()
        return False                                 # no game now
    w.files.run_dialog = run
    w.play.new_game()
    assert seen == {"rows": [("fairy-stockfish", "Set up fairy-stockfish")], "settings": True,
                    "black": "fairy-stockfish"}
    from designer.gui.engines import EngineStore
    book = EngineStore(settings).load()
    assert [(e.name, e.command) for e in book.engines] == [("fairy-stockfish", (str(exe),))]
    # set up once: not offered again
    w.files.run_dialog = lambda dialog: seen.update(again=dialog.found_rows) or False
    w.play.new_game()
    assert seen["again"] == []


def test_the_keys_go_to_the_game_after_new_game(qtbot, settings):
    """Ctrl+G right after the New game dialog reached nothing: the board had no focus."""
    from PySide6.QtWidgets import QApplication
    w = open_window(qtbot, settings, sample("fide"))
    w.editor.edit.setFocus()
    w.files.run_dialog = lambda dialog: True        # Start, with the dialog's defaults
    assert w.play.new_game()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.play.view.canvas)


def test_no_hint_for_the_computers_side(qtbot, settings):
    from play_helpers import status
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, white=builtin())                # thinks until told: never moves here
    w.play.acts["pause"].trigger()                  # White, the computer's, is to move
    w.play.acts["hint"].trigger()
    assert "White is the computer's to play" in status(w)
    assert w.play.view.canvas.hint is None
