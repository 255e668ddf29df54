"""The Bex reader: cases derived by hand from the seeds' description of Bex (seed 001 "Bex
notation", seed 002), each with the moves it must make on a board drawn square by square and
the Betza 2.0 form it must read as; the parts the move model cannot hold are positioned errors.

Board diagrams (9x9, ranks 9 to 1 from the top, files a to i): ``o`` the piece, ``.`` an empty
square it cannot reach, ``*`` an empty square it moves to, ``#`` a friend, ``x`` a foe it cannot
take, ``X`` a foe it takes by moving there.
"""

from __future__ import annotations

import pytest

from designer.engine.api import Query
from designer.engine.question import answer
from designer.notation import NotationError, format_piece, parse
from designer.notation.grammar import accepts, grammar_text

FILES = "abcdefghi"


def _name(sq: tuple[int, int]) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def _board(diagram: str) -> tuple[str, list[str], list[str], set[tuple[str, tuple[str, ...]]]]:
    """(origin, friends, foes, expected (destination, removed) pairs) of a diagram."""
    origin, friends, foes, expected = "", [], [], set()
    rows = [line.split() for line in diagram.strip().splitlines()]
    assert len(rows) == 9 and all(len(r) == 10 for r in rows), "9 ranks of a number and 9 squares"
    for row in rows:
        rank = row[0]
        for f, mark in zip(FILES, row[1:]):
            sq = f"{f}{rank}"
            if mark == "o":
                origin = sq
            elif mark == "#":
                friends.append(sq)
            elif mark in "xX":
                foes.append(sq)
            if mark == "*":
                expected.add((sq, ()))
            elif mark == "X":
                expected.add((sq, (sq,)))
    return origin, friends, foes, expected


def _moves(text: str, origin: str, friends: list[str], foes: list[str],
           dialect: str = "bex") -> set[tuple[str, tuple[str, ...]]]:
    q = Query(text, dialect, 9, 9, origin, tuple(friends), tuple(foes)).question()  # type: ignore[arg-type]
    return {(_name(m.destination), tuple(sorted(_name(s) for s in m.removed)))
            for m in answer(q).moves}


# (Bex text, the Betza 2.0 form it reads as, the board with its moves, where the case comes from)
CASES = [
    ("mW-F", "mW-F", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . * . # . . . .
        5 . . . . o x . . .
        4 . . * . . . . . .
        3 . . . * . X . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    """, "seed 001: the Xiangqi horse, a W step to a square that must be empty (the friend on "
         "e6 and the foe on f5 block it), then a diagonal outward step that can do anything"),
    ("(1,4)", "(1,4)", """
        9 . . . * . X . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 * . . . # . . . *
        5 . . . . o . . . .
        4 * . . . . . . . *
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . * . * . . .
    """, "seed 001: (1,4) is the giraffe, a leaper (the friend on e6 does not block it)"),
    ("W3", "W3", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . X . . . .
        6 . . . . * . . . .
        5 . . # * o * * * .
        4 . . . . * . . . .
        3 . . . . * . . . .
        2 . . . . * . . . .
        1 . . . . . . . . .
    """, "seed 001: a range is an exponent w.r.t. '-': up to three W steps on"),
    ("W03", "W03", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . x . . . .
        6 . . . . . . . . .
        5 . . # . o . . * .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . * . . . .
        1 . . . . . . . . .
    """, "seed 001: a leading zero means exactly three steps (blocked where a step is)"),
    ("W*", "W0", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . X . . . .
        6 . . . . * . . . .
        5 * * * * o * * * *
        4 . . . . * . . . .
        3 . . . . * . . . .
        2 . . . . * . . . .
        1 . . . . * . . . .
    """, "seed 001: * as exponent is any number of steps: the rook"),
    ("K--K", "K-aK", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . * * * * * . .
        6 . . * * X * * . .
        5 . . * * * * * . .
        4 . . * * * * * . .
        3 . . * * * * * . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    """, "seed 001: -- goes on in any direction (seed 002: K-aK); every square two king steps "
         "away, the foe on e6 taken by a last step onto it, and the square of origin (seed 002: "
         "a king step and back is the lion's null move)"),
    ("W+F", "WF", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . * X * . . .
        5 . . . * o * . . .
        4 . . . * * * . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    """, "seed 001: + is concatenation written for readability: W+F moves as WF, the king"),
    ("nN", "nN", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . * . . . . .
        6 . . * . # # * . .
        5 . . . . o . . . .
        4 . . * . . . * . .
        3 . . . * . * . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    """, "seed 001: Bex reads nN as a multi-path piece that may leap if one of the shortest "
         "king-step paths is free: f7 (by e6 or f6) is blocked, d7 (by d6) and g6 (by f5) "
         "are not"),
    ("O", "O", """
        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . . . . .
        6 . . . . . . . . .
        5 . . . . * . . . .
        4 . . . . . . . . .
        3 . . . . . . . . .
        2 . . . . . . . . .
        1 . . . . . . . . .
    """, "seed 001: O is a (0,0) step, a turn pass (the piece stays on e5)"),
]


@pytest.mark.parametrize("text,betza2,diagram,why", CASES, ids=[c[0] for c in CASES])
def test_each_bex_case_reads_as_its_betza2_form_and_makes_its_moves(text, betza2, diagram, why):
    piece = parse(text, "bex")
    assert format_piece(piece) == betza2, why
    origin, friends, foes, expected = _board(diagram)
    origin = origin or "e5"    # the pass: its target (*) is the square it stands on
    assert _moves(text, origin, friends, foes) == expected, why
    # the Betza 2.0 form, read as Betza 2.0, makes the same moves
    assert _moves(betza2, origin, friends, foes, "betza2") == expected


# Exotic captures: where the piece ends and which square it empties, written out by hand.
EXOTICS = [
    # seed 001: rifle capture "annihilating enemy pieces without moving" (Betza 2.0 cN-bN)
    ("[rK]", "cK-bK", ["d5"], ["e6"], {("e5", ("e6",))}),
    # seed 001: o as final step returns to the square of origin: a knight's rifle capture
    ("cN-[xo]", "cN-bN", [], ["f7", "d3"], {("e5", ("f7",)), ("e5", ("d3",))}),
    # seed 002: the withdrawer's capture cK-bK-mQ: away from the foe on e4, taking it
    ("[w]Q", "cK-bK-mQ", ["e8"], ["e4"], {("e6", ("e4",)), ("e7", ("e4",))}),
    # capture by approach: it stops on e7, next to the foe on e8, and takes it
    ("[a]Q", "mQ-cK-bK", [], ["e8"], {("e7", ("e8",))}),
    # seed 001: rook-like jump captures cR-mR: over the foe on e7, landing beyond it
    ("[l]R", "cR-mR", [], ["e7"], {("e8", ("e7",)), ("e9", ("e7",))}),
]


@pytest.mark.parametrize("text,betza2,friends,foes,expected", EXOTICS, ids=[e[0] for e in EXOTICS])
def test_exotic_captures_read_as_the_seeds_betza2_paths(text, betza2, friends, foes, expected):
    assert format_piece(parse(text, "bex")) == betza2
    assert _moves(text, "e5", friends, foes) == expected


def test_a_swap_changes_places_with_the_piece_a_knights_leap_away():
    # seed 001: "A swap can thus be written as cdN-buN-bN"
    assert format_piece(parse("[xsN]", "bex")) == "cdN-buN-bN"
    q = Query("[xsN]", "bex", 9, 9, "e5", ("f7",), ()).question()
    (move,) = answer(q).moves
    assert (_name(move.destination), [_name(s) for s in move.placed]) == ("f7", ["e5"])


# What the move model cannot hold: a positioned error that says so, never another piece.
ERRORS = [
    ("[xiK]", (0, 5), "immobilising"),
    ("R-[x!iK]", (2, 8), "mobilising"),
    ("KyR", (1, 2), "royalty"),
    ("fmWfcF=Q,R,B,N", (6, 14), "promotion"),
    ("mW-lF", (3, 4), "no directions on a continuation leg"),
    ("K--fK", (3, 4), "no directions on a continuation leg"),
    ("[q]R", (0, 3), "not an exotic"),
    ("[a]cQ", (3, 4), "capture mode"),       # c + the approach's m would silently be mc
    ("[w]fQ", (3, 4), "capture mode"),       # the withdrawal's capture goes the other way
    ("f[w]Q", (0, 1), "would change what it does"),
    ("c[rK]", (0, 1), "would change what it does"),
    ("K-[xo]-K", (2, 7), "ends the move"),
    ("W-F-[xo]", (4, 8), "single leg"),
]


@pytest.mark.parametrize("text,span,says", ERRORS, ids=[e[0] for e in ERRORS])
def test_what_the_move_model_cannot_hold_is_a_positioned_error(text, span, says):
    with pytest.raises(NotationError) as e:
        parse(text, "bex")
    first = e.value.problems[0]
    assert (first.start, first.end) == span
    if says:
        assert says in first.message


def test_errors_of_the_betza2_reading_point_into_the_bex_text():
    with pytest.raises(NotationError) as e:
        parse("W+F--X", "bex")
    assert (e.value.start, e.value.end) == (5, 6)   # the X, after `W+F--` rewritten as `W F-a`


def test_bex_is_not_written_and_switching_keeps_betza2_meaning():
    piece = parse("mW-F+R", "bex")
    assert piece.dialect == "betza2"
    assert format_piece(piece) == "(mW-F)R"
    assert format_piece(parse("W*+F", "bex"), "xbetza") == "W0F"   # translated like Betza 2.0
    with pytest.raises(NotationError, match="reads, not one it writes"):
        format_piece(piece, "bex")


def test_the_reference_grammar_draws_bex():
    text = grammar_text("bex")
    assert "sequencing" in text and "'--' | '-'" in text and "exotic" in text
    for good in ("mW-F", "K--K", "W+F", "(W-F)2", "[rK]", "cN-[xo]"):
        assert accepts(good, "bex"), good
    for bad in ("W-", "[q]", "KyR", "[xiK]"):
        assert not accepts(bad, "bex"), bad


def test_a_bex_piece_reads_back_as_bex_from_our_file():
    from designer.formats import xboard_ini
    from designer.variant.model import PieceType, Variant
    v = Variant("bex", pieces=(PieceType("H", "Horse", "mW-F+[rK]", "bex"),
                               PieceType("K", notation="K", royal=True)))
    back = xboard_ini.read(xboard_ini.write(v)).piece("H")
    assert (back.dialect, back.notation) == ("bex", "mW-F+[rK]")


def test_describe_takes_dialect_bex_on_the_command_line(capsys):
    from designer.cli import main
    assert main(["describe", "--dialect", "bex", "mW-F"]) == 0
    assert "canonical (betza2): mW-F" in capsys.readouterr().out
    assert main(["describe", "--dialect", "bex", "KyR"]) == 2
    assert "column 2: royalty" in capsys.readouterr().err
