"""``variant-designer legal`` as another program uses it: positions in on standard input, our
legal moves and the game's result out, compared with pyffish's ``legal_moves`` and
``game_result``/``is_optional_game_end`` for the same positions."""

import subprocess
import sys

import pytest

from repo_data import FSF_DATA, ROOT

sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")
CORPUS = FSF_DATA / "variants.ini"

# (file, section or None, pyffish's variant, FEN, moves)
CASES = [
    (ROOT / "variants" / "fide.ini", None, "chess",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f2f3 e7e5 g2g4 d8h4"),
    (ROOT / "variants" / "fide.ini", None, "chess",
     "1r6/p3bpk1/8/8/4p3/1n6/8/6K1 b - - 3 35",
     "f7f5 g1h2 b8b6 h2g1 b6b8 g1h2 b8h8 h2g1 h8b8"),
    (ROOT / "variants" / "fide.ini", None, "chess",
     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1 e8c8"),
    (CORPUS, "diana", "diana", "rbnk1r/ppp1pp/2bp2/2P2P/PPBPP1/R1NKBR b KQkq - 0 3", ""),
    (CORPUS, "gorogoroplus", "gorogoroplus", "4k/5/1p3/1+N3/5/K4[] b - - 0 1", "b4b3"),
    (CORPUS, "antiminishogi", "antiminishogi", "4k/5/1B3/2g2/K4[] w - - 0 1", "b3c2"),
    (CORPUS, "atomicduck", "atomicduck",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""),
]


def _winner_text(value, fen):
    if value == 0:
        return "1/2-1/2"
    white = fen.split()[1] == "w"
    return "1-0" if (value > 0) == white else "0-1"


def _theirs(variant, fen, moves):
    legal = sf.legal_moves(variant, fen, moves)
    now = sf.get_fen(variant, fen, moves)
    if not legal:
        return set(), _winner_text(sf.game_result(variant, fen, moves), now)
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    return set(legal), _winner_text(value, now) if ended else None


def test_legal_moves_and_results_are_pyffishs():
    sf.load_variant_config(CORPUS.read_text())
    by_file = {}
    for case in CASES:
        by_file.setdefault(case[:2], []).append(case)
    for (path, section), cases in by_file.items():
        cmd = [sys.executable, "-m", "designer.cli", "legal", str(path)]
        if section:
            cmd += ["--section", section]
        text = "".join(f"{fen} {moves}\n" for *_, fen, moves in cases)
        done = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=120,
                              cwd=ROOT)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == len(cases)
        for line, (_, _, variant, fen, moves) in zip(lines, cases):
            legal, _, result = line.partition(";")
            ours = (set(legal.split()), result.split()[0] if result else None)
            assert ours == _theirs(variant, fen, moves.split()), (variant, fen, moves)


def test_a_bad_line_is_named_and_the_others_answered():
    text = "startpos e2e5\nnot a fen\nstartpos moves e2e4\n"
    done = subprocess.run([sys.executable, "-m", "designer.cli", "legal",
                           str(ROOT / "variants" / "fide.ini")], input=text,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1
    out = done.stdout.splitlines()
    assert out[0].startswith("error: move 1 (e2e5) is not legal")
    assert out[1].startswith("error: ")
    assert len(out[2].split()) == 20 and "e7e5" in out[2].split()
    assert "line 1" in done.stderr and "line 2" in done.stderr
