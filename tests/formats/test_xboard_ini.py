"""The native Save format: an XBoard options file that round-trips and that XBoard reads."""


import pytest

from designer.formats import xboard_ini
from designer.formats.errors import FormatError
from designer.formats.options import tokenize
from designer.formats.ptc import parse_table
from designer.variant.model import PieceType, Variant

from moves_compare import same_targets


def test_every_sample_round_trips_losslessly(sample):
    assert xboard_ini.read(xboard_ini.write(sample)) == sample


def test_saving_again_gives_the_same_bytes(sample_path, tmp_path):
    v = xboard_ini.load(sample_path)
    first, second = tmp_path / "first.ini", tmp_path / "second.ini"
    xboard_ini.save(first, v)
    xboard_ini.save(second, xboard_ini.load(first))
    assert first.read_bytes() == second.read_bytes()
    # our data lines of the shipped file are exactly what a save writes
    ours = [l for l in sample_path.read_text().splitlines() if l.startswith("; @designer")]
    assert ours == [l for l in first.read_text().splitlines() if l.startswith("; @designer")]


# Pieces whose moves no XBoard file can carry, with the reason: the groups have no XBetza
# form; XBoard is told only the rest, and the user is warned at the group's columns.
NO_XBETZA = {
    ("ultima", "L"): ((2, 10), "(cQ-mQ)4: a chain of two different atoms (Betza 2.0)"),
    ("ultima", "W"): ((2, 13), "(cK-bmK-mQ): a chain of different atoms (Betza 2.0)"),
}


def test_what_xboard_is_told_moves_as_the_notation(sample_path, sample):
    """Each piece's moves as XBoard gets them from the file (its -men entry, or the moves
    XBoard's generator gives its slot when the file leaves them to XBoard) are the moves of
    the notation the user wrote, in either dialect."""
    from designer.formats.xboard_common import xboard_limits
    stem = sample_path.stem
    told = xboard_ini.read(xboard_ini.write(sample), use_designer=False)
    for p in sample.pieces:
        if (stem, p.letter) in NO_XBETZA:
            span, why = NO_XBETZA[(stem, p.letter)]
            warned = [(w.start, w.end) for w in xboard_limits(sample) if w.piece == p.letter]
            assert span in warned, why
            continue
        got = told.piece(p.letter)
        assert same_targets(got.notation, got.dialect, p.notation, p.dialect, sample.files,
                            sample.ranks), (p.letter, p.notation, got.notation)


def test_options_alone_give_the_board_and_pieces(sample):
    """Without our @designer data, XBoard's own options still describe the variant."""
    v = xboard_ini.read(xboard_ini.write(sample), use_designer=False)
    assert (v.files, v.ranks, v.holdings, v.setup) == (sample.files, sample.ranks,
                                                       sample.holdings, sample.setup)
    xb = {p.letter for p in sample.pieces}
    assert {p.letter for p in v.pieces} == xb
    # the royal pieces are the parent's royal slots: 65, and chu's Crown Prince (slot 50)
    assert sorted(p.letter for p in v.pieces if p.royal) == \
        sorted(p.letter for p in sample.pieces if p.royal)


def test_capablanca_table_is_the_one_formats_md_gives():
    v = xboard_ini.load("variants/capablanca.ini")
    options, _ = tokenize(xboard_ini.write(v))
    got = {o.name: o.value for o in options}
    assert got["pieceToCharTable"] == "PNBRQ..ACKpnbrq..ack"     # formats.md example A1
    assert got["variant"] == "capablanca"          # XBoard's own 10x8 variant with A and C
    assert got["boardWidth"] == "10" and got["boardHeight"] == "8"


def test_wizard_takes_slot_35_as_formats_md_example_a2():
    pieces = (PieceType("P", notation="fmWfceFifmnD"), PieceType("B", notation="B"),
              PieceType("R", notation="R"), PieceType("Q", notation="Q"),
              PieceType("W", "Wizard", "CF", slot=35), PieceType("K", notation="K", royal=True))
    v = Variant("Wizard Chess", pieces=pieces,
                setup="rwbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RWBQKBWR w KQkq - 0 1")
    options, _ = tokenize(xboard_ini.write(v))
    table = {o.name: o.value for o in options}["pieceToCharTable"]
    assert table == "P.BRQ..............................WKp.brq..............................wk"
    assert parse_table(table)[35] == "W"


def test_shogi_table_matches_xboards_builtin_shogi_table():
    # backend.c InitPosition (formats.md §1.0): shogi = PNBRLS...G.++++++Kpnbrls...g.++++++k
    v = xboard_ini.load("variants/shogi.ini")
    options, _ = tokenize(xboard_ini.write(v))
    assert {o.name: o.value for o in options}["pieceToCharTable"] == \
        "PNBRLS...G.++++++Kpnbrls...g.++++++k"
    slots = parse_table("PNBRLS...G.++++++Kpnbrls...g.++++++k")
    assert slots[11] == "+P" and slots[14] == "+R" and slots[65] == "K"


def test_reads_an_xboard_conf_style_file_without_designer_data():
    text = ('; judkins-like\n-variant fairy -boardWidth 6 -boardHeight 6\n'
            '-pieceToCharTable "PNBRQ.......................................Kpnbrq'
            '.......................................k"\n'
            '-fen {rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1}\n')
    v = xboard_ini.read(text, "judkins.ini")
    assert (v.files, v.ranks) == (6, 6)
    assert v.piece("N").notation == "N" and v.piece("K").royal
    assert v.name == "judkins"


def test_tokenizer_follows_xboards_quoting_rules():
    text = ('-a "x\\ty\\\\z\\101" -b \'q\' -c {multi\nline} -flag\n'
            '; comment -d 1\n-e=3 -f:4 /g 5\n')
    options, comments = tokenize(text)
    got = {o.name: o.value for o in options}
    assert got == {"a": "x\ty\\zA", "b": "q", "c": "multi\nline", "flag": "true", "e": "3",
                   "f": "4", "g": "5"}
    assert comments[0].text.strip() == "comment -d 1"
    assert [o.line for o in options if o.name == "e"] == [4]


def test_include_is_inlined_and_cycles_are_refused(tmp_path):
    (tmp_path / "size.ini").write_text("-boardWidth 9 -boardHeight 9\n")
    main = tmp_path / "main.ini"
    main.write_text("-variant fairy\n@size\n-fen \"9/9/9/9/9/9/9/9/9 w - - 0 1\"\n")
    v = xboard_ini.load(main)
    assert (v.files, v.ranks) == (9, 9)
    loop = tmp_path / "loop.ini"
    loop.write_text("@loop.ini\n")
    with pytest.raises(FormatError) as e:
        xboard_ini.load(loop)
    assert "includes itself" in e.value.reason and e.value.line == 1


def test_unknown_newer_data_version_is_a_positioned_error():
    text = '; @designer 9 variant {"name": "x"}\n-variant fairy\n'
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "new.ini")
    assert e.value.line == 1 and "newer" in e.value.reason


def test_board_over_xboards_limits_is_kept_whole_and_warned():
    from designer.formats.xboard_common import xboard_limits
    v = Variant("Huge", 26, 26, (PieceType("K", notation="K", royal=True),),
                "k25/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/"
                "25K w - - 0 1")
    assert v.validate() == []
    assert xboard_ini.read(xboard_ini.write(v)) == v
    fields = {p.field for p in xboard_limits(v)}
    assert {"files", "ranks"} <= fields


def test_notation_as_written_survives_even_when_xboard_needs_a_rewrite():
    v = Variant("NN", pieces=(PieceType("H", "Nightrider", "NN"),
                              PieceType("K", notation="K", royal=True)),
                setup="7k/8/8/8/8/8/8/H6K w - - 0 1")
    text = xboard_ini.write(v)
    assert '"notation": "NN"' in text and "H:N0" in text   # formats.md §1.3: N0, not NN
    assert xboard_ini.read(text).piece("H").notation == "NN"


def test_fields_from_a_newer_minor_version_are_kept():
    text = ('; @designer 1 variant {"name": "n", "files": 8, "ranks": 8, "tempo": [1, 2]}\n'
            '; @designer 1 piece {"letter": "K", "notation": "K", "royal": true, "aura": 3}\n'
            '-variant fairy\n')
    v = xboard_ini.read(text)
    assert v.extra == (("tempo", "[1, 2]"),) and v.piece("K").royal
    assert '"tempo": [1, 2]' in xboard_ini.write(v)


def test_shogi_file_without_table_uses_xboards_shogi_pieces():
    # XBoard's built-in shogi table (formats.md §1.0); moves as seed 004 gives them
    text = ("-variant shogi\n-boardWidth 9 -boardHeight 9 -holdingsSize 7\n"
            "-fen \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1\"\n")
    v = xboard_ini.read(text)
    assert v.piece("G").notation == "WfF" and v.piece("L").notation == "fR"
    assert v.piece("P").notation == "fW" and v.piece("K").royal
    # backend.c InitPosition: shogi's table, PNBRLS...G.++++++K, promoted forms included
    assert set(v.letters) == set("LNSGKRBP") | {"+P", "+N", "+B", "+R", "+L", "+S"}


def test_description_shown_as_comment_never_reads_as_data():
    v = Variant("d", description="@designer 9 variant {} " * 12,
                pieces=(PieceType("K", notation="K", royal=True),))
    text = xboard_ini.write(v)
    assert text.splitlines()[1].startswith(";; @designer 9")
    assert xboard_ini.read(text) == v


@pytest.mark.parametrize("dialect", ['"betza3"', '"XBetza"', "2", "null"])
def test_a_piece_in_a_dialect_we_do_not_know_is_a_positioned_error(dialect):
    text = ('; @designer 1 variant {"name": "x", "files": 8, "ranks": 8}\n'
            f'; @designer 1 piece {{"letter": "K", "notation": "K", "dialect": {dialect}}}\n'
            "-variant fairy\n")
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "odd.ini")
    assert (e.value.file, e.value.line) == ("odd.ini", 2)
    assert "'dialect'" in e.value.reason and "not a dialect" in e.value.reason


def test_a_piece_in_betza2_reads_back_in_betza2():
    v = Variant("b2", pieces=(PieceType("C", "Crooked Bishop", "(F-lF)r0", "betza2"),
                              PieceType("K", notation="K", royal=True)))
    assert xboard_ini.read(xboard_ini.write(v)).piece("C").dialect == "betza2"
