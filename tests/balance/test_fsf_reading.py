"""Fairy-Stockfish's reading of a definition (ported from piece.cpp and bitboard.cpp) makes the
moves the engine's own generator makes: pyffish (Fairy-Stockfish as a Python module) is asked
for the legal moves of a custom piece in seeded random positions, and our port must give the
same squares."""

import random

import pytest

from designer.balance.fsf_betza import CAPTURE, QUIET, from_betza
from designer.balance.fsf_moves import fsf_targets
from designer.engine.position import Placed, PieceBoard

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")

FILES = "abcdefgh"
DEFINITIONS = ["N", "R", "mRcpR", "gQ", "R2", "nN", "fsW", "B2", "KN", "pR", "nA", "nD", "mNcB",
               "fK", "NN", "gR", "pB", "ifmnDfmWfcF", "hlN", "fsR", "RcpRnN", "FfW", "vR2", "nZ",
               "fhN", "bsB3", "W3", "mBcpB", "jN", "mafsW", "cpN", "DD", "AA"]


def _name(s):
    return f"{FILES[s[0]]}{s[1] + 1}"


def _fen(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            c = board.get((f, r))
            if c is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def test_the_reading_of_a_few_definitions_by_hand():
    # fsW: the engine splits f and s for an orthogonal atom: forward and both sideways steps
    assert sorted(from_betza("fsW").table("steps", 0, QUIET)) == [(-1, 0), (0, 1), (1, 0)]
    # fK: f applies to both of K's atoms: three forward moves
    assert sorted(from_betza("fK").table("steps", 0, CAPTURE)) == [(-1, 1), (0, 1), (1, 1)]
    # a multi-leg Mao: 'a' is skipped, the rest reads as mfsW
    assert from_betza("mafsW").entries == from_betza("mfsW").entries
    # g is a grasshopper (distance 1); a digit limits a slide; n makes a lame leap (-1)
    assert from_betza("gQ").table("hopper", 0, QUIET)[(0, 1)] == 1
    assert from_betza("R3").table("slider", 0, CAPTURE)[(1, 0)] == 3
    assert from_betza("nN").table("steps", 0, QUIET)[(1, 2)] == -1


@pytest.mark.parametrize("betza", DEFINITIONS)
def test_our_port_moves_as_the_engine_does(betza):
    variant = f"vd{DEFINITIONS.index(betza)}"
    sf.load_variant_config(f"[{variant}:chess]\ncustomPiece1 = a:{betza}\n")
    piece = from_betza(betza)
    rnd = random.Random(betza)
    compared = 0
    for _ in range(40):
        squares = [(f, r) for f in range(8) for r in range(8)]
        rnd.shuffle(squares)
        origin, wk, bk = squares[:3]
        board = {origin: "A", wk: "K", bk: "k"}
        for s in squares[3:3 + rnd.randint(0, 16)]:
            if s[1] not in (0, 7):
                board[s] = rnd.choice("PpNn")
        fen = _fen(board)
        if sf.gives_check(variant, fen, []):
            continue
        legal = sf.legal_moves(variant, fen, [])
        got = {m[2:4] for m in legal if m[:2] == _name(origin)}
        pieces = {s: Placed("white" if c.isupper() else "black") for s, c in board.items()
                  if s != origin}
        quiet, caps = fsf_targets(piece, PieceBoard(8, 8, pieces), origin, "white",
                                  initial=origin[1] == 1)
        # the other pieces are pawns and knights, which pin nothing: with White not in check
        # every move the port makes is legal
        assert {_name(s) for s in quiet | caps} == got, fen
        compared += 1
    assert compared >= 20
