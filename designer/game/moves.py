"""A move of the game, as a small immutable value.

``origin``/``target`` are squares (ints, see ``geometry``); a drop has ``origin == -1`` and the
letter dropped in ``drop``; ``promotion`` is the letter the piece becomes; ``kills`` are the
other squares whose pieces the move removes (the e.p. victim, a Lion's first victim); ``rook``
is the square of the piece a king castles with; ``via`` the squares a multi-leg move stops on
between its legs (the Lion's ``e5f6,f6g7``); ``wall`` the square a walling move puts a wall on
(``-1``: none). A move whose ``origin == target`` and which
removes nothing passes (the Lion's ``mcabK`` out and back).
"""

from __future__ import annotations

from typing import NamedTuple

from .geometry import Geometry


class Move(NamedTuple):
    origin: int
    target: int
    promotion: str = ""
    drop: str = ""
    kills: tuple[int, ...] = ()
    rook: int = -1
    via: tuple[int, ...] = ()
    wall: int = -1

    @property
    def is_drop(self) -> bool:
        return self.origin < 0

    def text(self, geo: Geometry) -> str:
        """The move as the engines' protocols write it: ``e2e4``, ``e7e8q``, ``P@e5``, ``h2b8+``
        (a Shogi-style promotion),
        ``e1g1`` (castling), and the squares of a multi-leg move joined by commas
        (``e5f6,f6g7``: XBoard's and Fairy-Stockfish's form for the Lion's double moves)."""
        if self.wall >= 0:       # Fairy-Stockfish's gating form: the move, then to-wall
            plain = self._replace(wall=-1).text(geo)
            return f"{plain},{geo.names[self.target]}{geo.names[self.wall]}"
        if self.origin < 0:
            return f"{self.drop}@{geo.names[self.target]}"
        promo = self.promotion[0] if self.promotion[:1] in ("+", "-") else self.promotion.lower()
        if self.via:
            stops = (self.origin,) + self.via + (self.target,)
            legs = [geo.names[a] + geo.names[b] for a, b in zip(stops, stops[1:])]
            return ",".join(legs) + promo
        return f"{geo.names[self.origin]}{geo.names[self.target]}{promo}"
