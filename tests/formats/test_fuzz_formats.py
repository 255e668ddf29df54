"""A few hundred cases of the mutation fuzz (``benchmarks/fuzz_formats.py``) with a fixed seed:
every sample in every format we write, mutated, read back by every reader and by ``check``.
No traceback, and every error names its file and line. (The full 10,000-file run, with its
timings, is the script itself; no time is asserted here.)"""

from pathlib import Path

import pytest

from repo_data import benchmark_script

ROOT = Path(__file__).resolve().parents[2]
CASES = 300
SEED = 12

fuzz = benchmark_script("fuzz_formats")


@pytest.fixture(scope="module")
def figures():
    return fuzz.fuzz(CASES, SEED)


def test_every_sample_in_every_format_is_fuzzed(tmp_path):
    pool = fuzz.seeds()
    samples = {p.stem for p in (ROOT / "variants").glob("*.ini")}
    assert {s.label.split("/")[0] for s in pool} == samples
    kinds = {s.label.split("/")[1] for s in pool}
    assert kinds == {"sample", "xboard", "xboard-foreign", "pgn", "engine", "fsf", "fsf-foreign",
                     "xboard-fsf", "xboard-fsf-foreign"}
    # the unmutated files our writers made read back, by name and by check, without error
    for seed in pool:
        if seed.label.endswith("-foreign"):
            continue
        for entry in tmp_path.iterdir():
            entry.unlink()
        path = tmp_path / seed.name
        path.write_bytes(seed.data)
        if seed.companion:
            (tmp_path / seed.companion[0]).write_bytes(seed.companion[1])
        for reader, fn in fuzz.readers(path):
            if reader in ("read_any", "check"):
                outcome = fuzz.run_one(reader, fn)
                assert outcome.status == "ok", (seed.label, reader, outcome.detail)


def test_every_kind_of_mutation_is_tried(figures):
    assert set(figures.mutations) == set(fuzz.MUTATIONS)
    assert figures.files == CASES and figures.reads == CASES * len(fuzz.readers(Path("x")))


def test_mutated_files_never_give_a_traceback(figures):
    assert figures.tracebacks == []


def test_every_error_names_its_file_and_line(figures):
    assert figures.outcomes["error"] > 0
    assert figures.unpositioned == []


def test_no_read_was_stopped_by_the_guard(figures):
    # the guard is the script's alarm (20 s), only there to end a hang: no time is asserted
    assert figures.outcomes["hang"] == 0
