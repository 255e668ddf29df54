"""Every Fairy-Stockfish export loads in pyffish, and for each piece on a few positions
Fairy-Stockfish's legal moves equal our interpreter's targets.

As ``vectors/README.md`` describes, moves are compared in a king-less throw-away copy of the
exported section (the royal piece declared as an ordinary custom piece), so that check rules
play no part; pieces our exporter reports as not expressible are left out.
"""

import itertools

import pytest

from designer.engine.api import Query, answer, split_targets
from designer.engine.geometry import square_name
from designer.formats import fsf_ini
from designer.variant.fen import parse_fen

from pyffish_board import destinations

sf = pytest.importorskip("pyffish")
_count = itertools.count()


def exportable(v):
    return not [p for p in fsf_ini.fsf_problems(v) if p.severity == "error"]


def test_export_loads_and_start_position_is_valid(sample):
    if not exportable(sample):
        pytest.skip("reported as not expressible for Fairy-Stockfish")
    from dataclasses import replace
    v = replace(sample, name=f"vdload{next(_count)}")
    sf.load_variant_config(fsf_ini.write(v))
    name = fsf_ini.section_name(v)
    assert name in sf.variants()
    fen = sf.start_fen(name)
    assert sf.validate_fen(fen, name) == sf.FEN_OK
    assert parse_fen(fen).board == parse_fen(sample.setup).board
    assert sf.legal_moves(name, fen, [])


def throwaway(v):
    """A king-less copy of the exported section; returns (name, letter map)."""
    text = fsf_ini.write(v, with_designer=False)
    letters = fsf_ini._letters(v)
    keep = []
    customs = 0
    king_line = None
    for line in text.splitlines()[1:]:
        key = line.split("=")[0].strip()
        if key.startswith("customPiece"):
            customs += 1
        if key == "king":
            king_line = line.split("=", 1)[1].strip()
            continue
        if key in ("startFen", "pieceToCharTable", "castling", "castlingKingsideFile",
                   "castlingQueensideFile", "castlingRank") or line.startswith("["):
            continue
        keep.append(line)
    if king_line:
        letter, _, betza = king_line.partition(":")
        keep.append(f"customPiece{customs + 1} = {letter}:{betza or 'K'}")
    name = f"vdthrow{next(_count)}"
    keep += ["castling = false", "checking = false"]
    sf.load_variant_config(f"[{name}]\n" + "\n".join(keep) + "\n")
    return name, letters


def fsf_targets(name, v, fen, origin):
    moves, caps = set(), set()
    board = parse_fen(fen).board
    for dest in destinations(sf, name, fen, origin):
        (caps if dest in board else moves).add(square_name(dest))
    return sorted(moves), sorted(caps)


def positions(v):
    """(origin, friends, foes) triples: centre empty, centre crowded, near a corner."""
    cf, cr = v.files // 2, v.ranks // 2
    crowd_foes = [(cf + 1, cr + 1), (cf, cr + 2), (cf - 2, cr - 1), (cf - 1, cr)]
    crowd_friends = [(cf + 1, cr), (cf - 1, cr - 1)]
    return [((cf, cr), [], []), ((cf, cr), crowd_friends, crowd_foes), ((1, 1), [], [(2, 3)]),
            ((0, cr), [], [(v.files - 1, cr + 1)])]


def fen_with(v, piece_tok, origin, friends, foes, side, blocker, drops):
    rows = []
    for r in range(v.ranks - 1, -1, -1):
        row, run = "", 0
        for f in range(v.files):
            sq = (f, r)
            tok = piece_tok if sq == origin else blocker.upper() if sq in friends else \
                blocker.lower() if sq in foes else None
            if side == "black" and tok and sq != origin:
                tok = tok.swapcase()
            if tok is None:
                run += 1
                continue
            row += (str(run) if run else "") + tok
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + ("[]" if drops else "") + f" {'w' if side == 'white' else 'b'} - - 0 1"


def test_each_piece_moves_as_fairy_stockfish_plays_it(sample):
    if not exportable(sample):
        pytest.skip("reported as not expressible for Fairy-Stockfish")
    name, letters = throwaway(sample)
    decl, problems = fsf_ini._plan(sample)
    flagged = {p.piece for p in problems}
    plain = [letters[p.letter] for p in sample.pieces if p.letter in decl and
             decl[p.letter][0] not in ("pawn", "king") and not p.letter.startswith("+")]
    blocker = next((letters[p.letter] for p in sample.pieces
                    if decl.get(p.letter, ("",))[0] in ("rook", "knight", "bishop", "queen")),
                   plain[0] if plain else "k")
    testable = [p for p in sample.pieces if p.letter not in flagged and p.letter in decl]
    if not testable:
        pytest.skip("every piece is reported as played differently by Fairy-Stockfish")
    checked = 0
    for p in sample.pieces:
        if p.letter in flagged or p.letter not in decl:
            continue
        fl = letters[p.letter]
        pawnlike = decl[p.letter][0] == "pawn"
        for side in ("white", "black"):
            for origin, friends, foes in positions(sample):
                if side == "black":
                    origin = (origin[0], sample.ranks - 1 - origin[1])
                    friends = [(f, sample.ranks - 1 - r) for f, r in friends]
                    foes = [(f, sample.ranks - 1 - r) for f, r in foes]
                tok = ("+" if p.letter.startswith("+") else "") + (
                    fl.upper() if side == "white" else fl)
                if p.letter.startswith("+"):
                    tok = "+" + (p.letter[1] if side == "white" else p.letter[1].lower())
                fen = fen_with(sample, tok, origin, friends, foes, side, blocker, sample.drops)
                got = fsf_targets(name, sample, fen, origin)
                start = parse_fen(sample.setup).board
                home = {r for (f, r), t in start.items()
                        if t == (p.letter if side == "white" else p.letter.lower())}
                virgin = not pawnlike or origin[1] in home
                q = Query(p.notation, p.dialect, sample.files, sample.ranks,
                          square_name(origin), tuple(square_name(s) for s in friends),
                          tuple(square_name(s) for s in foes), side, virgin)
                ours = split_targets(answer(q))
                assert (set(got[0]), set(got[1])) == (set(ours[0]), set(ours[1])), \
                    (p.letter, p.notation, side, fen)
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize("stem", ["fide", "capablanca", "crazyhouse", "cylinder"])
def test_exported_castling_moves_the_king_as_xboard_does(stem):
    """XBoard's built-in castling (formats.md §1.5): the King jumps (W+2)/4 squares towards an
    unmoved corner Rook; the export must make Fairy-Stockfish do the same."""
    from dataclasses import replace
    from designer.formats import xboard_ini
    from format_samples import SAMPLES
    v = xboard_ini.load(next(p for p in SAMPLES if p.stem == stem))
    v = replace(v, name=f"vdcastle{next(_count)}")
    sf.load_variant_config(fsf_ini.write(v, with_designer=False))
    name = fsf_ini.section_name(v)
    start = parse_fen(v.setup)
    board = {sq: t for sq, t in start.board.items() if t.upper() not in "NBQAC" or sq[1] not in
             (0, v.ranks - 1)}
    fen = fsf_ini.write_fen(replace(start, board=board))
    assert sf.validate_fen(fen, name) == sf.FEN_OK
    king = next(f for (f, r), t in board.items() if t == "K" and r == 0)
    step = (v.files + 2) // 4
    files = "abcdefghijkl"
    moves = sf.legal_moves(name, fen, [])
    assert f"{files[king]}1{files[king + step]}1" in moves
    assert f"{files[king]}1{files[king - step]}1" in moves
