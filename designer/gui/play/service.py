"""The game's rules, asked off the UI thread: replays of the document's game line and the
reason a move is illegal.

Replaying a long game under a large variant (Chu Shogi, Ultima) takes seconds in the rules
engine, and an edit of a piece replays the whole game again, so none of it runs on the UI
thread. The questions run on one ``Lane`` of the window's background jobs (``gui.jobs``): its
one thread owns a ``Replayer``, which keeps its game between questions, so one more move costs
one position. Each kind of question is a key: a newer question makes an older replay give up
between two moves (its ticket stops) and drops its answer. Answers come back as signals, in
the UI thread.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ...play import GameLine, Replay, Replayer
from ...game.game import Game
from ...game.why import why_not, why_not_drop
from ...variant.model import Variant
from ..jobs import Lane, Ticket


class GameService(QObject):
    """``replay(variant, line, at)`` and ``explain(...)`` ask the rules; the answers arrive as
    ``replayed(Replay)`` (only the newest) and ``explained(text)``."""

    replayed = Signal(object)
    explained = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        # a service deleted with its window without ``shutdown`` still ends its thread
        self.lane = Lane(self, "game-rules")
        self._replayer = Replayer()            # used in the lane's thread only

    @property
    def busy(self) -> bool:
        """Whether a question is still without its answer."""
        return self.lane.busy

    def replay(self, variant: Variant, line: GameLine, at: int | None = None) -> None:
        """Ask for ``line`` replayed under ``variant``, with the legal moves after ``at``."""
        replayer = self._replayer

        def work(ticket: Ticket) -> Replay | None:
            return _replay(replayer, variant, line, at, ticket)
        self.lane.submit(work, key="replay", done=self._deliver)

    def explain(self, variant: Variant, line: GameLine, ply: int, origin: int, target: int,
                drop: str = "") -> None:
        """Ask why the piece on ``origin`` (or ``drop`` from the hand) may not go to
        ``target`` after ``ply`` moves of ``line``."""
        replayer = self._replayer

        def work(_: Ticket) -> str:
            try:
                return _reason(replayer, variant, line, ply, origin, target, drop)
            except Exception:   # noqa: BLE001 - no reason is better than a broken board
                return ""
        self.lane.submit(work, key="explain", done=self._deliver_reason)

    @property
    def running(self) -> bool:
        """Whether the worker thread is still alive."""
        return self.lane.running

    def shutdown(self, wait: float = 5.0) -> None:
        """End the worker (a replay under way gives up at its next move); no answer is sent
        after this returns, even by a worker that outlives ``wait`` on a loaded machine."""
        self.lane.shutdown(wait)

    def _deliver(self, replay: Replay | None) -> None:
        if replay is not None:            # None: it gave up for a newer question
            self.replayed.emit(replay)

    def _deliver_reason(self, text: str) -> None:
        self.explained.emit(text)


def _replay(replayer: Replayer, variant: Variant, line: GameLine, at: int | None,
            ticket: Ticket) -> Replay | None:
    """In the lane's thread: the replay, giving up between two moves once the ticket stops;
    a defect becomes a replay that says so."""
    try:
        return replayer.replay(variant, line, at, lambda: ticket.stopping)
    except Exception as e:    # noqa: BLE001 - the game view must outlive any defect
        return Replay(variant, line, error="Internal error while replaying the game: "
                      f"{type(e).__name__}: {e}", files=variant.files)


def _reason(replayer: Replayer, variant: Variant, line: GameLine, ply: int, origin: int,
            target: int, drop: str) -> str:
    answer = replayer.replay(variant, line, ply)
    if answer is None or answer.error:
        return answer.error if answer is not None else ""
    game = replayer.at(min(ply, answer.valid))
    if game is None:
        return ""
    try:
        return _why(game, origin, target, drop)
    finally:
        replayer.restore()


def _why(game: Game, origin: int, target: int, drop: str) -> str:
    if drop:
        return why_not_drop(game, drop, target)
    return why_not(game, origin, target)

__all__ = ["GameService"]
