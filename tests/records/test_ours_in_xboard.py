"""Games we write replay in the real XBoard 4.9.1 to the same final position.

tests/data/records/ours holds a game of every sample written by our PGN writer
(``tools/xboard_records.py ours``: seeded random games preferring captures, promotions, drops
and castling) and one with a dressed letter, with the options file next to it where XBoard
cannot open the PGN alone;
ours-positions.json is what XBoard did with each (``tools/xboard_records.py replay``: the
windows ``xboard -ncp -lgf FILE`` shows, the final position and XBoard's own PGN of the moves it
read). The last test runs the same against the real XBoard now (opt-in: VD_REAL_XBOARD=1).

XBoard cannot play two samples, as their files already warn: Sixteen's 16 ranks (XBoard keeps
at most 15: it saves nothing) and Ultima (its ``-men`` pieces only move, and its Pawn slot
plays by XBoard's pawn rules): XBoard stops part way through the game.
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

from designer.variant.fen import rename_fen
from designer.records import load, style_for, write_game
from designer.records.pgn import move_texts
from designer.records.pgn_read import split_games
from designer.game.game import Game

from records_data import DATA, ROOT

OURS = sorted((DATA / "ours").glob("*.pgn"))
RUNS = {k: v for k, v in json.loads((DATA / "ours-positions.json").read_text()).items()
        if not k.startswith("_")}
CANNOT = {"sixteen.pgn", "ultima.pgn"}


def _position(fen: str, variant) -> tuple:
    """Pieces, side to move and hands of a FEN, XBoard's read in the letters it writes for
    the variant (our Xiangqi Horse N is its H)."""
    back = {theirs: ours for ours, theirs in style_for(variant).names}
    if back:
        fen = rename_fen(fen, back)
    g = Game(variant, fen)
    hands = tuple(sorted(g.hand(c).items()) for c in ("white", "black")) \
        if variant.drops else ()
    return tuple(g.piece_at(s) for s in range(g.geo.size)), g.turn, hands


def _xboard_moves(run: dict) -> list[str]:
    games = split_games(run["pgn"])
    return [text for text, _ in games[0].moves] if games else []


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_xboard_replays_our_game_to_our_last_position(path):
    rec = load(path)
    run = RUNS[f"ours/{path.name}"]
    if path.name in CANNOT:
        pytest.skip(f"XBoard 4.9.1 cannot play {path.stem} (see the module's docstring)")
    assert run["popups"] == [], run
    assert _xboard_moves(run) == move_texts(rec)          # XBoard read every move as ours
    game = rec.game()
    assert _position(run["fen"], rec.variant) == _position(game.fen(), rec.variant)


def test_xboard_cannot_play_ultima_or_sixteen():
    """XBoard stops part way through our Ultima game (its Pawn-slot and -men pieces are not
    Ultima's) and saves nothing of Sixteen (16 ranks): both files warn that XBoard cannot
    play them."""
    rec = load(DATA / "ours" / "ultima.pgn")
    assert 0 < len(_xboard_moves(RUNS["ours/ultima.pgn"])) < len(rec.moves)
    assert RUNS["ours/sixteen.pgn"]["fen"] == ""


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_the_stored_games_are_what_our_writer_writes(path):
    """The files XBoard replayed are our writer's text today (else they must be recorded
    again with the tool)."""
    assert write_game(load(path)) == path.read_text()


@pytest.mark.skipif(os.environ.get("VD_REAL_XBOARD") != "1" or not shutil.which("Xvfb")
                    or not os.path.exists("/usr/games/xboard"),
                    reason="set VD_REAL_XBOARD=1 with XBoard and Xvfb installed to run "
                           "against the real XBoard")
def test_our_games_replay_in_the_real_xboard(tmp_path):
    tool = str(ROOT / "tools" / "xboard_records.py")
    # other games than the stored ones: another seed
    subprocess.run([sys.executable, tool, "ours", str(tmp_path), "--seed", "9"], check=True,
                   timeout=900)
    out = tmp_path / "runs.json"
    files = sorted(str(p) for p in tmp_path.glob("*.pgn") if p.name not in CANNOT)
    subprocess.run([sys.executable, tool, "replay", str(out), *files, "--display", "89"],
                   check=True, timeout=1800)
    runs = json.loads(out.read_text())
    for name in files:
        path = tmp_path / os.path.basename(name)
        run = runs[f"{tmp_path.name}/{path.name}"]
        rec = load(path)
        assert run["popups"] == [], (path.name, run)
        assert _position(run["fen"], rec.variant) == \
            _position(rec.game().fen(), rec.variant), path.name


def test_xboard_writes_a_dressed_letter_as_we_do():
    """A Camel written N' (XBoard's dressed letters, past 26 piece types): XBoard reads our
    game and writes every move as we did."""
    assert _xboard_moves(RUNS["ours/dressed.pgn"]) == ["N'c4", "a6", "N'xb7+", "Bxb7"]
