"""Warnings and fixes that are true: a quick fix changes the definition, a note that the
export rewrites a definition is only given when the file says it otherwise, and XBoard's
castling rule is only a warning for a piece XBoard does not castle with."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import engine_lines, xboard_ini
from designer.formats.from_xboard import parse_men
from designer.formats.options import tokenize
from designer.formats.xboard_common import xboard_limits
from designer.notation import NotationError, xboard_warnings

from format_samples import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [json.loads(line) for line in
            (ROOT / "designer" / "data" / "seed_examples.jsonl").read_text()
            .splitlines() if line.strip()]
DEFINITIONS = sorted({e["text"] for e in EXAMPLES if e.get("dialect", "xbetza") == "xbetza"} |
                     {p.notation for s in SAMPLES for p in xboard_ini.load(s).pieces
                      if p.dialect == "xbetza"} | {"KisO2", "QisO2", "isO2K", "mfW", "NN"})


def test_no_quick_fix_is_the_definition_itself():
    offered = 0
    for text in DEFINITIONS:
        try:
            warnings = xboard_warnings(text)
        except (NotationError, RecursionError, ValueError):
            continue
        for w in warnings:
            if w.fixed_text is not None:
                offered += 1
                assert w.fixed_text != text, (text, w.message)
    assert offered > 0            # the rule is about fixes that exist (mfW -> fmW, NN -> N0)


def _fide_with(letter, notation, royal=None):
    v = xboard_ini.load(ROOT / "variants" / "fide.ini")
    p = v.piece(letter)
    return v.with_piece(replace(p, notation=notation,
                                royal=p.royal if royal is None else royal))


def test_a_royal_king_castling_with_o_gets_no_warning_that_only_kings_castle():
    """moves.c MovesFromString: O with a number castles for the piece in XBoard's King slot
    (WhiteKing/BlackKing); any other piece gets it as a two-leg move."""
    king = _fide_with("K", "KisO2")
    assert not [w for w in xboard_limits(king) if "castles with `O`" in w.message]
    queen = _fide_with("Q", "QisO2")
    assert [w for w in xboard_limits(queen) if "castles with `O`" in w.message and
            w.piece == "Q"]


@pytest.mark.parametrize("variant", [_fide_with("K", "KisO2"), _fide_with("N", "mfWcfF"),
                                     _fide_with("Q", "QisO2")] +
                         [xboard_ini.load(s) for s in SAMPLES], ids=lambda v: v.name[:12])
def test_a_note_that_the_export_rewrites_a_definition_is_true(variant):
    """Where a note says the export rewrites a definition, the -men and the engine lines do
    say it otherwise; where the files say the definition as written, no note claims a rewrite."""
    text = xboard_ini.write(variant)
    options = {o.name: o.value for o in tokenize(text)[0]}
    men = parse_men(options.get("men", ""))
    pieces = {line.split()[1].rstrip("&"): line.split()[2] for line in
              engine_lines.write(variant).splitlines() if line.startswith("piece ")}
    for w in xboard_limits(variant):
        if "rewrites it" in w.message:
            p = variant.piece(w.piece)
            assert men.get(p.letter, p.notation) != p.notation or \
                pieces.get(p.letter, p.notation) != p.notation, (p.letter, w.message)
