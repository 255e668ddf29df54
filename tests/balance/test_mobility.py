"""Mobility on the empty board and on crowded boards.

Empty-board move counts on 8x8 are published facts: a knight has 336 moves over the 64 squares,
a king 420, a bishop 560, a rook 896, a queen 1,456. The crowded figure is compared with Betza's
crowded-board sum worked out along each ray (each further square reached with the chance that
the squares before it are empty), written independently here."""

import pytest

from designer.balance.mobility import mobility


@pytest.mark.parametrize("betza,total", [("N", 336), ("K", 420), ("B", 560), ("R", 896),
                                         ("Q", 1456)])
def test_empty_board_mobility_is_the_published_move_count(betza, total):
    assert mobility(betza, "xbetza", 8, 8, 0.25).empty == pytest.approx(total / 64)


def test_muller_weights_for_move_only_and_capture_only_targets():
    assert mobility("mR", "xbetza", 8, 8, 0.25).empty == pytest.approx(896 / 64 / 3)
    assert mobility("cR", "xbetza", 8, 8, 0.25).empty == pytest.approx(896 / 64 * 2 / 3)
    # a pawn without its double step: forward move 1/3, two diagonal captures 2/3 each, from
    # every square but the last rank; files a and h have one diagonal
    per_rank = (6 * (1 / 3 + 4 / 3) + 2 * (1 / 3 + 2 / 3)) / 8
    assert mobility("fmWfcF", "xbetza", 8, 8, 0.25).empty == pytest.approx(per_rank * 7 / 8)


def _betza_crowded(rays, p, n=8):
    """Betza's crowded board: the k-th square along a ray counts p ** (k - 1)."""
    total = 0.0
    for f in range(n):
        for r in range(n):
            for dx, dy in rays:
                x, y, k = f + dx, r + dy, 0
                while 0 <= x < n and 0 <= y < n:
                    total += p ** k
                    k += 1
                    x, y = x + dx, y + dy
    return total / (n * n)


ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


@pytest.mark.parametrize("betza,rays", [("R", ORTHO), ("B", DIAG), ("Q", ORTHO + DIAG)])
def test_crowded_mobility_of_riders_follows_betzas_sum(betza, rays):
    m = mobility(betza, "xbetza", 8, 8, 0.3)
    assert m.crowded == pytest.approx(_betza_crowded(rays, 0.7), rel=0.04)


def test_a_leaper_is_not_slowed_by_a_crowd():
    m = mobility("N", "xbetza", 8, 8, 0.3)
    assert m.crowded == pytest.approx(m.empty)


def test_a_hopper_gains_on_a_crowded_board_and_a_lame_leaper_loses():
    cannon = mobility("mRcpR", "xbetza", 8, 8, 0.3)
    horse = mobility("nN", "xbetza", 8, 8, 0.3)
    assert cannon.crowded > cannon.empty
    assert horse.crowded < horse.empty


def test_the_figure_is_the_same_for_the_same_seed():
    a = mobility("Q", "xbetza", 8, 8, 0.25, seed=7)
    b = mobility("Q", "xbetza", 8, 8, 0.25, seed=7)
    c = mobility("Q", "xbetza", 8, 8, 0.25, seed=8)
    assert a == b
    assert a.crowded != c.crowded and a.crowded == pytest.approx(c.crowded, rel=0.05)
