"""Fairy-Stockfish's pawn's triple step (``tripleStepRegionWhite/Black``, wildebeest): read
into the rules (``RuleSet.triple_steps``), played by the square the pawn stands on, leaving
the squares it passes as e.p. squares, and written back. Expected counts and positions come
from the engine: the recorded perft of the corpus and pyffish's own moves and FENs."""

import json
from dataclasses import replace

import pytest

from designer.formats import fsf_ini
from designer.game.game import Game
from repo_data import FSF_DATA

TEXT = (FSF_DATA / "variants.ini").read_text()
FACTS = json.loads((FSF_DATA / "corpus_perft.json").read_text())["sections"]


def _wildebeest():
    return fsf_ini.read(TEXT, "wildebeest", "variants.ini")


def test_the_triple_step_region_is_read_into_the_rules_without_a_notice():
    v = _wildebeest()
    t = v.rule_set.triple_steps
    assert t is not None
    assert t.white.squares(11, 10) == frozenset((f, 1) for f in range(11))
    assert t.black.squares(11, 10) == frozenset((f, 8) for f in range(11))
    assert not [n for n in fsf_ini.read_notices(TEXT, "wildebeest")
                if n.key.startswith("tripleStep")]


def test_wildebeest_counts_the_engines_perft_to_depth_3():
    assert [Game(_wildebeest()).perft(d) for d in (1, 2, 3)] == \
        FACTS["wildebeest"]["perft"][:3] == [45, 2025, 95829]


def test_without_the_region_the_pawn_only_steps_twice():
    v = _wildebeest()
    plain = replace(v, rule_set=replace(v.rule_set, triple_steps=None))
    assert "e2e5" not in {Game(plain).move_text(m) for m in Game(plain).legal_moves()}
    assert "e2e5" in {Game(v).move_text(m) for m in Game(v).legal_moves()}


@pytest.mark.parametrize("fen,move", [
    # the pawns beside the passed squares take e.p. on the first (d4, f4 onto e3) …
    ("rnccwkqbbnr/ppppppppppp/11/11/11/11/3p1p5/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1", "e2e5"),
    # … or on the second (d5, f5 onto e4)
    ("rnccwkqbbnr/ppppppppppp/11/11/11/3p1p5/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1", "e2e5"),
    # a double step from the third rank (the region's second rank) passes e4 only
    ("rnccwkqbbnr/ppppppppppp/11/11/11/3p1p5/11/4P6/PPPP1PPPPPP/RNBBQKWCCNR w - - 0 1", "e3e5"),
    # Black's triple step from its own region
    ("rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR b - - 0 1", "f9f6"),
])
def test_after_a_triple_or_double_step_moves_and_fen_are_pyffishs(fen, move):
    sf = pytest.importorskip("pyffish")
    sf.load_variant_config(TEXT)
    game = Game(_wildebeest(), fen)
    by_text = {game.move_text(m): m for m in game.legal_moves()}
    assert set(by_text) == set(sf.legal_moves("wildebeest", fen, []))
    game.push(by_text[move])
    assert game.fen() == sf.get_fen("wildebeest", fen, [move])
    assert {game.move_text(m) for m in game.legal_moves()} == \
        set(sf.legal_moves("wildebeest", fen, [move]))


def test_the_writer_writes_the_regions():
    text = fsf_ini.write(_wildebeest(), with_designer=False)
    assert "tripleStepRegionWhite = *2" in text and "tripleStepRegionBlack = *9" in text
