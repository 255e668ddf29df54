"""Setup > Load sample start position > Shogi on the FIDE sample, in the window: the work then
saves, autosaves and is kept with a game for recovery, and each file reads back as the
variant (it used to fail all three: "piece L promotes to +L, which no piece line defines")."""

from __future__ import annotations

from play_helpers import click, open_window, sample, settled, start

from repo_data import ROOT


def test_shogi_start_on_fide_saves_autosaves_and_keeps_its_game(qtbot, settings, tmp_path):
    from designer.formats import xboard_ini
    from designer.gui.play.keeper import read_kept
    w = open_window(qtbot, settings, sample("fide"))
    setup = w.setup_editor
    assert setup.load_sample(str(ROOT / "variants" / "shogi.ini"))
    v = w.doc.variant
    assert v.piece("+L") is not None and "(+L)" in setup.notes.text()
    assert w.files.autosave()
    assert xboard_ini.read(w.files.recovery.read_text(), "recovery.ini") == v
    path = tmp_path / "fide-shogi.ini"
    assert w.files.save_to(str(path))
    assert xboard_ini.read(path.read_text(), str(path)) == v
    start(qtbot, w)
    click(qtbot, w, "c3", "c4")
    settled(qtbot, w)
    assert w.play.keeper.write()
    variant, line, _origin = read_kept(w.play.keeper.path)
    assert variant == v and line == w.doc.game
