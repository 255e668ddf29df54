"""No two legal moves share a text in any notation we write: the engines' text
(``Game.move_text``, what the engine link and ``variant-designer legal`` print), the engines'
long algebraic form in both protocols (``lan.uci``) and XBoard's SAN (``san.san``), at every
position along seeded random games of every sample and every section of Fairy-Stockfish's
variants.ini. Two moves with one text cannot be told apart by an engine's answer or a record.
(Records do not carry the walls of walling games: their SAN is not compared.)

The suite plays a few short games per variant; ``VD_HEAVY=1`` plays longer ones.
"""

import os
import random
from collections import Counter

import pytest

from designer.formats import fsf_ini, xboard_ini
from designer.records.lan import uci
from designer.records.resolve import san
from designer.records.style import style_for
from designer.game.game import Game, RulesNotPlayed
from repo_data import FSF_DATA, ROOT

HEAVY = os.environ.get("VD_HEAVY") == "1"
TEXT = (FSF_DATA / "variants.ini").read_text()
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))
SECTIONS = fsf_ini.sections(TEXT)
SAN_UP_TO = 60 if HEAVY else 12     # SAN resolves each move against the others: costlier


def _shared(texts):
    return sorted(t for t, n in Counter(texts).items() if n > 1)


def _walk(game, plies, seed, san_plies):
    """Problems along one random game: (ply, notation, texts written twice)."""
    rng = random.Random(seed)
    style = style_for(game.variant)
    out = []
    for ply in range(plies):
        legal = game.legal_moves()
        if not legal or game.outcome() is not None:
            break
        notations = {"engine": [game.move_text(m) for m in legal],
                     "uci": [uci(game, m, pseudo=None) for m in legal],
                     "xboard": [uci(game, m, xboard=True) for m in legal]}
        if ply < san_plies and game.rules.walls is None:   # SAN does not write walls
            notations["san"] = [san(game, m, style, legal, marks=False) for m in legal]
        for name, texts in notations.items():
            twice = _shared(texts)
            if twice:
                out.append((game.fen(), name, twice[:4]))
        game.push(rng.choice(legal))
    return out


def _game(v):
    try:
        return Game(v)
    except RulesNotPlayed:
        return None


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_no_two_moves_of_a_sample_share_a_text(path):
    game = _game(xboard_ini.load(path))
    if game is None:
        pytest.skip("the game does not play this sample")
    plies = 200 if HEAVY else 16
    bad = []
    for seed in range(2 if HEAVY else 1):
        game = _game(xboard_ini.load(path))
        bad += _walk(game, plies, f"{path.stem}-{seed}", SAN_UP_TO)
    assert not bad, bad[:3]


def test_no_two_moves_of_a_corpus_section_share_a_text():
    bad, walked = [], 0
    for name in SECTIONS:
        game = _game(fsf_ini.read(TEXT, name, "variants.ini"))
        if game is None:
            continue
        walked += 1
        for seed in range(2 if HEAVY else 1):
            game = _game(fsf_ini.read(TEXT, name, "variants.ini"))
            bad += [(name,) + x for x in _walk(game, 150 if HEAVY else 6, f"{name}-{seed}",
                                               30 if HEAVY else 3)]
    assert walked >= 140
    assert not bad, bad[:5]


@pytest.mark.parametrize("name, fen, moves, want", [
    # one-square castling: the king's step keeps d6e6, castling is the king taking its rook
    ("diana", "rbnk1r/ppp1pp/2bp2/2P2P/PPBPP1/R1NKBR b KQkq - 0 3", [], {"d6e6", "d6f6"}),
    ("haynie", "r1qkbr/b2pp1/ppp1BQ/2PP1P/PP2P1/R2KBR w KQkq - 0 6", [], {"d1a1"}),
    # a pawn's four promotions into types that are also the promoted forms of others
    ("forward", "le1f3l/1spp2p1/pE2p1Fp/1pPE1g2/1P5P/4G3/P1P1pPPL/L1S2S2 b - - 0 16", [],
     {"e2e1q", "e2e1r", "e2e1b", "e2e1n"}),
])
def test_moves_are_written_as_fairy_stockfish_writes_them(name, fen, moves, want):
    sf = pytest.importorskip("pyffish")
    sf.load_variant_config(TEXT)
    game = Game(fsf_ini.read(TEXT, name, "variants.ini"), fen)
    theirs = set(sf.legal_moves(name, fen, moves))
    assert want <= theirs
    assert {game.move_text(m) for m in game.legal_moves()} == theirs
    for text in want:
        assert game.move_text(game.move_from_text(text)) == text


def test_a_castling_of_one_square_and_the_kings_step_have_their_own_san():
    game = Game(fsf_ini.read(TEXT, "diana", "variants.ini"),
                "rbnk1r/ppp1pp/2bp2/2P2P/PPBPP1/R1NKBR b KQkq - 0 3")
    legal = game.legal_moves()
    step = game.move_from_text("d6e6")
    castle = game.move_from_text("d6f6")
    assert castle.rook >= 0 and step.rook < 0 and step.target == castle.target
    texts = {san(game, m, legal=legal, marks=False) for m in (step, castle)}
    assert texts == {"Ke6", "O-O"}
    from designer.records.resolve import read_san
    assert read_san(game, "Ke6") == step and read_san(game, "O-O") == castle
