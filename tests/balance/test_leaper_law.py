"""H.G. Muller's leaper law: the published figures, on pieces whose targets give them, and the
law's domain (riders, hoppers, lame and multi-leg pieces are out of it, with the reason)."""

import pytest

from designer.balance.leaper_law import law_for, leaper_law


# Muller's published values: 143, 308, 704 and 1,188 centipawns for 4, 8, 16 and 24 targets.
@pytest.mark.parametrize("n,cp", [(4, 143), (8, 308), (16, 704), (24, 1188)])
def test_the_law_gives_the_published_values(n, cp):
    assert round(leaper_law(n)) == cp


@pytest.mark.parametrize("betza,cp", [
    ("W", 143), ("F", 143),          # 4 targets
    ("N", 308), ("K", 308),          # 8 targets
    ("KN", 704),                     # centaur: 8 + 8
    ("KNAD", 1188),                  # every leap of the 5x5 area: 24
])
def test_leapers_get_the_value_of_their_target_count(betza, cp):
    law = law_for(betza, "xbetza", 8, 8, False, False)
    assert law.centipawns is not None and round(law.centipawns) == cp


def test_capture_only_and_move_only_targets_count_two_thirds_and_one_third():
    # mN: 8 move-only targets count 8/3; cN 16/3; mNcW: 8/3 + 4*2/3 = 16/3
    assert law_for("mN", "xbetza", 8, 8, False, False).targets == pytest.approx(8 / 3)
    assert law_for("cN", "xbetza", 8, 8, False, False).targets == pytest.approx(16 / 3)
    assert law_for("mNcW", "xbetza", 8, 8, False, False).targets == pytest.approx(16 / 3)


def test_a_small_board_gives_fewer_targets():
    # on 3x3 a Knight has at most 2 targets (from a corner), a Wazir 4 (from the centre)
    assert law_for("N", "xbetza", 3, 3, False, False).targets == 2
    assert law_for("W", "xbetza", 3, 3, False, False).targets == 4


@pytest.mark.parametrize("betza,words", [
    ("R", "rider"), ("B", "rider"), ("W2", "rider"),
    ("mRcpR", "hops"), ("gQ", "hops"),
    ("nN", "lame"), ("mafsW", "multi-leg"),
    ("H", "5x5"), ("NC", "5x5"),
])
def test_pieces_out_of_the_domain_get_no_value_and_a_reason(betza, words):
    law = law_for(betza, "xbetza", 8, 8, False, False)
    assert law.centipawns is None
    assert words in law.reason


def test_royal_and_promoting_pieces_are_out_of_the_domain():
    assert "royal" in law_for("K", "xbetza", 8, 8, True, False).reason
    assert "promotes" in law_for("fmWfcF", "xbetza", 8, 8, False, True).reason
