"""Every section of Fairy-Stockfish's variants.ini along a short seeded random game: our legal
moves (in the engines' text) and game ends equal pyffish's at every position, in all but the
sections listed with the reason. ``tools/fsf_agreement.py --corpus`` runs the same comparison
on hundreds of positions per section (its figure is in the project's notes); this bounded run
fails when a section that agrees stops agreeing, or when the count falls under 143 of 143.
"""

import importlib.util
import os

import pytest

from designer.formats import fsf_ini
from repo_data import FSF_DATA, ROOT

pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")

HEAVY = os.environ.get("VD_HEAVY") == "1"
NAMES = fsf_ini.sections((FSF_DATA / "variants.ini").read_text())
# sections that differ, and why (the game's model, not chance)
DIFFER: dict[str, str] = {}


def _tool():
    spec = importlib.util.spec_from_file_location("fsf_agreement",
                                                  ROOT / "tools" / "fsf_agreement.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_corpus_sections_agree_with_pyffish_along_random_games():
    tool = _tool()
    results = tool.compare_corpus(NAMES, 600 if HEAVY else 12, seed=1,
                                  plies=200 if HEAVY else 12)
    differ = {name for name, (_, bad) in results.items() if bad}
    assert len(NAMES) == 143
    assert differ <= set(DIFFER), {n: results[n][1][:2] for n in differ - set(DIFFER)}
    assert len(NAMES) - len(differ) == 143
