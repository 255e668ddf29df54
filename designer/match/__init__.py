"""Headless games between the built-in opponent, a random mover and external engines: the
``match`` command and what the balance report builds on. Qt-free.

    config = MatchConfig(variant, games=100, white=PlayerSpec("builtin"),
                         black=PlayerSpec.parse("../shared/engines/fairy-stockfish"),
                         limits=Limits(depth=3), seed=1, jobs=2)
    result = run_match(config, on_game=progress, stop=event)    # MatchResult
    for record in result.records: record.result, record.termination, record.material
    write_pgn(result.records, variant, stream)

Games run in parallel processes, each a function of the run's seed and its index
(``run``); one game is ``driver.play_game`` between two ``players.Player``s.
"""

from .adjudication import Adjudication, Adjudicator
from .driver import DEFAULT_MAX_PLIES, material_row, play_game
from .openings import DEFAULT_MARGIN, Opening, balanced_keep, read_openings
from .pgn import game_text, write_pgn
from .played import EVENTS, Event, PlayedGame, PgnResult
from .run import MatchConfig, MatchResult, play_one, run_match

__all__ = ["Adjudication", "Adjudicator", "DEFAULT_MARGIN", "Opening", "balanced_keep",
           "read_openings", "DEFAULT_MAX_PLIES", "material_row", "play_game", "game_text",
           "write_pgn", "EVENTS", "Event", "PlayedGame", "PgnResult", "MatchConfig",
           "MatchResult", "play_one", "run_match"]
