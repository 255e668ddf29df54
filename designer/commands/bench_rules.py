"""Speed of the rules engine against python-chess and Fairy-Stockfish, in one run (figures, not
a test: the tests prove the counts, these say how fast).

``rules_figures()`` returns flat ``rules_*`` keys for ``variant-designer bench``:
perft nodes per second of our engine and of python-chess's perft as its own test suite counts
(the last ply by counting legal moves) on the FIDE start position (depth 4) and Kiwipete
(depth 3), their ratio; Capablanca, Xiangqi, Shogi (drops) and Grand against python-chess's
FIDE figure; Chu Shogi from its start (counted exactly, with the share of nodes at which a piece
needed the walker); Fairy-Stockfish's ``go perft`` on the same positions as the limit (when its
binary is beside the checkout); the memo entries the tables hold afterwards (bounded), and on a
26x26 board with 40 piece types (``memo_figures``: peak entries against the cap's bound); and the
deepest counts of the rules issue, each with whether it equals Fairy-Stockfish's number.
Times are processor seconds of this thread; python-chess and ours alternate ``rounds`` times
and the ratio is the median of the pairs' ratios (``…_best``: of the best runs), so other load
on the machine weighs on both alike.

Run ``python -m designer.commands.bench_rules [--deep] [--profile]``; the samples are the
shipped ones (``designer.paths.samples_dir``), the engine the one beside a checkout.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..formats import xboard_ini
from ..paths import samples_dir
from ..game.game import Game
from ..variant.model import Variant

if TYPE_CHECKING:
    import chess

ENGINE = Path(__file__).resolve().parents[3] / "shared" / "engines" / "fairy-stockfish"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# (label, sample, FSF variant, fen or None, depth, Fairy-Stockfish's count)
RUNS = [("fide_start_d4", "fide", "chess", None, 4, 197281),
        ("kiwipete_d3", "fide", "chess", KIWIPETE, 3, 97862),
        ("capablanca_d4", "capablanca", "capablanca", None, 4, 805128),
        ("xiangqi_d4", "xiangqi", "xiangqi", None, 4, 3290240),
        ("shogi_d4", "shogi", "shogi", None, 4, 719731),
        ("grand_d3", "grand", "grand", None, 3, 259514)]
DEEP = [("fide_start_d5", "fide", None, 5, 4865609), ("kiwipete_d4", "fide", KIWIPETE, 4, 4085603),
        ("crazyhouse_d4", "crazyhouse", None, 4, 197281), ("makruk_d4", "makruk", None, 4, 273026),
        ("shatranj_d4", "shatranj", None, 4, 68122), ("courier_d4", "courier", None, 4, 500337)]


def sample(name: str) -> Variant:
    path = samples_dir() / f"{name}.ini"
    return xboard_ini.read(path.read_text(), str(path))


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.thread_time()
    value = fn()
    return time.thread_time() - t, value


def _ours(name: str, fen: str | None, depth: int) -> tuple[float, int, Game]:
    game = Game(sample(name), fen)
    seconds, nodes = _cpu(lambda: game.perft(depth))
    return seconds, nodes, game


def _python_chess(fen: str | None, depth: int) -> tuple[float, int] | None:
    try:
        import chess
    except ImportError:         # python-chess is in the test extra, not the app's
        return None

    def perft(d: int, board: "chess.Board") -> int:   # as python-chess's own perft counts
        if d == 1:
            return int(board.legal_moves.count())
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += perft(d - 1, board)
            board.pop()
        return n
    board = chess.Board(fen or chess.STARTING_FEN)
    return _cpu(lambda: perft(depth, board))


@contextmanager
def fsf_session(variant: str = "chess") -> Iterator[Callable[[str, str], list[str]] | None]:
    """A running Fairy-Stockfish (one thread) on ``variant``: ``ask(command, until)`` sends a
    command and returns the lines it answered, the one starting with ``until`` last. None
    when no engine is beside the checkout."""
    if not ENGINE.exists():
        yield None
        return
    proc = subprocess.Popen([str(ENGINE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None and stdout is not None

    def ask(command: str, until: str) -> list[str]:
        stdin.write(command + "\n")
        stdin.flush()
        lines = []
        for line in stdout:
            lines.append(line)
            if line.startswith(until):
                break
        return lines
    try:
        ask("uci", "uciok")
        ask(f"setoption name Threads value 1\nsetoption name UCI_Variant value {variant}\n"
            "isready", "readyok")
        yield ask
    finally:
        stdin.write("quit\n")
        stdin.flush()
        proc.wait(timeout=30)


def _fsf(variant: str, fen: str | None, depth: int) -> float | None:
    """Seconds Fairy-Stockfish's ``go perft`` takes on the same tree, from the command to its
    answer in a running engine (its start-up not counted), best of two."""
    pos = "startpos" if fen is None else f"fen {fen}"
    with fsf_session(variant) as ask:
        if ask is None:
            return None
        best = None
        for _ in range(2):
            ask(f"position {pos}\nisready", "readyok")
            t = time.perf_counter()
            ask(f"go perft {depth}", "Nodes searched")
            spent = time.perf_counter() - t
            best = spent if best is None else min(best, spent)
        return best


def rules_figures(rounds: int = 7, deep: bool = False) -> dict[str, Any]:
    figs: dict[str, Any] = {}
    pc_fide_nps = None
    for label, name, variant, fen, depth, want in RUNS:
        best = None
        best_pc = None
        game = None
        nodes = 0
        ratios = []
        for _ in range(rounds if name == "fide" else 1):
            seconds, nodes, game = _ours(name, fen, depth)
            best = seconds if best is None else min(best, seconds)
            if name == "fide":      # alternating, so a busier moment weighs on both
                pc = _python_chess(fen, depth)
                if pc is not None:
                    best_pc = pc[0] if best_pc is None else min(best_pc, pc[0])
                    ratios.append(pc[0] / seconds)
        assert best is not None and game is not None
        nps = nodes / best
        figs[f"rules_{label}_nodes"] = nodes
        figs[f"rules_{label}_exact"] = nodes == want
        figs[f"rules_{label}_nps"] = round(nps)
        if best_pc is not None:
            pc_nps = nodes / best_pc
            figs[f"rules_{label}_python_chess_nps"] = round(pc_nps)
            figs[f"rules_{label}_to_python_chess"] = round(statistics.median(ratios), 2)
            figs[f"rules_{label}_to_python_chess_best"] = round(nps / pc_nps, 2)
            if label == "fide_start_d4":
                pc_fide_nps = pc_nps
        elif pc_fide_nps is not None:
            figs[f"rules_{label}_to_python_chess_fide"] = round(nps / pc_fide_nps, 2)
        fsf = _fsf(variant, fen, depth)
        if fsf is not None:
            figs[f"rules_{label}_fairy_stockfish_nps"] = round(nodes / fsf)
            figs[f"rules_{label}_to_fairy_stockfish"] = round(fsf / best, 4)
        figs[f"rules_{label}_memo_entries"] = game.cfg.kinds.memo_entries()
    seconds, nodes, game = _ours("chu", None, 2)
    gen = game.generator
    figs["rules_chu_d2_nodes"] = nodes
    figs["rules_chu_d2_nps"] = round(nodes / max(seconds, 1e-6))
    figs["rules_chu_d2_walker_share"] = round(gen.walker_nodes / max(gen.nodes, 1), 3)
    figs["rules_memo_cap_per_table"] = game.cfg.kinds.cap
    figs.update(memo_figures())
    if deep:
        for label, name, fen, depth, want in DEEP:
            seconds, nodes, _ = _ours(name, fen, depth)
            figs[f"rules_{label}_nodes"] = nodes
            figs[f"rules_{label}_exact"] = nodes == want
            figs[f"rules_{label}_nps"] = round(nodes / max(seconds, 1e-6))
    return figs


# forty kinds a 26x26 board's tables must hold (riders of every length, leapers, a cannon)
GIANT = ("K", "Q", "R", "B", "N", "NN", "W", "F", "D", "A", "WD", "FA", "C", "Z", "CC", "ZZ",
         "DD", "AA", "mRcpR", "R4", "B4", "N4", "fRbB", "sRvB", "vRsN", "RN", "BN", "Q3",
         "KNAD", "H", "G", "HH", "GG", "WA", "FD", "fNbW", "CZ", "RD", "BD", "NC")


def giant_variant() -> Variant:
    """A 26x26 variant with 40 piece types, a row and a half of them per side."""
    from ..variant.model import PieceType
    letters = [chr(ord("A") + i) for i in range(26)] + \
        [chr(ord("A") + i) + "'" for i in range(len(GIANT) - 26)]
    letters.remove("K")
    letters.insert(0, "K")
    pieces = tuple(PieceType(letter, f"Giant {i}", betza, royal=letter == "K")
                   for i, (letter, betza) in enumerate(zip(letters, GIANT)))
    back, front = letters[:26], letters[26:]

    def rank(tokens: list[str]) -> str:
        return "".join(tokens) + (str(26 - len(tokens)) if len(tokens) < 26 else "")
    rows = [rank([t.lower() for t in back]), rank([t.lower() for t in front])] + ["26"] * 22 + \
        [rank(front), rank(back)]
    return Variant(name="Giant", files=26, ranks=26, pieces=pieces,
                   setup="/".join(rows) + " w - - 0 1")


def memo_figures(plies: int = 120, small_cap: int = 16, seed: int = 7) -> dict[str, Any]:
    """The memos of a 26x26 variant with 40 piece types after a random game (fixed seed): the
    entries the piece tables and the attack rows hold, against their bound (the per-table cap
    times the tables); once with the default cap, once with a small one that the game
    overflows, so the figure shows the memos cleared rather than grown."""
    import random
    figs: dict[str, Any] = {}
    variant = giant_variant()
    for label, cap in (("", None), ("_small_cap", small_cap)):
        game = Game(variant) if cap is None else Game(variant, memo_cap=cap)
        kinds = game.cfg.kinds
        rng = random.Random(seed)
        peak = 0
        t = time.thread_time()
        for ply in range(plies):
            if ply % 10 == 0:
                game.perft(2)           # every reply's count: many occupancies at once
                peak = max(peak, kinds.memo_entries())
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
            peak = max(peak, kinds.memo_entries())
        seconds = time.thread_time() - t
        tables = kinds.table_count()
        rows = [memos for side in game.attacks.mirror_rows for _, _, _, memos, _, _ in side]
        row_entries = sum(len(d) for memos in rows for d in memos)
        prefix = f"rules_giant26_memo{label}"
        figs[f"{prefix}_cap_per_table"] = kinds.cap
        figs[f"{prefix}_tables"] = tables
        figs[f"{prefix}_entries_peak"] = peak
        figs[f"{prefix}_bound"] = kinds.cap * tables
        figs[f"{prefix}_attack_row_entries"] = row_entries
        figs[f"{prefix}_attack_row_bound"] = kinds.cap * len(rows)
        figs[f"{prefix}_within_bound"] = peak <= kinds.cap * tables and \
            row_entries <= kinds.cap * len(rows)
        figs[f"{prefix}_work_s"] = round(seconds, 2)
    figs["rules_giant26_piece_types"] = len(variant.pieces)
    return figs


def profile_lines(top: int = 12) -> str:
    """cProfile's top lines of the FIDE start perft 4 and Kiwipete perft 3."""
    game = Game(sample("fide"))
    kiwi = Game(sample("fide"), KIWIPETE)
    prof = cProfile.Profile()
    prof.enable()
    game.perft(4)
    kiwi.perft(3)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deep", action="store_true", help="also the deepest counts")
    ap.add_argument("--profile", action="store_true", help="print cProfile's top lines")
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    print(json.dumps(rules_figures(a.rounds, a.deep), indent=1))
    if a.profile:
        print(profile_lines())


if __name__ == "__main__":
    main()
