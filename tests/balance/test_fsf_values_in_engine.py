"""The values we say Fairy-Stockfish believes are the values the real engine uses.

The engine's ``eval`` prints its material term (psqt.cpp: the piece's value plus a bonus for its
square) in pawns of ``PawnValueEg`` (208), two decimals. A position holds the two kings and a
pawn each on mirrored squares (they cancel) and one White piece; its material is that piece's
value after the variant's adjustments plus its square bonus, which psqt.cpp gives as:
sliders ``5 * (2f + max(min(r, maxRank - r), 1) - maxFile - 1)``, pawn-like pieces (no quiet
step backwards) ``5 * (2f - maxFile)``, other leapers ``10 * (1 + slow) * (f + max(min(r,
maxRank - r), 1) - maxFile / 2)`` with f the distance to the nearer edge file.

Runs the engine named by ``VD_FAIRY_STOCKFISH`` (``.ci/run`` sets it when ../shared has the
build); skipped with that reason otherwise. The variants are written by our own exporter.
"""

import os
import re
import subprocess

import pytest

from designer.balance.fsf_betza import QUIET, from_betza
from designer.balance.fsf_estimate import fsf_estimates
from designer.formats.fsf_ini import write
from designer.variant.model import PieceType, Variant

ENGINE = os.environ.get("VD_FAIRY_STOCKFISH", "")
pytestmark = pytest.mark.skipif(not ENGINE or not os.access(ENGINE, os.X_OK),
                                reason="no Fairy-Stockfish build: set VD_FAIRY_STOCKFISH (.ci/run "
                                "does when ../shared/engines/fairy-stockfish exists)")
_MATERIAL = re.compile(r"\|\s+Material \|.*\|\s+(-?[\d.]+)\s+(-?[\d.]+) \|")


def _fen(files, ranks, square, letter):
    rows = []
    for r in range(ranks - 1, -1, -1):
        cells = [""] * files
        if r == ranks - 1:
            cells[files // 2] = "k"
        if r == ranks - 2:
            cells[0] = "p"
        if r == 1:
            cells[0] = "P"
        if r == 0:
            cells[files // 2] = "K"
        if (square[0], r) == square:
            cells[square[0]] = letter
        row, empty = "", 0
        for c in cells:
            if c:
                row += (str(empty) if empty else "") + c
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def _engine_material(ini: str, name: str, fens: list[str], tmp_path) -> list[tuple[int, int]]:
    path = tmp_path / "values.ini"
    path.write_text(ini)
    cmds = ["uci", f"setoption name VariantPath value {path}",
            f"setoption name UCI_Variant value {name}"]
    for fen in fens:
        cmds += [f"position fen {fen}", "eval"]
    out = subprocess.run([ENGINE], input="\n".join(cmds + ["quit"]) + "\n", capture_output=True,
                         text=True, timeout=60).stdout
    return [(round(float(a) * 208), round(float(b) * 208)) for a, b in _MATERIAL.findall(out)]


def _bonus(betza, square, files, ranks, builtin):
    if builtin in ("knight", "horse"):
        # psqt.cpp: built-in knights (and the horse) take the classical table,
        # Bonus[KNIGHT][RANK_3][FILE_D] = S(12, 29) on the third rank, files d and beyond
        assert square[1] == 2 and min(square[0], files - 1 - square[0]) >= 3
        return 12, 29
    info = from_betza(betza)
    f = min(square[0], files - 1 - square[0])
    r = square[1]
    edge = max(min(r, ranks - 1 - r), 1)
    if info.slides_or_hops:
        b = 5 * (2 * f + edge - (files - 1) - 1)
    elif (quiet := info.table("steps", 0, QUIET)) and not any(d[1] < 0 for d in quiet):
        b = 5 * (2 * f - (files - 1))
    else:
        slow = not any(max(abs(d[0]), abs(d[1])) > 1 for d in quiet)
        b = 10 * (1 + slow) * (f + edge - (files - 1) // 2)
    return b, b


FIDE = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# custom leapers, riders, hoppers, a lame leaper, a pawn-like piece; built-in compounds
CASES = ["N", "WD", "R2", "B2", "NN", "mRcpR", "mBcpB", "gQ", "nN", "fsW", "KN", "QN", "BN", "RN"]


@pytest.mark.parametrize("files,ranks", [(8, 8), (10, 8), (12, 10)])
def test_the_engine_uses_the_values_we_show(files, ranks, tmp_path):
    square = (files // 2 - 1, 2)
    mismatches = []
    for i, betza in enumerate(CASES):
        v = Variant(f"Values{files}x{ranks}x{i}", files, ranks, (
            PieceType("K", "King", "K", royal=True), PieceType("P", "Pawn", "fmWfceFifmnD"),
            PieceType("Q", "Queen", "Q"), PieceType("X", "Test", betza)),
            _fen(files, ranks, (0, 0), "") if files != 8 else FIDE)
        ours = fsf_estimates(v)["X"]
        value = ours.table if ours.used == "table" else ours.formula
        assert value is not None, betza
        name = re.search(r"^\[([^\]:]+)", write(v), re.M).group(1)
        (got,) = _engine_material(write(v), name, [_fen(files, ranks, square, "X")], tmp_path)
        bonus = _bonus(ours.betza, square, files, ranks, ours.builtin if ours.used == "table"
                       else "")
        want = (value.mg + bonus[0], value.eg + bonus[1])
        if abs(got[0] - want[0]) > 1 or abs(got[1] - want[1]) > 1:   # two printed decimals
            mismatches.append((betza, ours.used, got, want))
    assert mismatches == []


def test_capablanca_compounds_get_the_scaled_table_values(tmp_path):
    from repo_data import ROOT
    from designer.formats.registry import read_any
    v = read_any(ROOT / "variants" / "capablanca.ini")
    est = fsf_estimates(v)
    text = write(v)
    name = re.search(r"^\[([^\]:]+)", text, re.M).group(1)
    fens = [_fen(10, 8, (4, 2), letter) for letter in "AC"]
    got = _engine_material(text, name, fens, tmp_path)
    # e3 on 10x8: the slider bonus is 5 * (2*4 + 2 - 9 - 1) = 0; two printed decimals
    for (mg, eg), letter in zip(got, "AC"):
        assert abs(mg - est[letter].table.mg) <= 1 and abs(eg - est[letter].table.eg) <= 1
    assert est["A"].table.mg == 2300                 # 2200 scaled for 10x8


@pytest.mark.parametrize("betzas", [("WD",), ("mR", "mR")])
def test_the_strongest_piece_of_a_variant_without_a_queen_gets_the_engines_bonus(betzas,
                                                                                  tmp_path):
    # psqt.cpp: the strongest piece type (the first of equals) gains max(Queen - v, 0) / 20
    pieces = tuple(PieceType(letter, f"Test {letter}", b) for letter, b in zip("XY", betzas))
    v = Variant(f"Strongest{len(betzas)}", 8, 8, (PieceType("K", "King", "K", royal=True),
                                                  PieceType("P", "Pawn", "fmWfceFifmnD"))
                + pieces, FIDE)
    est = fsf_estimates(v)
    name = re.search(r"^\[([^\]:]+)", write(v), re.M).group(1)
    square = (3, 2)
    got = _engine_material(write(v), name, [_fen(8, 8, square, p.letter) for p in pieces],
                           tmp_path)
    for (mg, eg), p in zip(got, pieces):
        e = est[p.letter]
        bonus = _bonus(e.betza, square, 8, 8, "")
        assert abs(mg - e.formula.mg - bonus[0]) <= 1 and abs(eg - e.formula.eg - bonus[1]) <= 1
    assert est["X"].formula.mg > est["X"].raw_formula.mg          # X is the strongest
    if len(pieces) > 1:
        assert est["Y"].formula == est["Y"].raw_formula             # its equal is not
