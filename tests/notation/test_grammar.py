"""The reference grammars: what they accept, the context rules, the printed grammar, the diagrams.

The cases where the fast reader and the grammar first disagreed are kept here as named tests;
each expected reading comes from a seed sentence.
"""

from __future__ import annotations

import pytest

from designer.notation import NotationError, parse
from designer.notation.grammar import (
    accepts,
    grammar,
    grammar_text,
    railroad_html,
    reference_parse,
)
from designer.notation.grammar import RULES
from designer.notation._reader import B2_MODES, DIRECTION_LETTERS, XB_MODES


def both_reject(text: str, dialect: str) -> None:
    with pytest.raises(NotationError):
        parse(text, dialect)
    assert not accepts(text, dialect)


def test_every_named_production_has_a_sentence():
    for dialect in ("xbetza", "betza2"):
        _, productions = grammar(dialect)
        names = [p.name for p in productions]
        assert len(names) == len(set(names))
        for p in productions:
            assert p.doc and len(p.doc) > 10, p.name
            assert p.element.customName == p.name


def test_grammar_letters_are_the_readers_letters():
    text = {d: grammar_text(d) for d in ("xbetza", "betza2")}
    for letters, dialect in ((DIRECTION_LETTERS, "xbetza"), (XB_MODES, "xbetza"),
                             (DIRECTION_LETTERS + "a", "betza2"), (B2_MODES, "betza2")):
        assert "[" + "".join(sorted(letters)) + "]" in text[dialect], (letters, dialect)


# -- seed sentences the grammar reads ---------------------------------------------------------
def test_fide_pawn_has_four_moves_in_xbetza():
    # seed 004: "a FIDE Pawn would be fmWfceFifmnD"
    piece = reference_parse("fmWfceFifmnD")
    assert [p.legs[0].step.letter for p in piece.groups] == ["W", "F", "D"]
    assert piece.groups[2].legs[0].initial == 1 and piece.groups[2].legs[0].lame == "n"


def test_multi_leg_moves_share_their_atom_in_xbetza():
    # seed 004: "mamaK means three King steps"
    piece = reference_parse("mamaK")
    assert len(piece.groups) == 1 and len(piece.groups[0].legs) == 3


def test_mao_rider_repeats_a_group_in_betza2():
    # seed 004 'Quirky stuff': "(W-F)0 is the Mao-rider"
    leg = reference_parse("(W-F)0", "betza2").groups[0].legs[0]
    assert leg.range.count == 0 and len(leg.step.paths[0].legs) == 2


def test_plain_parentheses_mean_nothing_in_betza2():
    # seed 000: "(W) is exactly the same as W"
    assert reference_parse("(W)", "betza2") == reference_parse("W", "betza2")


def test_exponent_letters_in_betza2():
    # seed 004: "Nrf0 indicates a 'Rose'", "Rc0 describes a Rook that captures all enemies"
    assert reference_parse("Nrf0", "betza2").groups[0].legs[0].range.turn == "rf"
    assert reference_parse("Rc0", "betza2").groups[0].legs[0].range.modes[0].letter == "c"


def test_chain_operator_is_betza2_only():
    assert accepts("W-F", "betza2")
    both_reject("W-F", "xbetza")


# -- context rules --------------------------------------------------------------------------
@pytest.mark.parametrize("text, dialect", [
    ("U3", "xbetza"), ("U*", "betza2"),          # U takes no range
    ("njN", "xbetza"), ("jnA", "betza2"),        # n and j contradict
    ("qzN", "xbetza"),                            # q and z
    ("W100", "xbetza"), ("W00", "betza2"),       # ranges over 99, 00
    ("(1,99)", "xbetza"), ("(99,1)", "betza2"),  # leaps over 98
    ("ma@", "xbetza"), ("W-@", "betza2"),        # drops inside multi-leg moves
    ("xfxW-K", "betza2"), ("xxxW-K", "betza2"),  # eruption once per leg
    ("O2", "betza2"),                             # castling with a number is XBetza
])
def test_context_rules_reject_what_the_grammar_alone_allows(text, dialect):
    from designer.notation.grammar import grammar as g
    root, _ = g(dialect)
    root.parse_string(text, parse_all=True)   # structurally fine
    both_reject(text, dialect)


def test_every_context_rule_names_its_source():
    for rule in RULES:
        assert rule.says and rule.source and rule.dialects


def test_deep_nesting_is_refused_before_reading():
    text = "(" * 40 + "W" + ")" * 40
    both_reject(text, "betza2")


# -- where the fast reader was wrong (found by the differential tests) ----------------------
def test_chain_operator_before_a_closing_parenthesis_needs_a_leg():
    # seed 000 'Chaining': '-' joins two legs; (W-) has no second leg.
    both_reject("(W-)", "betza2")
    both_reject("(W-)03", "betza2")


def test_virgin_mark_goes_to_the_letter_it_follows():
    # seed 000: "When used directly with a c or d, it indicates that leg can only capture
    # virgin pieces": in cdci the i follows the (repeated) c.
    modes = {m.letter: m.virgin for m in parse("cdciW", "betza2").groups[0].legs[0].modes}
    assert modes == {"c": True, "d": False}
    assert parse("cdciW", "betza2") == reference_parse("cdciW", "betza2")


def test_a_repeated_virgin_capture_is_no_initial_move():
    leg = parse("ciciW", "betza2").groups[0].legs[0]
    assert leg.initial == 0 and leg.modes[0].virgin


def test_a_modality_takes_one_limiter():
    both_reject("c{N}{L}W", "betza2")
    both_reject("c{N}c{L}W", "betza2")
    assert parse("c{N,L}W", "betza2") == reference_parse("c{N,L}W", "betza2")


def test_exponent_modalities_are_a_set():
    # Rcc0 captures on the way exactly like Rc0 (modalities are letters of a set).
    assert parse("Rcc0", "betza2") == parse("Rc0", "betza2")


def test_no_number_on_o_in_betza2():
    both_reject("O0", "betza2")
    both_reject("O*", "betza2")
    assert parse("O0", "xbetza").groups[0].legs[0].step.letter == "O"


def test_drop_is_a_move_of_its_own_in_betza2_too():
    # seed 004 'Drops': @ puts a piece from the hand on the board; it cannot follow a leg.
    both_reject("W-@", "betza2")
    both_reject("(@)2", "betza2")
    assert parse("(@)", "betza2") == parse("@", "betza2")


def test_coordinate_leap_may_be_spaced_in_both_dialects():
    for dialect in ("xbetza", "betza2"):
        assert parse("( 1, 4 )", dialect) == parse("(1,4)", dialect)
        assert reference_parse("( 1, 4 )", dialect) == parse("(1,4)", dialect)


# -- the grammar as text and as diagrams ----------------------------------------------------
@pytest.mark.parametrize("dialect", ["xbetza", "betza2"])
def test_grammar_text_defines_every_name_it_uses(dialect):
    text = grammar_text(dialect)
    defined = {line.split("::=")[0].strip() for line in text.splitlines() if "::=" in line}
    assert "definition" in defined and "atom" in defined
    import re
    for line in text.splitlines():
        if "::=" not in line:
            continue
        body = line.split("::=", 1)[1]
        body = re.sub(r"'[^']*'|\[[^\]]*\]|/[^/]*/", "", body)
        for word in re.findall(r"[a-z][a-z-]+", body):
            assert word in defined, (word, line)


def test_grammar_text_lists_the_context_rules():
    assert "U takes no range" in grammar_text("xbetza")
    assert "x or xx at most once" in grammar_text("betza2")
    assert "x or xx" not in grammar_text("xbetza")


@pytest.mark.parametrize("dialect", ["xbetza", "betza2"])
def test_railroad_html_draws_the_productions(dialect):
    pytest.importorskip("railroad")
    html = railroad_html(dialect)
    assert html.count("<svg") >= 5
    for name in ("definition", "prefix", "atom", "range"):
        assert f">{name}" in html
    assert "U takes no range" in html
