"""The export / check / convert commands, run as the user runs them."""

import subprocess
import sys
from pathlib import Path

import pytest

from designer.cli import main
from designer.formats.registry import read_any

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run([sys.executable, "-m", "designer.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_check_sample_exits_zero_and_says_ok():
    r = run("check", "variants/capablanca.ini")
    assert r.returncode == 0 and "ok" in r.stdout


def test_check_bad_variant_exits_one_with_positioned_problems(tmp_path, capsys):
    bad = tmp_path / "bad.ini"
    text = (ROOT / "variants/fide.ini").read_text().replace('"notation": "N"', '"notation": "N(("')
    bad.write_text(text)
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "piece N, notation (column" in out and "error" in out


def test_check_unreadable_file_names_file_and_line(tmp_path, capsys):
    bad = tmp_path / "x.ini"
    bad.write_text("-variant fairy\n-fen \"8/8/9 w\"\n")
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2:" in err


@pytest.mark.parametrize("fmt,marker", [("xboard", "-pieceToCharTable"), ("pgn", '[Variant "capablanca"]'),
                                        ("engine", "setup ("), ("fsf", "customPiece"),
                                        ("diagram", 'class="idiagram"'), ("svg", "<svg")])
def test_export_to_stdout(fmt, marker, capsys):
    assert main(["export", "variants/capablanca.ini", "--to", fmt]) == 0 or fmt == "fsf"
    out = capsys.readouterr().out
    assert marker in out or (fmt == "fsf" and ("archbishop = a" in out or ":capablanca]" in out))


def test_export_warns_before_writing_what_the_target_cannot_use(capsys):
    assert main(["export", "variants/fide.ini", "--to", "fsf"]) == 0
    err = capsys.readouterr().err
    assert "warning:" in err and "error:" not in err


def test_an_export_with_an_error_note_is_written_but_fails(capsys, tmp_path):
    """Fairy-Stockfish plays at most 12x10: the 16x16 export is written (our own lines keep
    the design) but the command does not report success."""
    out = tmp_path / "sixteen.variants.ini"
    assert main(["export", "variants/sixteen.ini", "--to", "fsf", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert ": error:" in err and "12x10" in err
    assert read_any(out).files == 16


def test_convert_picks_format_by_extension_and_round_trips(tmp_path):
    for name in ("out.pgn", "out.eng", "out.variants.ini", "out.ini"):
        target = tmp_path / name
        assert main(["convert", "variants/shogi.ini", str(target)]) == 0
        v = read_any(target)
        assert (v.files, v.ranks, v.holdings) == (9, 9, 7)


def test_export_format_b_writes_two_files(tmp_path):
    out = tmp_path / "cap.ini"
    assert main(["export", "variants/capablanca.ini", "--to", "xboard-fsf", "-o", str(out)]) == 0
    assert (tmp_path / "cap.variants.ini").exists()
    assert read_any(out).name == "Capablanca Chess"


def test_svg_for_a_chosen_piece_and_square(tmp_path):
    out = tmp_path / "lion.svg"
    assert main(["export", "variants/chu.ini", "--to", "svg", "--piece", "N", "--square", "f6",
                 "-o", str(out)]) == 0
    text = out.read_text()
    assert text.count('class="target') >= 24 and "move or capture" in text


def test_unknown_extension_is_an_error(tmp_path, capsys):
    assert main(["convert", "variants/fide.ini", str(tmp_path / "x.doc")]) == 1
    assert "extension" in capsys.readouterr().err


def test_check_names_the_rules_a_fairy_stockfish_section_loses(capsys):
    """check on a Fairy-Stockfish section names each rule our model cannot carry, at the line
    that sets it, or at the section when a built-in parent brings it."""
    from repo_data import FSF_DATA
    path = str(FSF_DATA / "variants.ini")
    assert main(["check", path, "--section", "capturethequeen"]) == 0
    out = capsys.readouterr().out
    assert f"{path}:1620: warning: extinctionPieceTypes" in out
    assert main(["check", path, "--section", "wildebeest"]) == 0       # its triple step is read
    assert "warning: tripleStepRegion" not in capsys.readouterr().out
    assert main(["check", path, "--section", "janggihouse"]) == 0       # its king is read
    assert "warning: kingType" not in capsys.readouterr().out
