"""Our rules engine as the referee of games with engines: every engine move is checked
against our legal moves, and the game ends when our rules say so.

Moves cross in the engines' text (``e2e4``, ``e7e8q``, ``P@e5``) with the engine's letters
(``EngineVariant.letters``: a section's own, or a built-in game's, see ``sections``).
"""

from __future__ import annotations

import re
from typing import Mapping, Sequence

from ..game.game import Game, Move
from ..variant.model import Variant

_DROP = re.compile(r"(.+)@([a-z]\d+)")
_PLAIN = re.compile(r"((?:[a-z]\d+){2}(?:,(?:[a-z]\d+){2})*)(.*)")


class RulesReferee:
    """Judges a game of ``variant`` from ``fen`` (None: its setup) by our rules; ``letters``
    maps our piece letters to the engine's (lower case; identity where missing).

    Raises what ``Game`` raises for a variant it cannot play (``RulesNotPlayed``) or a bad FEN.
    """

    def __init__(self, variant: Variant, fen: str | None = None,
                 letters: Mapping[str, str] | None = None):
        self.game = Game(variant, fen)
        self._letters = dict(letters or {})
        self._played: list[str] = []
        self._legal: dict[str, Move] | None = None

    # -- our move text <-> the engine's ----------------------------------------------------
    def _engine_letter(self, ours: str) -> str:
        return self._letters.get(ours, ours.lower())

    def engine_text(self, move: Move) -> str:
        """Our move as the engine writes it (a walling move's wall part after it)."""
        geo = self.game.geo
        bare = move._replace(wall=-1)
        return self._piece_text(bare) + move.text(geo)[len(bare.text(geo)):] + \
            self.game.wall_text(move)

    def _piece_text(self, move: Move) -> str:
        if move.rook >= 0:
            return self.game.move_text(move)     # a castling: the king may take its rook
        text = move.text(self.game.geo)
        drop = _DROP.fullmatch(text)
        if drop:
            return f"{self._engine_letter(drop[1]).upper()}@{drop[2]}"
        plain = _PLAIN.fullmatch(text)
        if plain is None or not plain[2] or plain[2] in ("+", "-"):
            return text
        if plain[2].startswith("+") or self.game.form_promotion(move):
            return plain[1] + "+"           # Shogi style: the engines write only the "+"
        piece = next((p.letter for p in self.game.variant.pieces
                      if p.letter.lower() == plain[2]), plain[2].upper())
        return plain[1] + self._engine_letter(piece).lstrip("+")

    # -- following the game ----------------------------------------------------------------
    def _legal_now(self) -> dict[str, Move]:
        if self._legal is None:
            self._legal = {self.engine_text(m): m for m in self.game.legal_moves()}
        return self._legal

    def _follow(self, moves: Sequence[str]) -> None:
        """Bring the game to the position after ``moves`` (taking back what differs)."""
        common = 0
        while common < min(len(moves), len(self._played)) and \
                moves[common] == self._played[common]:
            common += 1
        while len(self._played) > common:
            self.game.pop()
            self._played.pop()
            self._legal = None
        for text in moves[common:]:
            move = self._legal_now().get(text)
            if move is None:
                raise ValueError(f"{text} is not a legal move after "
                                 f"{' '.join(self._played) or 'the start'}")
            self.game.push(move)
            self._played.append(text)
            self._legal = None

    def texts(self, moves: Sequence[Move]) -> list[str]:
        """Our moves from the start, each in the engine's text (the window keeps its game as
        our moves; the engine gets them this way). ``ValueError`` when one is not legal."""
        out: list[str] = []
        for i, mv in enumerate(moves):
            self._follow(out)
            text = self.engine_text(mv)
            if self._legal_now().get(text) != mv:
                raise ValueError(f"move {i + 1} ({mv.text(self.game.geo)}) is not legal where "
                                 "it is played")
            out.append(text)
        self._follow(out)
        return out

    def move_of(self, moves: Sequence[str], text: str) -> Move | None:
        """Our move that the engine's ``text`` names after ``moves`` (None: no legal one)."""
        self._follow(moves)
        return self._legal_now().get(text)

    def legal_moves(self, moves: Sequence[str]) -> frozenset[str]:
        self._follow(moves)
        return frozenset(self._legal_now())

    def reading(self, moves: Sequence[str], move: str) -> str:
        """Why ``move`` is not legal here, in our words: what stands on its origin and where
        that piece may go."""
        self._follow(moves)
        legal = self._legal_now()
        m = _PLAIN.fullmatch(move)
        side = self.game.turn
        if m is None:
            shown = ", ".join(sorted(legal)[:12]) + (" …" if len(legal) > 12 else "")
            return f"not among the {len(legal)} legal moves ({shown})" if legal else \
                "there is no legal move here"
        first = re.match(r"[a-z]\d+", m[1])
        origin = first[0] if first is not None else m[1][:2]
        names = self.game.geo.names
        square = names.index(origin) if origin in names else -1
        piece = self.game.piece_at(square) if square >= 0 else None
        if piece is None:
            return f"there is no piece on {origin}; {side} has {len(legal)} legal moves"
        letter, owner = piece
        if owner != side:
            return f"the {letter} on {origin} is not {side}'s"
        own = sorted(t for t in legal if t.startswith(origin) and not t[len(origin)].isdigit())
        return (f"{side}'s {letter} on {origin} has no legal move there; its legal moves: "
                f"{', '.join(own) if own else 'none'}")


def engine_fen(fen: str, letters: Mapping[str, str]) -> str:
    """A FEN in the engine's letters (``letters``: ours -> the engine's, lower case)."""
    head, sep, tail = fen.partition(" ")
    out = []
    for ch in head:
        if ch.isalpha():
            theirs = letters.get(ch.upper(), ch.lower())
            out.append(theirs.upper() if ch.isupper() else theirs.lower())
        else:
            out.append(ch)
    return "".join(out) + sep + tail


__all__ = ["RulesReferee", "engine_fen"]
