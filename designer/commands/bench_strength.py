"""Strength figures for ``variant-designer bench --only strength`` (opt-in: real games against
real engines, minutes): the built-in opponent against sunfish (a pure-Python chess engine,
``sunfish-uci``) and against Fairy-Stockfish limited to ``UCI_Elo`` 1600, 1900 and 2200, FIDE
chess, a fixed time a move, colours alternating over pairs of games that share their opening.

For each opponent: ``strength_<opponent>_games``, ``_score`` (the built-in opponent's share of
the points) with its 95 % interval (``_low``, ``_high``) and the Elo difference it implies
(``_elo``; None at a score of 0 or 1), and how the games ended. An opponent that is not on this
machine is named in ``strength_<opponent>_missing`` instead. Time a move is a clock, so a busy
machine weakens whichever side it slows: the figures say what this machine gave.

The engines are found as the window finds them: ``VD_FAIRY_STOCKFISH`` or ``fairy-stockfish`` on
``PATH``; ``sunfish-uci`` beside this Python or on ``PATH``. Their options go through the match's
player spec (``option.UCI_Elo=1900``), so no wrapper script is needed.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from ..match import MatchConfig, run_match, write_pgn
from ..opponent import Limits
from ..engines.found import app_folders, find_engines
from ..engines.players import PlayerSpec
from ..report.stats import score_of
from .bench_opponent import sample

#: Fairy-Stockfish's strength limits played against, and the time a move for each opponent
ELOS = (1600, 1900, 2200)
FSF_MOVETIME_MS = 200
SUNFISH_MOVETIME_MS = 1000
GAMES = 10              # per opponent (pairs: an even number)
OPENING_PLIES = 4       # random plies before the players take over (seeded), so games differ


def _found(name: str) -> str | None:
    """The program ``name`` as the window finds engines (``engines.found``: on ``PATH`` or
    beside the application), or beside this Python, where pip installs ``sunfish-uci``."""
    beside = app_folders() + [os.path.dirname(sys.executable)]
    return next((e.path for e in find_engines(extra=(name,), beside=beside) if e.name == name),
                None)


def fairy_stockfish() -> str | None:
    """The Fairy-Stockfish program to play against (``VD_FAIRY_STOCKFISH`` first), or None."""
    given = os.environ.get("VD_FAIRY_STOCKFISH", "")
    if given and os.access(given, os.X_OK):
        return given
    return _found("fairy-stockfish")


def sunfish() -> str | None:
    """The ``sunfish-uci`` program, or None."""
    return _found("sunfish-uci")


def opponents() -> list[tuple[str, str | None, int]]:
    """(label, player spec or None when missing, milliseconds a move) of each opponent."""
    out: list[tuple[str, str | None, int]] = []
    sf = sunfish()
    out.append(("sunfish", sf, SUNFISH_MOVETIME_MS))
    fsf = fairy_stockfish()
    for elo in ELOS:
        spec = None if fsf is None else \
            f"{fsf} option.UCI_LimitStrength=true option.UCI_Elo={elo}"
        out.append((f"fsf{elo}", spec, FSF_MOVETIME_MS))
    return out


def match_figures(label: str, spec: str, movetime_ms: int, games: int = GAMES,
                  jobs: int = 1, seed: int = 0, pgn: Path | None = None) -> dict[str, Any]:
    """The built-in opponent against ``spec`` over ``games`` games (White in the first game of
    each pair), as figures named ``strength_<label>_…``. Both sides get the time a move and
    no depth limit (the match's default depth of 2 would bound the engine too). ``pgn``: the
    games are written there too."""
    config = MatchConfig(sample("fide"), games + games % 2, white=PlayerSpec("builtin"),
                         black=PlayerSpec.parse(spec), limits=Limits(), movetime_ms=movetime_ms,
                         seed=seed,
                         opening_plies=OPENING_PLIES, jobs=jobs, paired=True)
    result = run_match(config)
    if pgn is not None:
        with open(pgn, "w", encoding="utf-8") as handle:
            write_pgn(result.records, config.variant, handle)
    wins = draws = losses = 0
    endings: Counter[str] = Counter()
    for game in result.records:
        ours_white = not config.swapped(game.index)
        if game.result == "1/2-1/2":
            draws += 1
        elif (game.result == "1-0") == ours_white and game.result != "*":
            wins += 1
        elif game.result != "*":
            losses += 1
        endings[str(game.termination)] += 1
    key = f"strength_{label}"
    out: dict[str, Any] = {f"{key}_movetime_ms": movetime_ms,
                           f"{key}_games": wins + draws + losses,
                           f"{key}_wins_draws_losses": [wins, draws, losses],
                           f"{key}_endings": dict(sorted(endings.items()))}
    if wins + draws + losses:
        s = score_of(wins, draws, losses)
        out[f"{key}_score"] = round(s.score.value, 3)
        out[f"{key}_score_low"] = round(s.score.low or 0.0, 3)
        out[f"{key}_score_high"] = round(s.score.high if s.score.high is not None else 1.0, 3)
        out[f"{key}_elo"] = None if s.elo is None else round(s.elo.value)
    return out


def strength_figures(games: int = GAMES, jobs: int = 1, against: list[str] | None = None,
                     pgn_folder: str | None = None) -> dict[str, Any]:
    """Every opponent's figures (see the module docstring), or those of the opponents named
    in ``against`` (ValueError for a name that is none of them); ``pgn_folder``: each
    opponent's games are written to ``<label>.pgn`` there."""
    found = opponents()
    known = [label for label, _, _ in found]
    wanted = known if against is None else [a.strip() for a in against if a.strip()]
    unknown = [a for a in wanted if a not in known]
    if unknown:
        raise ValueError(f"no strength opponent {', '.join(unknown)} (known: "
                         f"{', '.join(known)})")
    folder = Path(pgn_folder) if pgn_folder else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Any] = {}
    for label, spec, movetime in found:
        if label not in wanted:
            continue
        if spec is None:
            out[f"strength_{label}_missing"] = (
                "sunfish-uci not found (pip install sunfish)" if label == "sunfish" else
                "Fairy-Stockfish not found (VD_FAIRY_STOCKFISH or fairy-stockfish on PATH)")
            continue
        out.update(match_figures(label, spec, movetime, games, jobs,
                                 pgn=None if folder is None else folder / f"{label}.pgn"))
    return out


__all__ = ["ELOS", "match_figures", "opponents", "strength_figures"]
