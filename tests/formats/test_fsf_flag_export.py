"""A flag region with the blocked win (``flagPieceBlockedWin``) is exported square by square.

Fairy-Stockfish reads a whole rank ``*5`` across its widest board (12 files in the large-board
build), and its blocked win asks whether that bitboard still has an empty square: on Kono's
5x5 board the squares f5..l5 are always empty, so a region written as ``*5`` is never full and
the game goes on where the corpus section ends it. Checked in pyffish, the corpus section as
reference."""

from __future__ import annotations

import re

import pytest

from designer.formats import fsf_ini

from repo_data import ROOT

sf = pytest.importorskip("pyffish")
CORPUS = (ROOT / "tests" / "data" / "fsf" / "variants.ini").read_text()
# Black's men fill White's home squares a1..e1, a2, e2 with a man of Black's on c1: the region
# Black must reach is full, so White (to move) has lost by the blocked win
BLOCKED = "1p2p/p1p2/1pp1P/P3P/PPpPP w - - 28 15"
MOVES = ("a2b3 a5b4 b3c2 b4c3 c1d2 d5c4 c2d3 c3b2 d2c1 c4b3 c1d2 e4d5 b1a2 b5c4 d3c2 b2c3 "
         "c2d3 c4b5 d2e3 c3d2 d3c2 c5d4 c2b1 d4c3 e3d4 d5c4 d4e3 d2c1").split()


def _exported(name: str) -> tuple[str, str]:
    text = fsf_ini.write(fsf_ini.read(CORPUS, name), with_designer=False)
    ours = f"{name}x"
    sf.load_variant_config(re.sub(r"^\[[^\]:]+", f"[{ours}", text, count=1, flags=re.M))
    return ours, text


def test_kono_blocked_flag_win_ends_the_game_in_our_export_as_in_the_corpus():
    sf.load_variant_config(CORPUS)
    ours, text = _exported("kono")
    start = sf.start_fen("kono")
    assert sf.get_fen("kono", start, MOVES) == BLOCKED
    for name in ("kono", ours):
        assert sf.is_immediate_game_end(name, start, MOVES) == (True, -sf.VALUE_MATE), name
        assert sf.legal_moves(name, BLOCKED, []) == [], name
        # one ply earlier the region was not yet full: the game went on
        assert sf.is_immediate_game_end(name, start, MOVES[:-1])[0] is False, name
    assert re.search(r"^flagRegionBlack = a1 b1 c1 d1 e1 a2 e2$", text, re.M), text
