"""Move text as Fairy-Stockfish writes it (``UCI::move`` in ``src/uci.cpp``): squares, drops,
promotions, Shogi's ``+``, gating, and the XBoard protocol's ranks counted from 0 on boards of
ten ranks (``UCI::square``)."""

from __future__ import annotations

import pytest

from designer.engines.movetext import parse_move, rank_base_for, write_move


@pytest.mark.parametrize("text,origin,target,dropped,suffix", [
    ("e2e4", (4, 1), (4, 3), "", ""),
    ("e7e8q", (4, 6), (4, 7), "", "q"),
    ("P@e4", None, (4, 3), "P", ""),
    ("+P@e4", None, (4, 3), "+P", ""),
    ("h2b8+", (7, 1), (1, 7), "", "+"),
    ("b8h2-", (1, 7), (7, 1), "", "-"),
    ("b1c3h", (1, 0), (2, 2), "", "h"),
])
def test_move_text_is_read(text, origin, target, dropped, suffix):
    m = parse_move(text, 9, 9)
    assert (m.origin, m.target, m.dropped, m.suffix, m.text) == \
        (origin, target, dropped, suffix, text)


def test_gating_on_the_rook_square_and_a_declined_promotion():
    m = parse_move("e1g1hh1", 8, 8)
    assert m.suffix == "h" and m.gate == (7, 0) and m.text == "e1g1hh1"
    assert parse_move("h7h8=", 9, 9).text == "h7h8"     # Shogi: promotion declined


@pytest.mark.parametrize("text", ["castle!", "e2", "e2e9", "i1i2", "e2e4qq", "Pe4", "a01a2",
                                  "", "e2-e4"])
def test_text_that_is_no_move_on_the_board_is_refused(text):
    with pytest.raises(ValueError):
        parse_move(text, 8, 8)


def test_ten_ranks_over_xboard_count_from_zero():
    base = rank_base_for("xboard", 10)
    assert base == 0 and rank_base_for("uci", 10) == 1 and rank_base_for("xboard", 8) == 1
    m = parse_move("b0c2", 9, 10, base)
    assert m.origin == (1, 0) and m.target == (2, 2) and m.text == "b1c3"
    assert write_move(m, base) == "b0c2"
    top = parse_move("a10a9", 9, 10)
    assert top.origin == (0, 9) and write_move(top, base) == "a9a8"
    with pytest.raises(ValueError):
        parse_move("a10a9", 9, 10, base)
    assert write_move(parse_move("P@e5", 9, 10), base) == "P@e4"
