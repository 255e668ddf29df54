"""Round trips through the other XBoard-compatible outputs and Fairy-Stockfish's variants.ini:
reading back gives the same board, setup, letters and moves wherever the format can say it."""

import pytest

from designer.formats import engine_lines, fsf_ini, pgn_tags, xboard_fsf
from designer.formats.errors import FormatError
from designer.formats.registry import read_any
from designer.formats.xboard_common import xboard_betza
from designer.notation import format_piece, parse
from designer.variant.fen import parse_fen


from moves_compare import same_targets

# What the tests below do not compare, with the reason (never taken from the exporters):
# pieces whose moves have no XBetza form, so that no XBoard-facing file can carry them;
NO_XBETZA = {
    ("ultima", "L"): "(cQ-mQ)4: the Long Leaper's chained captures have no XBetza form",
    ("ultima", "W"): "(cK-bmK-mQ): the Withdrawer's capture has no XBetza form",
}
# samples Fairy-Stockfish cannot load, and pieces it cannot play;
FSF_NOT_LOADABLE = {
    "chu": "12x12 board and 40 piece types", "sixteen": "16x16 board",
    "cylinder": "every piece wraps round the board (o)",
}
FSF_LEFT_OUT = {("ultima", "L"): "multi-leg captures", ("ultima", "W"): "multi-leg capture"}
# samples whose letters are not those of XBoard's parent variant: (stem) -> ours -> XBoard's
# (backend.c InitPosition: xiangqi's table is PH.R.AE..K.C, a Horse H and an Elephant E).
XBOARD_LETTERS = {"xiangqi": {"N": "H", "B": "E"}}


def moves_of(v):
    """letter -> canonical XBetza of what XBoard can be told (None when nothing)."""
    out = {}
    for p in v.pieces:
        text = xboard_betza(p)
        out[p.letter] = format_piece(parse(text)) if text is not None else None
    return out


def same_setup(a, b, letters=None):
    sa, sb = parse_fen(a), parse_fen(b)
    if letters:
        def tr(t):
            new = letters.get(t.upper().lstrip("+"), t.upper().lstrip("+"))
            return new if t.isupper() else new.lower()
        sa = __import__("dataclasses").replace(sa, board={k: tr(t) for k, t in sa.board.items()})
    return (sa.board, sa.holes, sa.side, sa.castling, sa.hand or ()) == \
        (sb.board, sb.holes, sb.side, sb.castling, sb.hand or ())


def assert_same_pieces(stem, sample, back, letters=None, skip=()):
    """Every piece of ``sample`` is in ``back`` (under XBoard's letter when renamed) with the
    same moves, except the listed ones."""
    letters = letters or {}
    for p in sample.pieces:
        if (stem, p.letter) in skip:
            continue
        got = back.piece(letters.get(p.letter, p.letter))
        assert got is not None, p.letter
        assert same_targets(got.notation, got.dialect, p.notation, p.dialect, sample.files,
                            sample.ranks), (p.letter, p.notation, got.notation)


def test_pgn_round_trip_exact_with_our_data(sample):
    assert pgn_tags.read(pgn_tags.write(sample)) == sample


def test_pgn_tags_alone_give_the_same_game(sample_path, sample):
    """Without our data lines, the tags give what XBoard reads: the same board, position and
    moves, in XBoard's letters where its parent variant names the pieces otherwise."""
    stem = sample_path.stem
    back = pgn_tags.read(pgn_tags.write(sample), use_designer=False)
    letters = XBOARD_LETTERS.get(stem, {})
    assert (back.files, back.ranks, back.holdings, back.drops) == \
        (sample.files, sample.ranks, sample.holdings, sample.drops)
    assert same_setup(sample.setup, back.setup, letters)
    assert_same_pieces(stem, sample, back, letters, NO_XBETZA)


def test_pgn_writes_the_tags_xboard_writes(sample):
    """pgntags.c PrintPGNTags and backend.c SaveGamePGN: the seven-tag roster, Variant (not
    for normal chess, never with a size prefix), VariantMen, then FEN and SetUp."""
    text = pgn_tags.write(sample)
    names = [line.split()[0][1:] for line in text.splitlines() if line.startswith("[")]
    assert names[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    rest = [n for n in names[7:]]
    order = ["Variant", "VariantMen", "FEN", "SetUp"]
    assert rest == [n for n in order if n in rest]
    assert "FEN" not in rest or rest[-2:] == ["FEN", "SetUp"]
    import re
    assert not re.search(r'\[Variant "\d+x\d+', text)


def test_engine_lines_round_trip(sample_path, sample):
    text = engine_lines.write(sample)
    assert text.startswith("setup (")
    back = engine_lines.read(text)
    assert (back.files, back.ranks, back.holdings) == (sample.files, sample.ranks,
                                                       sample.holdings)
    assert back.setup == sample.setup
    assert_same_pieces(sample_path.stem, sample, back, skip=NO_XBETZA)


def test_engine_lines_read_fairy_stockfishs_own_output():
    # formats.md §1.2: captured from fairy-stockfish for its example variant
    text = ("setup (PNBRQ..A.........W..Kpnbrq..a.........w..k) 10x8+0_fairy "
            "rnwbqkbanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNWBQKBANR w KQkq - 0 1\n"
            "piece P& fmWfceFifmnD\npiece N& N\npiece B& B\npiece R& R\npiece Q& Q\n"
            "piece A& BN\npiece W& CF\npiece K& KO3\n")
    v = engine_lines.read(text)
    assert (v.files, v.ranks) == (10, 8)
    assert v.piece("W").notation == "CF" and v.piece("W").slot == 17   # Falcon slot
    assert v.piece("K").royal and v.piece("K").notation == "KO3"


def test_fsf_round_trip_exact_with_our_data(sample):
    assert fsf_ini.read(fsf_ini.write(sample)) == sample


def test_fsf_round_trip_from_the_section_alone(sample_path, sample):
    stem = sample_path.stem
    if stem in FSF_NOT_LOADABLE:
        pytest.skip(FSF_NOT_LOADABLE[stem])
    back = fsf_ini.read(fsf_ini.write(sample, with_designer=False))
    assert (back.files, back.ranks) == (sample.files, sample.ranks)
    gone = {l for (s, l) in FSF_LEFT_OUT if s == stem}
    assert {p.letter for p in back.pieces} == {p.letter for p in sample.pieces} - gone
    if not gone:
        assert same_setup(back.setup, sample.setup)
    assert_same_pieces(stem, sample, back, skip=FSF_LEFT_OUT)
    assert [p.letter for p in back.pieces if p.royal] == \
        [p.letter for p in sample.pieces if p.royal][:1]
    for p in sample.pieces:
        if p.letter in gone:
            continue
        if p.promotions:
            assert set(back.piece(p.letter).promotions) == set(p.promotions) - gone
        if p.promotes_to:
            got = back.piece(p.letter)
            assert p.promotes_to in (got.promotes_to, *got.promotions)


def test_format_b_round_trip(sample_path, sample, tmp_path):
    path = tmp_path / "game.ini"
    ini = xboard_fsf.save(path, sample)
    text = path.read_text()
    assert "-fcp " in text and "load" in text and "-variant " in text
    assert read_any(path) == sample
    if sample_path.stem not in FSF_NOT_LOADABLE:
        back = xboard_fsf.read(text, str(path), use_designer=False)
        assert_same_pieces(sample_path.stem, sample, back, skip=FSF_LEFT_OUT)
    assert ini.endswith(".variants.ini")


def test_fsf_import_inherits_from_a_builtin_parent():
    # formats.md §3 example [mychess:chess]
    text = ("[mychess:chess]\nmaxFile = j\nmaxRank = 8\ncustomPiece1 = a:BN\n"
            "customPiece2 = w:CF\n"
            "pieceToCharTable = PNBRQ..A.........W..Kpnbrq..a.........w..k\n"
            "startFen = rnwbqkbanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNWBQKBANR w KQkq - 0 1\n"
            "castlingKingsideFile = i\ncastlingQueensideFile = c\n"
            "promotionPieceTypes = qrbnaw\n")
    v = fsf_ini.read(text)
    assert (v.files, v.ranks) == (10, 8)
    assert {p.letter for p in v.pieces} == set("PNBRQKAW")
    assert v.piece("W").notation == "CF" and v.piece("K").royal
    assert set(v.piece("P").promotions) == set("QRBNAW")
    assert v.piece("P").notation == "fmWfceFifmnD"
    assert v.validate() == []


def test_fsf_import_reads_fairy_stockfish_letters_l_and_j():
    v = fsf_ini.read("[x]\ncustomPiece1 = a:L\ncustomPiece2 = b:J\nking = k\n"
                     "startFen = 8/8/8/8/8/8/8/AB5K w - - 0 1\n")
    assert v.piece("A").notation == "C" and v.piece("B").notation == "Z"


def test_fsf_unknown_parent_is_a_positioned_error():
    with pytest.raises(FormatError) as e:
        fsf_ini.read("\n[a:nosuchvariant]\nmaxFile = 8\n", file="v.ini")
    assert e.value.line == 2 and "nosuchvariant" in e.value.reason


def test_more_than_26_types_use_dressed_letters_through_every_xboard_format():
    from designer.formats import xboard_ini
    from designer.formats.ptc import parse_table
    from designer.variant.model import PieceType, Variant
    atoms = ["W", "F", "D", "N", "A", "H", "C", "Z", "G"]
    pieces = [PieceType("K", "King", "K", royal=True)]
    for i, letter in enumerate("ABCDEFGHIJLMNOPQRSTUVWXYZ"):
        pieces.append(PieceType(letter, notation=atoms[i % 9]))
    for letter in "ABCDE":
        pieces.append(PieceType(letter + "'", notation=atoms[ord(letter) % 9] + "0"))
    v = Variant("Many", 12, 8, tuple(pieces), "A'B'C'D'E'K6/12/12/12/12/12/12/a'b'c'd'e'k6 w - - 0 1")
    assert [p for p in v.validate() if p.severity == "error"] == []
    table = parse_table(engine_lines.write(v).split("(")[1].split(")")[0])
    assert {"A'", "E'", "K"} <= set(table.values())
    for back in (engine_lines.read(engine_lines.write(v)), pgn_tags.read(pgn_tags.write(v)),
                 xboard_ini.read(xboard_ini.write(v), use_designer=False)):
        assert back.piece("A'").notation == v.piece("A'").notation
        assert back.setup == v.setup and len(back.pieces) == len(v.pieces)
