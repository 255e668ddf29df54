"""The compare view: where two definitions' move sets differ on the current board."""

from __future__ import annotations

from designer.gui.markers import ONLY_A, SAME


def test_compare_marks_where_nightrider_and_two_leaps_differ(window):
    window.session.edit("Corner", origin=(0, 0))
    view = window.compare
    view.set_texts("NN", "N2")
    differ = {sq for sq, kind in view.diff.items() if kind != SAME}
    assert differ == {(3, 6), (6, 3)}                   # d7 and g4: a third leap
    assert all(view.diff[sq] == ONLY_A for sq in differ)
    assert view.canvas.marks[(3, 6)] == (ONLY_A,)
    assert "d7" in view.summary.text() and "g4" in view.summary.text()


def test_rook_and_unlimited_wazir_are_the_same(window):
    window.compare.set_texts("R", "W0")
    assert window.compare.diff and set(window.compare.diff.values()) == {SAME}
    assert window.compare.summary.text().startswith("Same moves")


def test_compare_follows_the_probe_board(window):
    window.compare.set_texts("mRcpR", "R")
    window.set_probe((3, 5), "foe")
    window.compare.recompute()
    assert window.compare.diff[(3, 5)] != SAME


def test_compare_reports_unreadable_definitions(window):
    window.compare.set_texts("mRcpR(", "R")
    assert window.compare.summary.text().startswith("A cannot be read")


def test_a_translation_into_betza2_is_the_same_piece(window):
    window.set_probe((4, 4), "foe")
    window.set_probe((5, 5), "foe")
    view = window.compare
    view.set_texts("KNADcaKmcabK", "")
    view.translated.click()
    assert view.b_dialect.currentData() == "betza2" and view.b_edit.text().startswith("KNAD(")
    assert view.diff and set(view.diff.values()) == {SAME}
