"""Endings judged by material, as Fairy-Stockfish judges them.

``Ending.material_counting`` turns an ending that would be a draw (stalemate, the n-move rule,
repetition, two passes, a full board) into a result (``Position::material_counting_result``):
``unweighted`` the side with more pieces on the board wins, ``whitedrawodds``/``blackdrawodds``
that side always wins; ``janggi`` weighs the pieces on the board by Janggi's letters (R 13, C 7,
N 5, B and A 3, P 2: Fairy-Stockfish's rook, Janggi cannon, horse, Janggi elephant, wazir and
soldier) and gives Black one and a half points more, so there is always a winner (the count
minus one decides). ``Ending.full_board``:
the game ends at once when no empty square is left (``adjudicateFullBoard``,
``is_immediate_game_end``). ``Ending.stalemate_by_material``: a stalemate is a draw with equal
numbers of pieces, otherwise the stalemate value goes to the side with fewer pieces, its
opposite to the other (``stalematePieceCount``, ``stalemate_value``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import BLACK, WHITE, Result
from .families import RuleFamily
from ..rules.model import RuleSet
from .outcome import Outcome
from .position import Position

if TYPE_CHECKING:
    from .config import Config

# Janggi's material counting: the weight of each piece by its Janggi letter
JANGGI_WEIGHTS = {"R": 13, "C": 7, "N": 5, "B": 3, "A": 3, "P": 2}

# The rule set's fields judged here (see ``families.RuleFamily.plays``).
PLAYS = ("ending.stalemate", "ending.stalemate_by_material", "ending.material_counting")


def material_winner(cfg: "Config", pos: Position) -> int | None:
    """The colour the material counting gives the game to (None: a draw)."""
    kind = cfg.rules.ending.material_counting
    if kind == "whitedrawodds":
        return 0
    if kind == "blackdrawodds":
        return 1
    if kind == "janggi":
        index = cfg.kinds.index
        count = sum(w * (pos.byc[2 * index[x]].bit_count() - pos.byc[2 * index[x] + 1]
                         .bit_count()) for x, w in JANGGI_WEIGHTS.items() if x in index)
        return 0 if count - 1 > 0 else 1
    white, black = pos.col[0].bit_count(), pos.col[1].bit_count()
    return None if white == black else 0 if white > black else 1


def counted(cfg: "Config", pos: Position, drawn: Outcome) -> Outcome:
    """A drawn ending as the material counting judges it (unchanged without counting)."""
    if cfg.rules.ending.material_counting == "none" or drawn.winner is not None:
        return drawn
    colour = material_winner(cfg, pos)
    if colour is None:
        return drawn
    return Outcome(drawn.termination, BLACK if colour else WHITE,
                   f"{drawn.reason}; judged by material")


def stalemate_value(rules: RuleSet, pos: Position) -> Result:
    """What a stalemate gives the side to move (by the numbers of pieces where the rules
    say so)."""
    value = rules.ending.stalemate
    if not rules.ending.stalemate_by_material:
        return value
    c = pos.col[pos.stm].bit_count() - pos.col[pos.stm ^ 1].bit_count()
    if c == 0:
        return "draw"
    if c < 0:
        return value
    return "loss" if value == "win" else "win" if value == "loss" else "draw"


class FullBoard(RuleFamily):
    """The game ends when the board is full (see the module's docstring)."""

    name = "full board"
    plays = ("ending.full_board",)

    def __init__(self, cfg: "Config"):
        self.cfg = cfg

    def ended(self, pos: Position) -> Outcome | None:
        if self.cfg.board & ~pos.occ:
            return None
        return counted(self.cfg, pos, Outcome("full-board", None, "the board is full"))
