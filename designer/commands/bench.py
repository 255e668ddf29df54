"""``variant-designer bench``: run the benchmarks and print one JSON object of figures.

Milliseconds unless the key says otherwise. Engine figures always; notation figures from
``benchmarks/notation_bench.py``, file-reading figures from ``benchmarks/formats_bench.py`` and
window figures from ``designer.gui.bench`` when available
(``--only engine`` skips them). Figures, not pass/fail: targets live in the issues and README.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ..engine.compile import compile_text
from ..engine.generate import generate
from ..engine.position import BLACK, WHITE, Placed, Position
from ..notation.errors import TooComplexError

ROOT = Path(__file__).resolve().parents[2]


def add_arguments(parser) -> None:
    parser.add_argument("--only", choices=("engine", "notation", "formats", "gui"),
                        action="append",
                        help="run only these groups (repeatable)")
    parser.add_argument("--repeat", type=int, default=300, help="timed runs per figure")


def _times(fn, n: int) -> list[float]:
    fn()  # warm caches
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000.0)
    return sorted(out)


def _p95(ts: list[float]) -> float:
    return ts[min(len(ts) - 1, int(round(0.95 * (len(ts) - 1))))]


def lion_position(seed: int = 7) -> tuple[Position, tuple[int, int]]:
    """Chu Shogi Lion in the middle of 16x16 with 40 blockers (both colours)."""
    rnd = random.Random(seed)
    origin = (7, 7)
    squares = [(f, r) for f in range(16) for r in range(16) if (f, r) != origin]
    blockers = rnd.sample(squares, 40)
    pieces = {s: Placed(WHITE if i % 2 else BLACK) for i, s in enumerate(blockers)}
    return Position(16, 16, pieces), origin


def pathological_text() -> str:
    """1,000 characters of distinct multi-leg groups: the search must stop at its budget."""
    groups = [f"{d}{m}a{c}R" for d in "fblrvs" for m in "mcp" for c in ("fs", "s", "f", "b", "l", "r")]
    text = ""
    i = 0
    while len(text) < 1000:
        text += groups[i % len(groups)] + ("K" if i >= len(groups) else "")
        i += 1
    text = text[:1000].rstrip("abcdefghijklmnopqrstuvwxyz")
    return text + "N" * (1000 - len(text))  # pad with knights to exactly 1,000 characters


def engine_figures(repeat: int = 300) -> dict:
    figs: dict = {}
    pos, origin = lion_position()
    lion = compile_text("KNADcaKmcabK")
    figs["lion_16x16_p95_ms"] = round(_p95(_times(lambda: generate(lion, pos, origin), repeat)), 3)
    queen = compile_text("Q")
    big = Position(26, 26)
    figs["queen_26x26_ms"] = round(statistics.median(
        _times(lambda: generate(queen, big, (12, 12)), repeat)), 3)
    hook = compile_text("masR")
    b16 = Position(16, 16)
    figs["hook_mover_16x16_ms"] = round(statistics.median(
        _times(lambda: generate(hook, b16, (7, 7)), max(20, repeat // 5))), 3)

    text = pathological_text()

    def patho() -> None:
        try:
            generate(compile_text(text), Position(16, 16), (7, 7))
        except TooComplexError:
            pass
    figs["pathological_chars"] = len(text)
    figs["pathological_1000_chars_ms"] = round(statistics.median(_times(patho, 7)), 1)
    # Betza 2.0 turning riders branch at every step: the dearest work per search node
    b2 = "".join(f"{d}Q{t}*" for d in ("", "f", "b", "s", "v") for t in ("fh", "fs", "a", "s"))
    b2 = (b2 * (1000 // len(b2) + 1))[:1000]
    b2 = b2[: b2.rfind("*") + 1]
    b2 += "N" * (1000 - len(b2))

    def patho2() -> None:
        try:
            generate(compile_text(b2, "betza2"), Position(26, 26), (12, 12))
        except TooComplexError:
            pass
    figs["pathological_betza2_1000_chars_ms"] = round(statistics.median(_times(patho2, 7)), 1)
    figs["targets_queries_per_s"] = targets_rate()
    return figs


def targets_rate(total: int = 4000) -> int:
    """Queries per second of one ``targets`` process over the public vectors repeated to 4,000
    queries, process start included."""
    vec = ROOT / "tests" / "data" / "vectors"
    lines: list[str] = []
    fields = ("betza", "dialect", "files", "ranks", "square", "friends", "foes", "side",
              "virgin", "ep", "holes", "royal_foes", "moved", "royal", "types")
    for name in ("xboard-public.jsonl", "betza2-public.jsonl", "fsf-public.jsonl"):
        f = vec / name
        if f.exists():
            for raw in f.read_text().splitlines():
                if raw.strip():
                    case = json.loads(raw)
                    lines.append(json.dumps({k: case[k] for k in fields if k in case}))
    if not lines:
        lines = [json.dumps({"betza": "KNADcaKmcabK", "square": "e4"})]
    payload = "\n".join((lines * (total // len(lines) + 1))[:total]) + "\n"
    t = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "designer.cli", "targets", "--no-warnings"],
                         input=payload, capture_output=True, text=True, timeout=300)
    dt = time.perf_counter() - t
    answered = len(res.stdout.splitlines())
    return int(answered / dt) if dt > 0 else 0


def _script_figures(script: str, function: str) -> dict:
    """The figures ``function`` of ``benchmarks/<script>`` returns ({} without the script)."""
    path = ROOT / "benchmarks" / script
    if not path.exists():
        return {}
    import importlib.util
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        return {}
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    fn = getattr(mod, function, None)
    return fn() if fn else {}


def notation_figures() -> dict:
    return _script_figures("notation_bench.py", "notation_figures")


def formats_figures() -> dict:
    """Reading the samples and the hostile files that once took seconds or never ended."""
    return _script_figures("formats_bench.py", "formats_figures")


def gui_figures() -> dict:
    try:
        from ..gui.bench import gui_figures as figures  # Qt only when asked for
    except ImportError:
        return {}
    return figures()


def run(args) -> int:
    groups = args.only or ["engine", "notation", "formats", "gui"]
    out: dict = {}
    if "engine" in groups:
        out.update(engine_figures(args.repeat))
    if "notation" in groups:
        out.update(notation_figures())
    if "formats" in groups:
        out.update(formats_figures())
    if "gui" in groups:
        out.update(gui_figures())
    print(json.dumps(out, indent=1))
    return 0
