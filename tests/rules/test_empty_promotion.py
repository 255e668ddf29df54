"""Pawns whose promotion has no choices and is mandatory may not enter the promotion zone, as
Fairy-Stockfish plays its [maharajah] (its pieces reset ``promotionPieceTypes``; with
``mandatoryPawnPromotion`` the pawn has no move onto the last rank). The legal moves below are
Fairy-Stockfish's own (``go perft 1`` on that section of its variants.ini, in the copy kept at
tests/data/fsf/variants.ini)."""

from __future__ import annotations

from designer.formats import fsf_ini
from designer.formats.registry import read_any
from designer.game.game import Game
from repo_data import ROOT

FSF_INI = str(ROOT / "tests" / "data" / "fsf" / "variants.ini")


def _texts(game: Game) -> set[str]:
    return {m.text(game.geo) for m in game.legal_moves()}


def test_a_pawn_with_nothing_to_promote_to_stays_off_the_last_rank():
    v = read_any(FSF_INI, "maharajah")
    # Fairy-Stockfish: e8d7 e8d8 e8e7 e8f7 e8f8 (the pawn on a2 has no move)
    game = Game(v, "4k3/8/8/8/8/8/p7/7M b - - 0 1")
    assert {t for t in _texts(game) if t.startswith("a2")} == set()
    assert len(game.legal_moves()) == 5
    # nor may it capture onto the last rank (Fairy-Stockfish: no move from b2)
    game = Game(v, "4k3/8/8/8/8/8/1p6/M7 b - - 0 1")
    assert {t for t in _texts(game) if t.startswith("b2")} == set()


def test_the_rule_survives_our_own_export():
    v = read_any(FSF_INI, "maharajah")
    back = fsf_ini.read(fsf_ini.write(v))
    game = Game(back, "4k3/8/8/8/8/8/p7/7M b - - 0 1")
    assert {t for t in _texts(game) if t.startswith("a2")} == set()
