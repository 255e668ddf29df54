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
from ...game.moves import Move
from ...vocabulary import BLACK, WHITE, Side
from .. import document as D
from ...variant import aspects as A
from ..courier import slot
from ...players.protocol import Answer
from .players import BuiltinPlayer, ComputerPlayer, EnginePlayer, PlayerChoice, Question
from .view import GAME_ASPECTS, PlayView


class PlayController(QObject):
    """Runs the players of the document's game for a ``PlayView``."""

    started = Signal()            # a game started (after every engine said it plays it)
    refused = Signal(str)         # a game could not start: why ("" when the user was told)
    players_changed = Signal()    # who plays a side changed (a new game, a side handed over)

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
        # the computer player each side had last (handing a side back to the computer takes it)
        self.last_computer: dict[Side, PlayerChoice] = {}
        self._hinter: ComputerPlayer | None = None      # who answers Game > Hint
        self._hinter_choice: PlayerChoice | None = None
        self._hint_asked: tuple[int, GameLine, Side] | None = None
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
            # slots holding the controller weakly: a player deleted when it is replaced must
            # not take the controller's last reference with it (see ``courier``)
            self._replace_side(side, wanted[side])

    def _ready(self, side: Side, reasons: tuple[str, ...]) -> None:
        if self._pending is None:
            if reasons and self.players[side].computer:   # a side handed over mid-game
                name = self.players[side].label
                self.hand_over(side, False)
                self.view.message.emit(f"{name} cannot play {self.doc.variant.name} "
                                       f"({reasons[0]}): {side.title()} is yours again.")
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
        self.players_changed.emit()
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
        self.players_changed.emit()

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
        """Computer moves: let the computer play the side to move (and go on). A side a
        person plays is handed to the computer, the game and its moves kept."""
        self.running = True
        if self.doc.ply is not None:
            self.doc.set_ply(None)
        r = self.view.replay
        if r is not None and r.frames and self.view.shows_game():
            side = r.frames[r.valid].turn
            if not self.players[side].computer:
                self.hand_over(side, True)
                return
        if r is not None:
            self._replayed(r)

    def computer_for(self, side: Side) -> PlayerChoice:
        """The computer player a side handed to the computer gets: the one it had last in
        this window, else the other side's computer, else the built-in opponent."""
        other: Side = BLACK if side == WHITE else WHITE
        if side in self.last_computer:
            return self.last_computer[side]
        if self.players[other].computer:
            return self.players[other]
        return self.last_computer.get(other, PlayerChoice("builtin"))

    def hand_over(self, side: Side, computer: bool) -> None:
        """Give ``side`` to the computer (``computer``) or back to a person, at any point of
        the game: the game and its history stay as they are; a computer given the side to
        move plays at once."""
        if self.players[side].computer == computer:
            if computer:
                self.running = True
                r = self.view.replay
                if r is not None:
                    self._replayed(r)
            return
        if self._thinking is not None and self._thinking[0] == side:
            self._stop_thinking()
        choice = self.computer_for(side) if computer else PlayerChoice()
        wanted = dict(self.players)
        wanted[side] = choice
        old = self.computers.pop(side, None)
        if old is not None:
            old.shutdown()
            old.deleteLater()
        self._replace_side(side, choice)
        self.players = wanted
        player = self.computers.get(side)
        if player is not None:
            player.prepare(self.doc.variant)
        self.view.message.emit(f"{side.title()} is played by {choice.label} from here."
                               if computer else f"{side.title()} is yours to play from here.")
        self.view.redraw()
        self.players_changed.emit()
        if computer:
            self.running = True
            r = self.view.replay
            if r is not None:
                self._replayed(r)

    def _replace_side(self, side: Side, p: PlayerChoice) -> None:
        """Make the computer player of ``side`` for ``p`` (none for a person)."""
        if p.computer:
            self.last_computer[side] = p
        if p.kind == "builtin":
            player: ComputerPlayer = BuiltinPlayer(p, self)
        elif p.kind == "engine":
            player = EnginePlayer(p, self)
        else:
            return
        player.ready.connect(slot(self._ready, side))
        player.answered.connect(slot(self._answered, side))
        self.computers[side] = player

    # -- a hint while a person plays ----------------------------------------------------------
    def hint(self) -> None:
        """Game > Hint: the move the computer (the game's engine or the built-in opponent)
        would play for the person to move, thought out off the UI thread and shown on the
        board with its evaluation."""
        r, line = self.view.replay, self.doc.game
        if r is None or line is None or not r.frames or r.ended or not self.view.shows_game():
            self.view.message.emit("No position to give a hint for: start a game first.")
            return
        side = r.frames[r.valid].turn
        if self.players[side].computer:
            self.view.message.emit(f"{side.title()} is the computer's to play: a hint is for a "
                                   "person's move.")
            return
        choice = self.computer_for(side)
        if self._hinter is None or self._hinter_choice != choice:
            if self._hinter is not None:
                self._hinter.shutdown()
                self._hinter.deleteLater()
            self._hinter = BuiltinPlayer(choice, self) if choice.kind == "builtin" else \
                EnginePlayer(choice, self)
            self._hinter_choice = choice
            self._hinter.answered.connect(slot(self._hinted, side))
            self._hinter.prepare(self.doc.variant)
        self._generation += 1
        self._hint_asked = (self._generation, line, side)
        self.view.message.emit(f"{choice.label} is looking for a move for {side.title()}…")
        self._hinter.ask(Question(self._generation, r.variant, line.start, line.moves))

    def _hinted(self, _side: Side, generation: int, answer: Answer) -> None:
        asked, self._hint_asked = self._hint_asked, None
        if asked is None or asked[0] != generation:
            self._hint_asked = asked
            return
        _, line, side = asked
        if self.doc.game != line:
            return                        # the game moved on: the hint is out of date
        name = self._hinter_choice.label if self._hinter_choice is not None else "computer"
        if answer.move is None:
            self.view.message.emit(f"No hint: {answer.failure or answer.rejected or 'no move'}")
            return
        self.view.show_hint(answer.move, f"Hint for {side.title()} ({name}): "
                            f"{self._san(answer.move)}"
                            + (f" — {answer.info}" if answer.info else ""))

    def _san(self, move: Move) -> str:
        """A move of the position at the end of the game shown, in SAN (its coordinates
        when it cannot be written so)."""
        r = self.view.replay
        try:
            from ...game.game import Game
            from ...records import san
            assert r is not None
            return san(Game(r.variant, fen=r.frames[r.valid].fen), move)
        except Exception:   # noqa: BLE001 - a hint is never lost to its notation
            return move.text(_geo(self.doc))

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
        if self._hinter is not None:
            self._hinter.shutdown()
            self._hinter = None


def _geo(doc: D.VariantDocument) -> Geometry:
    from ...game.geometry import geometry
    return geometry(doc.variant.files, doc.variant.ranks)


__all__ = ["PlayController"]
