"""Walls as Fairy-Stockfish places them (``wallingRule``, ``wallOrMove``, petrification): the
moves and their texts are pyffish's own, positions with walls read and write as its FENs, and
taking moves back restores the walls."""

import random

import pytest

from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

TEXT = (FSF_DATA / "variants.ini").read_text()


def game(name, fen=None):
    return Game(fsf_ini.read(TEXT, name, "variants.ini"), fen)


@pytest.mark.parametrize("name", ["atomicduck", "cowboys", "atlantis", "la-mancha-duel",
                                  "nuclear"])
def test_walling_moves_are_pyffishs_along_a_random_game(name):
    sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")
    sf.load_variant_config(TEXT)
    g = game(name)
    start = g.fen()
    rng = random.Random(7)
    for _ in range(8):
        theirs = sf.legal_moves(name, g.fen(), [])
        assert len(g.legal_moves()) == len(theirs), g.fen()
        if not theirs:
            break
        mv = g.move_from_text(rng.choice(theirs))      # the engine's own texts, read back
        g.push(mv)
        texts = [m.text(g.geo) + g.wall_text(m) for m in g.moves]
        assert sf.get_fen(name, start, texts) == g.fen()
    while g.moves:
        g.pop()
    assert g.fen() == start


def test_the_duck_moves_and_a_taken_back_move_restores_it():
    g = game("atomicduck", "rnbqkbnr/pppppppp/8/8/8/2*5/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    mv = g.move_from_text("e2e4,e4e3")
    assert mv.wall == g.geo.parse("e3")
    g.push(mv)
    assert g.fen().startswith("rnbqkbnr/pppppppp/8/8/4P3/4*3/PPPP1PPP/")
    assert not any(m.wall == g.geo.parse("e3") for m in g.legal_moves())   # the duck must move
    g.pop()
    assert g.fen().startswith("rnbqkbnr/pppppppp/8/8/8/2*5/PPPPPPPP/")
    assert all(m.text(g.geo).split(",")[1][2:] != "c3" for m in g.legal_moves())


def test_a_wall_stops_a_slider_and_takes_no_capture():
    g = game("cowboys", "3n3/7/7/7/N1*3n/7/7 w - - 0 1")
    assert not any(m.target in (g.geo.parse("c3"), g.geo.parse("g3")) for m in g.legal_moves())


def test_a_petrified_capturer_becomes_a_wall():
    g = game("nuclear", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    g.play(g.move_from_text("e4d5"))
    assert g.fen().startswith("rnbqkbnr/ppp1pppp/8/3*4/8/8/PPPP1PPP/")


def test_the_referee_writes_walling_moves_as_the_engine_does():
    from designer.engines.referee import RulesReferee
    ref = RulesReferee(fsf_ini.read(TEXT, "atlantis", "variants.ini"))
    texts = {ref.engine_text(m) for m in ref.game.legal_moves()}
    assert "a2a4,a4a1" in texts and "a1a1,a1a3" in texts


def test_petrifying_a_pseudo_royal_piece_is_refused_by_name():
    from dataclasses import replace
    from designer.game.game import RulesNotPlayed
    v = fsf_ini.read(TEXT, "nuclear", "variants.ini")
    v = replace(v, rule_set=replace(v.rule_set, petrify=("K", "Q")))
    with pytest.raises(RulesNotPlayed, match="petrification of pseudo-royal pieces"):
        Game(v)
