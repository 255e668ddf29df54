"""One question, one answer: the window and the ``targets`` command ask the core the same
``Question`` (castling rights, XBoard's built-in castling, neutral pieces, drops, the promotion
zone) and get the same squares."""

import json

import pytest

from designer.commands.targets import answer_line
from designer.engine.analysis import analyse
from designer.engine.question import Question
from designer.formats.registry import read_any
from designer.geometry.board import square_name
from designer.variant.probes import from_setup, question_for
from repo_data import ROOT

SAMPLES = sorted((ROOT / "variants").glob("*.ini"))


def as_request(q: Question) -> dict:
    """The targets request that asks ``q`` (square names, as the command line reads them)."""
    def names(side):
        return [square_name(sq) for sq, p in q.pieces if p.side == side]

    other = "black" if q.side == "white" else "white"
    req = {"betza": q.text, "dialect": q.dialect, "files": q.files, "ranks": q.ranks,
           "square": square_name(q.origin), "side": q.side, "virgin": q.virgin,
           "royal": q.royal, "friends": names(q.side),
           "foes": [square_name(sq) for sq, p in q.pieces if p.side == other and not p.royal],
           "royal_foes": [square_name(sq) for sq, p in q.pieces if p.side == other and p.royal],
           "neutrals": names(None), "holes": [square_name(h) for h in sorted(q.holes)],
           "types": {square_name(sq): p.letter for sq, p in q.pieces if p.letter},
           "drops": q.drops, "castle": q.builtin_castle, "zone": q.zone}
    if q.castling is not None:
        req["castling"] = q.castling
    if q.ep is not None:
        req["ep"] = square_name(q.ep)
    return req


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_the_window_and_the_command_line_answer_every_sample_piece_alike(path):
    variant = read_any(path)
    for piece in variant.pieces:
        for side in ("white", "black"):
            q = question_for(variant, piece, from_setup(variant, piece.letter, side))
            window = analyse(q)
            line = answer_line(json.dumps(as_request(q)), details=False, warnings=False)
            if window.failure or window.reading.error is not None:
                assert "error" in line, (path.stem, piece.letter)
                continue
            moves = sorted(square_name(s) for s in {m.destination for m in window.moves
                                                    if not m.removed})
            captures = sorted(square_name(s) for s in {m.destination for m in window.moves
                                                       if m.removed})
            key = lambda n: (n[0], int(n[1:]))   # noqa: E731 - the contract's (file, rank) order
            assert line["moves"] == sorted(moves, key=key), (path.stem, piece.letter, side)
            assert line["captures"] == sorted(captures, key=key), (path.stem, piece.letter, side)
            if q.zone:
                assert line["promotions"] == sorted(
                    (square_name(s) for s in window.promotions), key=key)


def _king(rights: str | None, castle: int = 2) -> dict:
    req = {"betza": "K", "square": "e1", "friends": ["a1", "h1"], "royal": True,
           "castle": castle}
    if rights is not None:
        req["castling"] = rights
    return answer_line(json.dumps(req), warnings=False)


def test_the_command_line_castles_as_xboard_with_the_setups_rights():
    """XBoard's built-in castling for a King without O (moves.c): two squares towards an
    unmoved corner piece, on the wings the FEN's rights allow (chess: g1 and c1)."""
    assert {"c1", "g1"} <= set(_king("KQkq")["moves"])
    assert "g1" in _king("K")["moves"] and "c1" not in _king("K")["moves"]
    assert not {"c1", "g1"} & set(_king("-")["moves"])
    assert not {"c1", "g1"} & set(_king("KQ", castle=0)["moves"])


def test_a_neutral_piece_is_a_foe_of_both_sides():
    for side in ("white", "black"):
        out = answer_line(json.dumps({"betza": "R", "square": "a1", "side": side,
                                      "neutrals": ["a4"]}), warnings=False)
        assert "a4" in out["captures"] and "a5" not in out["moves"]


def test_the_promotion_zone_names_the_destinations_that_promote():
    out = answer_line(json.dumps({"betza": "fmWfcF", "square": "e7", "foes": ["d8"],
                                  "zone": 1}), warnings=False)
    assert out["moves"] == ["e8"] and out["captures"] == ["d8"]
    assert out["promotions"] == ["d8", "e8"]


@pytest.mark.parametrize("field,value", [("castle", -1), ("castle", "2"), ("zone", 100),
                                         ("castling", "KQ1"), ("drops", "yes"),
                                         ("neutrals", "a4")])
def test_bad_rule_fields_are_refused_naming_the_field(field, value):
    out = answer_line(json.dumps({"betza": "K", "square": "e1", field: value}))
    assert set(out) == {"error"} and f"`{field}`" in out["error"]
