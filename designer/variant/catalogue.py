"""The classic pieces a user can add to a variant, searchable, without Qt.

Two sources make one list: the pieces shipped as data (``designer/data/pieces.json``, read by
``library.classic_pieces``: a suggested letter and notes) and the describer's named pieces
(``designer.notation.english.pieces``: the game each comes from, other names, both dialects' forms).
Entries with the same name, or else the same definition (the describer's "Horse" of Xiangqi is
the shipped "Xiangqi Horse"), are merged, the other name kept as an alias; the XBetza form is
preferred when a piece has both, because every file format reads it.

``search`` ranks by how well the query fits: the name first (start, then anywhere), then other
names and the game, then the notation (``BN`` finds the Archbishop), then the notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..vocabulary import BETZA2, XBETZA, Dialect
from ..notation.english.pieces import entries as named_pieces
from .library import LibraryPiece, classic_pieces
from .model import PieceType

MAX_RESULTS = 500


@dataclass(frozen=True, slots=True)
class Entry:
    """A piece to add: ``notation`` in ``dialect``; ``other`` is its form in the other dialect
    ('' when not given); ``letter`` is only a suggestion."""

    name: str
    notation: str
    dialect: Dialect = XBETZA
    letter: str = ""
    origin: str = ""
    royal: bool = False
    notes: str = ""
    also: tuple[str, ...] = ()
    other: str = ""

    def piece_type(self, letter: str) -> PieceType:
        """This piece as a piece type of a variant, under ``letter``."""
        return PieceType(letter, self.name, self.notation, self.dialect, royal=self.royal,
                         notes=self.notes)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.origin})" if self.origin else self.name


@lru_cache(maxsize=1)
def catalogue() -> tuple[Entry, ...]:
    """Every classic piece, shipped data first (its order is the familiar one)."""
    by_name: dict[str, Entry] = {}
    for lp in classic_pieces():
        by_name.setdefault(lp.name.lower(), _from_library(lp))
    for cp in named_pieces():
        notation = cp.xbetza or cp.betza2
        dialect: Dialect = XBETZA if cp.xbetza else BETZA2
        other = cp.betza2 if dialect == XBETZA else ""
        key = cp.name.lower()
        if key not in by_name:
            twin = next((k for k, e in by_name.items()
                         if (e.notation, e.dialect) == (notation, dialect)), None)
            if twin is not None:     # the same piece under another name: keep that as an alias
                alias = f"{cp.name} ({cp.origin})" if cp.origin else cp.name
                by_name[twin] = _merged(by_name[twin], "", (alias,) + cp.also, other, notation)
                continue
        known = by_name.get(key)
        if known is None:
            by_name[key] = Entry(cp.name, notation, dialect, "", cp.origin,
                                 cp.name.endswith("King") and notation in ("K", "KisO2"),
                                 also=cp.also, other=other)
        else:
            by_name[key] = _merged(known, cp.origin, cp.also, other, notation)
    return tuple(by_name.values())


def _merged(known: Entry, origin: str, also: tuple[str, ...], other: str,
            notation: str) -> Entry:
    """``known`` with what a named piece of the describer adds (game, names, other form)."""
    names = known.also + tuple(a for a in also if a != known.name and a not in known.also)
    return Entry(known.name, known.notation, known.dialect, known.letter, known.origin or origin,
                 known.royal, known.notes, names,
                 known.other or (other if known.notation == notation else ""))


def _from_library(lp: LibraryPiece) -> Entry:
    return Entry(lp.name, lp.notation, lp.dialect, lp.letter, "", lp.royal, lp.notes)


def search(query: str, pool: tuple[Entry, ...] | None = None) -> list[Entry]:
    """The entries that fit ``query`` (all of them for an empty query), best first."""
    items = catalogue() if pool is None else pool
    q = query.strip()
    if not q:
        return list(items[:MAX_RESULTS])
    low = q.lower()
    scored: list[tuple[int, int, Entry]] = []
    for i, e in enumerate(items):
        score = _score(e, q, low)
        if score:
            scored.append((-score, i, e))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [e for _, _, e in scored[:MAX_RESULTS]]


def _score(e: Entry, q: str, low: str) -> int:
    name = e.name.lower()
    if name == low:
        return 100
    if q == e.notation:                      # "N", "BN": the definition itself
        return 95
    if name.startswith(low):
        return 90
    if any(w.startswith(low) for w in name.split()):
        return 80
    if low in name:
        return 70
    if q == e.other:                        # Betza is case-sensitive: "N" is not "n"
        return 65
    if any(low in a.lower() for a in e.also):
        return 60
    if low in e.origin.lower():
        return 50
    if q in e.notation or (e.other and q in e.other):
        return 40
    if low in e.notes.lower():
        return 20
    return 0


__all__ = ["Entry", "catalogue", "search", "MAX_RESULTS"]
