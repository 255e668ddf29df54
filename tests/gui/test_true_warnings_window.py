"""The window's warnings are true: a royal KisO2 gets no warning that only kings castle with O
and no quick fix identical to its definition, and the save notice claims no rewrite the files
do not make; the same O on a non-royal piece is warned about."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _warnings(window):
    window.editor.refresh_details()
    lst = window.editor.warnings
    return [lst.item(i).text() for i in range(lst.count())]


def test_a_royal_king_castling_with_o_is_warned_only_about_what_is_true(window, tmp_path,
                                                                      no_modal_dialogs):
    assert window.open_file(str(ROOT / "variants" / "fide.ini"))
    window.doc.select("K")
    window.doc.set_notation("K", "KisO2", merge=False)
    said = _warnings(window)
    assert not any("only for kings" in w for w in said), said
    assert not any("[fix: KisO2]" in w for w in said), said
    assert window.files.save_to(str(tmp_path / "k.ini"))
    assert not any("rewrites" in text for _, text in no_modal_dialogs)
    window.doc.select("Q")
    window.doc.set_notation("Q", "QisO2", merge=False)
    assert any("only for kings" in w for w in _warnings(window))
