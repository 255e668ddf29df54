"""Each crash and hang the readers had on hostile files, with the input that showed it.

Work is counted (lines looked at, files read, notations read), never timed. Where the old
behaviour was to block forever (a FIFO, ``/dev/stdin``), the reader runs in a child process
whose timeout only keeps the suite from hanging should the defect come back: the assertion is
on what the command says.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from designer.formats import engine_lines, fsf_ini, options, pgn_tags, registry, xboard_ini
from designer.formats.errors import FormatError
from designer.formats.registry import read_any
from designer.notation import parser
from designer.variant.model import MAX_PIECE_TYPES

ROOT = Path(__file__).resolve().parents[2]
HUGE = "9" * 5000          # over Python's 4,300-digit limit of int()

# Characters str.isdigit() accepts that are not what a file means by a number: a superscript
# (int() refuses it after isdigit() said yes), Arabic-Indic and mathematical digits (int()
# reads them as 10 and 8), a digit group separator int() accepts.
ODD_DIGITS = ["²", "١٠", "𝟠", "1_0", "٣"]


def refused(reader, text, file="hostile.ini"):
    """The FormatError ``reader`` raises on ``text`` (any other outcome fails the test)."""
    with pytest.raises(FormatError) as e:
        reader(text, file)
    assert e.value.file == file and e.value.reason
    return e.value


def fsf(text, file):
    return fsf_ini.read(text, None, file)


# -- ASCII digits only ---------------------------------------------------------------------
@pytest.mark.parametrize("digits", ODD_DIGITS)
def test_options_file_numbers_are_ascii_digits_only(digits):
    e = refused(xboard_ini.read, f"-variant fairy\n-boardWidth {digits}\n")
    assert e.line == 2 and "not a number" in e.reason


@pytest.mark.parametrize("digits", ODD_DIGITS)
def test_designer_data_version_is_ascii_digits_only(digits):
    e = refused(xboard_ini.read, f'-variant fairy\n; @designer {digits} variant {{"name": "x"}}\n')
    assert e.line == 2 and "version" in e.reason


@pytest.mark.parametrize("digits", ODD_DIGITS)
@pytest.mark.parametrize("key", ["maxFile", "maxRank"])
def test_fairy_stockfish_board_sizes_are_ascii_digits_only(digits, key):
    e = refused(fsf, f"# x\n[game]\n{key} = {digits}\n")
    assert e.line == 3 and key in e.reason


@pytest.mark.parametrize("digits", ["١٠", "𝟠"])
def test_fen_move_counters_are_ascii_digits_only(digits):
    e = refused(xboard_ini.read, f'-variant fairy\n-fen "8/8/8/8/8/8/8/8 w - - {digits} 1"\n')
    assert e.line == 2 and "counters" in e.reason


@pytest.mark.parametrize("geometry", ["١٠x8+0_fairy", "𝟠x8+0_fairy"])
def test_engine_geometry_is_ascii_digits_only(geometry):
    text = f"setup (PNBRQKpnbrqk) {geometry} 8/8/8/8/8/8/8/8 w - - 0 1\n"
    v = None
    try:
        v = engine_lines.read(text, "e.eng")
    except FormatError as e:
        assert e.line == 1
    # never read as a 10- or 8-file board: the odd digits are not a geometry
    assert v is None or (v.files, v.ranks) == (8, 8)


# -- numbers longer than any sensible value ------------------------------------------------
@pytest.mark.parametrize("reader,text,line", [
    (xboard_ini.read, f"-variant fairy\n-boardWidth {HUGE}\n", 2),
    (xboard_ini.read, f"-variant fairy\n-holdingsSize -{HUGE}\n", 2),
    (xboard_ini.read, f'-variant fairy\n; @designer {HUGE} variant {{"name": "x"}}\n', 2),
    (fsf, f"[game]\nmaxFile = {HUGE}\n", 2),
    (fsf, f"[game]\npromotionRegionWhite = *{HUGE}\n", 2),
    (fsf, f"[game]\npromotionRegionWhite = a{HUGE}\n", 2),
], ids=["boardWidth", "holdingsSize", "designer-version", "maxFile", "region-star",
        "region-square"])
def test_huge_numbers_are_refused_with_their_line(reader, text, line):
    e = refused(reader, text)
    assert e.line == line and "digits" in e.reason


def test_huge_number_in_designer_data_is_refused_with_its_line():
    text = f'-variant fairy\n; @designer 1 variant {{"name": "x", "files": {HUGE}}}\n'
    e = refused(xboard_ini.read, text)
    assert e.line == 2 and "digits" in e.reason and "sys.set_int_max_str_digits" not in e.reason


@pytest.mark.parametrize("reader,text", [
    (xboard_ini.read, f'-variant fairy\n-fen "8/8/8/8/8/8/8/8 w - - {HUGE} 1"\n'),
    (engine_lines.read, f"setup (PNBRQKpnbrqk) {HUGE}x8+0_fairy 8/8/8/8/8/8/8/8 w - - 0 1\n"),
    (pgn_tags.read, f'[Event "x"]\n[Variant "{HUGE}x8+0_fairy"]\n'),
], ids=["fen-counter", "engine-geometry", "pgn-geometry"])
def test_huge_numbers_elsewhere_are_positioned_errors(reader, text):
    e = refused(reader, text)
    assert e.line >= 1


# -- format detection reads line by line ---------------------------------------------------
def test_detection_looks_at_each_line_once(monkeypatch):
    """200,000 blank lines did not finish (each ^\\s* pattern rescanned the blank lines after
    every line start); now each line is looked at once, by ``line_marks``."""
    calls = []
    real = registry.line_marks

    def counting(line):
        calls.append(len(line))
        return real(line)

    monkeypatch.setattr(registry, "line_marks", counting)
    text = "\n" * 200_000
    assert registry.detect(text + "-variant fairy\n") == "xboard"
    assert len(calls) == 200_001 and sum(calls) == 0     # the option line lies past the head
    calls.clear()
    assert registry.detect(text[:50_000] + "setup (PK) 8x8+0_fairy 8/8 w\n") == "engine"
    assert len(calls) == 50_002


@pytest.mark.parametrize("text,kind", [
    ("\n" * 1000 + "  setup (PNBRQKpnbrqk) 8x8+0_fairy 8/8/8/8/8/8/8/8 w - - 0 1\n", "engine"),
    ("\n" * 1000 + '[Variant "fairy"]\n', "pgn"),
    ("\n" * 1000 + '-fcp "fairy-stockfish load x.variants.ini"\n-variant x\n', "xboard-fsf"),
    ("\n" * 1000 + "[x]\nmaxFile = 8\n", "fsf"),
    ("\n" * 1000 + "[x]\n-variant fairy\n", "xboard"),
    ("\n" * 1000 + "setup (PK) 8x8+0_fairy 8/8 w\n-variant fairy\n", "xboard"),
])
def test_detection_after_many_blank_lines(text, kind):
    assert registry.detect(text) == kind


# -- includes: depth and total number ------------------------------------------------------
def test_include_fan_out_stops_at_the_file_cap(tmp_path, monkeypatch):
    """Each file including the next one ten times read 10**depth files (30 s at depth 5);
    one read now takes in at most MAX_INCLUDED_FILES files."""
    depth = 3
    for k in range(depth):
        (tmp_path / f"f{k}.ini").write_text(f"@f{k + 1}.ini\n" * 10)
    (tmp_path / f"f{depth}.ini").write_text("-boardWidth 8\n")
    reads = []
    real = options.read_text

    def counting(path, *args):
        reads.append(path)
        return real(path, *args)

    monkeypatch.setattr(options, "read_text", counting)
    with pytest.raises(FormatError) as e:
        xboard_ini.load(tmp_path / "f0.ini")
    assert "included files" in e.value.reason and e.value.line >= 1
    assert len(reads) <= options.MAX_INCLUDED_FILES


def test_includes_together_cannot_pass_the_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(options, "MAX_FILE_BYTES", 1000)
    (tmp_path / "big.ini").write_text("; " + "x" * 600 + "\n")
    main = tmp_path / "main.ini"
    main.write_text("-variant fairy\n@big\n@big\n")
    with pytest.raises(FormatError) as e:
        xboard_ini.load(main)
    assert e.value.file == str(main) and e.value.line == 3 and "together" in e.value.reason


def test_include_with_a_nul_in_its_name_is_a_positioned_error(tmp_path):
    e = refused(xboard_ini.read, '-variant fairy\n@"a\\000b.ini"\n', str(tmp_path / "n.ini"))
    assert e.line == 2


# -- piece lines: the model's limit --------------------------------------------------------
@pytest.fixture
def readings(monkeypatch):
    """The texts the notation reader reads from here on (nothing remembered before)."""
    monkeypatch.setattr(parser, "_READ", {})
    texts = []
    real = parser._run

    def counting(text, dialect, want_tokens=True):
        texts.append(text)
        return real(text, dialect, want_tokens)

    monkeypatch.setattr(parser, "_run", counting)
    return texts


@pytest.mark.parametrize("fmt", ["designer", "men", "engine", "fsf"])
def test_piece_definitions_beyond_the_models_limit_are_refused(fmt, readings):
    """20,000 piece lines took 6-15 s; the reader now stops at the first one the model could
    not hold (it has at most MAX_PIECE_TYPES types), naming its line."""
    n = MAX_PIECE_TYPES + 20
    if fmt == "designer":
        head = '; @designer 1 variant {"name": "x", "files": 8, "ranks": 8}\n'
        body = "".join(f'; @designer 1 piece {{"letter": "A", "notation": "W{k}"}}\n'
                       for k in range(n))
        reader, text, line = xboard_ini.read, head + body + "-variant fairy\n", MAX_PIECE_TYPES + 2
    elif fmt == "men":
        men = ";".join(f"A:W{k}" for k in range(n))
        reader, text, line = xboard_ini.read, f'-variant fairy\n-men "{men}"\n', 2
    elif fmt == "engine":
        body = "".join(f"piece A& W{k}\n" for k in range(n))
        reader, text = engine_lines.read, "setup (PK) 8x8+0_fairy 8/8/8/8/8/8/8/8 w\n" + body
        line = MAX_PIECE_TYPES + 2
    else:
        # Fairy-Stockfish has 25 custom piece slots: it ignores customPiece26 and beyond, and
        # so do we, saying so on each line; only the 25 are read
        from designer.formats.fsf_ini import read_notices
        from designer.formats.fsf_options import CUSTOM_PIECES
        body = "".join(f"customPiece{k + 1} = {chr(97 + k % 26)}:W{k}\n" for k in range(n))
        notices = read_notices("[x]\n" + body, None, "hostile.ini")
        ignored = [x.line for x in notices if "no such option" in x.message]
        assert ignored == list(range(CUSTOM_PIECES + 2, n + 2))
        assert len(readings) <= CUSTOM_PIECES + 1
        return
    e = refused(reader, text)
    assert e.line == line and str(MAX_PIECE_TYPES) in e.reason
    assert len(readings) <= MAX_PIECE_TYPES


# -- each notation read once per read ------------------------------------------------------
def test_check_reads_each_notation_once(tmp_path, readings, capsys):
    """Reading, validating and the XBoard and Fairy-Stockfish notes each read every notation
    (about five readings each); now each distinct notation is read once."""
    from designer.cli import main
    notations = [f"fmW{k}fcF" + "N" * (k % 3) + f"R{k + 2}" for k in range(40)]
    letters = [chr(ord("A") + k % 26) + ("'" if k >= 26 else "") for k in range(40)]
    head = '; @designer 1 variant {"name": "x", "files": 8, "ranks": 8}\n'
    body = "".join(f'; @designer 1 piece {json.dumps({"letter": l, "notation": n})}\n'
                   for l, n in zip(letters, notations))
    path = tmp_path / "many.ini"
    path.write_text(head + body + "-variant fairy\n")
    main(["check", str(path)])
    capsys.readouterr()
    per_notation = [readings.count(n) for n in notations]
    assert per_notation == [1] * len(notations)


# -- files named by -fcp and check: regular files only -------------------------------------
def _check_in_child(path, stdin=None):
    """``variant-designer check path`` in a child process; the timeout is only a guard."""
    proc = subprocess.Popen([sys.executable, "-m", "designer.cli", "check", str(path)], cwd=ROOT,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("check blocked on a file that is not a regular file")
    return proc.returncode, out, err


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("this system has no named pipes")
    path = tmp_path / "pipe.variants.ini"
    os.mkfifo(path)
    return path


def test_check_refuses_a_fifo_instead_of_blocking(fifo):
    code, _, err = _check_in_child(fifo)
    assert code == 1 and f"{fifo}: not a regular file" in err


def test_fcp_naming_a_fifo_is_refused_at_its_line(tmp_path, fifo):
    launcher = tmp_path / "game.ini"
    launcher.write_text(f'; game\n-fcp "fairy-stockfish load {fifo}"\n-variant game\n')
    code, _, err = _check_in_child(launcher)
    assert code == 1 and f"{launcher}:2: -fcp loads {fifo}: not a regular file" in err


def test_fcp_naming_dev_stdin_is_refused_at_its_line(tmp_path):
    if not os.path.exists("/dev/stdin"):
        pytest.skip("this system has no /dev/stdin")
    launcher = tmp_path / "game.ini"
    launcher.write_text('-fcp "fairy-stockfish load /dev/stdin"\n-variant game\n')
    read_end, write_end = os.pipe()          # a standard input nobody ever writes to
    try:
        code, _, err = _check_in_child(launcher, stdin=read_end)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert code == 1 and f"{launcher}:1: -fcp loads /dev/stdin: not a regular file" in err


def test_reading_a_folder_is_a_format_error(tmp_path):
    with pytest.raises(FormatError) as e:
        read_any(tmp_path)
    assert e.value.file == str(tmp_path)
