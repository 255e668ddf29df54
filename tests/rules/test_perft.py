"""Perft equals Fairy-Stockfish's node counts: from the start positions of its built-in
variants (our samples stand for them), from published positions (chessprogramming.org, its own
tests/perft.sh) and after seeded random play (its `go perft` on positions pyffish reached).
The deepest counts run in `variant-designer bench` instead of here."""

import subprocess
import sys

import pytest

from designer.game.game import Game
from rules_data import PERFT, ROOT, SAMPLE_OF, VECTORS, rows, sample

START = rows(VECTORS / "perft-public.jsonl")
PUBLISHED = [r for r in rows(PERFT / "published.jsonl") if r["suite"]]
RANDOM = rows(PERFT / "fsf-random.jsonl")


def _count(row: dict) -> int:
    fen = None if row["fen"] == "startpos" else row["fen"]
    return Game(sample(SAMPLE_OF[row["variant"]]), fen).perft(row["depth"])


@pytest.mark.parametrize("row", START, ids=[f"{r['variant']}-d{r['depth']}" for r in START])
def test_perft_from_the_start_and_kiwipete_equals_fairy_stockfish(row):
    assert _count(row) == row["nodes"]


@pytest.mark.parametrize("row", PUBLISHED, ids=[f"{r['variant']}-d{r['depth']}-{i}"
                                                for i, r in enumerate(PUBLISHED)])
def test_perft_of_published_positions(row):
    assert _count(row) == row["nodes"]


@pytest.mark.parametrize("row", RANDOM, ids=[f"{r['variant']}-{i}" for i, r in enumerate(RANDOM)])
def test_perft_after_random_play_equals_fairy_stockfish(row):
    assert _count(row) == row["nodes"]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "designer.cli", "perft", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_section_inheriting_a_builtin_with_a_custom_piece_counts_as_fairy_stockfish():
    # Fairy-Stockfish's tests/perft.sh: amazon startpos 4 -> 318185 (its built-in amazon is
    # chess with a QN in the queen's place, which this section describes)
    p = _cli(str(PERFT / "amazon.variants.ini"), "4")
    assert p.returncode == 0 and p.stdout.split()[-1] == "318185"


def test_the_command_prints_the_count_last_and_divides_per_first_move():
    p = _cli(str(ROOT / "variants" / "fide.ini"), "2", "--divide")
    lines = p.stdout.split()
    assert p.returncode == 0 and lines[-1] == "400"
    firsts = [x for x in p.stdout.splitlines() if ":" in x]
    assert len(firsts) == 20 and "e2e4: 20" in firsts


def test_the_command_reads_a_fen_of_the_variant():
    p = _cli(str(ROOT / "variants" / "fide.ini"), "1", "--fen",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert p.returncode == 0 and p.stdout.split()[-1] == "48"


@pytest.mark.parametrize("args, words", [
    (("nosuchfile.ini", "2"), "nosuchfile"),
    (("variants/fide.ini", "2", "--fen", "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
     "FEN column"),
    (("variants/fide.ini", "2", "--fen", "8/8/8 w - - 0 1"), "ranks"),
    (("variants/fide.ini", "99"), "depth"),
    (("variants/fide.ini", "-1"), "depth"),
    (("variants/fide.ini", "two"), "depth"),
])
def test_bad_input_is_a_positioned_error_with_exit_status_2(args, words):
    p = _cli(*args)
    assert p.returncode == 2 and words in p.stderr and "Traceback" not in p.stderr
