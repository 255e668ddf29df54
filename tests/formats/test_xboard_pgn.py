"""PGN files as XBoard 4.9.1 saves them read back to the real variant, never to "?, 8x8, 0 piece
types": the empty games XBoard saved for every -variant (starts.json), games it saved after
scripted moves (games/), and files written by hand from its format rules (handwritten/).

The expected boards, letters and moves are XBoard's own (backend.c InitPosition, moves.c
GenPseudoLegal), written out here; the moves are compared by the squares they reach."""

import json

import pytest

from designer.cli import main
from designer.formats import pgn_tags
from designer.formats.errors import FormatError

from format_samples import ROOT
from moves_compare import same_targets

DATA = ROOT / "tests" / "data" / "xboard"
STARTS = json.loads((DATA / "starts.json").read_text())["variants"]

# variant -> (files, ranks, holdings, drops, {letter: XBetza of XBoard's moves}); the letters
# are XBoard's own for that variant (backend.c InitPosition's tables)
EXPECTED = {
    "normal": (8, 8, 0, False, {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q",
                                "K": "K"}),
    "xiangqi": (9, 10, 0, False, {"P": "fW", "H": "nN", "R": "R", "A": "F", "E": "nA",
                                  "K": "W", "C": "mRcpR"}),
    "shogi": (9, 9, 7, True, {"P": "fW", "N": "ffN", "B": "B", "R": "R", "L": "fR",
                              "S": "FfW", "G": "WfF", "K": "K", "+P": "WfF", "+N": "WfF",
                              "+B": "BW", "+R": "RF", "+L": "WfF", "+S": "WfF"}),
    "crazyhouse": (8, 8, 5, True, {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R",
                                   "Q": "Q", "K": "K"}),
    "capablanca": (10, 8, 0, False, {"A": "BN", "C": "RN", "Q": "Q", "K": "K"}),
    "grand": (10, 10, 0, False, {"A": "BN", "C": "RN", "P": "fmWfceFifmnD"}),
    "makruk": (8, 8, 0, False, {"P": "fmWfcF", "S": "FfW", "M": "F", "N": "N", "R": "R"}),
    "shatranj": (8, 8, 0, False, {"P": "fmWfcF", "B": "A", "Q": "F", "N": "N", "R": "R"}),
    "courier": (12, 8, 0, False, {"P": "fmWfcF", "E": "A", "F": "F", "W": "W", "M": "K",
                                  "B": "B"}),
    "chu": (12, 12, 0, False, {"N": "KNADcaKmcabK", "P": "fW", "G": "WfF", "S": "FfW",
                               "E": "FsfW", "X": "WA", "O": "FD", "I": "vW", "L": "fR",
                               "A": "vR", "M": "sRvW", "V": "vRsW", "F": "FvW", "T": "FsbW",
                               "C": "vWfF", "Q": "Q", "H": "BW", "D": "RF",
                               "+H": "BsbRfWfDfcavW", "+D": "RbBfFfAfcavF", "+E": "K"}),
}
# promotion facts (backend.c): shogi pieces promote to their + form, zone 3 on 9 ranks;
# grand pawns promote in the last 3 ranks; makruk's Bia becomes a Met.


def check(v, name):
    files, ranks, holdings, drops, moves = EXPECTED[name]
    assert (v.files, v.ranks, v.holdings, v.drops) == (files, ranks, holdings, drops), name
    for letter, betza in moves.items():
        p = v.piece(letter)
        assert p is not None, (name, letter)
        assert same_targets(p.notation, p.dialect, betza, "xbetza", files, ranks), \
            (name, letter, p.notation)
    assert any(p.royal for p in v.pieces)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_empty_game_xboard_saved_reads_as_the_real_variant(name):
    v = pgn_tags.read(STARTS[name]["pgn"], f"{name}.pgn")
    check(v, name)
    assert v.setup                          # XBoard's own start position, from the name alone


@pytest.mark.parametrize("path", sorted((DATA / "games").glob("*.pgn")), ids=lambda p: p.stem)
def test_a_game_xboard_saved_reads_as_the_real_variant(path):
    v = pgn_tags.read(path.read_text(), str(path))
    check(v, path.stem)


def test_shogi_from_a_position_keeps_its_holdings_and_promotions():
    v = pgn_tags.read((DATA / "handwritten" / "shogi-holdings.pgn").read_text())
    check(v, "shogi")
    assert "[Pp]" in v.setup
    assert v.piece("S").promotes_to == "+S" and v.piece("G").promotes_to == ""
    assert v.promotion_zone == 3


def test_xiangqi_from_a_position_in_xboards_letters():
    v = pgn_tags.read((DATA / "handwritten" / "xiangqi-position.pgn").read_text())
    check(v, "xiangqi")
    assert "river" in v.piece("E").notes and "palace" in v.piece("K").notes


def test_chu_position_with_a_promoted_piece():
    v = pgn_tags.read((DATA / "handwritten" / "chu-promoted.pgn").read_text())
    check(v, "chu")
    assert v.piece("+E").royal                   # the Crown Prince is royal too


def test_crazyhouse_position_with_pieces_in_hand():
    v = pgn_tags.read((DATA / "handwritten" / "crazyhouse-hand.pgn").read_text())
    check(v, "crazyhouse")
    assert "[Nn]" in v.setup


def test_capablanca_position():
    v = pgn_tags.read((DATA / "handwritten" / "capablanca-position.pgn").read_text())
    check(v, "capablanca")
    assert set(v.piece("P").promotions) == set("NBRQAC")


def test_engine_defined_pieces_come_from_variantmen():
    v = pgn_tags.read((DATA / "handwritten" / "fairy-engine-pieces.pgn").read_text())
    assert v.piece("W").notation == "CF" and v.piece("K").notation == "KO2"
    assert v.piece("N") is None and v.piece("Q").notation == "Q"     # fairy's own Queen


@pytest.mark.parametrize("stem,why", [
    ("unknown-pieces", "variant mygame is not one XBoard knows"),
    ("fairy-wildcard", "wildcard"),
])
def test_pieces_whose_moves_cannot_be_known_are_an_error(stem, why, capsys):
    path = DATA / "handwritten" / f"{stem}.pgn"
    with pytest.raises(FormatError) as e:
        pgn_tags.read(path.read_text(), str(path))
    assert why in e.value.reason and e.value.line > 0
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr()
    assert "ok" not in out.out and "cannot be known" in out.err


def test_check_of_an_xboard_game_names_the_real_variant(capsys):
    assert main(["check", str(DATA / "games" / "xiangqi.pgn")]) == 0
    assert "9x10, 7 piece types: ok" in capsys.readouterr().out


def test_convert_of_an_xboard_game_writes_the_real_board(tmp_path):
    out = tmp_path / "x.ini"
    assert main(["convert", str(DATA / "games" / "chu.pgn"), str(out)]) == 0
    text = out.read_text()
    assert "-variant chu" in text and "-boardWidth 12" in text and "-boardHeight 12" in text


# XBoard opens a PGN on its own only at the named variant's own size and letters (LoadGame
# switches to the variant; ParseFEN refuses letters its table lacks): the two fairy samples need
# their options file. Recorded: every other exported sample opened with `xboard -ncp Name.pgn`.
NEED_OPTIONS = {"ultima": "X is no letter of XBoard's fairy table",
                "sixteen": "16x16 is not fairy's 8x8"}


def test_exported_pgn_opens_alone_or_comes_with_its_options_file(sample_path, tmp_path):
    from designer.formats.xboard_ini import load
    from designer.formats.registry import read_any
    v = load(sample_path)
    out = tmp_path / "game.pgn"
    written = pgn_tags.save(str(out), v)
    companion = tmp_path / "game.pgn.ini"
    if sample_path.stem in NEED_OPTIONS:
        assert written == [str(out), str(companion)], NEED_OPTIONS[sample_path.stem]
        assert read_any(companion) == v
    else:
        assert written == [str(out)] and not companion.exists()
    assert read_any(out) == v


def test_xiangqi_pgn_is_written_in_xboards_letters():
    from designer.formats.xboard_ini import load
    text = pgn_tags.write(load(ROOT / "variants" / "xiangqi.ini"), with_designer=False)
    assert '[Variant "xiangqi"]' in text and "[VariantMen" not in text
    # the sample's start position is XBoard's own: no FEN, as XBoard writes such a game
    assert "[FEN" not in text
    v = pgn_tags.read(text)
    assert v.piece("H").notation == "nN" and v.piece("E").notation == "nA"
