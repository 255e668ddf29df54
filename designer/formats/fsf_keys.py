"""A Fairy-Stockfish configuration written back as the keys of one stand-alone variants.ini
section: every piece, and every field whose value is not the default of a section without a
parent, in the parser's order (``fsf_options``). Reading the text back with ``fsf_config``
gives the same configuration; the engine loads it as the same variant.

Values are written in the form the parser reads (``fsf_values``): squares as whole ranks
``*N`` and whole files ``a*`` where they can be, piece lists as letters, ``-`` for none.
A field no key can set (``freeDrops``) cannot be written: ``unwritable`` names it.
"""

from __future__ import annotations

from ..geometry.board import file_letter, square_name
from .fsf_config import FsfConfig
from .fsf_options import (ALL, BUILTIN_ONLY, FIELD_LIST, FIELDS, OPTIONS, SPAN, Kind,
                          Square, mobility_key)

# the key that sets exactly one field (the main pawn type rides on its colour's pawn list)
_KEY_OF = {o.fields[0]: o.key for o in reversed(OPTIONS) if len(o.fields) == 1 and
           not o.deprecated}
_KEY_OF.update({"promotionPawnTypes.white": "promotionPawnTypesWhite",
                "promotionPawnTypes.black": "promotionPawnTypesBlack",
                "pieceValueMg": "pieceValueMg", "pieceValueEg": "pieceValueEg"})


def squares_text(squares: frozenset[Square], files: int = SPAN, ranks: int = SPAN) -> str:
    """Squares of a ``files`` x ``ranks`` board as the parser reads them: whole ranks ``*N``,
    then whole files ``a*``, then single squares ('' for none)."""
    rest = set(squares)
    parts: list[str] = []
    for r in range(ranks):
        row = {(f, r) for f in range(files)}
        if row <= rest:
            parts.append(f"*{r + 1}")
            rest -= row
    for f in range(files):
        column = {(f, r) for r in range(ranks)}
        if column <= rest:
            parts.append(f"{file_letter(f)}*")
            rest -= column
    parts += [square_name((f, r)) for f, r in sorted(rest, key=lambda s: (s[1], s[0]))]
    return " ".join(parts)


def bitboard_text(squares: frozenset[Square]) -> str:
    """An engine bitboard (over its widest board) as text; ``-`` for none."""
    return squares_text(squares) or "-"


def _letters(config: FsfConfig, keys: object, last: str | None = None) -> str | None:
    """Letters of a piece list (``last`` written last: the parser's main pawn type); None when
    a piece in it no longer exists."""
    assert isinstance(keys, frozenset)
    out = ""
    for key in sorted(keys, key=lambda k: (k == last, k)):
        letter = "*" if key == ALL else config.letter(key)
        if letter is None:
            return None
        out += letter.lower()
    return out or "-"


def value_text(config: FsfConfig, name: str, value: object) -> str | None:
    """``value`` of field ``name`` as the text of its key (None: cannot be written)."""
    kind = FIELDS[name].kind if name in FIELDS else Kind.BITBOARD
    if kind is Kind.BOOL:
        return "true" if value else "false"
    if kind in (Kind.INT, Kind.TEXT) or kind in (Kind.VALUE, Kind.MATERIAL_COUNTING,
                                                 Kind.COUNTING_RULE, Kind.CHASING_RULE,
                                                 Kind.ENCLOSING_RULE, Kind.WALLING_RULE):
        return str(value)
    if kind is Kind.RANK:
        assert isinstance(value, int)
        return str(value + 1)
    if kind is Kind.FILE:
        assert isinstance(value, int)
        return file_letter(value)
    if kind is Kind.BITBOARD:
        assert isinstance(value, frozenset)
        return bitboard_text(value)
    if kind is Kind.CASTLING_RIGHTS:
        return str(value) or "-"
    if kind is Kind.PIECE_SET:
        return _letters(config, value)
    if kind is Kind.PIECE_TYPE:
        if value is None:
            return "-"
        return _letters(config, frozenset({value}))
    if kind is Kind.PIECE_COUNTS:
        assert isinstance(value, tuple)
        items = [(config.letter(k), n) for k, n in value]
        return " ".join(f"{letter.lower()}:{n}" for letter, n in items if letter) or None
    assert kind is Kind.PROMOTED_TYPES and isinstance(value, tuple)
    pairs = [(config.letter(a), config.letter(b) if b else "-") for a, b in value]
    return " ".join(f"{a.lower()}:{b.lower()}" for a, b in pairs if a and b) or None


def _king_moves(config: FsfConfig) -> str | None:
    """The king's custom moves: its own, or those of the predefined piece it moves as."""
    king = config.piece("king")
    kind = config.value("kingType")
    if king is None or kind == "king":
        return None
    if kind == "custom":
        return king.betza
    from .fsf_plan import pieces_data
    return pieces_data()[str(kind)][1]


def unwritable(config: FsfConfig) -> list[str]:
    """Fields set to a value that no key of a variants.ini can give: ``freeDrops``, and a
    king moving as a predefined piece where Janggi's palace diagonals tell them apart (the
    engine extends a wazir-king's moves along them, not a custom king's)."""
    out = [n for n in sorted(BUILTIN_ONLY) if n != "kingType" and
           config.value(n) != FIELDS[n].default]
    if config.value("kingType") not in ("king", "custom") and config.value("diagonalLines"):
        out.append("kingType")
    return out


def section_keys(config: FsfConfig) -> list[tuple[str, str]]:
    """(key, value) lines of a stand-alone section configuring ``config``."""
    out: list[tuple[str, str]] = [("maxFile", str(config.files)),
                                  ("maxRank", str(config.ranks))]
    for p in config.pieces:
        letter = p.letter.lower()
        betza = _king_moves(config) if p.key == "king" else p.betza
        out.append((p.key, f"{letter}:{betza}" if betza is not None and
                    (p.key.startswith("customPiece") or p.key == "king") else letter))
    for name, setting in sorted(config.settings.items()):
        if name.startswith("mobilityRegion.") and setting.value:
            _, colour, key = name.split(".")
            if config.piece(key) is not None:
                text = value_text(config, name, setting.value)
                if text is not None:
                    out.append((mobility_key(colour, key), text))
    for f in FIELD_LIST:
        name = f.name
        if name in ("maxFile", "maxRank") or name in BUILTIN_ONLY or \
                name.startswith("mainPromotionPawnType."):
            continue
        value = config.value(name)
        if name.startswith("promotionPawnTypes."):
            main = config.value("mainPromotionPawnType" + name[name.index("."):])
            if value == f.default and main == FIELDS["mainPromotionPawnType.white"].default:
                continue
            text = _letters(config, value, main if isinstance(main, str) else None)
        elif value == f.default:
            continue
        else:
            text = value_text(config, name, value)
        if text is not None:
            out.append((_KEY_OF[name], text))
    return out


def section_text(config: FsfConfig, name: str) -> str:
    """The section ``[name]`` with ``section_keys``."""
    return f"[{name}]\n" + "".join(f"{k} = {v}\n" for k, v in section_keys(config))


__all__ = ["bitboard_text", "squares_text", "section_keys", "section_text", "unwritable", "value_text"]
