"""Mutation fuzz of every variant-file reader and of ``variant-designer check``.

Every sample (``variants/*.ini``) is read and written in every format our writers make
(native options file, PGN tags, engine lines, Fairy-Stockfish ``variants.ini``, the
``xboard-fsf`` launcher with its section; each also without our ``@designer`` lines, so that the
readers of foreign data are reached). Each case takes one of these files and mutates it: byte
flips, truncation, lines duplicated or dropped, huge numbers, Unicode digits in place of ASCII
ones, deep and wide includes, wrong encodings (UTF-16, Latin-1, NUL bytes, a stray BOM), tens of
thousands of blank lines, spliced text. The result is read back by every reader, by
``read_any`` and by ``check``; what reads is validated and written again in every format.

Figures (JSON on standard output): files, outcomes, errors by kind, tracebacks (must be 0),
slowest read, reads over 2 s (must be 0), errors without a line (must be 0).

    python benchmarks/fuzz_formats.py                 # 10,000 files, seed 1
    python benchmarks/fuzz_formats.py --files 500 --seed 7
    python benchmarks/fuzz_formats.py --case 1234     # one case again, with its traceback

The test suite runs a few hundred cases of the same generator with a fixed seed
(``tests/formats/test_fuzz_formats.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from designer.formats import engine_lines, fsf_ini, pgn_tags, xboard_fsf, xboard_ini  # noqa: E402
from designer.formats.errors import FormatError  # noqa: E402
from designer.formats.registry import FORMATS, problems_for, read_any, render  # noqa: E402
from designer.variant.model import Variant  # noqa: E402

HANG_SECONDS = 2.0          # a read slower than this counts as a hang
GUARD_SECONDS = 20          # an alarm stops a read this slow so that the run goes on
ODD_DIGITS = ["²", "³", "¹", "١", "٣", "۵", "७", "𝟠", "８", "½", "Ⅻ", "⑨"]
HUGE = ["9" * 5000, "1" * 4301, "-" + "7" * 5000, "1" * 40, "0" * 3000 + "8", "99999999999"]


@dataclass(frozen=True)
class Seed:
    """One file our writers made: its name and bytes (and, for a launcher, its section)."""

    label: str
    name: str
    data: bytes
    companion: tuple[str, bytes] | None = None     # the variants.ini an xboard-fsf file loads


@dataclass
class Case:
    """One mutated file, ready to be written into a folder and read."""

    number: int
    seed: Seed
    mutations: list[str]
    data: bytes
    extra: dict[str, bytes] = field(default_factory=dict)    # includes, the companion


@dataclass
class Outcome:
    """What one reader did with one case."""

    reader: str
    status: str                 # ok / error / traceback / hang
    seconds: float
    kind: str = ""              # the error's reason, its particulars taken out
    positioned: bool = True
    detail: str = ""


# -- the files our writers make ---------------------------------------------------------------
def _without_designer(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if "@designer" not in line)


@functools.lru_cache(maxsize=1)
def seeds() -> tuple[Seed, ...]:
    """Every sample in every format we write (with and without our @designer lines)."""
    out: list[Seed] = []
    for path in sorted((ROOT / "variants").glob("*.ini")):
        stem = path.stem
        v = xboard_ini.load(path)
        native = xboard_ini.write(v)
        fsf = fsf_ini.write(v)
        launcher = xboard_fsf.write(v, f"{stem}.variants.ini")
        launcher = launcher.replace(str(Path(f"{stem}.variants.ini").resolve()),
                                    f"{stem}.variants.ini")
        texts = [("sample", f"{stem}.ini", path.read_text("utf-8")),
                 ("xboard", f"{stem}.ini", native),
                 ("xboard-foreign", f"{stem}.ini", _without_designer(native)),
                 ("pgn", f"{stem}.pgn", pgn_tags.write(v)),
                 ("engine", f"{stem}.eng", engine_lines.write(v)),
                 ("fsf", f"{stem}.variants.ini", fsf),
                 ("fsf-foreign", f"{stem}.variants.ini", fsf_ini.write(v, with_designer=False))]
        for label, name, text in texts:
            out.append(Seed(f"{stem}/{label}", name, text.encode("utf-8")))
        for label, text, section in (("xboard-fsf", launcher, fsf),
                                     ("xboard-fsf-foreign", _without_designer(launcher),
                                      _without_designer(fsf))):
            out.append(Seed(f"{stem}/{label}", f"{stem}.ini", text.encode("utf-8"),
                            (f"{stem}.variants.ini", section.encode("utf-8"))))
    return tuple(out)


# -- mutations --------------------------------------------------------------------------------
def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def flip_bytes(rnd: random.Random, data: bytes, case: Case) -> bytes:
    b = bytearray(data)
    for _ in range(rnd.randint(1, 8)):
        if b:
            i = rnd.randrange(len(b))
            b[i] ^= 1 << rnd.randrange(8)
    return bytes(b)


def truncate(rnd: random.Random, data: bytes, case: Case) -> bytes:
    return data[:rnd.randint(0, len(data))]


def duplicate_lines(rnd: random.Random, data: bytes, case: Case) -> bytes:
    lines = _lines(data)
    i = rnd.randrange(len(lines))
    times = rnd.choice([1, 2, 10, 100, 2000])
    return b"".join(lines[:i] + [lines[i]] * times + lines[i:])


def drop_lines(rnd: random.Random, data: bytes, case: Case) -> bytes:
    lines = _lines(data)
    i = rnd.randrange(len(lines))
    return b"".join(lines[:i] + lines[i + rnd.randint(1, 3):])


def swap_lines(rnd: random.Random, data: bytes, case: Case) -> bytes:
    lines = _lines(data)
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def huge_number(rnd: random.Random, data: bytes, case: Case) -> bytes:
    text = data.decode("utf-8", "replace")
    runs = [m.span() for m in re.finditer(r"[0-9]+", text)]
    number = rnd.choice(HUGE)
    if runs:
        a, b = rnd.choice(runs)
        return (text[:a] + number + text[b:]).encode("utf-8")
    i = rnd.randint(0, len(text))
    return (text[:i] + number + text[i:]).encode("utf-8")


def odd_digits(rnd: random.Random, data: bytes, case: Case) -> bytes:
    text = data.decode("utf-8", "replace")
    places = [m.start() for m in re.finditer(r"[0-9]", text)]
    chars = list(text)
    for i in rnd.sample(places, min(len(places), rnd.randint(1, 4))):
        chars[i] = rnd.choice(ODD_DIGITS)
    return "".join(chars).encode("utf-8")


def deep_includes(rnd: random.Random, data: bytes, case: Case) -> bytes:
    """An include at a random line: a chain deeper than allowed, a fan-out (each file
    including the next one ten times), a file including itself, or a missing file."""
    shape = rnd.choice(["chain", "fanout", "self", "missing", "quoted", "settings"])
    depth = rnd.randint(2, 12)
    for k in range(depth):
        body = f"@inc{k + 1}.ini\n" * (10 if shape == "fanout" else 1)
        case.extra[f"inc{k}.ini"] = body.encode()
    case.extra[f"inc{depth}.ini"] = b"-boardWidth 8\n"
    line = {"chain": "@inc0.ini\n", "fanout": "@inc0.ini\n", "self": f"@{case.seed.name}\n",
            "missing": "@nowhere.ini\n", "quoted": '-opt "inc0.ini"\n',
            "settings": "-settingsFile inc0\n"}[shape]
    lines = _lines(data)
    i = rnd.randint(0, len(lines))
    return b"".join(lines[:i] + [line.encode()] + lines[i:])


def wrong_encoding(rnd: random.Random, data: bytes, case: Case) -> bytes:
    text = data.decode("utf-8", "replace")
    how = rnd.choice(["utf-16", "latin-1", "nul", "bom-twice", "cp1252", "lone-byte"])
    if how == "utf-16":
        return text.encode("utf-16")
    if how in ("latin-1", "cp1252"):
        i = rnd.randint(0, len(text))
        return (text[:i] + "é déjà ÿ" + text[i:]).encode(how, "replace")
    if how == "nul":
        i = rnd.randint(0, len(data))
        return data[:i] + b"\x00" + data[i:]
    if how == "bom-twice":
        return b"\xef\xbb\xbf\xef\xbb\xbf" + data
    i = rnd.randint(0, len(data))
    return data[:i] + bytes([rnd.choice([0x80, 0xC3, 0xFF, 0xE2])]) + data[i:]


def blank_lines(rnd: random.Random, data: bytes, case: Case) -> bytes:
    lines = _lines(data)
    i = rnd.randint(0, len(lines))
    blank = rnd.choice([b"\n", b"   \n", b"\r\n", b"\t\n"]) * rnd.choice([1000, 50_000, 200_000])
    return b"".join(lines[:i] + [blank] + lines[i:])


HOSTILE_VALUES: list[Any] = [
    -1, 0, 1, 27, 99, 10**6 - 1, -(10**5), 1e308, 0.5, True, None, "", " ", "x" * 5000, "K" * 4001,
    "\u0000", "+", "+K", "K'!", "ABC", "²", [], [""], ["K", 5], [["a", "b"]], [[[[]]]], {}, {"a": 1},
    "8/8/8/8/8/8/8/8 w - - 0 1", "99/99 w", "k" * 700, "rnbqkbnr[" + "P" * 500 + "] w", "fmWfceF" * 500,
    "(((((((((", "betza2", "xbetza", "klingon",
]
VARIANT_KEYS = ["name", "files", "ranks", "setup", "holdings", "drops", "parent",
                "promotion_zone", "description", "rules", "author", "future_field"]
PIECE_KEYS = ["letter", "name", "notation", "dialect", "image", "royal", "promotions",
              "promotes_to", "promotion_zone", "mandatory_promotion", "slot", "notes", "later"]


def designer_values(rnd: random.Random, data: bytes, case: Case) -> bytes:
    """One field of one ``@designer`` line set to a hostile JSON value of any type."""
    lines = _lines(data)
    ours = [i for i, line in enumerate(lines) if b"@designer" in line and b"{" in line]
    if not ours:
        return splice(rnd, data, case)
    i = rnd.choice(ours)
    text = lines[i].decode("utf-8", "replace")
    head, brace, body = text.partition("{")
    try:
        obj = json.loads(brace + body)
    except ValueError:
        return splice(rnd, data, case)
    if not isinstance(obj, dict):
        return splice(rnd, data, case)
    keys = VARIANT_KEYS if " variant " in head else PIECE_KEYS
    for _ in range(rnd.randint(1, 3)):
        obj[rnd.choice(keys)] = rnd.choice(HOSTILE_VALUES)
    lines[i] = (head + json.dumps(obj, ensure_ascii=rnd.random() < 0.5) + "\n").encode("utf-8")
    return b"".join(lines)


SPLICE = ['"', "'", "{", "}", "[", "]", "(", ")", ";", "@", "-", "=", ":", "\\", "\\0", "\\7",
          "#", "+", "*", "/", "x", " ", "\n", "\t", "\r", "-fen", "-men", "-variant", "setup ",
          "piece ", "[Variant \"", "customPiece1 = a:", "maxFile = ", "; @designer 1 piece ",
          '{"letter": "Z"}', "\u2028", "\ufeff", "\u0301", "K" * 300]


def splice(rnd: random.Random, data: bytes, case: Case) -> bytes:
    text = data.decode("utf-8", "replace")
    i = rnd.randint(0, len(text))
    j = min(len(text), i + rnd.choice([0, 0, 1, 3, 20]))
    insert = "".join(rnd.choice(SPLICE) for _ in range(rnd.randint(1, 4)))
    return (text[:i] + insert + text[j:]).encode("utf-8")


MUTATIONS: dict[str, Callable[[random.Random, bytes, Case], bytes]] = {
    "flip": flip_bytes, "truncate": truncate, "duplicate": duplicate_lines, "drop": drop_lines,
    "swap": swap_lines, "huge-number": huge_number, "odd-digits": odd_digits,
    "includes": deep_includes, "encoding": wrong_encoding, "blank-lines": blank_lines,
    "splice": splice, "designer-values": designer_values,
}
WEIGHTS = {"flip": 3, "truncate": 2, "duplicate": 2, "drop": 2, "swap": 1, "huge-number": 2,
           "odd-digits": 2, "includes": 1, "encoding": 1, "blank-lines": 1, "splice": 4,
           "designer-values": 3}


def make_case(number: int, seed: int, pool: tuple[Seed, ...]) -> Case:
    """Case ``number`` of the run with ``seed``: the same every time."""
    rnd = random.Random(seed * 1_000_003 + number)
    base = pool[number % len(pool)]
    case = Case(number, base, [], base.data)
    if base.companion is not None:
        case.extra[base.companion[0]] = base.companion[1]
    names = list(MUTATIONS)
    weights = [WEIGHTS[n] for n in names]
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        name = rnd.choices(names, weights)[0]
        if base.companion is not None and rnd.random() < 0.3:
            # mutate the section the launcher loads instead of the launcher
            target, data = base.companion[0], case.extra[base.companion[0]]
            case.extra[target] = MUTATIONS[name](rnd, data, case)
            case.mutations.append(f"{name}@{target}")
        else:
            case.data = MUTATIONS[name](rnd, case.data, case)
            case.mutations.append(name)
    return case


# -- reading ----------------------------------------------------------------------------------
class Hang(Exception):
    """Raised by the alarm when one read takes longer than GUARD_SECONDS."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


def _kind(reason: str) -> str:
    """An error's reason without its particulars (quoted text, numbers, paths)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", "…", reason)
    text = re.sub(r"/[^\s:]+", "PATH", text)
    text = re.sub(r"[0-9]+", "N", text)
    text = re.sub(r"\[[^\]]*\]", "[…]", text)
    return " ".join(text.split()[:9])


def _read_text(path: Path) -> str:
    from designer.formats.errors import read_text
    return read_text(path)


def readers(path: Path) -> list[tuple[str, Callable[[], Any]]]:
    """Every way the program reads a file: by name, each reader on the file's text, check."""
    p = str(path)

    def on_text(fn: Callable[[str, str], Any]) -> Callable[[], Any]:
        return lambda: fn(_read_text(path), p)

    return [
        ("read_any", lambda: read_any(path)),
        ("xboard", on_text(lambda t, f: xboard_ini.read(t, f))),
        ("xboard-plain", on_text(lambda t, f: xboard_ini.read(t, f, use_designer=False))),
        ("fsf", on_text(lambda t, f: fsf_ini.read(t, None, f))),
        ("fsf-plain", on_text(lambda t, f: fsf_ini.read(t, None, f, use_designer=False))),
        ("pgn", on_text(lambda t, f: pgn_tags.read(t, f))),
        ("engine", on_text(lambda t, f: engine_lines.read(t, f))),
        ("xboard-fsf", on_text(lambda t, f: xboard_fsf.read(t, f))),
        ("check", lambda: _check(p)),
    ]


def _check(path: str) -> int:
    """``variant-designer check path`` in this process; an error it prints is raised as
    CheckError (positioned when it names ``file:line:``)."""
    from designer.commands.files import run
    args = argparse.Namespace(command="check", file=path, section=None)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(args)
    for line in err.getvalue().splitlines():
        if line.startswith("error: "):
            raise CheckError(line[len("error: "):])
    return code


class CheckError(Exception):
    """An error ``check`` printed (it reports a file it cannot read as ``error: ...``)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
        m = re.match(r"(.+?):([0-9]+): (.*)", message)
        self.positioned = m is not None
        self.reason = m[3] if m else message


def _exercise(v: Variant) -> None:
    """What reads must also validate, be checked for both programs and write in every format."""
    problems = v.validate()
    for fmt in ("xboard", "fsf"):
        problems_for(v, fmt)
    if any(p.severity == "error" for p in problems):
        return
    for fmt in FORMATS:
        if fmt == "xboard-fsf":
            xboard_fsf.write(v, "x.variants.ini")
            continue
        try:
            render(v, fmt)
        except FormatError:
            pass


def run_one(label: str, fn: Callable[[], Any]) -> Outcome:
    start = time.perf_counter()
    try:
        result = fn()
        if isinstance(result, Variant):
            _exercise(result)
        status, kind, positioned, detail = "ok", "", True, ""
    except FormatError as e:
        status, kind, detail = "error", _kind(e.reason), str(e)
        positioned = bool(e.file) and e.line >= 1
    except CheckError as e:
        status, kind, positioned, detail = "error", _kind(e.reason), e.positioned, e.message
    except Hang:
        status, kind, positioned, detail = "hang", "", True, f"stopped after {GUARD_SECONDS} s"
    except Exception:
        status, positioned = "traceback", True
        detail = traceback.format_exc(limit=-6)
        kind = detail.strip().splitlines()[-1][:160]
    return Outcome(label, status, time.perf_counter() - start, kind, positioned, detail)


_GUARDED = False


@contextlib.contextmanager
def guard() -> Iterator[None]:
    """An alarm that stops any one read after GUARD_SECONDS (POSIX, main thread only)."""
    global _GUARDED
    if _GUARDED or not hasattr(signal, "setitimer") or \
            threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGALRM, _alarm)
    _GUARDED = True
    try:
        yield
    finally:
        _GUARDED = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def timed(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` stopped by the alarm (inside ``guard``) should it pass GUARD_SECONDS."""
    def call() -> Any:
        if not _GUARDED:
            return fn()
        signal.setitimer(signal.ITIMER_REAL, GUARD_SECONDS)
        try:
            return fn()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return call


# -- the run ----------------------------------------------------------------------------------
@dataclass
class Figures:
    files: int = 0
    reads: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    mutations: Counter[str] = field(default_factory=Counter)
    tracebacks: list[str] = field(default_factory=list)
    unpositioned: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def add(self, case: Case, outcomes: list[Outcome]) -> None:
        self.files += 1
        for m in case.mutations:
            self.mutations[m.split("@")[0]] += 1
        where = f"case {case.number} ({case.seed.label}: {', '.join(case.mutations)})"
        for o in outcomes:
            self.reads += 1
            self.outcomes[o.status] += 1
            if o.status == "error":
                self.kinds[o.kind] += 1
                if not o.positioned:
                    self.unpositioned.append(f"{where} {o.reader}: {o.detail[:200]}")
            if o.status == "traceback":
                self.tracebacks.append(f"{where} {o.reader}: {o.kind}")
            if o.status == "hang" or o.seconds > HANG_SECONDS:
                self.hangs.append(f"{where} {o.reader}: {o.seconds:.2f} s")
            if o.seconds > self.slowest[0]:
                self.slowest = (o.seconds, f"{where} {o.reader}")

    def report(self, seconds: float, kinds: int = 30) -> dict[str, Any]:
        return {
            "files": self.files,
            "reads": self.reads,
            "outcomes": dict(self.outcomes),
            "mutations": dict(sorted(self.mutations.items())),
            "error_kinds": len(self.kinds),
            "errors_by_kind": dict(self.kinds.most_common(kinds)),
            "tracebacks": len(self.tracebacks),
            "traceback_examples": self.tracebacks[:10],
            "slowest_read_ms": round(self.slowest[0] * 1000, 1),
            "slowest_read": self.slowest[1],
            "hangs_over_2s": len(self.hangs),
            "hang_examples": self.hangs[:10],
            "errors_without_position": len(self.unpositioned),
            "unpositioned_examples": self.unpositioned[:10],
            "seconds": round(seconds, 1),
        }


def fuzz(count: int, seed: int = 1, progress: bool = False) -> Figures:
    """Run ``count`` cases; the figures."""
    pool = seeds()
    figures = Figures()
    folder = Path(tempfile.mkdtemp(prefix="vd-fuzz-"))
    try:
        with guard():
            for n in range(count):
                case = make_case(n, seed, pool)
                figures.add(case, run_case(case, folder))
                if progress and (n + 1) % 500 == 0:
                    print(f"{n + 1} files, {len(figures.tracebacks)} tracebacks, "
                          f"{len(figures.hangs)} hangs", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return figures


def run_case(case: Case, folder: Path) -> list[Outcome]:
    """Write the case into ``folder`` (emptied first) and read it every way, each read
    stopped by the alarm should it pass GUARD_SECONDS."""
    for entry in folder.iterdir():
        entry.unlink()
    path = folder / case.seed.name
    path.write_bytes(case.data)
    for name, data in case.extra.items():
        if name != case.seed.name:
            (folder / name).write_bytes(data)
    with guard():
        return [run_one(label, timed(fn)) for label, fn in readers(path)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=10_000, help="mutated files to read")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", type=int, help="run one case again and show what happened")
    args = ap.parse_args(argv)
    if args.case is not None:
        case = make_case(args.case, args.seed, seeds())
        folder = Path(tempfile.mkdtemp(prefix="vd-fuzz-case-"))
        print(f"case {case.number}: {case.seed.label}: {', '.join(case.mutations)} "
              f"(files in {folder})")
        with guard():
            for o in run_case(case, folder):
                print(f"  {o.reader:13} {o.status:9} {o.seconds * 1000:8.1f} ms  "
                      f"{o.detail.strip()[-2000:] if o.status != 'ok' else ''}")
        return 0
    start = time.perf_counter()
    figures = fuzz(args.files, args.seed, progress=True)
    report = figures.report(time.perf_counter() - start)
    print(json.dumps(report, indent=1, ensure_ascii=False))
    bad = report["tracebacks"] or report["hangs_over_2s"] or report["errors_without_position"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
