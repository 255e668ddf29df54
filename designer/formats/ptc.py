"""XBoard's piece-to-char table (backend.c ``SetCharTable``): which FEN letter sits in which of the
66 fixed slots. Used by the options file, the engine lines and the Fairy-Stockfish export.

Reading follows ``backend.c: SetCharTableEsc``: the white half then the black half with the
same number of pieces; in each half pieces go to slots 0, 1, 2, ... and the last one to slot 65
(King); ``/`` jumps to slot 46; fewer than 12 or more than 132 pieces, or an odd count, make
XBoard ignore the table (we report it instead).
"""

from __future__ import annotations

from ..variant.model import PieceType
from .errors import FormatError

KING_SLOT = 65
SLOTS = 66
# Letters of the slots in XBoard's `-variant fairy` table (backend.c ``SetCharTable``).
FAIRY_LETTERS = "PNBRQFEACWMOHIJGDVLSU"
FAIRY_SLOT = {ch: i for i, ch in enumerate(FAIRY_LETTERS)} | {"K": KING_SLOT}
IMAGE_STEMS = (
    "Pawn Knight Bishop Rook Queen Advisor Elephant Archbishop Marshall Gold Commoner Canon "
    "Nightrider CrownedBishop CrownedRook Crown Chancellor Hawk Lance Cobra Unicorn Lion Sword "
    "Zebra Camel Tower Wolf Hat Duck Lance Dragon Gnu Cub LShield Pegasus Wizard Copper Iron "
    "Viking Flag Axe Dolphin Leopard Claw Left Butterfly PromoBishop PromoRook HCrown RShield "
    "Prince Phoenix Kylin Drunk Right GoldPawn GoldKnight PromoHorse PromoDragon GoldLance "
    "GoldSilver HSword PromoSword PromoHSword Princess King").split()
_FREE_ORDER = list(range(21, 46)) + [64] + list(range(46, 64))


def assign_slots(pieces: tuple[PieceType, ...]) -> dict[str, int]:
    """Slot of every piece type: pinned slots first, the royal K (or only royal) in 65, plain
    letters in their `fairy` slot when free, promoted ``+X`` forms 11 above a partner in 0-10
    (XBoard's default pairing), the rest in the first free slot from 21 on.
    Raises FormatError when more than 66 types need a slot."""
    used: dict[int, str] = {}
    out: dict[str, int] = {}

    def take(letter: str, slot: int) -> None:
        used[slot] = letter
        out[letter] = slot

    for p in pieces:
        if p.slot is not None and 0 <= p.slot < SLOTS and p.slot not in used:
            take(p.letter, p.slot)
    royals = [p for p in pieces if p.royal and p.letter not in out]
    king = next((p for p in royals if p.letter == "K"), royals[0] if len(royals) == 1 else None)
    if king and KING_SLOT not in used:
        take(king.letter, KING_SLOT)
    for p in pieces:
        if p.letter in out or p.letter.startswith("+"):
            continue
        slot = FAIRY_SLOT.get(p.letter)
        if slot is not None and slot not in used:
            take(p.letter, slot)
    for p in pieces:
        if p.letter in out or not p.letter.startswith("+"):
            continue
        partner = out.get(p.letter[1:])
        if partner is not None and partner <= 10 and partner + 11 not in used:
            take(p.letter, partner + 11)
    for p in pieces:
        if p.letter in out:
            continue
        free = next((s for s in _FREE_ORDER if s not in used), None)
        if free is None:
            free = next((s for s in range(SLOTS) if s not in used), None)
        if free is None:
            raise FormatError(f"more than {SLOTS} piece types: XBoard has no slot for "
                              f"{p.letter}")
        take(p.letter, free)
    return out


def king_slot_letter(pieces: tuple[PieceType, ...]) -> str | None:
    """The letter ``assign_slots`` puts in XBoard's King slot when no parent pins another
    (cheap: for the editor, which asks at every keystroke): the piece pinned there, else the
    royal K, else the only royal piece."""
    pinned = next((p.letter for p in pieces if p.slot == KING_SLOT), None)
    if pinned is not None:
        return pinned
    royals = [p for p in pieces if p.royal and p.slot is None]
    king = next((p for p in royals if p.letter == "K"), royals[0] if len(royals) == 1 else None)
    return king.letter if king is not None else None


def build_table(pieces: tuple[PieceType, ...]) -> str:
    """The `-pieceToCharTable` string for these pieces (no spaces; at least 12 pieces)."""
    slots = assign_slots(pieces)
    by_slot = {s: letter for letter, s in slots.items()}
    top = max([s for s in by_slot if s != KING_SLOT], default=-1)
    top = max(top, 4)      # at least 5 + King per half = 12 pieces in all
    white, black = [], []
    for s in range(top + 1):
        letter = by_slot.get(s)
        w, b = _tokens(letter, s, by_slot)
        white.append(w)
        black.append(b)
    k = by_slot.get(KING_SLOT)
    w, b = _tokens(k, KING_SLOT, by_slot)
    return "".join(white) + w + "".join(black) + b


def _tokens(letter: str | None, slot: int, by_slot: dict[int, str]) -> tuple[str, str]:
    if letter is None:
        return ".", "."
    if letter.startswith("+"):
        if 11 <= slot <= 21 and by_slot.get(slot - 11) == letter[1:]:
            return "+", "+"
        return "^" + letter[1:], "^" + letter[1:].lower()
    return letter, letter[0].lower() + letter[1:]


def _split(text: str) -> list[str]:
    """Tokens of a table: pieces (with a '=Y' nickname kept attached) and '/' jumps."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "/":
            out.append("/")
            i += 1
            continue
        if ch in "^*-":
            if i + 1 >= len(text):
                raise FormatError(f"piece-to-char table ends after {ch!r}")
            tok = text[i:i + 2]
            i += 2
        elif ch in ".+~" or ch.isalpha():
            tok = ch
            i += 1
        else:
            raise FormatError(f"piece-to-char table: unexpected character {ch!r}")
        while i < len(text) and text[i] in "'!":
            tok += text[i]
            i += 1
        if i < len(text) and text[i] == "=" and i + 1 < len(text):
            tok += text[i:i + 2]
            i += 2
        out.append(tok)
        if len(out) > 400:
            raise FormatError("piece-to-char table longer than 132 pieces")
    return out


def parse_table(text: str) -> dict[int, str]:
    """Slot -> white piece letter (``+X`` for promoted forms) of a table, as XBoard reads it.
    Raises FormatError where XBoard would silently ignore the table."""
    return parse_table_halves(text)[0]


def parse_table_halves(text: str) -> tuple[dict[int, str], dict[int, str]]:
    """(white, black): slot -> upper-case letter for each half of a table. The halves usually
    name the same pieces; a side-specific army (XBoard's spartan) shows in one half only."""
    toks = _split(text.strip())
    pieces = [t for t in toks if t != "/"]
    n = len(pieces)
    if n % 2 or n < 12 or n > 2 * SLOTS:
        raise FormatError(f"piece-to-char table has {n} pieces: XBoard needs an even number "
                          "from 12 to 132 and ignores this one")
    half = n // 2
    # find where the white half ends (after `half` pieces)
    count = 0
    cut = 0
    for k, t in enumerate(toks):
        if t != "/":
            count += 1
        if count == half:
            cut = k + 1
            break
    return _read_half(toks[:cut], half), _read_half(toks[cut:], half)


def _read_half(toks: list[str], half: int) -> dict[int, str]:
    """One half of a table (backend.c SetCharTableEsc): pieces to slots 0, 1, ... ('/' jumps
    to slot 46), the last one to the King's slot 65."""
    out: dict[int, str] = {}
    slot = 0
    seen = 0
    for t in toks:
        if t == "/":
            slot = 46
            continue
        seen += 1
        s = KING_SLOT if seen == half else slot
        slot += 1
        if s >= SLOTS:
            raise FormatError("piece-to-char table assigns more than 66 slots")
        tok = t.split("=")[0]
        if tok == ".":
            continue
        if tok == "+":
            partner = s - 11 if 11 <= s <= 21 else s + 11 if s <= 10 else None
            if partner is None or partner not in out:
                raise FormatError(f"piece-to-char table: '+' in slot {s} has no partner")
            out[s] = "+" + out[partner]
        elif tok[0] in "^-" and tok[1:2].isalpha():
            out[s] = "+" + tok[1].upper() + tok[2:]
        elif tok[0] == "*" and tok[1:2].isalpha():
            out[s] = tok[1].upper() + tok[2:]
        elif tok == "~":
            continue
        elif tok[0].isalpha():
            out[s] = tok[0].upper() + tok[1:]
    return out
