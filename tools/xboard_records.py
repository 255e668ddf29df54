#!/usr/bin/env python3
"""Game records made and read by the real XBoard (4.9.1) under a virtual display, as facts for
the tests of our SAN and PGN reader and writer (``tests/data/records/``).

    tools/xboard_records.py engines  OUTDIR [STEM...]   # Fairy-Stockfish plays itself
    tools/xboard_records.py scripted OUTDIR [STEM...]   # scripted engines play given moves
    tools/xboard_records.py ours     OUTDIR [STEM...]   # our writer's games of the samples
    tools/xboard_records.py replay   OUT.json PGN...    # XBoard opens PGNs (-ncp -lgf)

``engines`` and ``scripted`` let XBoard save each game itself (``-sgf STEM.pgn``); ``replay``
of those files gives XBoard's own FEN of each game's last position (``-spf`` is not used: XBoard
writes that file before it shows a mating move, one move short).
``engines`` runs two Fairy-Stockfish processes over the XBoard protocol on a short clock,
adjudicated a draw after ``MOVES`` moves;
``scripted`` uses the scripted engine of ``xboard_probe.py`` (one move per turn, then it
resigns) for moves an engine game rarely holds (e.p., under-promotion, both castlings, the
Chu Lion's double capture, igui and pass). ``replay`` opens each PGN as a user does
(``xboard -ncp [@NAME.pgn.ini] -lgf NAME.pgn -td 0``) to see whether XBoard shows an error,
then loads it again in a one-game match of scripted engines that resign at once, so that
XBoard itself saves its FEN of the last position and its own SAN of every move it read.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xboard_probe import FAKE_ENGINE, VARIANTS, XBOARD, Display, stop_xboard  # noqa

FSF = os.environ.get("VD_FAIRY_STOCKFISH",
                     str(Path(__file__).resolve().parents[1].parent.parent / "shared" /
                         "engines" / "fairy-stockfish"))
MOVES = 70          # -adjudicateDrawMoves: the game is a draw after this many moves

# (file stem, XBoard -variant) of the games Fairy-Stockfish plays against itself
ENGINE_GAMES = [("fide", "normal"), ("capablanca", "capablanca"), ("shogi", "shogi"),
                ("xiangqi", "xiangqi"), ("crazyhouse", "crazyhouse"), ("grand", "grand"),
                ("makruk", "makruk"), ("shatranj", "shatranj"), ("courier", "courier")]

# (file stem, XBoard -variant, moves alternating White/Black in XBoard's coordinates: on
# boards of exactly ten ranks XBoard counts ranks from 0; a Lion's two legs joined by ',')
SCRIPTED = [
    ("fide-special", "normal",
     # e.p., a capture promoting to a knight, O-O-O, O-O, a knight named by its file
     "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7f8n d8d6 g1f3 e8c8 f1d3 h7h6 e1g1 g8f6 "
     "b1c3 f6d7 c3b5 d6c5 b5d4 e6g4 f3h4 c6e5 d4f3 e5f3 d1f3 g4f3 g2f3 d7f8".split()),
    ("fide-mate", "normal", "f2f3 e7e5 g2g4 d8h4".split()),
    ("chu-lion", "chu",
     # the Lion jumps up to the Black pawns, takes two of them in one move (f8xf9xe9),
     # takes one and returns (igui) and passes (out to an empty square and back)
     "f3f5 a9a8 f5f7 l9l8 f7f8 a8a7 f8f9,f9e9 l8l7 e9d9,d9e9 a7a6 e9e10,e10e9 b9b8 "
     "e9f8,f8e9 b8b7 e9f9 c9c8".split()),
    ("fide-rooks", "normal",
     # rooks named by their file (Rha3) and by their rank (R1a2)
     "a2a4 a7a6 h2h4 h7h6 h1h3 a6a5 h3a3 h6h5 a1a2 b7b6".split()),
    ("xiangqi-soldier", "xiangqi",
     # a soldier crosses the river and steps sideways (XBoard: ed5, ranks from 0)
     "e3e4 a6a5 e4e5 a5a4 e5d5 i6i5".split()),
    ("shogi-drops", "shogi",
     # a promotion declined (the '=' of XBoard), drops, promotions, a capture by the king
     "c3c4 g7g6 b2h8 g9h8 B@e5 B@i5 e5h8+ i5g3+ S@f2 g3f2 e1f2 i9i8 h8i8 h9g7".split()),
]


def _engine_args(variant: str) -> list[str]:
    # time-limited searches: with a depth limit ("sd 2") Fairy-Stockfish often answered the
    # other engine's first move with "Illegal move" (its own move not yet on its board)
    return ["-variant", variant, "-fcp", FSF, "-scp", FSF, "-fd", tempfile.gettempdir(),
            "-sd", tempfile.gettempdir(), "-tc", "0:20", "-inc", "0", "-xponder",
            "-defaultHashSize", "16", "-adjudicateDrawMoves", str(MOVES)]


def _play(d: Display, outdir: Path, stem: str, args: list[str], env: dict[str, str],
          tries: int = 4) -> None:
    """One game saved by XBoard; tried again when an engine wrongly claimed an illegal move
    (Fairy-Stockfish sometimes does in the first moves, as a race at its start) or no game
    was saved."""
    pgn = outdir / f"{stem}.pgn"
    for attempt in range(tries):
        if pgn.exists():
            pgn.unlink()
        proc = subprocess.Popen([XBOARD, "-saveSettingsOnExit", "false", *args, "-mg", "1",
                                 "-sgf", str(pgn), "-xexit"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        try:
            out = proc.communicate(timeout=600)[0]
        except subprocess.TimeoutExpired:
            proc.kill()
            out = proc.communicate()[0]
        last = [l for l in out.splitlines() if "ALSA" not in l and "aplay" not in l][-1:]
        ok = pgn.exists() and "illegal-move claim" not in pgn.read_text()
        print(stem, attempt, ok, last, file=sys.stderr)
        if ok:
            return


def engines(d: Display, outdir: Path, stems: list[str]) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    for stem, variant in ENGINE_GAMES:
        if not stems or stem in stems:
            _play(d, outdir, stem, _engine_args(variant), d.env)


def _scripted_engine() -> tuple[Path, Path]:
    """A work folder and the scripted engine of ``xboard_probe.py`` in it."""
    work = Path(tempfile.mkdtemp(prefix="xbrec-"))
    engine = work / "engine.py"
    engine.write_text(FAKE_ENGINE)
    engine.chmod(0o755)
    return work, engine


def scripted(d: Display, outdir: Path, stems: list[str]) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    _, engine = _scripted_engine()
    for stem, variant, moves in SCRIPTED:
        if stems and stem not in stems:
            continue
        env = dict(d.env, FAKE_VARIANTS=",".join(VARIANTS),
                   FAKE_MOVES_1=" ".join(moves[0::2]), FAKE_MOVES_2=" ".join(moves[1::2]))
        _play(d, outdir, stem, ["-variant", variant, "-fcp", f"{engine} 1", "-scp",
                                f"{engine} 2", "-tc", "40", "-mps", "40"], env)


def replay(d: Display, out: Path, files: list[str]) -> None:
    """Open each PGN in XBoard and record what it shows at the end (see the docstring)."""
    work, engine = _scripted_engine()
    report = {}
    for f in files:
        p = Path(f).resolve()
        companion = p.with_suffix(".pgn.ini")
        options = [f"@{companion.name}"] if companion.exists() else []
        # as a user opens it: which windows besides the board (an error popup) XBoard shows
        proc = start(d, ["-ncp", *options, "-autoDisplayTags", "false", "-td", "0",
                         "-lgf", p.name], str(p.parent))
        popups = [w for w in d.windows() if w not in ("xboard", p.name) and
                  not w.startswith(p.stem)]
        log = stop_xboard(d, proc)
        # the same LoadGame in a one-game match of two scripted engines that resign at
        # once: XBoard saves its final position (-spf) and its own PGN of the game (-sgf)
        fen_path, pgn_path = work / f"{p.stem}.fen", work / f"{p.stem}.pgn"
        for q in (fen_path, pgn_path):
            if q.exists():
                q.unlink()
        env = dict(d.env, FAKE_VARIANTS=",".join(VARIANTS), FAKE_MOVES_1="", FAKE_MOVES_2="")
        try:
            # -xncp undoes the -ncp an options file holds for a variant no engine plays
            subprocess.run([XBOARD, "-saveSettingsOnExit", "false", *options, "-xncp",
                            "-autoDisplayTags", "false", "-lgf", p.name, "-mg", "1",
                            "-fcp", f"{engine} 1", "-scp", f"{engine} 2", "-sgf", str(pgn_path),
                            "-spf", str(fen_path), "-xexit", "-tc", "40", "-mps", "40"],
                           cwd=str(p.parent), env=env, capture_output=True, text=True,
                           timeout=90)
        except subprocess.TimeoutExpired:
            pass
        fen = fen_path.read_text().strip() if fen_path.exists() else ""
        saved = pgn_path.read_text() if pgn_path.exists() else ""
        report[f"{p.parent.name}/{p.name}"] = {"fen": fen, "pgn": saved, "popups": popups,
                                               "output": log[-400:]}
        print(p.name, fen, popups, file=sys.stderr)
    about = ("Recorded from XBoard 4.9.1 (Debian) by tools/xboard_records.py replay: popups = "
             "the windows besides the board after xboard -ncp [@NAME.pgn.ini] -td 0 -lgf "
             "NAME.pgn; fen and pgn = the final position and XBoard's own PGN (its SAN of the "
             "moves it read) saved by -spf/-sgf when the same file is loaded with -lgf in a "
             "one-game match of two scripted engines that resign at once.")
    out.write_text(json.dumps({"_about": about, **report}, indent=1) + "\n")


def start(d: Display, args: list[str], cwd: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([XBOARD, "-saveSettingsOnExit", "false", *args], env=d.env,
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    for _ in range(40):
        time.sleep(0.25)
        if d.windows():
            break
    time.sleep(2.0)
    return proc


def ours(outdir: Path, stems: list[str], plies: int = 60, seed: int = 5) -> None:
    """Games of our samples written by our PGN writer (``designer.records.save``: with the
    options file next to the PGN when XBoard cannot open it alone): seeded random games that
    prefer captures, promotions, drops and castling, so that the records hold them; and a
    game with a dressed piece letter."""
    import random
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from designer.formats.registry import read_any
    from designer.records import GameRecord, save
    from designer.game.game import Game
    outdir.mkdir(parents=True, exist_ok=True)
    root = Path(__file__).resolve().parents[1]
    for path in sorted((root / "variants").glob("*.ini")):
        if stems and path.stem not in stems:
            continue
        rng = random.Random(seed)
        game = Game(read_any(path))
        for _ in range(plies if path.stem not in ("chu", "sixteen") else plies // 2):
            moves = game.legal_moves()
            if not moves:
                break
            special = [m for m in moves if m.kills or m.promotion or m.is_drop or m.rook >= 0
                       or game.piece_at(m.target) is not None]
            game.push(rng.choice(special if special and rng.random() < 0.5 else moves))
        written = save(str(outdir / f"{path.stem}.pgn"), GameRecord.from_game(game))
        print(path.stem, len(game.moves), written, file=sys.stderr)
    if not stems or "dressed" in stems:
        _dressed(outdir)


def _dressed(outdir: Path) -> None:
    """FIDE with a Camel written with a dressed letter (N', XBoard's way past 26 letters)."""
    from dataclasses import replace
    from designer.formats.registry import read_any
    from designer.records import GameRecord, save
    from designer.game.game import Game
    from designer.variant.model import PieceType
    root = Path(__file__).resolve().parents[1]
    fide = read_any(root / "variants" / "fide.ini")
    variant = replace(fide, name="Dressed", parent="fairy", rule_set=None,
                      pieces=fide.pieces + (PieceType("N'", name="Camel", notation="C"),),
                      setup="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBNR w KQkq - 0 1")
    game = Game(variant)
    for text in ("b1c4", "a7a6", "c4b7", "c8b7"):
        game.push(game.move_from_text(text))
    print("dressed", save(str(outdir / "dressed.pgn"), GameRecord.from_game(game)),
          file=sys.stderr)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("engines", "scripted", "replay", "ours"))
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--display", type=int, default=57)
    ap.add_argument("--seed", type=int, default=5, help="ours: the random games' seed")
    args = ap.parse_args()
    if args.what == "ours":
        ours(Path(args.paths[0]), args.paths[1:], seed=args.seed)
        return 0
    d = Display(args.display)
    try:
        if args.what == "engines":
            engines(d, Path(args.paths[0]), args.paths[1:])
        elif args.what == "scripted":
            scripted(d, Path(args.paths[0]), args.paths[1:])
        else:
            replay(d, Path(args.paths[0]), args.paths[1:])
    finally:
        d.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
