"""Fairy-Stockfish's own move generator (pyffish) as the referee of engine games, standing in
for our rules engine: the legal moves after the moves so far, and the game's end (no legal
move, the variant's own ends, repetition and the move-count rule, insufficient material).

pyffish replays the moves it is given on every call; to keep a game linear, the referee asks
from a FEN at most ``WINDOW`` to ``2 * WINDOW`` plies back (the FEN carries the move counters;
a repetition is looked for within that window)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

import pyffish as sf

#: XBoard's name of orthodox chess is pyffish's ``chess``.
_NAMES = {"normal": "chess"}
_LOADED: set[str] = set()
WINDOW = 64


class Outcome(NamedTuple):
    """Fairy-Stockfish's result (PGN form) and why."""

    result: str
    reason: str


class PyffishReferee:
    def __init__(self, variant: str, fen: str | None = None, config: str | None = None):
        if config is not None and config not in _LOADED:
            sf.load_variant_config(config)     # once: pyffish refuses a name loaded again
            _LOADED.add(config)
        self.variant = _NAMES.get(variant, variant)
        self.fen = fen or sf.start_fen(self.variant)
        self._anchors: dict[tuple[str, ...], str] = {(): self.fen}

    def _from(self, moves: Sequence[str]) -> tuple[str, list[str]]:
        """(a FEN, the moves after it) that reach the position after ``moves``."""
        n = len(moves)
        k = (n // WINDOW - 1) * WINDOW if n >= 2 * WINDOW else 0
        key = tuple(moves[:k])
        if key not in self._anchors:
            before, rest = self._from(moves[:k - WINDOW])
            self._anchors[key] = sf.get_fen(self.variant, before,
                                            rest + list(moves[k - WINDOW:k]))
        return self._anchors[key], list(moves[k:])

    def legal_moves(self, moves: Sequence[str]) -> frozenset[str]:
        return _legal(self.variant, *self._from_key(moves))

    def _from_key(self, moves: Sequence[str]) -> tuple[str, tuple[str, ...]]:
        fen, rest = self._from(moves)
        return fen, tuple(rest)

    def _white_to_move(self, moves: Sequence[str]) -> bool:
        return (self.fen.split()[1] == "w") == (len(moves) % 2 == 0)

    def outcome(self, moves: Sequence[str]) -> Outcome | None:
        fen, rest = self._from(moves)
        end, value = sf.is_immediate_game_end(self.variant, fen, rest)
        reason = "the variant's end"
        if not end and not self.legal_moves(moves):
            end, value = True, sf.game_result(self.variant, fen, rest)
            reason = "no legal move (mate)" if value else "no legal move (stalemate)"
        if not end:
            end, value = sf.is_optional_game_end(self.variant, fen, rest)
            reason = "repetition or the move-count rule"
        if not end:
            white, black = sf.has_insufficient_material(self.variant, fen, rest)
            if white and black:
                return Outcome("1/2-1/2", "insufficient material")
            return None
        if value == 0:
            return Outcome("1/2-1/2", reason)
        white_wins = (value > 0) == self._white_to_move(moves)
        return Outcome("1-0" if white_wins else "0-1", reason)


@lru_cache(maxsize=256)
def _legal(variant: str, fen: str, moves: tuple[str, ...]) -> frozenset[str]:
    return frozenset(sf.legal_moves(variant, fen, list(moves)))
