"""A session with the real Fairy-Stockfish over both protocols: what it announces, our
variant loaded under a new name per revision (it keeps the old rules of a name loaded again),
"move now", options, and the protocol found from the program alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from designer.engines import Limit, EnginePosition, Timeouts, detect_protocol, give_variant, \
    open_engine
from designer.engines.movetext import parse_move

import fake_engines
from fsf_referee import PyffishReferee
from game_setups import crooked

PROTOCOLS = ["uci", "xboard"]
# White: king a1 and the changed piece b1; Black's rook on h2 takes the king's squares away,
# so every legal move is the piece's own.
BOXED = "k7/8/8/8/8/8/7r/KB6 w - - 0 1"


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_the_engine_announces_what_it_is(fsf, protocol):
    with open_engine([fsf], protocol) as engine:
        caps = engine.capabilities
        assert caps.fairy_stockfish and caps.custom_pieces and caps.large_boards
        assert caps.loads_sections
        assert {"shogi", "xiangqi", "capablanca", "grand"} <= set(caps.variants)
        hash_ = engine.option("Hash") if protocol == "uci" else engine.option("Skill Level")
        assert hash_ is not None and hash_.type == "spin" and hash_.max is not None
    assert engine.closed


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_each_revision_of_the_variant_is_played_by_its_own_rules(fsf, protocol, tmp_path):
    """The Crook (b1) moves as a rook in one revision and as a ferz in the next; the engine,
    given both one after the other, plays each by its own rules."""
    first = crooked()
    second = replace(first, pieces=tuple(replace(p, notation="F") if p.letter == "B" else p
                                         for p in first.pieces))
    with open_engine([fsf], protocol) as engine:
        played = {}
        for revision in (first, second, first):
            given = give_variant(engine, revision, str(tmp_path))
            result = engine.play(EnginePosition(given.name, BOXED), Limit(depth=2))
            referee = PyffishReferee(given.name, BOXED, given.section.text)
            assert result.move in referee.legal_moves([]), (given.name, result.move)
            move = parse_move(result.move, 8, 8)
            played.setdefault(given.name, []).append(move)
    names = list(played)
    assert len(names) == 2 and names[0] != names[1]
    rook_like = [m.origin[0] == m.target[0] or m.origin[1] == m.target[1]
                 for m in played[names[0]]]
    assert rook_like == [True, True]
    (ferz,) = played[names[1]]
    assert abs(ferz.origin[0] - ferz.target[0]) == 1 == abs(ferz.origin[1] - ferz.target[1])


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_move_now_ends_a_deep_search_with_its_best_move(fsf, protocol):
    with open_engine([fsf], protocol, timeouts=Timeouts(unbounded=120)) as engine:
        engine.select_variant("chess", 8, 8)

        def watch(direction, line):
            # ask for the move once the search has reported depth 6
            words = line.split()
            depth = words[2] if protocol == "uci" and words[:2] == ["info", "depth"] else \
                words[0] if protocol == "xboard" and words and words[0].isdigit() else None
            if direction == "<" and depth is not None and int(depth) >= 6:
                engine.stop()

        engine.on_line = watch
        result = engine.play(EnginePosition("chess"), Limit(depth=60))
    assert result.move is not None and parse_move(result.move, 8, 8).origin is not None
    assert result.info.depth is not None and 6 <= result.info.depth < 60


def test_options_are_set_and_checked(fsf):
    with open_engine([fsf], "uci") as engine:
        engine.configure({"Hash": 8, "Skill Level": 3, "Ponder": False})
        engine.select_variant("chess", 8, 8)
        assert engine.play(EnginePosition("chess"), Limit(depth=1)).move is not None


def test_the_protocol_is_found_from_the_program(fsf, fake):
    assert detect_protocol([fsf]) == "uci"
    quick = Timeouts(start=1.0, sync=1.0, quit=0.5)
    assert detect_protocol(fake(fake_engines.xboard("normal")), quick) == "xboard"


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_proven_mate_ends_the_search_and_keeps_the_depth_it_was_found_at(fsf, protocol):
    """Mate in one (Ra8#): Fairy-Stockfish deepens a found mate up to its MAX_PLY (245); the
    session stops it once the mate is proven and reports the depth that found it."""
    sent: list[str] = []
    with open_engine([fsf], protocol, timeouts=Timeouts(unbounded=120)) as engine:
        engine.select_variant("chess", 8, 8)
        engine.on_line = lambda direction, line: sent.append(line) if direction == ">" \
            else None
        result = engine.play(EnginePosition("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
                             Limit(nodes=50_000_000, movetime_ms=60_000))
    assert result.move is not None and parse_move(result.move, 8, 8).text in ("a1a8",)
    assert result.info.score is not None and result.info.score.mate == 1
    assert result.info.depth is not None and result.info.depth <= 2
    assert ("stop" if protocol == "uci" else "?") in [s.strip() for s in sent]
