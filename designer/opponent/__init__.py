"""The built-in opponent: a search that plays every piece the rules engine knows.

Qt-free. The public face::

    opponent = Opponent(variant, Settings(values="tables"), fen=None)
    thought = opponent.think(moves, Limits(depth=6, nodes=200_000), stop=event,
                             on_iteration=show)          # in a worker thread
    thought.move, thought.score, thought.mate, thought.depth, thought.pv
    opponent.stop()                                      # move now, from any thread
    with MoveClock(2000, cancel) as stop:                # time per move: a stop signal
        opponent.think(moves, Limits(), stop=stop)

Iterative-deepening principal-variation alpha-beta with quiescence on captures, a bounded
transposition table on the game's Zobrist key, ordering by the table's move, captures (most
valuable victim first), killers and history; evaluation = material (``Settings.values`` says
which estimate) + mobility + the variant's goals. Limits are counted (depth, nodes), so a
search is reproducible; time is a stop signal from outside.
"""

from .clock import MoveClock
from .opponent import DEFAULT_LIMITS, Busy, Opponent
from .search import MATE, Thought, mate_in
from .settings import MAX_DEPTH, VALUE_SOURCES, Limits, Settings, ValueSource

__all__ = ["MoveClock", "Opponent", "Busy", "DEFAULT_LIMITS", "Thought", "MATE", "mate_in", "Limits",
           "Settings", "MAX_DEPTH", "VALUE_SOURCES", "ValueSource"]
