"""File > Publish rules page… writes the same page as ``export --to page``."""

from __future__ import annotations

from designer.publish import write_page


def test_publish_rules_page_is_in_the_file_menu_and_writes_the_page(window, tmp_path):
    act = window.acts["publish_page"]
    assert act in window.menus["file"].actions()
    assert act.text().replace("&", "") == "Publish rules page…"
    proposed: list[str | None] = []
    target = tmp_path / "Lion.html"
    window.files.choose_path = lambda saving, filters, p=None: proposed.append(p) or str(target)
    act.trigger()
    assert proposed and str(proposed[0]).endswith(".html")
    text = target.read_text("utf-8")
    assert text == write_page(window.doc.variant)
    lion = window.doc.variant.pieces[0]
    assert f'id="piece-{lion.letter}"' in text and lion.name in text
