"""How a game ended: the termination, the winner (None for a draw) and the reason in words,
in the shape of python-chess's ``Outcome``."""

from __future__ import annotations

from dataclasses import dataclass

from ..vocabulary import PgnResult, Side, Termination, result_for


@dataclass(frozen=True, slots=True)
class Outcome:
    """``termination`` names the rule that ended the game; ``winner`` is the side that won,
    None for a draw; ``reason`` says it for people (and what the game could not judge)."""

    termination: Termination
    winner: Side | None
    reason: str = ""

    def result(self) -> PgnResult:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return result_for(self.winner)
