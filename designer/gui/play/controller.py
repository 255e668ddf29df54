"""Whose move it is and who makes it: the players of the document's game, the computer players'
turns, "move now", and ending a game the rules did not end (resignation, a refused engine move,
a player that failed).

A computer moves only when the game is *running*: right after a move was played in the game
(by anyone) or a game was started, never because an undo, a redo or an edit changed the game
(otherwise undoing an engine's move would make it move again at once and throw away the redo
steps). A paused game goes on with Game > Computer moves (Ctrl+G). A computer also waits while
the user looks at an earlier position, and its answer to a position that is no longer the
game's is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from ...engines.verdict import refusal
from ...play import GameLine, Replay, Result
from ...game.geometry import Geometry
from ...vocabulary import BLACK, WHITE, Side
from .. import document as D
from ...variant import aspects as A
from ..courier import slot
from .players import (Answer, BuiltinPlayer, ComputerPlayer, EnginePlayer, PlayerChoice,
                      Question)
from .view import GAME_ASPECTS, PlayView


class PlayController(QObject):
    """Runs the players of the document's game for a ``PlayView``."""

    started = Signal()            # a game started (after every engine said it plays it)
    refused = Signal(str)         # a game could not start: why ("" when the user was told)

    def __init__(self, view: PlayView,
                 ask: Callable[..., str] | None = None) -> None:
        super().__init__(view)
        self.view = view
        self.doc: D.VariantDocument = view.doc
        self.players: dict[Side, PlayerChoice] = {WHITE: PlayerChoice(), BLACK: PlayerChoice()}
        self.computers: dict[Side, ComputerPlayer] = {}
        self.running = False
        self._own_change = False
        self._generation = 0
        self._thinking: tuple[Side, int, GameLine] | None = None
        self._pending: tuple[GameLine, dict[Side, PlayerChoice], set[Side]] | None = None
        # ask(title, text, buttons, details=""): the answer (details: shown folded)
        self.ask: Callable[..., str] = ask or (lambda title, text, buttons, details="":
                                               buttons[-1])
        view.human = self.is_human
        view.names = self.name
        view.commit = self._commit
        view.replayed.connect(self._replayed)
        self.doc.changed.connect(self._doc_changed)

    # -- players ---------------------------------------------------------------------------------
    def is_human(self, side: Side) -> bool:
        return not self.players[side].computer

    def name(self, side: Side) -> str:
        return self.players[side].label

    def start_game(self, start: str, white: PlayerChoice, black: PlayerChoice) -> None:
        """A new game from the FEN ``start`` (one undo step), once every computer player has
        said it plays the variant; an engine that cannot is refused with its reasons and the
        built-in opponent offered in its place."""
        self._stop_thinking()
        wanted: dict[Side, PlayerChoice] = {WHITE: white, BLACK: black}
        line = GameLine(start, white=white.label, black=black.label)
        engines: set[Side] = {side for side, p in wanted.items() if p.kind == "engine"}
        self._replace_computers(wanted)
        if not engines:
            self._begin(line, wanted)
            return
        self._pending = (line, wanted, engines)
        for side in sorted(engines):
            self.view.set_thinking(f"Starting {wanted[side].label}…")
            self.computers[side].prepare(self.doc.variant)

    def _replace_computers(self, wanted: dict[Side, PlayerChoice]) -> None:
        for side in (WHITE, BLACK):
            old = self.computers.pop(side, None)
            if old is not None:
                old.shutdown()
                old.deleteLater()
            p = wanted[side]
            if p.kind == "builtin":
                player: ComputerPlayer = BuiltinPlayer(p, self)
            elif p.kind == "engine":
                player = EnginePlayer(p, self)
            else:
                continue
            # slots holding the controller weakly: a player deleted when it is replaced must
            # not take the controller's last reference with it (see ``courier``)
            player.ready.connect(slot(self._ready, side))
            player.answered.connect(slot(self._answered, side))
            self.computers[side] = player

    def _ready(self, side: Side, reasons: tuple[str, ...]) -> None:
        if self._pending is None:
            return
        line, wanted, waiting = self._pending
        if reasons:
            self._pending = None
            name = wanted[side].label
            # the decisive reason leads; a long list is folded under Show Details
            text, details = refusal(name, self.doc.variant.name, reasons)
            question = ("Engine cannot play this variant", text + "\n\nThe built-in opponent "
                        "plays every piece of the variant.",
                        ["Play the built-in opponent", "Cancel"])
            answer = self.ask(*question, details=details) if details else self.ask(*question)
            self.view.set_thinking("")
            if answer.startswith("Play"):
                wanted = dict(wanted)
                wanted[side] = PlayerChoice("builtin", None, wanted[side].movetime_ms,
                                            wanted[side].depth)
                self.start_game(line.start, wanted[WHITE], wanted[BLACK])
            else:
                self._replace_computers({WHITE: PlayerChoice(), BLACK: PlayerChoice()})
                self.refused.emit("")         # the question said why
            return
        waiting.discard(side)
        if not waiting:
            self._pending = None
            self.view.set_thinking("")
            self._begin(line, wanted)

    def _commit(self, line: GameLine, text: str) -> None:
        """Put a game the play itself made into the document: a move, a new game (the game
        runs on after it, unlike after an undo)."""
        self._own_change = True
        try:
            self.doc.set_game(line, text)
        finally:
            self._own_change = False

    def _begin(self, line: GameLine, wanted: dict[Side, PlayerChoice]) -> None:
        self.players = wanted
        self._commit(line, "New game")
        self.running = True
        self.doc.set_ply(None)
        self.view.redraw()
        self.started.emit()

    def set_players(self, white: PlayerChoice, black: PlayerChoice) -> None:
        """Change who plays the game in progress (no new game)."""
        line = self.doc.game
        if line is None:
            return
        self.start_game_keep(line, white, black)

    def start_game_keep(self, line: GameLine, white: PlayerChoice, black: PlayerChoice) -> None:
        self._stop_thinking()
        self._replace_computers({WHITE: white, BLACK: black})
        self.players = {WHITE: white, BLACK: black}
        for side, player in self.computers.items():
            player.prepare(self.doc.variant)
        self.view.redraw()

    # -- turns -----------------------------------------------------------------------------------
    def _doc_changed(self, aspects: frozenset[A.Aspect]) -> None:
        if A.GAME in aspects:
            was = self.running
            self.running = self._own_change
            self._stop_thinking()
            if was and not self.running and any(p.computer for p in self.players.values()):
                self.view.message.emit("The game is paused: Game > Computer moves (Ctrl+G) "
                                       "lets the computer play on.")
        elif aspects & GAME_ASPECTS or A.pieces_in(aspects):
            self._stop_thinking()            # the variant changed under the search

    def resume(self) -> None:
        """Computer moves: let the computer play the side to move (and go on)."""
        self.running = True
        if self.doc.ply is not None:
            self.doc.set_ply(None)
        r = self.view.replay
        if r is not None:
            self._replayed(r)

    def pause(self) -> None:
        self.running = False
        self._stop_thinking()
        self.view.set_thinking("")

    def move_now(self) -> None:
        if self._thinking is not None:
            side = self._thinking[0]
            self.computers[side].stop()

    def _replayed(self, r: Replay) -> None:
        line = self.doc.game
        if line is None or r.line != line or r.variant != self.doc.variant:
            return
        if self._thinking is not None:
            return
        if not self.running or self.doc.ply is not None or r.error or r.illegal is not None \
                or r.ended or not r.frames:
            return
        side = r.frames[r.valid].turn
        player = self.computers.get(side)
        if player is None or not self.players[side].computer:
            return
        self._generation += 1
        self._thinking = (side, self._generation, line)
        self.view.set_thinking(f"{player.name} ({side.title()}) is thinking… "
                               "(Game > Move now plays its best move so far)")
        player.ask(Question(self._generation, r.variant, line.start, line.moves))

    def _answered(self, side: Side, generation: int, answer: Answer) -> None:
        if self._thinking is None or self._thinking[1] != generation:
            return
        _, _, line = self._thinking
        self._thinking = None
        self.view.set_thinking("")
        if self.doc.game != line:
            return
        name = self.players[side].label
        if answer.move is not None:
            n = len(line.moves)
            self._commit(line.played(answer.move),
                              f"Move {n // 2 + 1}{'.' if n % 2 == 0 else '…'} "
                              f"{answer.move.text(_geo(self.doc))} ({name})")
            self.doc.set_ply(None)
            if answer.info:
                self.view.message.emit(f"{name}: {answer.info}")
            return
        if answer.resigned:
            result: Result = "0-1" if side == WHITE else "1-0"
            self._end(line.stopped(result, f"{name} resigns"), f"{name} resigns")
        elif answer.rejected:
            self._end(line.stopped("*", answer.rejected), answer.rejected)
        else:
            self._end(line.stopped("*", answer.failure), answer.failure)

    def _end(self, line: GameLine, text: str) -> None:
        self.running = False
        self._commit(line, "Game stopped")
        self.running = False
        self.view.message.emit(text)

    def resign(self) -> None:
        """The human to move resigns."""
        r, line = self.view.replay, self.doc.game
        if r is None or line is None or not r.frames or r.ended:
            return
        if not self.view.shows_game():     # the side to move is the shown game's, not this one's
            self.view.message.emit("The board is catching up with the last change: resign "
                                   "again in a moment.")
            return
        side = r.frames[r.valid].turn
        result: Result = "0-1" if side == WHITE else "1-0"
        self._stop_thinking()
        self.doc.set_game(line.cut(r.valid).stopped(result, f"{side.title()} resigns"),
                          "Resign")

    def _stop_thinking(self) -> None:
        if self._thinking is not None:
            side = self._thinking[0]
            self._thinking = None
            player = self.computers.get(side)
            if player is not None:
                player.cancel()
            self.view.set_thinking("")

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def shutdown(self) -> None:
        """Stop every computer player and its process (the window is closing)."""
        self._stop_thinking()
        for player in self.computers.values():
            player.shutdown()
        self.computers.clear()


def _geo(doc: D.VariantDocument) -> Geometry:
    from ...game.geometry import geometry
    return geometry(doc.variant.files, doc.variant.ranks)


__all__ = ["PlayController"]
