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


def test_a_whole_rank_flag_region_on_a_narrow_board_never_gives_the_blocked_win():
    """Written by hand as ``*5``/``*1``, Kono's regions span 12 files in the engine: the full
    home rows do not end the game there, so our rules read no blocked win, name the key, and
    our game and our export go on where Fairy-Stockfish goes on."""
    from designer.game.game import Game
    section = re.search(r"^\[kono\]\n(.*?)\n\n", CORPUS, re.S | re.M)
    assert section is not None
    text = ("[konostar]\n" + section.group(1)
            .replace("a5 b5 c5 d5 e5 a4 e4", "*5 a4 e4")
            .replace("a1 b1 c1 d1 e1 a2 e2", "*1 a2 e2") + "\n")
    sf.load_variant_config(text)
    assert sf.is_immediate_game_end("konostar", BLOCKED, [])[0] is False
    assert len(sf.legal_moves("konostar", BLOCKED, [])) == 7
    v = fsf_ini.read(text, "konostar")
    assert Game(v, BLOCKED).outcome() is None
    assert "flagPieceBlockedWin" in {n.key for n in fsf_ini.read_notices(text, "konostar")}
    exported = fsf_ini.write(v, with_designer=False).replace("[konostar", "[konostarx", 1)
    sf.load_variant_config(exported)
    assert sf.is_immediate_game_end("konostarx", BLOCKED, [])[0] is False
    assert sorted(sf.legal_moves("konostarx", BLOCKED, [])) == sorted(
        sf.legal_moves("konostar", BLOCKED, []))
