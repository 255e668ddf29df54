"""Variants whose Fairy-Stockfish section inherits a built-in game (``[name:parent]``, written
with only its differences) are given to engines under a name per revision that keeps the
parent, and play against the real Fairy-Stockfish: six sections of Fairy-Stockfish's own
``variants.ini`` and a Shogi with one piece changed.

The engine games are bounded by counted work (depth 1, a few plies each); whole games of the
same sections are played by ``variant-designer match`` (docs/engines.md)."""

from __future__ import annotations

import re

import pytest

from designer.engines.players import PlayerSpec
from designer.engines.sections import section_text
from designer.formats import fsf_ini
from designer.commands.fsf_parents import playable
from designer.match import MatchConfig, run_match
from designer.opponent import Limits
from designer.variant.model import Variant

from game_setups import ROOT, wide_shogi

CORPUS = ROOT / "tests" / "data" / "fsf" / "variants.ini"
SECTIONS = ("shogun", "grandhouse", "makhouse", "dragonfly", "chak", "xiangqihouse")


def _corpus(name: str) -> Variant:
    return playable(str(CORPUS), name)


@pytest.mark.parametrize("name", ["shogun", "grandhouse"])
def test_a_section_that_inherits_a_builtin_gets_a_revision_name_and_keeps_its_parent(name):
    variant = _corpus(name)
    header = fsf_ini.write(variant, with_designer=False)
    parent = re.search(rf"^\[{name}:(\w+)\]$", header, re.M)
    assert parent is not None                         # the export inherits a built-in
    revision, text = section_text(variant)
    assert revision.startswith(f"{name}-")
    assert re.search(rf"^\[{re.escape(revision)}:{parent[1]}\]$", text, re.M)
    assert f"[{name}:" not in text


def test_the_renamed_section_is_the_game_fairy_stockfish_knows():
    """pyffish (Fairy-Stockfish's move generator) loads the renamed section of a Shogi with
    one piece changed: its start position, and the changed Silver steps sideways."""
    sf = pytest.importorskip("pyffish")
    name, text = section_text(wide_shogi())
    sf.load_variant_config(text)
    assert sf.start_fen(name).startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/")
    silver = sf.legal_moves(name, "4k4/9/9/9/4S4/9/9/9/4K4[] w - - 0 1", [])
    assert {"e5d5", "e5f5"} <= set(silver)          # sideways: the one change
    assert "e5e4" not in silver                     # and still no step straight back


def test_an_inherited_promotion_the_variant_lacks_is_not_played():
    """chak is Shogi's kin, but its Rook does not promote. Fairy-Stockfish assigns
    ``promotedPieceType`` entry by entry and keeps a parent's others, so a section on Shogi
    must say ``r:-`` (or not inherit): pyffish on our section gives the Rook the corpus
    section's moves."""
    sf = pytest.importorskip("pyffish")
    sf.load_variant_config(CORPUS.read_text())
    name, text = section_text(_corpus("chak"))
    sf.load_variant_config(text)
    fen = "4k4/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    ours = set(sf.legal_moves(name, fen, []))
    assert ours == set(sf.legal_moves("chak", fen, []))
    assert not any(m.endswith("+") for m in ours)


@pytest.mark.parametrize("name", [*SECTIONS, "wide shogi"])
def test_an_inheriting_section_plays_against_fairy_stockfish(fsf, name):
    """A few plies of Fairy-Stockfish against itself, every move checked by our rules: the
    engine loads the section, and its moves are ours."""
    variant = wide_shogi() if name == "wide shogi" else _corpus(name)
    engine = PlayerSpec.parse(fsf)
    config = MatchConfig(variant, 1, engine, engine, Limits(depth=1), seed=3,
                         opening_plies=0, max_plies=8)
    record = run_match(config).records[0]
    assert record.termination not in ("failure", "illegal move"), record.reason
    assert record.plies == 8 or record.result != "*", record.reason
