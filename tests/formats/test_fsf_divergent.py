"""Strings Fairy-Stockfish reads differently from the documented meaning
(``vectors/fsf-divergent.jsonl``): the exporter either leaves the piece out of the section and
says why (an error naming the piece), or rewrites it into a string that pyffish then plays
exactly as our interpreter reads the original."""

import itertools
import json

import pytest

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.geometry.board import parse_square, square_name
from designer.formats import fsf_ini
from designer.variant.model import PieceType, Variant

from format_samples import ROOT
from pyffish_board import board_fen, destinations

sf = pytest.importorskip("pyffish")
VECTORS = ROOT / "tests" / "data" / "vectors" / "fsf-divergent.jsonl"
CASES = [json.loads(l) for l in VECTORS.read_text().splitlines() if l.strip()]
_count = itertools.count()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_divergent_piece_is_warned_or_rewritten_correctly(case):
    v = Variant("d", case["files"], case["ranks"],
                (PieceType("A", notation=case["betza"], dialect=case["dialect"]),
                 PieceType("X", notation="W")))
    text = fsf_ini.write(v, with_designer=False)
    lines = {k.strip(): x.strip() for k, _, x in (l.partition("=") for l in text.splitlines())}
    declared = [(k, x) for k, x in lines.items() if x.startswith("a:") or x == "a"]
    if any(p.piece == "A" and p.severity == "error" for p in fsf_ini.fsf_problems(v)):
        assert declared == [], "a piece reported as unplayable must be left out"
        return
    (key, value), = declared
    name = f"vddiv{next(_count)}"
    body = (f"[{name}]\nmaxFile = {case['files']}\nmaxRank = {case['ranks']}\n"
            f"{key} = {value}\ncustomPiece20 = x:W\ndoubleStep = true\ncastling = false\n"
            "checking = false\n")
    sf.load_variant_config(body)
    side = case["side"]
    board = {}
    for s in case["friends"]:
        board[parse_square(s, case["files"], case["ranks"])] = "X" if side == "white" else "x"
    for s in case["foes"]:
        board[parse_square(s, case["files"], case["ranks"])] = "x" if side == "white" else "X"
    origin = parse_square(case["square"], case["files"], case["ranks"])
    board[origin] = "A" if side == "white" else "a"
    fen = board_fen(case["files"], case["ranks"], board.get) + \
        f" {'w' if side == 'white' else 'b'} - - 0 1"
    moves, caps = set(), set()
    for dest in destinations(sf, name, fen, origin):
        (caps if dest in board else moves).add(square_name(dest))
    q = Query(case["betza"], case["dialect"], case["files"], case["ranks"], case["square"],
              tuple(case["friends"]), tuple(case["foes"]), side, case["virgin"])
    ours_m, ours_c = split_targets(answer(q.question()))
    assert (moves, caps) == (set(ours_m), set(ours_c)), (case["betza"], value)
