"""The shared vocabulary: words from outside become a ``Side`` or a ``Dialect`` once, where they
enter, and a word that names neither is refused there with the word and the choices; the move
classes the generator gives are exactly the members of ``MoveKind``."""

from __future__ import annotations

from typing import get_args

import pytest

from designer.engine.compile import program_for
from designer.engine.generate import targets
from designer.engine.moves import CLASSES
from designer.engine.position import Placed, PieceBoard
from designer.formats.svg import COLOURS, LABELS
from designer.vocabulary import (BETZA2, BEX, BLACK, SIDES, WHITE, XBETZA, MoveKind, parse_dialect,
                                 parse_side)


def test_the_vocabularys_own_words_are_taken_as_they_are():
    assert (parse_side("white"), parse_side("black")) == (WHITE, BLACK)
    assert (parse_dialect("xbetza"), parse_dialect("betza2"), parse_dialect("bex")) == \
        (XBETZA, BETZA2, BEX)


@pytest.mark.parametrize("word", ["purple", "White", " white", "w", "", None, 1, ["white"]])
def test_a_word_that_names_no_side_is_refused_with_the_word_and_the_choices(word):
    with pytest.raises(ValueError) as e:
        parse_side(word)
    assert repr(word) in str(e.value) and '"white" or "black"' in str(e.value)


@pytest.mark.parametrize("word", ["XBetza", "betza", "betza 2.0", "betza3", "", None, 2])
def test_a_word_that_names_no_dialect_is_refused_with_the_word_and_the_choices(word):
    with pytest.raises(ValueError) as e:
        parse_dialect(word)
    assert repr(word) in str(e.value) and '"xbetza", "betza2" or "bex"' in str(e.value)


def test_a_long_wrong_word_is_cut_short_in_the_message():
    with pytest.raises(ValueError) as e:
        parse_dialect("x" * 100_000)
    assert len(str(e.value)) < 100


def test_the_move_classes_are_the_members_of_move_kind_each_once():
    assert len(set(CLASSES)) == len(CLASSES)
    assert set(CLASSES) == set(get_args(MoveKind))


def test_the_svg_legend_has_a_colour_and_a_label_for_every_move_kind():
    assert set(COLOURS) == set(LABELS) == set(get_args(MoveKind))


def test_a_piece_of_neither_side_is_a_foe_of_either_side():
    """A rook on a1 and a neutral piece on a3: White's rook and Black's alike capture it and
    stop there (a foe blocks and is captured, seed 004)."""
    position = PieceBoard(8, 8, {(0, 2): Placed(None)})
    for side in SIDES:
        reached, captured = targets(program_for("R"), position, (0, 0), side)
        assert captured == {(0, 2)}
        assert (0, 1) in reached and (0, 3) not in reached


def test_each_typed_word_list_is_exactly_the_constants_its_layer_uses():
    """Token kinds, leg kinds, leg actions, document aspects and file formats: the vocabulary's
    ``Literal`` and the constants the reader, the compiler, the walker, the document and the
    format registry use are one set."""
    from designer.engine import moves as M
    from designer.engine import program as P
    from designer.notation import TOKEN_KINDS
    from designer.variant.aspects import EVERYTHING
    from designer.vocabulary import AspectName, LegAction, LegKind, TokenKind
    assert set(TOKEN_KINDS) == set(get_args(TokenKind)) and len(TOKEN_KINDS) == len(set(TOKEN_KINDS))
    assert {P.STEP, P.NULL, P.CASTLE, P.UNIVERSAL, P.DROP, P.REPLAY, P.ERUPT} == \
        set(get_args(LegKind))
    assert {getattr(M, n) for n in dir(M) if n.startswith("ACT_")} == set(get_args(LegAction))
    assert EVERYTHING == set(get_args(AspectName))
    from designer.formats.registry import FORMAT_NAMES, FORMATS, format_named
    from designer.vocabulary import FormatName
    assert sorted(FORMAT_NAMES) == sorted(get_args(FormatName))
    assert all(format_named(f.name) is f for f in FORMATS)


def test_the_modality_order_is_spelled_once():
    from designer.notation import _reader as parser
    from designer.notation.xboard import _reading
    from designer.vocabulary import MODALITY_ORDER, XBETZA_MODALITIES
    assert parser.MODE_ORDER is MODALITY_ORDER and parser.XB_MODES is XBETZA_MODALITIES
    assert _reading.MODE_ORDER is XBETZA_MODALITIES
    assert MODALITY_ORDER.startswith(XBETZA_MODALITIES)
