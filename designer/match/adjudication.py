"""Ending dead games early from the players' own evaluations, as cutechess-cli's ``-draw`` and
``-resign`` options (and fastchess's) do: off unless asked.

Draw (``movenumber``, ``movecount``, ``score``): once at least ``movenumber`` full moves have
been played, the game is a draw when both players' evaluations have stayed within ``score``
centipawns of zero for ``movecount`` consecutive moves each (``2 * movecount`` plies in a row).
Resign (``movecount``, ``score``): a player whose own evaluation has been at least ``score``
centipawns below zero for ``movecount`` consecutive moves of its own loses. A move without an
evaluation (a random mover, an engine that printed none) breaks every count, as cutechess does
with a move it has no score for. Scores are the mover's (centipawns; a mate counts as a huge
score of the mate's sign).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engines.players import MATE_CP
from ..vocabulary import BLACK, WHITE, Side


@dataclass(frozen=True, slots=True)
class Adjudication:
    """Which adjudications a run applies (None: that one is off)."""

    draw_movenumber: int | None = None
    draw_movecount: int | None = None
    draw_score: int | None = None
    resign_movecount: int | None = None
    resign_score: int | None = None

    def __post_init__(self) -> None:
        draw = (self.draw_movenumber, self.draw_movecount, self.draw_score)
        if any(v is not None for v in draw) and any(v is None for v in draw):
            raise ValueError("draw adjudication needs movenumber, movecount and score")
        resign = (self.resign_movecount, self.resign_score)
        if any(v is not None for v in resign) and any(v is None for v in resign):
            raise ValueError("resign adjudication needs movecount and score")
        for v in draw + resign:
            if v is not None and v < 0:
                raise ValueError("adjudication figures cannot be negative")
        if self.draw_movecount == 0 or self.resign_movecount == 0:
            raise ValueError("an adjudication's movecount is at least 1")

    @property
    def draws(self) -> bool:
        return self.draw_movecount is not None

    @property
    def resigns(self) -> bool:
        return self.resign_movecount is not None


class Adjudicator:
    """Follows one game's evaluations (``see`` after every player's move)."""

    def __init__(self, rules: Adjudication):
        self.rules = rules
        self._level = 0                   # plies in a row within the draw score
        self._losing = [0, 0]             # own moves in a row beyond the resign score

    def see(self, side: Side, score: int | None, plies: int) -> tuple[Side | None, str] | None:
        """``side`` moved with evaluation ``score`` (its own point of view), ``plies`` plies
        are now played: None, or the adjudicated winner (None for a draw) and the reason."""
        r = self.rules
        s = 0 if side == WHITE else 1
        if score is None:
            self._level = 0
            self._losing = [0, 0]
            return None
        if r.draw_score is not None and abs(score) <= r.draw_score:
            self._level += 1
        else:
            self._level = 0
        if r.resign_score is not None and score <= -r.resign_score:
            self._losing[s] += 1
        else:
            self._losing[s] = 0
        if r.resign_movecount is not None and self._losing[s] >= r.resign_movecount:
            winner: Side = BLACK if side == WHITE else WHITE
            return winner, (f"adjudicated: {'White' if side == WHITE else 'Black'}'s evaluation "
                            f"stayed {r.resign_score} cp or more below zero for "
                            f"{r.resign_movecount} moves")
        if r.draw_movecount is not None and r.draw_movenumber is not None and \
                self._level >= 2 * r.draw_movecount and plies // 2 >= r.draw_movenumber:
            return None, (f"adjudicated: both evaluations stayed within {r.draw_score} cp "
                          f"for {r.draw_movecount} moves after move {r.draw_movenumber}")
        return None


__all__ = ["Adjudication", "Adjudicator", "MATE_CP"]
