"""Every Fairy-Stockfish export loads in pyffish, and every piece it contains moves there
exactly as our interpreter reads the piece's notation, on a few positions per piece.

As ``vectors/README.md`` describes, moves are compared in a king-less throw-away copy of the
exported section (the royal piece declared as an ordinary custom piece), so that check rules
play no part. What is not compared is listed below with the reason, never taken from the
exporter: samples Fairy-Stockfish cannot load at all, and pieces it cannot play (the exporter
must leave exactly those out of the section).
"""

import itertools
import re
from dataclasses import replace

import pytest

from designer.engine.api import Query, split_targets
from designer.engine.question import answer
from designer.geometry.board import square_name
from designer.formats import fsf_ini
from designer.formats.fsf_plan import pieces_data
from designer.variant.fen import base_letter, parse_fen

from pyffish_board import board_fen, destinations

sf = pytest.importorskip("pyffish")
_count = itertools.count()

# Samples Fairy-Stockfish cannot load: (stem) -> reason.
NOT_LOADABLE = {
    "chu": "12x12 board and 40 piece types (Fairy-Stockfish: at most 12x10, one letter each)",
    "sixteen": "16x16 board (Fairy-Stockfish: at most 12x10)",
    "cylinder": "every piece wraps round the board (o), which Fairy-Stockfish cannot play",
}
# Pieces Fairy-Stockfish cannot play, which the export must leave out: (stem, letter) -> why.
LEFT_OUT = {
    ("ultima", "L"): "(cQ-mQ)4: the Long Leaper's chained captures are multi-leg moves",
    ("ultima", "W"): "(cK-bmK-mQ): the Withdrawer's capture is a multi-leg move",
}


def standalone(sample):
    """The sample's section written stand-alone (every piece declared, no parent), as the
    export writes it before choosing a built-in parent to inherit from."""
    return f"[{fsf_ini.section_name(sample)}]\n" + "".join(
        f"{k} = {v}\n" for k, v in fsf_ini.section_keys(sample))


def section_keys(text):
    """key -> value of the section's lines (what Fairy-Stockfish reads)."""
    return {k.strip(): v.strip() for k, _, v in
            (l.partition("=") for l in text.splitlines() if "=" in l and not l.startswith(("#", ";")))}


def exported_letters(text):
    """Fairy-Stockfish letter -> (key, betza) of every piece the section declares."""
    out = {}
    for key, value in section_keys(text).items():
        if key.startswith("customPiece") or key == "king" or key in pieces_data():
            letter, _, betza = value.partition(":")
            if len(letter) == 1:
                out[letter] = (key, betza)
    return out


def fsf_letter(sample, letter, text):
    """The letter Fairy-Stockfish gets for ours: a promoted +X is the target of X's
    promotedPieceType entry; any other letter is its own in lower case."""
    if letter.startswith("+"):
        pairs = dict(p.split(":") for p in section_keys(text).get("promotedPieceType", "").split())
        return pairs.get(letter[1].lower())
    return letter.lower()


@pytest.fixture
def loadable(sample_path, sample):
    if sample_path.stem in NOT_LOADABLE:
        pytest.skip(NOT_LOADABLE[sample_path.stem])
    return sample_path.stem, sample


def test_export_leaves_out_exactly_the_pieces_fairy_stockfish_cannot_play(loadable):
    stem, sample = loadable
    text = standalone(sample)
    declared = set(exported_letters(text))
    expected_out = {l for (s, l) in LEFT_OUT if s == stem}
    for p in sample.pieces:
        fl = fsf_letter(sample, p.letter, text)
        if p.letter in expected_out:
            assert fl not in declared, (p.letter, LEFT_OUT[(stem, p.letter)])
        else:
            assert fl in declared, p.letter
    problems = {p.piece for p in fsf_ini.fsf_problems(sample) if p.severity == "error"}
    assert problems == expected_out


def test_export_loads_and_start_position_is_valid(loadable):
    stem, sample = loadable
    v = replace(sample, name=f"vdload{next(_count)}")
    sf.load_variant_config(fsf_ini.write(v))
    name = fsf_ini.section_name(v)
    assert name in sf.variants()
    fen = sf.start_fen(name)
    assert sf.validate_fen(fen, name) == sf.FEN_OK
    gone = {l for (s, l) in LEFT_OUT if s == stem}
    ours = {sq: t for sq, t in parse_fen(sample.setup).board.items()
            if base_letter(t) not in gone}
    assert parse_fen(fen).board == ours
    assert sf.legal_moves(name, fen, [])


def throwaway(text):
    """A king-less copy of an exported section, loaded into pyffish; returns its name."""
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
        if key in ("startFen", "pieceToCharTable") or key.startswith(("castling", "mobility",
                                                                      "flyingGeneral")) \
                or line.startswith("["):
            continue                     # rules beyond the piece's moves: compared elsewhere
        keep.append(line)
    if king_line:
        letter, _, betza = king_line.partition(":")
        keep.append(f"customPiece{customs + 1} = {letter}:{betza or 'K'}")
    name = f"vdthrow{next(_count)}"
    keep += ["castling = false", "checking = false"]
    sf.load_variant_config(f"[{name}]\n" + "\n".join(keep) + "\n")
    return name


def moves_at(v, p, side, square):
    """The piece's moves on ``square``: its own, or those its rules give it in a region there
    (the Xiangqi soldier's sideways steps across the river)."""
    rules = v.rule_set.piece_rules(p.letter) if v.rule_set else None
    for regional in rules.moves_in if rules else ():
        if square in regional.region.of(side).squares(v.files, v.ranks):
            return regional.notation, regional.dialect
    return p.notation, p.dialect


def positions(v):
    """(origin, friends, foes) triples: centre empty, centre crowded, near a corner."""
    cf, cr = v.files // 2, v.ranks // 2
    crowd_foes = [(cf + 1, cr + 1), (cf, cr + 2), (cf - 2, cr - 1), (cf - 1, cr)]
    crowd_friends = [(cf + 1, cr), (cf - 1, cr - 1)]
    return [((cf, cr), [], []), ((cf, cr), crowd_friends, crowd_foes), ((1, 1), [], [(2, 3)]),
            ((0, cr), [], [(v.files - 1, cr + 1)])]


def test_each_piece_moves_as_fairy_stockfish_plays_it(loadable):
    stem, sample = loadable
    text = standalone(sample)
    declared = exported_letters(text)
    name = throwaway(text)
    blocker = next((fl for fl, (key, _) in declared.items() if key in ("rook", "knight")),
                   next(iter(declared)))
    checked = 0
    for p in sample.pieces:
        if (stem, p.letter) in LEFT_OUT:
            continue
        fl = fsf_letter(sample, p.letter, text)
        pawnlike = declared[fl][0] == "pawn"
        for side in ("white", "black"):
            for origin, friends, foes in positions(sample):
                if side == "black":
                    origin = (origin[0], sample.ranks - 1 - origin[1])
                    friends = [(f, sample.ranks - 1 - r) for f, r in friends]
                    foes = [(f, sample.ranks - 1 - r) for f, r in foes]
                tok = fl.upper() if side == "white" else fl
                if p.letter.startswith("+"):
                    tok = "+" + (p.letter[1] if side == "white" else p.letter[1].lower())
                board = {origin: tok}
                for sq in friends:
                    board[sq] = blocker.upper() if side == "white" else blocker
                for sq in foes:
                    board[sq] = blocker if side == "white" else blocker.upper()
                fen = board_fen(sample.files, sample.ranks, board.get) + \
                    ("[]" if sample.drops else "") + f" {side[0]} - - 0 1"
                got_m, got_c = set(), set()
                for dest in destinations(sf, name, fen, origin):
                    (got_c if dest in board else got_m).add(square_name(dest))
                start = parse_fen(sample.setup).board
                home = {r for (f, r), t in start.items()
                        if t == (p.letter if side == "white" else p.letter.lower())}
                virgin = not pawnlike or origin[1] in home
                notation, dialect = moves_at(sample, p, side, origin)
                q = Query(notation, dialect, sample.files, sample.ranks,
                          square_name(origin), tuple(square_name(s) for s in friends),
                          tuple(square_name(s) for s in foes), side, virgin)
                ours = split_targets(answer(q.question()))
                assert (got_m, got_c) == (set(ours[0]), set(ours[1])), \
                    (p.letter, p.notation, declared[fl], side, fen)
                checked += 1
    assert checked >= 6


@pytest.mark.parametrize("stem", ["fide", "capablanca", "crazyhouse"])
def test_exported_castling_moves_the_king_as_xboard_does(stem):
    """XBoard's built-in castling (formats.md §1.5): the King jumps (W+2)/4 squares towards an
    unmoved corner Rook; the export must make Fairy-Stockfish do the same."""
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


def test_the_mao_is_exported_as_the_piece_it_is():
    """Issue of the Mao (mafsW: a step then a diagonal step outward, blocked like the Xiangqi
    horse): Fairy-Stockfish ignores `a` and would play d4-c4, d5, e4. The export must give it
    the eight horse leaps that are not blocked (seed 004: the Mao is the Xiangqi horse)."""
    from designer.variant.model import PieceType, Variant
    v = Variant(f"vdmao{next(_count)}", pieces=(
        PieceType("M", "Mao", "mafsW"), PieceType("K", "King", "K", royal=True)),
        setup="4k3/8/8/8/3M4/8/8/4K3 w - - 0 1")
    text = fsf_ini.write(v, with_designer=False)
    # Fairy-Stockfish's predefined horse is nN (piece.cpp), or a custom piece nN
    assert re.search(r"^(horse = m|customPiece\d+ = m:nN)$", text, re.M), text
    name = throwaway(text)
    got = destinations(sf, name, "4k3/8/8/8/3M4/8/8/4K3 w - - 0 1", (3, 3))
    # knight leaps from d4; none blocked on this board
    assert {square_name(s) for s in got} == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}
    blocked = destinations(sf, name, "4k3/8/8/3K4/3M4/8/8/8 w - - 0 1", (3, 3))
    # a piece on d5 blocks the two leaps that start forward (c6, e6), as XBoard's mafsW does
    assert {square_name(s) for s in blocked} == {"b3", "b5", "c2", "e2", "f3", "f5"}
