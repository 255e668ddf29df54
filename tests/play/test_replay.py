"""A game line replayed under the variant as it is now: positions, the first move an edit made
illegal and why, and a replay that goes on from the last one."""

from __future__ import annotations

from dataclasses import replace

from designer.formats.registry import read_any
from designer.play import GameLine, Replayer
from designer.game.game import Game
from repo_data import ROOT

FIDE = str(ROOT / "variants" / "fide.ini")


def line_of(variant, texts: str) -> GameLine:
    g = Game(variant)
    moves = []
    for t in texts.split():
        mv = g.move_from_text(t)
        g.push(mv)
        moves.append(mv)
    return GameLine(variant.setup, tuple(moves))


def with_notation(variant, letter: str, text: str):
    return variant.with_piece(replace(variant.piece(letter), notation=text))


def test_every_position_of_the_line():
    v = read_any(FIDE)
    line = line_of(v, "e2e4 e7e5 g1f3 b8c6")
    r = Replayer().replay(v, line)
    assert r.valid == 4 and r.illegal is None and r.error == ""
    assert len(r.frames) == 5 and r.frames[0].fen.startswith("rnbqkbnr/pppppppp/8/8/8/8/")
    assert r.frames[3].piece_at((5, 2)) == ("N", "white")
    assert r.frames[4].turn == "white" and r.at == 4
    assert len(r.legal) == len(Game(v, fen=r.frames[4].fen).legal_moves())


def test_an_edit_cuts_the_game_at_the_first_move_it_makes_illegal():
    v = read_any(FIDE)
    line = line_of(v, "e2e4 e7e5 g1f3 b8c6 f1c4")
    knight_as_wazir = with_notation(v, "N", "W")
    r = Replayer().replay(knight_as_wazir, line)
    assert r.valid == 2
    assert r.illegal is not None and r.illegal.ply == 2 and r.illegal.text == "g1f3"
    assert "Knight on g1 does not move to f3" in r.illegal.reason
    # the line itself is untouched: the same line under the old variant is whole again
    assert Replayer().replay(v, line).valid == 5


def test_the_replayer_goes_on_from_its_last_answer():
    v = read_any(FIDE)
    rep = Replayer()
    line = line_of(v, "e2e4 e7e5")
    first = rep.replay(v, line)
    game = rep.game
    longer = line_of(v, "e2e4 e7e5 g1f3")
    second = rep.replay(v, longer)
    assert rep.game is game and second.valid == 3 and second.frames[:3] == first.frames
    back = rep.replay(v, line_of(v, "e2e4"))
    assert back.valid == 1 and rep.game is game
    # the legal moves of an earlier position, the game left where it was
    earlier = rep.replay(v, longer, at=1)
    assert earlier.at == 1 and all(m.origin >= 48 for m in earlier.legal)   # Black's pieces
    assert rep.game.moves == list(longer.moves)


def test_a_definition_that_does_not_read_gives_a_reason_not_a_crash():
    v = read_any(FIDE)
    line = line_of(v, "e2e4")
    r = Replayer().replay(with_notation(v, "N", "N(("), line)
    assert r.valid == 0 and r.error.startswith("The game cannot be played")


def test_a_cancelled_replay_gives_up():
    v = read_any(FIDE)
    assert Replayer().replay(v, line_of(v, "e2e4 e7e5"), cancelled=lambda: True) is None


def test_the_result_and_its_reason():
    v = read_any(FIDE)
    mate = line_of(v, "f2f3 e7e5 g2g4 d8h4")
    r = Replayer().replay(v, mate)
    assert r.result()[0] == "0-1" and "checkmate" in (r.outcome.termination or "")
    assert r.frames[-1].checked == ((4, 0),)
    resigned = line_of(v, "e2e4").stopped("0-1", "White resigns")
    assert Replayer().replay(v, resigned).result() == ("0-1", "White resigns")
