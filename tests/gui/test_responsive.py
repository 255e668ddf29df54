"""The window never waits for the move generator: the event loop keeps turning while a worker
thread computes, answers that are out of date when they arrive are dropped, and the previous
marks stay (dimmed) while an answer is pending. Waits are on signals and the event loop, never
sleeps."""

from __future__ import annotations

import sys
import threading

from gui_helpers import WAIT_MS, settle, type_definition
from PySide6.QtCore import QTimer

from designer.gui.analysis import clear_caches

ENGINE = sys.modules["designer.engine.question"]   # where the window's answers call the generator


def _ticker(qtbot, window) -> dict:
    """A 0 ms timer that counts how often the event loop turned while the worker was busy."""
    count = {"busy": 0}
    timer = QTimer(window)
    timer.setInterval(0)
    timer.timeout.connect(lambda: count.__setitem__(
        "busy", count["busy"] + window.view.analyst.busy))
    timer.start()
    count["timer"] = timer
    return count


def held_generator(monkeypatch) -> threading.Event:
    """Make the worker's generator wait until the returned gate is set (caches emptied, so
    the next definition really goes to the worker)."""
    gate = threading.Event()
    real = ENGINE.generate

    def held(*args, **kwargs):
        gate.wait(WAIT_MS / 1000)      # the test opens it; the bound only ends a failed one
        return real(*args, **kwargs)
    monkeypatch.setattr(ENGINE, "generate", held)
    clear_caches()
    return gate


def test_typing_a_heavy_definition_leaves_the_event_loop_turning(qtbot, window):
    window.files_box.setValue(16)
    window.ranks_box.setValue(16)
    settle(qtbot, window)
    clear_caches()                                      # the heavy work must really be done
    edit = window.editor.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "aaaaaaQ")
    # the keys were handled and shown without waiting for the generator:
    assert edit.toPlainText() == "aaaaaaQ" and window.view.analyst.busy
    count = _ticker(qtbot, window)
    with qtbot.waitSignal(window.view.analysed, timeout=WAIT_MS):
        pass
    settle(qtbot, window)
    count["timer"].stop()
    assert count["busy"] >= 1                           # the loop turned while it worked
    assert "search steps" in window.editor.status.text()


def test_the_event_loop_turns_while_the_worker_is_held(qtbot, window, monkeypatch):
    gate = held_generator(monkeypatch)
    count = _ticker(qtbot, window)
    type_definition_nowait(qtbot, window, "WF")
    qtbot.waitUntil(lambda: count["busy"] >= 25)        # 25 turns of the loop, worker held
    assert window.view.analyst.busy
    type_definition_nowait(qtbot, window, "WFN")        # the editor takes more keys meanwhile
    assert window.editor.edit.toPlainText() == "WFN"
    gate.set()
    settle(qtbot, window)
    count["timer"].stop()
    assert window.view.analysis.reading.text == "WFN"


def type_definition_nowait(qtbot, window, text: str) -> None:
    edit = window.editor.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def test_an_answer_out_of_date_when_it_arrives_is_dropped(qtbot, window, monkeypatch):
    gate = held_generator(monkeypatch)
    shown: list[str] = []
    window.view.analysed.connect(lambda a: shown.append(a.reading.text))
    analyst = window.view.analyst
    jobs = analyst.jobs_started
    window.doc.set_notation("L", "W", merge=False)      # held in the worker...
    qtbot.waitUntil(lambda: analyst.jobs_started == jobs + 1)
    window.doc.set_notation("L", "F", merge=False)      # ...while this one waits
    window.doc.set_notation("L", "N", merge=False)      # replaces "F" in the waiting place
    gate.set()
    settle(qtbot, window)
    assert shown == ["N"]                               # neither "W" nor "F" was ever drawn
    assert window.view.analyst.jobs_started == jobs + 2  # "F" was never even computed
    assert set(window.canvas.marks) == {(1, 2), (1, 4), (2, 1), (2, 5), (4, 1), (4, 5),
                                        (5, 2), (5, 4)}


def test_pending_answers_keep_the_previous_marks_dimmed(qtbot, window, monkeypatch):
    type_definition(qtbot, window, "W")
    before = dict(window.canvas.marks)
    gate = held_generator(monkeypatch)
    window.doc.set_notation("L", "WF", merge=False)
    assert window.canvas.marks == before                # the old marks stay...
    qtbot.waitUntil(lambda: window.canvas.stale)        # ...dimmed after a moment
    gate.set()
    settle(qtbot, window)
    assert not window.canvas.stale and len(window.canvas.marks) == 8


def test_typing_does_not_restyle_the_hidden_play_banner(qtbot, window):
    # a style sheet set on a widget makes Qt restyle it: typing a definition while no game is
    # on must leave the Play tab's banner style alone (it was set on every keystroke)
    banner = window.play.view.banner
    styled: list[str] = []
    banner.setStyleSheet = lambda sheet: styled.append(sheet)   # type: ignore[method-assign]
    type_definition(qtbot, window, "WfcaF")
    assert window.doc.piece() is not None and window.doc.piece().notation == "WfcaF"
    assert styled == []
