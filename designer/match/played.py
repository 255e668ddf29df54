"""A played game as a typed value: what the balance report, the PGN writer and the progress
bar read, never text to parse again.

``PlayedGame`` holds the moves (the rules engine's own ``Move`` values and their protocol text),
the result with the rule or event that ended the game, and the material after every ply (White's
count minus Black's per piece letter, board and hand together): the positions a logistic
regression of results on material needs (``samples``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterator, Literal

from ..game.moves import Move
from ..vocabulary import PgnResult, Termination


#: How a game can end besides the rules' own terminations (``vocabulary.Termination``):
#: a player resigned, made a move we reject, failed (an engine that crashed or did not answer),
#: the game reached the run's ply limit, the run was stopped, or the game was adjudicated from
#: the players' evaluations (``adjudication``).
Event = Literal["resignation", "illegal move", "failure", "ply limit", "stopped",
                "adjudication"]
EVENTS: Final[tuple[Event, ...]] = ("resignation", "illegal move", "failure", "ply limit",
                                    "stopped", "adjudication")

MaterialRow = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of a match.

    ``index`` is its number in the run (from 0) and ``seed`` its own seed (the random opening
    and any seeded player's choices derive from it); ``fen`` its start (None: the variant's
    setup); ``opening`` how many of the first plies were played at random; ``texts`` the moves
    as the protocols write them (``e2e4``, ``P@e5``, ``e7e8q``); ``termination`` the rule or
    event that ended it and ``reason`` in words; ``material[i]`` White minus Black per letter
    of ``letters`` before ply ``i`` (one more row than moves: the final position too);
    ``branching[i]`` how many legal moves the side to move had before ply ``i`` (the opening's
    plies too; the balance report's branching factor, counted while playing rather than by
    replaying the game).
    """

    index: int
    seed: int
    white: str
    black: str
    fen: str | None
    opening: int
    moves: tuple[Move, ...]
    texts: tuple[str, ...]
    result: PgnResult
    termination: Termination | Event
    reason: str
    letters: tuple[str, ...]
    material: tuple[MaterialRow, ...]
    branching: tuple[int, ...] = ()

    @property
    def plies(self) -> int:
        return len(self.moves)

    @property
    def finished(self) -> bool:
        """Whether the game has a result (not stopped, failed or cut at the ply limit)."""
        return self.result != "*"

    @property
    def score(self) -> float | None:
        """White's score (1, 1/2, 0), None for an unfinished game."""
        return {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(self.result)

    def samples(self, skip: int = 0) -> Iterator[tuple[dict[str, int], float]]:
        """(material difference by letter, White's final score) for every position after the
        first ``skip`` plies of a finished game: the input of ``balance.fit_logistic``."""
        score = self.score
        if score is None:
            return
        for row in self.material[skip:]:
            yield {letter: d for letter, d in zip(self.letters, row) if d}, score


__all__ = ["PlayedGame", "Event", "EVENTS", "PgnResult", "MaterialRow"]
