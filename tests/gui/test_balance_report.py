"""The balance report in the window: *Variant > Balance report…* runs a tiny run off the UI
thread (progress, then the report and its charts), saves the games, the report and the charts
(each read back), fills the Piece values' fitted column, Cancel keeps the games played, and an
engine that cannot play the variant is refused with its reason. Waits on signals, never sleeps."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from gui_helpers import settle
from repo_data import ROOT

from designer.balance import FittedValue, FittedValues
from designer.formats.registry import read_any
from designer.records import read_games
from designer.report import report_from_json, report_json

FIDE = ROOT / "variants" / "fide.ini"
WAIT = 120_000          # a ceiling for a loaded machine, never a measure: the signal decides


def _window(qtbot, settings):
    from designer.gui.window import MainWindow
    w = MainWindow(read_any(str(FIDE)), settings)
    qtbot.addWidget(w)
    w.resize(1300, 860)
    w.show()
    qtbot.waitExposed(w)
    settle(qtbot, w)
    return w


def _tiny(dialog, games=2, jobs=1):
    f = dialog.form
    f.games.setValue(games)
    f.depth_box.setValue(1)
    f.max_plies.setValue(30)
    f.jobs.setValue(jobs)
    f.seed.setValue(5)


def test_the_dialog_runs_reports_saves_and_fills_the_values(qtbot, settings, tmp_path):
    w = _window(qtbot, settings)
    w.acts["balance_report"].trigger()
    dialog = w.values_panel.reports.dialog
    assert dialog is not None and dialog.isVisible()
    _tiny(dialog)
    steps = []
    dialog.job.game.connect(lambda done, total: steps.append((done, total)))
    with qtbot.waitSignal(dialog.reported, timeout=WAIT) as blocker:
        assert dialog.start()
        assert not dialog.run_button.isEnabled() and dialog.cancel_button.isEnabled()
    run = blocker.args[0]
    assert steps == [(1, 2), (2, 2)]
    assert "2 of 2 games" in dialog.bar.text()
    assert dialog.text.toPlainText().startswith("Balance report: FIDE")
    assert dialog.chart.svg.startswith("<svg") and dialog.save_games_button.isEnabled()
    assert run.report.played == 2 and run.report.run.depth == 1

    dialog.save("games", str(tmp_path / "g.pgn"))
    games = read_games((tmp_path / "g.pgn").read_text())
    assert len(games) == 2
    assert [list(g.moves) for g in games] == [list(r.moves) for r in run.result.records]
    dialog.save("report", str(tmp_path / "r.json"))
    back = report_from_json(json.loads((tmp_path / "r.json").read_text()))
    assert report_json(back) == report_json(run.report)
    dialog.save("report", str(tmp_path / "r.txt"))
    assert (tmp_path / "r.txt").read_text().startswith("Balance report: FIDE")
    dialog.save("charts", str(tmp_path / "c.svg"))
    assert ET.parse(tmp_path / "c.svg").getroot().tag.endswith("svg")
    dialog.save("charts", str(tmp_path / "c.png"))
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"

    # fitted values a run found go to the panel's fitted column
    values = FittedValues((FittedValue("P", 1.0, 1.0, 1.0), FittedValue("N", 3.2, 2.9, 3.5)),
                          "P", 1.0, 1234, 50)
    panel = w.values_panel
    with qtbot.waitSignal(panel.computed, timeout=WAIT,      # a table computed before is not it
                          check_params_cb=lambda t: t.piece("N").value("fitted") is not None
                          ) as done:
        dialog.fitted.emit(values)
    table = done.args[0]
    assert table.piece("N").value("fitted") == 3.2
    assert table.piece("N").estimate("fitted").interval == (2.9, 3.5)


def test_cancel_keeps_the_games_played(qtbot, settings, monkeypatch):
    from designer import report as report_package   # the job looks it up when a run starts
    real = report_package.run_report

    def cancelled_after_one(config, on_game, stop, rule=None):
        # Cancel's stop, set in the run's own thread as the first game comes in (the same
        # event the Cancel button sets): how many games a fast machine finishes before the
        # window's Cancel arrives never matters
        def first_then_stop(record):
            on_game(record)
            stop.set()
        return real(config, first_then_stop, stop, rule)

    monkeypatch.setattr(report_package, "run_report", cancelled_after_one)
    w = _window(qtbot, settings)
    dialog = w.values_panel.reports.show()
    _tiny(dialog, games=6, jobs=1)
    with qtbot.waitSignal(dialog.reported, timeout=WAIT) as blocker:
        dialog.start()
    report = blocker.args[0].report
    assert report.stopped and 1 <= report.played < 6
    assert "stopped early" in dialog.status.text()
    assert dialog.run_button.isEnabled()


def test_an_engine_that_cannot_be_run_is_refused_with_its_reason(qtbot, settings, tmp_path):
    w = _window(qtbot, settings)
    dialog = w.values_panel.reports.show()
    _tiny(dialog)
    dialog.form.player.setCurrentIndex(1)
    dialog.form.engine.setText(str(tmp_path / "no-such-engine"))
    with qtbot.waitSignal(dialog.job.failed, timeout=WAIT):
        dialog.start()
    assert "cannot be started" in dialog.status.text()
    dialog.form.engine.setText("")
    assert not dialog.start() and "command line" in dialog.status.text()


def test_fit_from_play_in_the_values_panel_and_closing_the_window_stops_runs(qtbot, settings):
    w = _window(qtbot, settings)
    bar = w.values_panel.fit_bar
    bar.games.setValue(2)
    bar.depth_box.setValue(1)
    bar.jobs, bar.max_plies = 1, 30
    notes = []
    bar.message.connect(notes.append)
    with qtbot.waitSignal(bar.job.finished, timeout=WAIT):
        assert bar.start()
        assert bar.cancel_button.isVisible() and not bar.fit_button.isVisible()
    assert notes and ("Fitted from" in notes[0] or "No values fitted" in notes[0])
    assert bar.fit_button.isVisible()
    # a run under way when the window closes is stopped and waited for
    dialog = w.values_panel.reports.show()
    _tiny(dialog, games=50, jobs=1)
    with qtbot.waitSignal(dialog.job.game, timeout=WAIT):
        dialog.start()
    w.close()
    assert not dialog.job.busy


def test_the_report_and_charts_fill_in_as_games_finish(qtbot, settings):
    w = _window(qtbot, settings)
    w.acts["balance_report"].trigger()
    dialog = w.values_panel.reports.dialog
    _tiny(dialog, games=3)
    seen = []
    # connected after the dialog's own slot: sees what the dialog shows for each live report
    dialog.job.partial.connect(lambda report: seen.append(
        (report.played, dialog.text.toPlainText(), dialog.chart.svg, dialog.status.text())))
    with qtbot.waitSignal(dialog.reported, timeout=WAIT):
        assert dialog.start()
    played, text, svg, status = seen[0]
    assert played == 1 and text.startswith("Balance report: FIDE Chess, 1 of 3 games")
    assert "Results of 1 finished games" in svg or "Results of 0 finished games" in svg
    assert status.startswith("Live: the report of the 1 games")
    assert dialog.text.toPlainText().startswith("Balance report: FIDE Chess, 3 of 3 games")


def test_the_dialogs_precision_goal_reaches_the_run(qtbot, settings):
    w = _window(qtbot, settings)
    w.acts["balance_report"].trigger()
    dialog = w.values_panel.reports.dialog
    _tiny(dialog, games=3)
    dialog.form.stop_early.setChecked(True)
    dialog.form.precision.setValue(35)
    dialog.form.max_plies.setValue(12)
    with qtbot.waitSignal(dialog.reported, timeout=WAIT) as blocker:
        assert dialog.start()
    report = blocker.args[0].report
    # three games cannot pin the first-move advantage to ±35 Elo: the games limit ends it
    assert report.played == 3 and report.ending is not None
    assert report.ending.text == "the games limit (3) was reached before the rule"
    assert "precision ±35 Elo: not reached after 3 games" in dialog.text.toPlainText()


def test_compare_with_another_version_shows_both_and_their_differences(qtbot, settings,
                                                                         tmp_path):
    w = _window(qtbot, settings)
    assert "compare_with" in w.acts
    dialog = w.values_panel.reports.compare_with(str(ROOT / "variants" / "capablanca.ini"))
    assert dialog is not None and dialog.isVisible()
    _tiny(dialog, games=2)
    dialog.form.max_plies.setValue(12)
    with qtbot.waitSignal(dialog.compared, timeout=WAIT) as blocker:
        assert dialog.start()
    comparison = blocker.args[0]
    assert (comparison.a.run.variant, comparison.b.run.variant) == ("FIDE Chess",
                                                                    "Capablanca Chess")
    assert comparison.a.played == comparison.b.played == 2
    text = dialog.text.toPlainText()
    assert text.startswith("Comparison: A = FIDE Chess") and "Mean length" in text
    assert dialog.chart.svg.startswith("<svg") and dialog.save_button.isEnabled()
    dialog.save(str(tmp_path / "c.json"))
    data = json.loads((tmp_path / "c.json").read_text())
    assert [f["name"] for f in data["figures"]][:3] == ["White's score", "Draws",
                                                         "Decisive games"]
