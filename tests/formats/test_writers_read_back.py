"""Every file save, export and convert write is read back by our own readers: for every sample
and for edge variants (no setup, a piece with no moves, a parent name XBoard does not know,
the longest text a field may hold, names that look like syntax). A variant that no file could
carry is refused before anything is written, with the field and the limit."""

import pytest

from designer.cli import main
from designer.formats import engine_lines, fsf_ini, pgn_tags, xboard_fsf, xboard_ini
from designer.formats.errors import FormatError
from designer.formats.registry import format_for_output, problems_for, read_any, render
from designer.variant.model import MAX_TEXT, PieceType, Variant

K = PieceType("K", "King", "K", royal=True)
BASE = Variant("Edge", pieces=(K, PieceType("A", "Blank", ""), PieceType("N", "Knight", "N")),
               setup="4k3/8/8/8/8/8/8/A3K2N w - - 0 1")
EDGES = {
    "no setup": Variant("No setup", pieces=(K, PieceType("N", "Knight", "N"))),
    "empty notation": BASE,
    "parent with a hyphen": Variant("Hyphen", parent="my-game", pieces=BASE.pieces,
                                    setup=BASE.setup),
    "longest description": Variant("Long", description="d" * MAX_TEXT, pieces=BASE.pieces,
                                   setup=BASE.setup),
    "syntax in names": Variant('Say "hi"\n[Event "x"]\n-variant x; @designer',
                               author="a\nb", pieces=(
                                   PieceType("K", 'K "1"\n-fen x', "K", royal=True,
                                             notes="; @designer 9 piece {}\n[x]"),
                                   PieceType("N", "N:a;b", "N")),
                               setup="4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
    "no pieces": Variant("Empty board"),
    "one square": Variant("Tiny", 1, 1, (K,), "K w - - 0 1"),
    "largest board": Variant("Huge", 26, 26, (K, PieceType("N", "Knight", "N")),
                             "k25/" + "26/" * 24 + "N24K w - - 0 1"),
}
READERS = {"xboard": xboard_ini.read, "pgn": pgn_tags.read, "fsf": fsf_ini.read}


@pytest.mark.parametrize("fmt", sorted(READERS))
@pytest.mark.parametrize("name", sorted(EDGES))
def test_edge_variant_round_trips_exactly(name, fmt):
    v = EDGES[name]
    assert READERS[fmt](render(v, fmt)) == v


@pytest.mark.parametrize("name", sorted(EDGES))
def test_edge_variant_reads_back_from_what_xboard_and_engines_see(name):
    """Without our data lines: each file still reads (the same board and position)."""
    v = EDGES[name]
    for back in (xboard_ini.read(render(v, "xboard"), use_designer=False),
                 pgn_tags.read(render(v, "pgn"), use_designer=False),
                 engine_lines.read(render(v, "engine"))):
        assert (back.files, back.ranks) == (v.files, v.ranks), name
        if v.setup:
            assert back.setup == v.setup, name
    if v.files <= 12 and v.ranks <= 10:
        back = fsf_ini.read(render(v, "fsf"), use_designer=False)
        assert (back.files, back.ranks) == (v.files, v.ranks)


def test_a_piece_without_moves_is_written_so_that_it_reads_back_without_moves():
    v = EDGES["empty notation"]
    text = render(v, "engine")
    assert "piece A& " not in text + "\n"          # XBoard ignores an empty piece command
    assert engine_lines.read(text).piece("A").notation == ""
    assert xboard_ini.read(render(v, "xboard"), use_designer=False).piece("A").notation == ""
    assert pgn_tags.read(render(v, "pgn"), use_designer=False).piece("A").notation == ""


def test_engine_lines_without_a_setup_read_back():
    text = render(EDGES["no setup"], "engine")
    assert text.splitlines()[0].endswith("8/8/8/8/8/8/8/8 w - - 0 1")
    assert engine_lines.read(text).files == 8


def test_an_old_pgn_with_a_hyphenated_parent_reads():
    # earlier exports wrote the engine form [Variant "8x8+0_my-game"]
    text = ('[Event "x"]\n[Variant "8x8+0_my-game"]\n[VariantMen "K:K;N:N"]\n'
            '[FEN "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"]\n\n*\n')
    v = pgn_tags.read(text)
    assert (v.files, v.ranks) == (8, 8) and v.piece("N").notation == "N"


@pytest.mark.parametrize("fmt", ["xboard", "pgn", "fsf"])
def test_text_longer_than_files_carry_is_refused_before_writing(fmt, tmp_path):
    v = Variant("Too long", description="d" * (MAX_TEXT + 1), pieces=BASE.pieces,
                setup=BASE.setup)
    assert any(p.field == "description" and p.severity == "error" for p in v.validate())
    with pytest.raises(FormatError) as e:
        render(v, fmt)
    assert "description" in e.value.reason and f"{MAX_TEXT:,}" in e.value.reason
    target = tmp_path / "v.ini"
    with pytest.raises(FormatError):
        xboard_ini.save(target, v)
    assert not target.exists()


def test_moves_too_long_for_one_xboard_option_are_refused():
    # Every group different (identical groups are written once): about 3,900 characters each.
    long = "".join(f"{a}{b}{n}" for n in range(2, 99) for a in "fblr" for b in "WFDA")
    letters = [c for c in "ABCDEFGHIJLMNOPQRSTUVWXYZ"] + [c + "'" for c in "ABCDEFGHIJLMNOP"]
    pieces = tuple(PieceType(letter, notation=long[:3900]) for letter in letters) + (K,)
    v = Variant("Wide", 12, 8, pieces)
    with pytest.raises(FormatError) as e:
        render(v, "xboard")
    assert "-men" in e.value.reason and "131,072" in e.value.reason


@pytest.mark.parametrize("out", ["v.ini", "v.pgn", "v.eng", "v.variants.ini"])
def test_every_sample_converted_to_a_file_reads_back(sample_path, out, tmp_path):
    target = tmp_path / out
    sample = xboard_ini.load(sample_path)
    # an export the target program will not play as designed is written, but exits 1
    lossy = any(p.severity == "error" for p in problems_for(sample, format_for_output(out)))
    assert main(["convert", str(sample_path), str(target)]) == (1 if lossy else 0)
    v = read_any(target)
    if out != "v.eng":                   # engine lines carry no names or notes
        assert v == sample
    else:
        assert (v.files, v.ranks, v.setup) == (sample.files, sample.ranks, sample.setup)


def test_every_sample_as_a_fairy_stockfish_launcher_reads_back(sample, tmp_path):
    path = tmp_path / "launch.ini"
    xboard_fsf.save(path, sample)
    assert read_any(path) == sample
    assert fsf_ini.read((tmp_path / "launch.variants.ini").read_text()) == sample
