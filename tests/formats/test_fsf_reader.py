"""The Fairy-Stockfish reader: every option of the variants.ini header is known and typed as
the engine's parser reads it, inheritance works as the engine's, and every option either
reaches our model or is named, with its line, as a rule the model cannot carry.

Expected behaviour comes from Fairy-Stockfish itself: its own header (the option list of
``tests/data/fsf/variants.ini``), and pyffish's reading of the same sections.
"""

import re

import pytest

from designer.formats import fsf_ini
from designer.formats.errors import FormatError
from designer.formats.fsf_config import configure
from designer.formats.fsf_import import import_section
from designer.formats.fsf_options import FIELDS, KNOWN_KEYS, OPTIONS, SPAN, Kind
from designer.formats.fsf_sections import parse_sections
from designer.formats.fsf_values import read_bitboard
from repo_data import FSF_DATA, ROOT


def config(text, name=None):
    sections = parse_sections(text, "t.ini")
    index = len(sections) - 1 if name is None else [s.name for s in sections].index(name)
    return configure(sections, index, "t.ini")


def header_options():
    """The options Fairy-Stockfish's own variants.ini header documents, with their types."""
    text = (FSF_DATA / "variants.ini").read_text()
    out = {}
    for m in re.finditer(r"^# ([a-z][A-Za-z0-9]*): ([^\n]*)$", text, re.M):
        kind = re.search(r"\[(\w+)\]", m[2])
        out[m[1]] = kind[1] if kind else None
    return out


def test_every_option_of_the_header_is_read():
    documented = header_options()
    assert len(documented) > 130
    family = {"mobilityRegion"}          # mobilityRegion<Colour><Piece>
    unknown = sorted(k for k in documented if k not in KNOWN_KEYS and k not in family and
                     k not in ("variantTemplate", "pieceToCharTable", "pocketSize"))
    assert unknown == []
    parser_list = (ROOT / "tests" / "rules" / "data" / "fsf_parser_options.txt").read_text()
    listed = [l.strip() for l in parser_list.splitlines() if l.strip() and
              not l.startswith("#") and "<" not in l]
    assert sorted(k for k in listed if k not in KNOWN_KEYS) == []


def test_header_types_are_ours():
    """The header's [type] of each option is the kind of the fields the option sets."""
    names = {"bool": Kind.BOOL, "Rank": Kind.RANK, "File": Kind.FILE, "int": Kind.INT,
             "PieceType": Kind.PIECE_TYPE, "PieceSet": Kind.PIECE_SET,
             "Bitboard": Kind.BITBOARD, "Value": Kind.VALUE,
             "CastlingRights": Kind.CASTLING_RIGHTS, "EnclosingRule": Kind.ENCLOSING_RULE,
             "WallingRule": Kind.WALLING_RULE, "ChasingRule": Kind.CHASING_RULE,
             "CountingRule": Kind.COUNTING_RULE, "MaterialCounting": Kind.MATERIAL_COUNTING}
    by_key = {o.key: o for o in OPTIONS}
    checked = 0
    for key, kind in header_options().items():
        if kind not in names or key not in by_key:
            continue
        fields = [FIELDS[f] for f in by_key[key].fields if not f.startswith("mainPromotion")]
        assert {f.kind for f in fields} == {names[kind]}, key
        checked += 1
    assert checked > 120


@pytest.mark.parametrize("text,squares", [
    ("*8", {(f, 7) for f in range(SPAN)}),
    ("a*", {(0, r) for r in range(SPAN)}),
    ("d4 e4 d5 e5", {(3, 3), (4, 3), (3, 4), (4, 4)}),
    ("-", set()), ("c3 - d4", {(2, 2)}),
    ("*10 j1", {(f, 9) for f in range(SPAN)} | {(9, 0)}),
])
def test_bitboards_read_squares_ranks_and_files(text, squares):
    r = read_bitboard(text)
    assert r.value == frozenset(squares) and not r.problem


def test_a_bad_bitboard_token_ends_the_list_with_a_warning_and_a_crash_is_an_error():
    r = read_bitboard("a1 b2 ~3 c3")
    assert r.value == {(0, 0), (1, 1)} and "~3" in r.problem and not r.fatal
    with pytest.raises(FormatError) as e:
        import_section("[x:chess]\nflagRegion = *x\n", file="v.ini")
    assert e.value.line == 2 and "crashes" in e.value.reason


@pytest.mark.parametrize("line,expect", [
    ("stalemateValue = lose", "win, loss, draw"),
    ("castling = yes", "true or false"),
    ("wallingRule = ducks", "arrow"),
    ("promotionPieceTypes = nbx", "'x'"),
    ("noSuchOption = 3", "no such option"),
    ("freeDrops = true", "built-in"),
])
def test_values_the_engine_reads_otherwise_are_warnings_with_their_line(line, expect):
    notices = fsf_ini.read_notices(f"[x:chess]\n{line}\n", None, "v.ini")
    assert {n.line for n in notices} == {2} and expect in notices[0].message, notices


def test_a_childs_piece_takes_its_letter_from_the_parents_piece():
    """Variant::add_piece: one letter, one piece; the queen is gone, the amazon took q."""
    c = config("[x:chess]\ncustomPiece1 = q:QN\n")
    assert c.piece("queen") is None and c.piece("customPiece1").letter == "Q"
    assert "queen" not in c.value("promotionPieceTypes.white")


def test_keys_apply_in_the_parsers_order_not_the_files():
    c = config("[x:chess]\npromotionPawnTypesWhite = n\npawnTypes = p\n")
    assert c.value("promotionPawnTypes.white") == {"knight"}
    assert c.value("promotionPawnTypes.black") == {"pawn"}
    assert c.value("enPassantTypes.white") == {"pawn"}


def test_letters_in_lists_are_the_pieces_of_the_section_that_names_them():
    """shatranj promotes to its fers (letter q there); a child renaming the fers keeps it."""
    c = config("[x:shatranj]\nfers = f\n")
    assert c.value("promotionPieceTypes.white") == {"fers"} and c.letter("fers") == "F"


def test_a_parent_is_a_builtin_before_a_section_of_the_same_name():
    text = "[chess]\nstalemateValue = win\n[x:chess]\n"
    assert config(text).value("stalemateValue") == "draw"
    notices = fsf_ini.read_notices(text, "chess", "v.ini")
    assert any("already exists" in n.message and n.line == 1 for n in notices)


def test_unknown_parent_is_a_positioned_error():
    with pytest.raises(FormatError) as e:
        fsf_ini.read("\n[a:nosuchvariant]\nmaxFile = 8\n", file="v.ini")
    assert e.value.line == 2 and "nosuchvariant" in e.value.reason


# -- every option reaches the model or is named -------------------------------------------
_BASE = "[base:chess]\ncustomPiece1 = x:mK\ncommoner = m\nsoldier = o\n"
_OTHER = {Kind.BOOL: None, Kind.INT: "7", Kind.RANK: "3", Kind.FILE: "b",
          Kind.TEXT: None, Kind.VALUE: None, Kind.BITBOARD: "d4 e5",
          Kind.PIECE_TYPE: "m", Kind.PIECE_SET: "xm", Kind.CASTLING_RIGHTS: "Kq",
          Kind.PIECE_COUNTS: "q:1", Kind.PROMOTED_TYPES: "x:m"}
# options that mean nothing for play (XBoard's display, the engine's evaluation): read and
# written back by the export's own choice, never rules
NOT_RULES = {"variantTemplate", "pieceToCharTable", "pieceValueMg", "pieceValueEg",
             "pocketSize"}


def _other_value(option):
    field = FIELDS[option.fields[0]]
    if field.kind is Kind.BOOL:
        return "false" if field.default else "true"
    if field.kind in (Kind.VALUE, Kind.MATERIAL_COUNTING, Kind.COUNTING_RULE,
                      Kind.CHASING_RULE, Kind.ENCLOSING_RULE, Kind.WALLING_RULE):
        from designer.formats.fsf_options import CHOICES
        return next(w for w in CHOICES[field.kind] if w not in (field.default, "none"))
    if option.key == "startFen":
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    return _OTHER[field.kind]


def _play(v):
    """What a variant plays: everything but names and XBoard's display."""
    return (v.files, v.ranks, v.setup, v.rule_set,
            tuple((p.letter, p.notation, p.royal) for p in v.pieces))


@pytest.mark.parametrize("option", [o for o in OPTIONS if not o.deprecated and
                                    o.key not in NOT_RULES], ids=lambda o: o.key)
def test_every_option_reaches_the_model_or_is_named(option):
    base = import_section(_BASE, file="v.ini").variant
    text = _BASE + f"{option.key} = {_other_value(option)}\n"
    got = import_section(text, file="v.ini")
    line = text.count("\n")
    named = [n for n in got.notices if n.line == line]
    assert _play(got.variant) != _play(base) or named, option.key


def test_every_corpus_section_reads_or_says_why():
    """The reader over Fairy-Stockfish's own file: every section imports; the rules it cannot
    carry are named (test_fsf_corpus.py plays them)."""
    text = (FSF_DATA / "variants.ini").read_text()
    names = fsf_ini.sections(text)
    assert len(names) == 143
    for name in names:
        v = fsf_ini.read(text, name, "variants.ini")
        assert [p for p in v.validate() if p.severity == "error"] == [], name


def test_a_board_beyond_the_engines_reads_with_a_warning():
    """Our own export of a 12x12 variant reads back; the engine's limit is named."""
    text = "[big:chess]\nmaxFile = 12\nmaxRank = 12\n" \
        "startFen = 12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1\npromotionRegionWhite = *12\n"
    got = import_section(text, file="v.ini")
    assert (got.variant.files, got.variant.ranks) == (12, 12)
    assert any(n.line == 3 and "at most 10 ranks" in n.message for n in got.notices)
