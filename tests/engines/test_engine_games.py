"""Whole games against the real Fairy-Stockfish over both protocols, every move checked against
our own legal moves as it is played (the rules engine is the referee) and, after the game,
against Fairy-Stockfish's own move generator (pyffish): FIDE, Capablanca and Shogi given by
name, and a variant with custom Betza pieces given as our exported section. Searches are
bounded by depth (counted work), never by time: depth 4 against depth 1, so that the games are
decided in a few dozen moves (and deterministic: one thread, the hash cleared for each
game)."""

from __future__ import annotations

import shutil

import pytest

from designer.engines import EngineSettings
from designer.engines.match import play_game
from designer.engines.players import EnginePlayer, GameStart
from designer.engines.referee import RulesReferee
from designer.engines.sections import section_text

from fsf_referee import PyffishReferee
from game_setups import crooked, sample

MAX_PLIES = 400


def _player(fsf: str, protocol: str, depth: int, side: str) -> EnginePlayer:
    return EnginePlayer(EngineSettings(f"{side} (depth {depth})", (fsf,), protocol,  # type: ignore[arg-type]
                                       movetime_ms=None, depth=depth))


def _play(fsf, protocol, variant, pyffish_name=None, config=None, depths=(4, 1),
          max_plies=MAX_PLIES):
    white = _player(fsf, protocol, depths[0], "white")
    black = _player(fsf, protocol, depths[1], "black")
    try:
        white.start(GameStart(variant))
        given = white.given
        assert given is not None
        ours = RulesReferee(variant, letters=given.letters)
        record = play_game(ours, white, black, GameStart(variant), max_plies=max_plies)
        return record, given, PyffishReferee(pyffish_name or given.name, config=config), \
            (white, black)
    finally:
        for p in (white, black):
            engine = p.engine
            p.close()
            assert engine is None or engine.closed


def _assert_finished(record, pyffish):
    """The game reached our result without a move we rejected; Fairy-Stockfish's own move
    generator agrees with every move and with the result."""
    assert record.rejection is None, record.outcome.reason
    assert record.outcome.result in ("1-0", "0-1", "1/2-1/2"), record.outcome.reason
    for i, move in enumerate(record.moves):
        assert move in pyffish.legal_moves(record.moves[:i])
    theirs = pyffish.outcome(record.moves)
    assert theirs is not None and theirs.result == record.outcome.result, \
        (record.outcome, theirs)


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
@pytest.mark.parametrize("name", ["fide", "capablanca"])
def test_a_builtin_game_is_played_to_its_result(fsf, protocol, name):
    record, given, referee, _ = _play(fsf, protocol, sample(name))
    assert given.verdict.route == "name"
    _assert_finished(record, referee)


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_shogi_game_with_drops_is_played_to_its_result(fsf, protocol):
    record, given, referee, _ = _play(fsf, protocol, sample("shogi"))
    assert given.verdict.route == "name" and given.name == "shogi"
    _assert_finished(record, referee)
    drops = [m for m in record.moves if "@" in m]
    assert drops, "no piece was dropped"
    assert all(m[0].isupper() for m in drops)            # P@e5: the letter, then the square


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_variant_with_custom_betza_pieces_is_played_from_our_section(fsf, protocol):
    variant = crooked()
    name, text = section_text(variant)
    record, given, referee, _ = _play(fsf, protocol, variant, name, text)
    assert given.verdict.route == "section" and given.name == name
    _assert_finished(record, referee)
    # some move used the custom pieces: orthodox chess would refuse it
    chess = PyffishReferee("chess")
    assert any(m not in chess.legal_moves(record.moves[:i])
               for i, m in enumerate(record.moves)), "no move used the custom pieces"


def test_xiangqi_over_the_xboard_protocol_counts_ranks_from_zero(fsf):
    """A ten-rank board: the engine writes a0..i9, the game's moves are a1..i10 (the opening
    is enough: Black moves from the tenth rank)."""
    record, given, referee, _ = _play(fsf, "xboard", sample("xiangqi"), max_plies=12)
    assert given.name == "xiangqi" and record.rejection is None
    assert record.outcome.reason == "stopped after 12 moves" and len(record.moves) == 12
    for i, move in enumerate(record.moves):
        assert move in referee.legal_moves(record.moves[:i])
    assert any(move[1:3] == "10" for move in record.moves[1::2])


FAIRY_MAX = shutil.which("fairymax") or shutil.which("fairymax", path="/usr/games")


@pytest.mark.skipif(FAIRY_MAX is None, reason="Fairy-Max is not installed (Debian: fairymax, "
                                              "in /usr/games)")
@pytest.mark.parametrize("name", ["shatranj", "capablanca"])
def test_an_xboard_engine_other_than_fairy_stockfish_plays_a_game_it_knows_by_name(name):
    """Fairy-Max (an XBoard engine that loads no variant definitions) plays XBoard's
    built-in games it announces; its opening moves are checked by our rules and pyffish."""
    variant = sample(name)
    players = [EnginePlayer(EngineSettings(side, (FAIRY_MAX,), "xboard", None, 2))
               for side in ("white", "black")]
    try:
        players[0].start(GameStart(variant))
        given = players[0].given
        assert given is not None and given.verdict.route == "name" and given.name == name
        record = play_game(RulesReferee(variant, letters=given.letters), *players,
                           GameStart(variant), max_plies=16)
    finally:
        for p in players:
            p.close()
    assert record.rejection is None and len(record.moves) == 16, record.outcome
    pyffish = PyffishReferee(name)
    for i, move in enumerate(record.moves):
        assert move in pyffish.legal_moves(record.moves[:i])
