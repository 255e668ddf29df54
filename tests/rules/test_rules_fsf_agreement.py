"""Legal moves and game results equal Fairy-Stockfish's own (pyffish, its move generator in
process) along seeded random games of the samples whose game it has built in, position by
position; tools/fsf_agreement.py compares thousands.

Differences on purpose (the comparison accepts them, and only them):
- FIDE chess ends in a draw by insufficient material (FIDE's rule), where Fairy-Stockfish plays
  on; its own ``has_insufficient_material`` must say that neither side can mate.
"""

import sys

import pytest

from rules_data import ROOT, SAMPLE_OF

sys.path.insert(0, str(ROOT / "tools"))

pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")


@pytest.mark.parametrize("variant", sorted(SAMPLE_OF))
def test_random_games_agree_with_fairy_stockfish_position_by_position(variant):
    from fsf_agreement import compare
    seen, bad = compare(variant, 200, 7, plies=50)
    assert seen == 200
    assert not bad, bad[:3]
