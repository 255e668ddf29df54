"""Whether an engine can play a variant is decided before the game, with the reasons: by name
for XBoard's built-in games the engine announces, by our exported section for a current
Fairy-Stockfish, refused otherwise (Debian's Fairy-Stockfish 11.1 predates custom pieces)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from designer.engines import EngineError, can_play, give_variant, open_engine
from designer.engines.capability import capabilities
from designer.engines.options import EngineOption
from designer.engines.players import EnginePlayer
from designer.match import play_game
from designer.players import RandomPlayer
from designer.engines.sections import write_section
from designer.engines.settings import EngineSettings
from designer.variant.model import PieceType

import fake_engines
from game_setups import crooked, sample

#: generous waits for fakes that answer (each ends as soon as the answer comes)
QUICK = fake_engines.PATIENT
NAMES = ("chess", "capablanca", "shogi", "xiangqi", "grand", "crazyhouse", "makruk")
PATH = {"VariantPath": EngineOption("VariantPath", "string", "")}

CURRENT = capabilities("uci", "Fairy-Stockfish 241126 LB by Fabian Fichter",
                       "Fairy-Stockfish 241126 LB", NAMES, PATH)
DEBIAN = capabilities("uci", "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter",
                      "Fairy-Stockfish 11.1 LB 64", NAMES, PATH)
SMALL = capabilities("uci", "Fairy-Stockfish 14.0.1 by Fabian Fichter",
                     "Fairy-Stockfish 14.0.1", ("chess", "shogi"), PATH)
STOCKFISH = capabilities("uci", "Stockfish 16 by the Stockfish developers", "Stockfish 16",
                         ("chess",), {})


def test_the_engine_kind_is_read_from_its_banner():
    assert (CURRENT.fairy_stockfish, CURRENT.custom_pieces, CURRENT.large_boards,
            CURRENT.loads_sections) == (True, True, True, True)
    assert (DEBIAN.custom_pieces, DEBIAN.large_boards) == (False, True)
    assert (SMALL.custom_pieces, SMALL.large_boards) == (True, False)
    assert not STOCKFISH.fairy_stockfish and not STOCKFISH.loads_sections


@pytest.mark.parametrize("caps", [CURRENT, DEBIAN, STOCKFISH])
def test_a_builtin_game_goes_by_name_to_any_engine_that_announces_it(caps):
    verdict = can_play(caps, sample("fide"))
    assert verdict.route == "name" and verdict.engine_variant == "chess"


def test_xboard_calls_orthodox_chess_normal():
    caps = capabilities("xboard", "", "Fairy-Max 5.0b", ("normal", "capablanca"), {})
    assert can_play(caps, sample("fide")).engine_variant == "normal"
    assert can_play(caps, sample("capablanca")).engine_variant == "capablanca"


def test_debian_fairy_stockfish_is_refused_a_custom_variant_with_the_reason():
    verdict = can_play(DEBIAN, crooked())
    assert not verdict.playable
    assert any("predates custom pieces" in r and "14.0.1" in r for r in verdict.reasons)
    assert can_play(DEBIAN, sample("shogi")).route == "name"


def test_a_current_fairy_stockfish_gets_our_section():
    verdict = can_play(CURRENT, crooked())
    assert verdict.route == "section" and verdict.engine_variant == "crookedchess"
    assert verdict.reasons == ()


def test_what_the_export_leaves_out_is_the_reason_it_cannot_play():
    ultima = can_play(CURRENT, sample("ultima"))
    assert not ultima.playable and any("(cQ-mQ)4" in r for r in ultima.reasons)
    chu = can_play(CURRENT, sample("chu"))       # Fairy-Stockfish has no chu, and 12x12
    assert not chu.playable and any("12x12" in r for r in chu.reasons)


def test_a_second_royal_piece_would_be_another_game():
    v = crooked()
    v = replace(v, pieces=tuple(replace(p, royal=True) if p.letter == "Q" else p
                                for p in v.pieces))
    verdict = can_play(CURRENT, v)
    assert not verdict.playable and any("royal" in r for r in verdict.reasons)


def test_a_small_board_build_cannot_play_a_large_board():
    wide = replace(crooked(), files=10, setup="")
    verdict = can_play(SMALL, wide)
    assert not verdict.playable and any("large-board" in r for r in verdict.reasons)


def test_another_engine_plays_only_what_it_announces():
    verdict = can_play(STOCKFISH, sample("capablanca"))
    assert not verdict.playable
    assert any("does not announce the variant capablanca" in r for r in verdict.reasons)
    assert any("only Fairy-Stockfish" in r for r in verdict.reasons)


_OLD_FSF = r'''
import sys
print("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter", flush=True)
for line in sys.stdin:
    cmd = line.split()
    if cmd and cmd[0] == "uci":
        print("id name Fairy-Stockfish 11.1 LB 64", flush=True)
        print("option name UCI_Variant type combo default chess var chess var capablanca "
              "var shogi", flush=True)
        print("option name VariantPath type string default <empty>", flush=True)
        print("uciok", flush=True)
    elif cmd and cmd[0] == "isready":
        print("readyok", flush=True)
    elif cmd and cmd[0] == "quit":
        break
'''


def test_the_old_engine_is_refused_before_the_game_and_nothing_is_loaded(fake, tmp_path):
    folder = tmp_path / "sections"
    folder.mkdir()
    with open_engine(fake(_OLD_FSF), "uci", timeouts=QUICK) as engine:
        with pytest.raises(EngineError) as caught:
            give_variant(engine, crooked(), str(folder))
        assert caught.value.kind == "unsupported"
        assert "predates custom pieces" in str(caught.value)
        assert list(folder.iterdir()) == []               # no section written, none sent
        given = give_variant(engine, sample("capablanca"), str(folder))
        assert given.verdict.route == "name" and given.name == "capablanca"


def test_a_section_maps_our_letters_to_the_engine_letters(tmp_path):
    v = replace(crooked(), pieces=crooked().pieces + (PieceType("Ln", "Lion", "KNAD"),))
    section = write_section(v, str(tmp_path))
    assert section.letters["N"] == "n" and len(section.letters["Ln"]) == 1
    assert section.letters["Ln"] not in [section.letters[p.letter] for p in crooked().pieces]
    assert f"[{section.name}]" in section.text and section.name.startswith("crookedchess-")


def test_a_game_the_engine_cannot_play_does_not_start(fake):
    variant = crooked()
    old = EnginePlayer(EngineSettings("old", tuple(fake(_OLD_FSF))), QUICK)
    try:
        record = play_game(variant, RandomPlayer(1), old, seed=0, opening_plies=0)
    finally:
        old.close()
    assert record.moves == () and record.result == "*"
    assert "old cannot play this game" in record.reason
    assert "predates custom pieces" in record.reason


def test_the_refusal_of_chu_leads_with_the_board_and_folds_the_rest():
    from designer.engines.verdict import refusal
    chu = can_play(CURRENT, sample("chu"))
    # the decisive reason first: a 12x12 board where the engine plays at most 12x10
    assert "12x12" in chu.reasons[0] and "12x10" in chu.reasons[0]
    # the promoted pieces without a letter are one reason, not thirteen: the board, the
    # letters, the Lion's two moves and the three rules of play a section cannot carry
    assert len(chu.reasons) <= 7
    assert sum("no letter left" in r for r in chu.reasons) == 1
    text, details = refusal("Fairy-Stockfish", "Chu Shogi", chu.reasons)
    assert text.startswith("Fairy-Stockfish cannot play Chu Shogi: board 12x12")
    assert text.count("•") == 0 and "more reasons" in text
    assert all(r in details for r in chu.reasons)
