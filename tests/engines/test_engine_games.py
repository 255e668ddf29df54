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
from designer.engines.players import EnginePlayer
from designer.engines.referee import RulesReferee
from designer.match import play_game
from designer.engines.sections import section_text

from fsf_referee import PyffishReferee
from game_setups import crooked, sample

MAX_PLIES = 400


def _player(fsf: str, protocol: str, depth: int, side: str) -> EnginePlayer:
    return EnginePlayer(EngineSettings(f"{side} (depth {depth})", (fsf,), protocol,  # type: ignore[arg-type]
                                       movetime_ms=None, depth=depth))


def _play(fsf, protocol, variant, pyffish_name=None, config=None, depths=(4, 1),
          max_plies=MAX_PLIES):
    """One game from the setup through the match's game driver; the record, its moves in the
    engine's text, how the engine plays the variant and pyffish as the second referee."""
    white = _player(fsf, protocol, depths[0], "white")
    black = _player(fsf, protocol, depths[1], "black")
    try:
        record = play_game(variant, white, black, seed=0, opening_plies=0, max_plies=max_plies)
        given = white.given
        assert given is not None
        texts = tuple(RulesReferee(variant, letters=given.letters).texts(record.moves))
        return record, texts, given, PyffishReferee(pyffish_name or given.name, config=config)
    finally:
        for p in (white, black):
            engine = p.engine
            p.close()
            assert engine is None or engine.closed


def _assert_finished(record, texts, pyffish):
    """The game reached our result without a move we rejected; Fairy-Stockfish's own move
    generator agrees with every move and with the result."""
    assert record.termination not in ("illegal move", "failure"), record.reason
    assert record.result in ("1-0", "0-1", "1/2-1/2"), record.reason
    for i, move in enumerate(texts):
        assert move in pyffish.legal_moves(texts[:i])
    theirs = pyffish.outcome(texts)
    assert theirs is not None and theirs.result == record.result, (record.reason, theirs)


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
@pytest.mark.parametrize("name", ["fide", "capablanca"])
def test_a_builtin_game_is_played_to_its_result(fsf, protocol, name):
    record, texts, given, referee = _play(fsf, protocol, sample(name))
    assert given.verdict.route == "name"
    _assert_finished(record, texts, referee)


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_shogi_game_with_drops_is_played_to_its_result(fsf, protocol):
    record, texts, given, referee = _play(fsf, protocol, sample("shogi"))
    assert given.verdict.route == "name" and given.name == "shogi"
    _assert_finished(record, texts, referee)
    drops = [m for m in texts if "@" in m]
    assert drops, "no piece was dropped"
    assert all(m[0].isupper() for m in drops)            # P@e5: the letter, then the square


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_a_variant_with_custom_betza_pieces_is_played_from_our_section(fsf, protocol):
    variant = crooked()
    name, text = section_text(variant)
    record, texts, given, referee = _play(fsf, protocol, variant, name, text)
    assert given.verdict.route == "section" and given.name == name
    _assert_finished(record, texts, referee)
    # some move used the custom pieces: orthodox chess would refuse it
    chess = PyffishReferee("chess")
    assert any(m not in chess.legal_moves(texts[:i])
               for i, m in enumerate(texts)), "no move used the custom pieces"


def test_xiangqi_over_the_xboard_protocol_counts_ranks_from_zero(fsf):
    """A ten-rank board: the engine writes a0..i9, the game's moves are a1..i10 (the opening
    is enough: Black moves from the tenth rank)."""
    record, texts, given, referee = _play(fsf, "xboard", sample("xiangqi"), max_plies=12)
    assert given.name == "xiangqi" and record.termination == "ply limit", record.reason
    assert record.reason == "no result after 12 plies" and len(texts) == 12
    for i, move in enumerate(texts):
        assert move in referee.legal_moves(texts[:i])
    assert any(move[1:3] == "10" for move in texts[1::2])


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
        record = play_game(variant, *players, seed=0, opening_plies=0, max_plies=16)
        given = players[0].given
        assert given is not None and given.verdict.route == "name" and given.name == name
    finally:
        for p in players:
            p.close()
    assert record.termination == "ply limit" and len(record.moves) == 16, record.reason
    texts = RulesReferee(variant, letters=given.letters).texts(record.moves)
    pyffish = PyffishReferee(name)
    for i, move in enumerate(texts):
        assert move in pyffish.legal_moves(texts[:i])
