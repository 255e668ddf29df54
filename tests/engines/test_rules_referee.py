"""Our rules engine as the referee of engine games: the legal moves it gives, in the engines'
text and letters, equal Fairy-Stockfish's own (pyffish) along seeded random games, so an
engine's move is rejected only when it is really illegal; a rejected move is explained."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from designer.engines.referee import RulesReferee
from designer.engines.sections import builtin_letters, section_text, write_section

from fsf_referee import PyffishReferee
from game_setups import crooked, sample


def _walk(ours, theirs, plies, seed):
    rng = random.Random(seed)
    moves: list[str] = []
    for _ in range(plies):
        expected = theirs.legal_moves(moves)
        assert ours.legal_moves(moves) == expected, (moves, ours.legal_moves(moves) ^ expected)
        if not expected:
            break
        moves.append(rng.choice(sorted(expected)))
    return moves


@pytest.mark.parametrize("name,fsf_name", [("fide", "chess"), ("capablanca", "capablanca"),
                                           ("shogi", "shogi"), ("crazyhouse", "crazyhouse")])
def test_our_legal_moves_in_engine_text_equal_fairy_stockfish_along_random_games(name,
                                                                                   fsf_name):
    v = sample(name)
    ours = RulesReferee(v, letters=builtin_letters(v, fsf_name))
    moves = _walk(ours, PyffishReferee(fsf_name), 80, seed=len(name))
    assert len(moves) >= 20


def test_a_section_game_crosses_in_the_section_letters(tmp_path):
    v = crooked()
    section = write_section(v, str(tmp_path))
    ours = RulesReferee(v, letters=section.letters)
    _walk(ours, PyffishReferee(section.name, config=section.text), 60, seed=3)


def test_an_en_passant_capture_takes_the_pawn_off_the_board():
    v = sample("fide")
    ours = RulesReferee(v)
    theirs = PyffishReferee("chess")
    moves = ["e2e4", "a7a6", "e4e5", "f7f5", "e5f6", "g7f6"]
    for i in range(len(moves) + 1):
        assert ours.legal_moves(moves[:i]) == theirs.legal_moves(moves[:i])
    assert ours.game.fen().split()[0] == "rnbqkbnr/1pppp2p/p4p2/8/8/8/PPPP1PPP/RNBQKBNR"


def test_a_rejected_move_is_explained_in_our_words():
    ours = RulesReferee(sample("fide"))
    assert "no legal move there; its legal moves: e2e3, e2e4" in ours.reading([], "e2e5")
    assert "there is no piece on e4" in ours.reading([], "e4e5")
    assert "is not white's" in ours.reading([], "e7e5")


def test_a_game_taken_back_is_followed():
    ours = RulesReferee(sample("fide"))
    assert "e7e5" in ours.legal_moves(["e2e4"])
    assert "d7d5" in ours.legal_moves(["d2d4"])          # a different game: taken back first
    assert not ours.legal_moves(["f2f3", "e7e5", "g2g4", "d8h4"])      # mate: the game ends
    assert ours.game.outcome().result() == "0-1"
    with pytest.raises(ValueError):
        ours.legal_moves(["e2e5"])


def test_section_names_differ_by_revision_only():
    first = section_text(crooked())[0]
    assert section_text(crooked())[0] == first
    changed = crooked()
    changed = replace(changed, pieces=tuple(replace(p, notation="F") if p.letter == "B" else p
                                            for p in changed.pieces))
    assert section_text(changed)[0] != first
