"""Reading timings of the variant-file readers on the samples and on hostile files (figures, not
a test: the tests count the readers' work; the milliseconds are here).

``formats_figures()`` returns them as flat ``formats_*`` keys for ``variant-designer bench``
(``python -m designer.commands.bench_formats`` prints them alone); the samples are the shipped
ones (``designer.paths.samples_dir``). The hostile files are the ones that once
took seconds or never finished: 200,000 blank lines (format detection), each file including
the next one ten times, 20,000 piece lines, a FIFO named by ``-fcp``. Target: every hostile
read ends (with its error) within 0.1 s.
"""

from __future__ import annotations

import functools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..formats.errors import FormatError
from ..formats.registry import problems_for, read_any
from ..notation import parser
from ..paths import samples_dir


def _ms(fn: Callable[[], Any], rounds: int) -> float:
    """Median milliseconds of ``fn`` (a FormatError is its answer, not a failure)."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        try:
            fn()
        except FormatError:
            pass
        samples.append((time.perf_counter() - start) * 1000.0)
    return round(statistics.median(samples), 2)


def _check(path: Path) -> None:
    """What ``check`` does, from a cold start: nothing remembered of earlier readings."""
    parser._READ.clear()
    v = read_any(path)
    v.validate()
    problems_for(v, "xboard")
    problems_for(v, "fsf")


def _hostile(folder: Path) -> dict[str, Path]:
    files: dict[str, Path] = {}
    blank = folder / "blank.ini"
    blank.write_text("\n" * 200_000 + "-variant fairy\n")
    files["200k_blank_lines"] = blank
    for k in range(6):
        (folder / f"fan{k}.ini").write_text(f"@fan{k + 1}.ini\n" * 10)
    (folder / "fan6.ini").write_text("-boardWidth 8\n")
    files["include_fan_out"] = folder / "fan0.ini"
    head = '; @designer 1 variant {"name": "x", "files": 8, "ranks": 8}\n'
    body = "".join(f'; @designer 1 piece {{"letter": "A", "notation": "W{k % 90}R{k % 7}"}}\n'
                   for k in range(20_000))
    many = folder / "pieces.ini"
    many.write_text(head + body + "-variant fairy\n")
    files["20k_piece_lines"] = many
    if hasattr(os, "mkfifo"):
        fifo = folder / "pipe.variants.ini"
        os.mkfifo(fifo)
        launcher = folder / "launcher.ini"
        launcher.write_text(f'-fcp "fairy-stockfish load {fifo}"\n-variant x\n')
        files["fcp_fifo"] = launcher
    return files


def formats_figures(rounds: int = 5) -> dict[str, Any]:
    figs: dict[str, Any] = {}
    samples = sorted(samples_dir().glob("*.ini"))
    per_sample = [_ms(functools.partial(_check, p), rounds) for p in samples]
    figs["formats_samples"] = len(samples)
    figs["formats_check_sample_median_ms"] = round(statistics.median(per_sample), 2)
    figs["formats_check_sample_max_ms"] = max(per_sample)
    with tempfile.TemporaryDirectory(prefix="vd-bench-") as tmp:
        hostile = {name: _ms(functools.partial(_check, path), rounds)
                   for name, path in _hostile(Path(tmp)).items()}
    for name, ms in hostile.items():
        figs[f"formats_hostile_{name}_ms"] = ms
    figs["formats_hostile_meet_target"] = max(hostile.values()) < 100.0
    return figs


if __name__ == "__main__":
    print(json.dumps(formats_figures(), indent=1))
