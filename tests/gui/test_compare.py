"""The compare view: where two definitions' move sets differ on the current board."""

from __future__ import annotations

from gui_helpers import settle, settle_compare, type_definition

from designer.gui.board.markers import ONLY_A, SAME


def test_compare_marks_where_nightrider_and_two_leaps_differ(qtbot, window):
    window.move_piece((0, 0))
    settle(qtbot, window)
    view = window.compare
    view.set_texts("NN", "N2")
    settle_compare(qtbot, window)
    differ = {sq for sq, kind in view.diff.items() if kind != SAME}
    assert differ == {(3, 6), (6, 3)}                   # d7 and g4: a third leap
    assert all(view.diff[sq] == ONLY_A for sq in differ)
    assert view.canvas.marks[(3, 6)] == (ONLY_A,)
    assert "d7" in view.summary.text() and "g4" in view.summary.text()


def test_rook_and_unlimited_wazir_are_the_same(qtbot, window):
    window.compare.set_texts("R", "W0")
    settle_compare(qtbot, window)
    assert window.compare.diff and set(window.compare.diff.values()) == {SAME}
    assert window.compare.summary.text().startswith("Same moves")


def test_compare_follows_the_probe_board(qtbot, window):
    window.compare.set_texts("mRcpR", "R")
    window.set_probe((3, 5), "foe")
    settle(qtbot, window)
    settle_compare(qtbot, window)
    assert window.compare.diff[(3, 5)] != SAME


def test_compare_reports_unreadable_definitions(qtbot, window):
    window.compare.set_texts("mRcpR(", "R")
    settle_compare(qtbot, window)
    assert window.compare.summary.text().startswith("A cannot be read")


def test_a_translation_into_betza2_is_the_same_piece(qtbot, window):
    window.set_probe((4, 4), "foe")
    window.set_probe((5, 5), "foe")
    settle(qtbot, window)
    view = window.compare
    view.set_texts("KNADcaKmcabK", "")
    view.translated.click()
    settle_compare(qtbot, window)
    assert view.b_dialect.currentData() == "betza2" and view.b_edit.text().startswith("KNAD(")
    assert view.diff and set(view.diff.values()) == {SAME}


def test_compare_starts_with_the_editors_definition_and_follows_it(qtbot, window):
    type_definition(qtbot, window, "mRcpR")
    view = window.compare
    window.compare_dock.show()
    window.compare_dock.raise_()
    assert view.a_edit.text() == "mRcpR"
    type_definition(qtbot, window, "R")
    assert view.a_edit.text() == "R"                  # A still shows the editor: it follows
    view.a_edit.setText("W0")                         # the user's own A stays
    type_definition(qtbot, window, "B")
    assert view.a_edit.text() == "W0"


def test_typing_in_the_compare_view_is_debounced(qtbot, window):
    window.compare_dock.show()
    window.compare_dock.raise_()
    view = window.compare
    settle_compare(qtbot, window)
    started = sum(a.jobs_started for a in view.analysts.values())
    for text in ("N", "NN", "NNW"):
        view.b_edit.setText(text)                     # three edits in a burst
    assert sum(a.jobs_started for a in view.analysts.values()) == started
    qtbot.waitUntil(lambda: view.answers["b"] is not None
                    and view.answers["b"].reading.text == "NNW")
    assert sum(a.jobs_started for a in view.analysts.values()) - started <= 2
