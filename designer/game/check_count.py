"""Check counting (3check, 5check): the side that has given check the agreed number of times
wins. Each side's checks still needed are state of the game, read from and written to the FEN
(``3+3`` after the e.p. field; Fairy-Stockfish also reads lichess's ``+2+0`` after the move
counters, checks given out of three).

As Fairy-Stockfish counts them (``position.cpp``): ``do_move`` takes one from the mover's count
when its move gives check, ``is_immediate_game_end`` ends the game when the side that just
moved needs none any more, and ``set`` takes a FEN without counters as needing one check each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import BLACK, WHITE, Side
from .families import RuleFamily
from .moves import Move
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .attacks import Attacks

NEEDED = ("checks_white", "checks_black")     # the keys of ``Position.fen_info``


class CheckCounting(RuleFamily):
    """The state is ``(White's checks still needed, Black's)``."""

    name = "check count"
    plays = ("ending.check_count",)
    keyed = True           # Fairy-Stockfish's key holds the checks remaining

    def __init__(self, attacks: "Attacks"):
        self.att = attacks

    def initial(self, pos: Position, fen: dict[str, int]) -> object:
        return (fen.get(NEEDED[0], 1), fen.get(NEEDED[1], 1))

    def needed(self, pos: Position) -> tuple[int, int]:
        state = self.state(pos)
        assert isinstance(state, tuple)
        return state[0], state[1]

    def after(self, pos: Position, mv: Move) -> None:
        if self.att.in_check(pos):
            white, black = self.needed(pos)
            if pos.stm:           # White moved and gave check
                white = max(white - 1, 0)
            else:
                black = max(black - 1, 0)
            self.store(pos, (white, black))

    def ended(self, pos: Position) -> Outcome | None:
        mover = pos.stm ^ 1
        if self.needed(pos)[mover] == 0:
            side: Side = BLACK if mover else WHITE
            return Outcome("check count", side, f"{side} gave the last check it needed")
        return None
