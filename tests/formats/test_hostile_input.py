"""Malformed and hostile files never crash and never hang: every failure is a FormatError
naming the file, the line and the reason; whatever reads without error validates and
exports without crashing."""

import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from designer.formats import engine_lines, fsf_ini, pgn_tags, xboard_ini
from designer.formats.errors import FormatError
from designer.formats.registry import FORMAT_NAMES, read_any, render

from format_samples import SAMPLES

TEXTS = {p.stem: p.read_text() for p in SAMPLES}
READERS = {"xboard": xboard_ini.read, "fsf": fsf_ini.read, "pgn": pgn_tags.read,
           "engine": engine_lines.read}


def exercise(v):
    """A variant that reads must validate, and export if it has no errors."""
    problems = v.validate()
    if any(p.severity == "error" for p in problems):
        return
    for fmt in FORMAT_NAMES:
        if fmt == "xboard-fsf":
            continue
        try:
            render(v, fmt)
        except FormatError:
            pass


def check_read(reader, text, name="fuzz.ini"):
    try:
        v = reader(text, file=name)
    except FormatError as e:
        assert e.file == name and e.reason
        assert 1 <= e.line <= text.count("\n") + 1, e
        return None
    exercise(v)
    return v


def sample_texts():
    out = []
    for stem, text in TEXTS.items():
        v = xboard_ini.read(text)
        out += [text, fsf_ini.write(v), pgn_tags.write(v), engine_lines.write(v)]
    return out


ALL = sample_texts()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL), st.integers(0, 10**6), st.integers(0, 10**6),
       st.text(max_size=12), st.sampled_from(sorted(READERS)))
def test_mutated_files_fail_only_with_positioned_errors(text, a, b, insert, reader):
    i, j = sorted((a % (len(text) + 1), b % (len(text) + 1)))
    if j - i > 40:
        j = i + 40
    mutated = text[:i] + insert + text[j:]
    check_read(READERS[reader], mutated)


@pytest.mark.parametrize("stem", sorted(TEXTS))
def test_truncated_files_never_crash(stem):
    text = TEXTS[stem]
    for cut in range(0, len(text), max(1, len(text) // 60)):
        check_read(xboard_ini.read, text[:cut])


def test_mutated_designer_data_is_a_positioned_error():
    text = TEXTS["fide"].replace('"files": 8', '"files": "eight"')
    line = next(i for i, l in enumerate(text.splitlines(), 1) if '"eight"' in l)
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "f.ini")
    assert e.value.line == line and "files" in e.value.reason


def test_unparsable_notation_in_men_is_a_positioned_error():
    text = "-variant fairy\n-boardWidth 8\n-men \"N:N;B:mR(((\"\n"
    with pytest.raises(FormatError) as e:
        xboard_ini.read(text, "bad.ini")
    assert e.value.line == 3 and "B" in e.value.reason


def test_unparsable_notation_in_our_data_reads_and_validation_points_at_it():
    text = TEXTS["fide"].replace('"notation": "N"', '"notation": "N(("')
    v = xboard_ini.read(text)
    problems = [p for p in v.validate() if p.severity == "error"]
    assert problems and problems[0].piece == "N" and problems[0].field == "notation"


def test_wrong_encoding_is_reported_with_its_line(tmp_path):
    path = tmp_path / "latin.ini"
    path.write_bytes(b"; ok\n-variant fairy\n; caf\xe9\n")
    with pytest.raises(FormatError) as e:
        read_any(path)
    assert e.value.file == str(path) and e.value.line == 3 and "UTF-8" in e.value.reason


def test_ten_megabytes_of_garbage_is_refused_as_too_large(tmp_path):
    path = tmp_path / "garbage.ini"
    path.write_bytes(os.urandom(10 * 1024 * 1024))
    with pytest.raises(FormatError) as e:
        read_any(path)
    assert e.value.file == str(path) and "larger" in e.value.reason and e.value.line == 1


def test_large_text_garbage_under_the_limit_fails_at_its_first_line():
    junk = ("-boardWidth 8 " + "x" * 1000 + "\n") * 2000
    with pytest.raises(FormatError) as e:
        xboard_ini.read(junk, "junk.ini")
    assert e.value.line == 1


@pytest.mark.parametrize("text", [
    "-variant fairy -boardWidth 100000 -boardHeight 8\n",
    "-variant fairy -fen \"" + "1" * 5000 + "/8 w - - 0 1\"\n",
    "-variant fairy -pieceToCharTable \"" + "P" * 5000 + "\"\n",
    "-variant fairy -men \"" + "N:N;" * 5000 + "\"\n",
    "[a]\nmaxFile = 1000\n",
    "[a]\nmaxRank = 0\n",
    "setup (PNBRQKpnbrqk) 999x999+0_fairy 8/8 w - - 0 1\n",
    '[Variant "999x9+0_fairy"]\n[FEN "8/8 w - - 0 1"]\n',
])
def test_absurd_sizes_give_errors_not_hangs(text):
    for reader in READERS.values():
        try:
            v = reader(text, file="big")
        except FormatError as e:
            assert e.file == "big" and e.reason and e.line >= 1
            continue
        problems = v.validate()
        assert all(p.field for p in problems)


def test_deep_include_chain_stops(tmp_path):
    for k in range(20):
        (tmp_path / f"f{k}.ini").write_text(f"@f{k + 1}.ini\n")
    (tmp_path / "f20.ini").write_text("-variant fairy\n")
    with pytest.raises(FormatError) as e:
        xboard_ini.load(tmp_path / "f0.ini")
    assert "deeper" in e.value.reason and e.value.line == 1
