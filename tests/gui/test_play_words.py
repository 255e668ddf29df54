"""The Play mode's words and questions: a PGN game's variant named by its Variant tag, New game
asking before it replaces an unsaved game (as Quit does), lengths counted in moves, endings
written as sentences, and Game > Open game offering PGN files."""

from __future__ import annotations

from play_helpers import click, open_window, sample, settled, start
from repo_data import ROOT

XBOARD_GAMES = ROOT / "tests" / "data" / "records" / "xboard"


def test_an_xboard_game_is_told_by_its_variant_not_its_event(qtbot, settings):
    w = open_window(qtbot, settings, sample("chu"))
    asked = []
    w.play._ask = lambda title, text, buttons: asked.append(text) or "Cancel"
    assert w.play.open_game(str(XBOARD_GAMES / "xiangqi.pgn")) is False
    assert asked == ["xiangqi.pgn is a game of Xiangqi; the window holds Chu Shogi."]


def test_new_game_asks_before_it_replaces_an_unsaved_game(qtbot, settings):
    from designer.gui.window import file_guard
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    click(qtbot, w, "e2", "e4")
    settled(qtbot, w)
    click(qtbot, w, "e7", "e5")
    settled(qtbot, w)
    click(qtbot, w, "g1", "f3")
    settled(qtbot, w)
    asked = []
    w.files.ask = lambda text, recovery=False: asked.append(text) or file_guard.CANCEL
    w.files.run_dialog = lambda dialog: (_ for _ in ()).throw(AssertionError("no dialog"))
    line = w.doc.game
    assert w.play.new_game() is False
    assert w.doc.game == line
    assert len(asked) == 1 and asked[0].startswith("The game (2 moves (3 plies), ")


def test_a_checkmate_is_written_as_a_sentence(qtbot, settings):
    from designer.gui.play.records_io import pgn_text
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    click(qtbot, w, "d8", "h4")
    settled(qtbot, w)
    status = w.play.view.status.text()
    assert status == "Game over: 0-1 (White is checkmated)"
    pgn = pgn_text(w.play.view.replay)
    assert "{White is checkmated}" in pgn and "white is checkmated" not in pgn


def test_open_game_offers_pgn_files_without_a_variant_file_name(qtbot, settings, tmp_path):
    w = open_window(qtbot, settings, sample("chu"))
    w.doc.path = str(tmp_path / "chu.ini")        # the variant came from a file
    seen = []
    w.files.choose_path = lambda saving, filters, proposed=None: \
        seen.append((saving, filters, proposed)) or ""
    assert w.play.open_game() is False
    (saving, filters, begin), = seen
    assert not saving and filters.startswith("PGN games (*.pgn)")
    assert begin == str(tmp_path) + "/" and not begin.endswith(".ini")


def test_half_moves_are_counted_as_plies(qtbot, settings):
    w = open_window(qtbot, settings, sample("fide"))
    start(qtbot, w)
    for a, b in (("e2", "e4"), ("e7", "e5"), ("g1", "f3")):
        click(qtbot, w, a, b)
        settled(qtbot, w)
    w.play.take_back()                        # two people: the last ply only
    settled(qtbot, w)
    assert w.doc.undo_stack.undoText() == "Take back 1 ply"
    w.doc.set_ply(1)
    qtbot.waitUntil(lambda: w.play.view.replay.at == 1)
    assert w.play.view.status.text().startswith("After 1 of 2 plies: Black to move here")
