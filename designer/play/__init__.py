"""Playing a game of a variant: the game as the document keeps it, its replay under the variant
as it is now, and entering moves by clicking their squares.

Qt-free. The public face::

    line = GameLine(start_fen)                        # start, moves, players, an adjudicated end
    line = line.played(move)                          # a new frozen value per move
    replay = Replayer().replay(variant, line)         # positions, SAN, the first illegal move
    replay.frames[i], replay.san[i], replay.illegal, replay.outcome, replay.legal
    step = Entry.pick(replay.legal, origin).click(sq) # multi-leg moves click by click
    marks_of(moves, occupant)                         # the board's classes of each target

The window keeps a ``GameLine`` in its document and replays it in a worker thread; the command
line's ``play`` opens the window on it.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .entry import Entry, Step, differ_only_by_promotion, promotion_choices, stops
    from .line import (HUMAN, GameLine, LineError, Stop, line_from_json,
                       line_to_json)
    from .marks import kind_of, marks_of
    from .replay import Frame, Illegal, Replay, Replayer

# The window's document keeps a GameLine from its start; the replay and the rules behind it
# load with the first game (see designer.lazy).
_EXPORTS = {**dict.fromkeys(("Entry", "Step", "differ_only_by_promotion", "promotion_choices",
                              "stops"), ".entry"),
            **dict.fromkeys(("HUMAN", "GameLine", "LineError", "Stop",
                              "line_from_json", "line_to_json"), ".line"),
            **dict.fromkeys(("kind_of", "marks_of"), ".marks"),
            **dict.fromkeys(("Frame", "Illegal", "Replay", "Replayer"), ".replay")}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["Entry", "Step", "differ_only_by_promotion", "promotion_choices", "stops", "HUMAN",
           "GameLine", "LineError", "Stop", "line_from_json", "line_to_json", "kind_of",
           "marks_of", "Frame", "Illegal", "Replay", "Replayer"]
