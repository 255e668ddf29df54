"""A game record: the variant, the start position, the moves, the result and the tags, as one
frozen value that the window, the command line and the PGN reader and writer share.

    rec = GameRecord.from_game(game)       # a game as it stands (its moves, its result)
    game = rec.game()                      # the game replayed: at its last position, with
                                           # every move in its history (game.pop() goes back)
    rec.final_fen()
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game.game import Game, Move
from ..variant.model import Variant

RESULT_TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
OWN_TAGS = frozenset({"Variant", "VariantMen", "FEN", "SetUp", "Result"})


@dataclass(frozen=True)
class GameRecord:
    """One game. ``start`` is a FEN in the variant's own letters ("" = the variant's setup);
    ``result`` is ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``; ``termination`` is the reason in words
    (XBoard writes it as the comment before the result); ``tags`` are the other PGN tags in
    order (the roster, ``TimeControl``...), without those the writer derives from the variant
    and the start (``Variant``, ``VariantMen``, ``FEN``, ``SetUp``, ``Result``)."""

    variant: Variant
    moves: tuple[Move, ...] = ()
    start: str = ""
    result: str = "*"
    termination: str = ""
    tags: tuple[tuple[str, str], ...] = ()

    def game(self, upto: int | None = None) -> Game:
        """The game replayed from its start, to its last position (or after ``upto`` moves);
        the moves are trusted: the reader checked them."""
        game = Game(self.variant, self.start or None)
        for move in self.moves[:upto]:
            game.push(move)
        return game

    def final_fen(self) -> str:
        return self.game().fen()

    def tag(self, name: str, default: str = "") -> str:
        return next((value for key, value in self.tags if key == name), default)

    @staticmethod
    def from_game(game: Game, result: str | None = None, termination: str | None = None,
                  tags: tuple[tuple[str, str], ...] = ()) -> "GameRecord":
        """The record of ``game`` as it stands: its start position, every move made, and the
        result the rules give (``*`` while it goes on) unless one is given."""
        moves = tuple(game.moves)
        undone: list[Move] = []
        while len(undone) < len(moves):
            undone.append(game.pop())
        start = game.fen()
        for move in reversed(undone):
            game.push(move)
        if result is None or termination is None:
            outcome = game.outcome()
            if result is None:
                result = outcome.result() if outcome is not None else "*"
            if termination is None:
                termination = outcome.reason if outcome is not None else ""
        setup = Game(game.variant).fen() if game.variant.setup else ""
        return GameRecord(game.variant, moves, "" if start == setup else start, result,
                          termination, tags)


def moves_words(plies: int) -> str:
    """A game's length as players count it: "12 moves (24 plies)" (a move is White's and
    Black's turn; a ply each one's), "1 move (1 ply)"."""
    moves = (plies + 1) // 2
    return f"{moves} move{'s' if moves != 1 else ''} ({plies} pl{'ies' if plies != 1 else 'y'})"


__all__ = ["moves_words", "GameRecord", "RESULT_TAG_ORDER", "OWN_TAGS"]
