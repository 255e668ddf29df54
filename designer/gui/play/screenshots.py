"""Re-make the README pictures of the Play mode: ``python -m designer.gui.play.screenshots
[OUT_DIR]`` (default ``docs/screenshots``).

Each scene opens the window offscreen, starts a game with the same calls the Game menu makes,
plays the moves before the scene as the document would hold them, and makes the scene's own
move with clicks on the board, as a person would. The Fairy-Stockfish scenes need the engine:
``VD_FAIRY_STOCKFISH`` or ``../shared/engines/fairy-stockfish``; without it they are skipped
with that reason.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # annotations only: Qt loads when a scene starts
    from PySide6.QtWidgets import QApplication

    from ..window import MainWindow
    from .players import PlayerChoice

ROOT = Path(__file__).resolve().parents[3]
SIZE = (1440, 900)


def _app() -> QApplication:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..app import make_app
    return make_app()


def _wait(cond: Callable[[], bool], ms: int = 120_000) -> bool:
    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication
    deadline = QDeadlineTimer(ms)
    flags = QEventLoop.ProcessEventsFlag
    while not cond():
        if deadline.hasExpired():
            return False
        QApplication.processEvents(flags.AllEvents | flags.WaitForMoreEvents, 50)
    QApplication.processEvents()
    return True


def _window(sample: str) -> MainWindow:
    from ...formats.registry import read_any
    from ..window import MainWindow
    path = str(ROOT / "variants" / f"{sample}.ini")
    w = MainWindow(read_any(path), None, restore=False)
    w.doc.path = path
    w.resize(*SIZE)
    for dock in (w.pieces_dock, w.values_dock, w.debugger_dock, w.compare_dock):
        dock.hide()
    w.show()
    return w


def _settled(w: MainWindow) -> bool:
    view = w.play.view
    return _wait(lambda: w.doc.game is not None and view.replay is not None and not view.busy
                 and view.replay.line == w.doc.game and view.replay.variant == w.doc.variant)


def _start(w: MainWindow, moves: str = "", fen: str | None = None,
           white: PlayerChoice | None = None, black: PlayerChoice | None = None) -> None:
    """A game between the players (people by default) with ``moves`` (engine text) played."""
    from ...play import GameLine
    from ...game.game import Game
    from .players import PlayerChoice
    start = fen or w.doc.variant.setup
    w.play.start(start, white or PlayerChoice(), black or PlayerChoice())
    _wait(lambda: w.doc.game is not None)
    if moves:
        game = Game(w.doc.variant, fen=start)
        played = []
        for text in moves.split():
            mv = game.move_from_text(text)
            game.push(mv)
            played.append(mv)
        line = w.doc.game
        assert line is not None
        w.play.view.commit(GameLine(line.start, tuple(played), line.white, line.black),
                           "Opening")
    _settled(w)


def _plies(w: MainWindow) -> int:
    """How many moves the document's game has."""
    return len(w.doc.game.moves) if w.doc.game is not None else 0


def _ended(w: MainWindow) -> bool:
    """Whether the game shown has ended."""
    replay = w.play.view.replay
    return replay is not None and replay.ended


def _click(w: MainWindow, *names: str) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    canvas = w.play.view.canvas
    for name in names:
        sq = (ord(name[0]) - ord("a"), int(name[1:]) - 1)
        QTest.mouseClick(canvas, Qt.MouseButton.LeftButton,
                         pos=canvas.square_rect(sq).center().toPoint())


def _save(w: MainWindow, out: Path) -> None:
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()
    w.grab().save(str(out), "PNG")
    print(f"wrote {out}", flush=True)


def _close(w: MainWindow) -> None:
    w.discard_and_close()


def chu_lion(out: Path) -> None:
    """Chu Shogi: the Lion jumps out, steps next to Black's pawns and takes two in one move."""
    w = _window("chu")
    _start(w, "f3f5 a9a8 f5f7 l9l8 f7f8 b9b8")
    _click(w, "f8", "f9", "g9")                 # the Lion takes f9, then g9
    _settled(w)
    _save(w, out / "play-chu-lion-double-capture.png")
    _close(w)


def shogi_promotion(out: Path) -> None:
    """Shogi: pawns exchanged on both wings (each side has one in hand), the Rook enters the
    promotion zone and the window asks whether it promotes."""
    w = _window("shogi")
    _start(w, "g3g4 c7c6 g4g5 c6c5 g5g6 g7g6 h2g2 c5c4 g2g6 c4c3")
    _click(w, "g6", "g7")
    _wait(lambda: w.play.view.choice.asking, 5000)
    _save(w, out / "play-shogi-promotion.png")
    _close(w)


def engine_path() -> str:
    given = os.environ.get("VD_FAIRY_STOCKFISH", "")
    if given:
        return given
    shared = ROOT.parent / "shared" / "engines" / "fairy-stockfish"
    return str(shared) if os.access(shared, os.X_OK) else ""


def _engine(path: str, movetime: int | None = 300, depth: int | None = None) -> PlayerChoice:
    from ...engines import EngineSettings
    from .players import PlayerChoice
    return PlayerChoice("engine", EngineSettings("Fairy-Stockfish", (path,), "uci", movetime,
                                                 depth), movetime, depth)


def capablanca_engine(out: Path, path: str) -> None:
    """Capablanca chess against Fairy-Stockfish (depth 8, so the same game each time): the
    person's moves are clicks, the engine answers; the Archbishop picked shows its moves."""
    from .players import PlayerChoice
    w = _window("capablanca")
    w.play.start(w.doc.variant.setup, PlayerChoice(), _engine(path, None, 8))
    _wait(lambda: w.doc.game is not None)
    # the engine at depth 8 answers 1. e4 d5 2. exd5 c6 3. Nc3 cxd5 4. d4 Nh6 5. Nh3 e6
    for a, b in (("e2", "e4"), ("e4", "d5"), ("b1", "c3"), ("d2", "d4"), ("i1", "h3")):
        _settled(w)
        n = _plies(w)
        _click(w, a, b)
        if not _wait(lambda: _plies(w) >= n + 2 or _ended(w), 30_000):
            break
    _settled(w)
    frame = w.play.view.frame()
    archbishop = next((f"{chr(97 + sq[0])}{sq[1] + 1}" for sq, letter, side in frame.pieces
                       if letter == "A" and side == "white"), None) if frame else None
    if archbishop:
        _click(w, archbishop)
    _save(w, out / "play-capablanca-fairy-stockfish.png")
    _close(w)


def game_end(out: Path, path: str) -> None:
    """A whole game: Fairy-Stockfish (White) against the built-in opponent, to its result."""
    from .players import PlayerChoice
    w = _window("fide")
    w.play.start(w.doc.variant.setup, _engine(path, 200),
                 PlayerChoice("builtin", None, None, 2))
    _wait(lambda: w.play.view.replay is not None and w.play.view.replay.ended
          and w.play.view.replay.line == w.doc.game, 900_000)
    _settled(w)
    _save(w, out / "play-game-end.png")
    _close(w)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    _app()
    chu_lion(out)
    shogi_promotion(out)
    path = engine_path()
    if not path:
        print("skipped the Fairy-Stockfish scenes: set VD_FAIRY_STOCKFISH to the engine")
        return 0
    capablanca_engine(out, path)
    game_end(out, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
