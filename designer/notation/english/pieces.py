"""Classic pieces by name: their definitions in XBetza and/or Betza 2.0 and the game they come from.

The describer names a piece (or one of its move groups) when its canonical text matches an entry
here exactly. Definitions follow the source documents where they give one (seed 004: Shatranj and
FIDE pawns, Xiangqi elephant and cannon, Grasshopper, Checker, Hook Mover, Giraffe; seed 000/002:
Mao-rider, Rose, Crooked Bishop, Ultima pieces; seed 001: the Chu Shogi Lion) and otherwise the
usual Betza definitions of the piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...vocabulary import Dialect
from ..ast import BETZA2, XBETZA, Path, Piece, Spec


@dataclass(frozen=True, slots=True)
class ClassicPiece:
    """One named piece: ``xbetza``/``betza2`` are '' where that dialect is not given."""

    name: str
    origin: str
    xbetza: str = ""
    betza2: str = ""
    also: tuple[str, ...] = ()  # other names of the same move set ("Met (Makruk)")

    def label(self) -> str:
        """'Xiangqi cannon' style label used in descriptions."""
        return f"{self.name}, {self.origin}" if self.origin else self.name


# The order matters only where two entries share a definition: the first one names it.
PIECES: tuple[ClassicPiece, ...] = (
    # FIDE chess (seed 004 for the pawn and the castling King)
    ClassicPiece("King", "FIDE chess", "K", "K", ("Shah (Shatranj)", "Khun (Makruk)",
                                                  "King (Shogi)", "Mann", "Commoner")),
    ClassicPiece("castling King", "FIDE chess", "KisO2"),
    ClassicPiece("Queen", "FIDE chess", "Q", "Q"),
    ClassicPiece("Rook", "FIDE chess", "R", "R", ("Chariot (Xiangqi)", "Rua (Makruk)",
                                                  "Rook (Shogi)")),
    ClassicPiece("Bishop", "FIDE chess", "B", "B", ("Bishop (Shogi)",)),
    ClassicPiece("Knight", "FIDE chess", "N", "N", ("Horse (Shatranj)", "Ma (Makruk)")),
    ClassicPiece("Pawn", "FIDE chess", "fmWfceFifmnD"),
    ClassicPiece("Berolina Pawn", "Berolina chess", "fmFfceWifmnA"),
    # Shatranj and Makruk
    ClassicPiece("Ferz", "Shatranj", "F", "F", ("Met (Makruk)", "Advisor (Xiangqi)")),
    ClassicPiece("Alfil", "Shatranj", "A", "A"),
    ClassicPiece("Shatranj Pawn", "Shatranj", "fmWfcF", "fmWfcF", ("Bia (Makruk)",)),
    ClassicPiece("Khon", "Makruk", "FfW", "FfW", ("Silver General (Shogi)",)),
    # Xiangqi
    ClassicPiece("Horse", "Xiangqi", "nN", "W-F", ("Mao (Betza 2.0 W-F)",)),
    ClassicPiece("Elephant", "Xiangqi", "nA", "mF-F"),
    ClassicPiece("Cannon", "Xiangqi", "mRcpR", "mR(pR-cR)"),
    ClassicPiece("General", "Xiangqi", "W", "W", ("Wazir",)),
    ClassicPiece("Soldier across the river", "Xiangqi", "fsW", "fsW"),
    ClassicPiece("Soldier", "Xiangqi", "fW", "fW", ("Pawn (Shogi)",)),
    # Shogi
    ClassicPiece("Gold General", "Shogi", "WfF", "WfF", ("Tokin and the other promoted pieces "
                                                         "(Shogi)",)),
    ClassicPiece("Lance", "Shogi", "fR", "fR"),
    ClassicPiece("Shogi Knight", "Shogi", "ffN", "ffN"),
    ClassicPiece("Dragon King", "Shogi", "RF", "RF"),
    ClassicPiece("Dragon Horse", "Shogi", "BW", "BW"),
    # Chu Shogi
    ClassicPiece("Lion", "Chu Shogi", "KNADcaKmcabK", "KNAD(cK-aK)(K-bK)"),
    ClassicPiece("Phoenix", "Chu Shogi", "WA", "WA"),
    ClassicPiece("Kirin", "Chu Shogi", "FD", "FD"),
    ClassicPiece("Drunk Elephant", "Chu Shogi", "FsfW", "FsfW"),
    ClassicPiece("Blind Tiger", "Chu Shogi", "FsbW", "FsbW"),
    ClassicPiece("Ferocious Leopard", "Chu Shogi", "FvW", "FvW"),
    ClassicPiece("Copper General", "Chu Shogi", "vWfF", "vWfF"),
    ClassicPiece("Side Mover", "Chu Shogi", "vWsR", "vWsR"),
    ClassicPiece("Vertical Mover", "Chu Shogi", "sWvR", "sWvR"),
    ClassicPiece("Reverse Chariot", "Chu Shogi", "vR", "vR"),
    ClassicPiece("Flying Ox", "Chu Shogi", "BvR", "BvR"),
    ClassicPiece("Free Boar", "Chu Shogi", "BsR", "BsR"),
    ClassicPiece("Horned Falcon", "Chu Shogi", "BsbRfWfDfcavW"),
    ClassicPiece("Soaring Eagle", "Chu Shogi", "RbBfFfAfcavF"),
    ClassicPiece("Lion Dog's three-step move", "Tai Shogi", "mcpafmcpavK"),
    ClassicPiece("Vice General's area move", "Tenjiku Shogi", "mamaK"),
    # Capablanca and other compounds
    ClassicPiece("Archbishop", "Capablanca chess", "BN", "BN", ("Princess", "Cardinal")),
    ClassicPiece("Chancellor", "Capablanca chess", "RN", "RN", ("Empress", "Marshall")),
    ClassicPiece("Amazon", "fairy chess", "QN", "QN"),
    # Fairy classics
    ClassicPiece("Nightrider", "fairy chess", "N0", "N0"),
    ClassicPiece("Grasshopper", "fairy chess", "gQ", "pQ-K"),
    ClassicPiece("Camel", "fairy chess", "C", "C"),
    ClassicPiece("Zebra", "fairy chess", "Z", "Z"),
    ClassicPiece("Giraffe", "fairy chess", "(1,4)", "(1,4)"),
    ClassicPiece("Dabbaba", "fairy chess", "D", "D"),
    ClassicPiece("Threeleaper", "fairy chess", "H", "H"),
    ClassicPiece("Tripper", "fairy chess", "G", "G"),
    ClassicPiece("Wildebeest", "fairy chess", "NC", "NC", ("Gnu",)),
    ClassicPiece("Checker", "draughts", "fmFfcafmF", "fmF(fcF-mF)"),
    ClassicPiece("Hook Mover", "large Shogi variants", "masR"),
    ClassicPiece("Mao", "fairy chess", "mafsW"),
    ClassicPiece("Moa", "fairy chess", "mafsF", "F-W"),
    ClassicPiece("Griffon", "fairy chess", "FyafsF", "F(F-R)"),
    ClassicPiece("Aanca", "fairy chess", "WyafsW", "W(W-B)"),
    ClassicPiece("Mao-rider", "fairy chess", "", "(W-F)0"),
    ClassicPiece("Rose", "fairy chess", "qN", "Nrf7"),
    ClassicPiece("Crooked Bishop", "fairy chess", "", "(F-lF)r0"),
    ClassicPiece("Long Leaper", "Ultima", "", "(cQ-mQ)4"),
    ClassicPiece("Withdrawer", "Ultima", "", "mQ(cK-bK-mQ)"),
    ClassicPiece("Advancer", "Rococo", "", "mQ(mQ-cK-bK)"),
    ClassicPiece("Centaur", "fairy chess", "KN", "KN"),
)


def entries() -> tuple[ClassicPiece, ...]:
    return PIECES


@lru_cache(maxsize=None)
def _index() -> dict[tuple[Dialect, str], ClassicPiece]:
    """canonical text per dialect -> first table entry with that definition.

    The table's texts are written in canonical form (the describer's tests hold every entry to
    it), so the index takes them as they are: the window's first piece picture looks a
    definition up here, and parsing the whole table for it cost a noticeable part of the start.
    """
    index: dict[tuple[Dialect, str], ClassicPiece] = {}
    for entry in PIECES:
        texts: tuple[tuple[Dialect, str], ...] = ((XBETZA, entry.xbetza), (BETZA2, entry.betza2))
        for dialect, text in texts:
            if text:
                index.setdefault((dialect, text), entry)
    return index


def lookup(piece: Piece) -> ClassicPiece | None:
    """The classic piece whose definition is exactly ``piece`` (canonical match), or None."""
    from ..format import format_piece
    return _index().get((piece.dialect, format_piece(piece)))


def lookup_paths(paths: tuple[Path, ...], dialect: Dialect) -> ClassicPiece | None:
    """The classic piece defined by exactly these move groups (used per group and for runs)."""
    return lookup(Piece(dialect, Spec(paths)))


def by_name(name: str) -> ClassicPiece | None:
    for entry in PIECES:
        if entry.name.lower() == name.lower():
            return entry
    return None
