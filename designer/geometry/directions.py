"""Direction letters to direction sets, for first legs (absolute) and continuation legs (relative).

The sets are 8-bit masks over orientations 0..7 (see ``geometry.oriented``). How letters combine
follows seed 004 Table 2 and, where the table is silent, XBoard 4.9's reader (moves.c,
``MovesFromString``): two letters of perpendicular kind combine into one direction ("lf"),
a doubled letter stands alone ("ffrrN"), ``h`` widens a letter to a half plane on oblique atoms,
``hr``/``hl`` are the chiral sets. Deliberate differences from XBoard (the documented meaning
wins, ``compat`` warns): doubled ``vv``/``ss`` mean ``v``/``s`` (XBoard: all directions), ``h``
on 4-fold atoms is skipped instead of ending the reading of directions.
"""

from __future__ import annotations

# Letter kinds: 1 vertical (f b), 2 horizontal (l r), 4 half (h), 6 sideways (s), 5 vertical pair (v)
KIND = {"f": 1, "b": 1, "l": 2, "r": 2, "h": 4, "s": 6, "v": 5}
WIDE = {"f": 0xC3, "b": 0x3C, "l": 0xF0, "r": 0x0F}
NARROW = {"f": 0x81, "b": 0x18, "l": 0x60, "r": 0x06, "h": 0xFF, "s": 0x66, "v": 0x99}
KWIDE = {"f": 0x83, "b": 0x38, "l": 0xE0, "r": 0x0E, "h": 0xFF, "s": 0xEE, "v": 0xBB}
KNARROW = {"f": 0x01, "b": 0x10, "l": 0x40, "r": 0x04, "h": 0xFF, "s": 0x44, "v": 0x11}

ALL = 0xFF
ORTHOGONAL = 0x55
DIAGONAL = 0xAA


def _perpendicular(a: str, b: str) -> bool:
    return a in KIND and b in KIND and (KIND[a] | KIND[b]) & 3 == 3


def diagonal_set(letters: str) -> int:
    """Directions of a diagonal 4-fold atom (F, A, G, B)."""
    mask, i = 0, 0
    while i < len(letters):
        c = letters[i]
        nxt = letters[i + 1] if i + 1 < len(letters) else ""
        bits = WIDE.get(c, 0)
        if nxt and _perpendicular(c, nxt):
            bits = WIDE.get(c, 0) & WIDE.get(nxt, 0)
            i += 2
        else:
            i += 1
        if c in "vs" and not bits:
            bits = {"v": DIAGONAL, "s": DIAGONAL}[c]  # vF / sF: both pairs = all four
        mask |= bits
    mask &= DIAGONAL
    return mask or DIAGONAL


def orthogonal_set(letters: str) -> int:
    """Directions of an orthogonal 4-fold atom (W, D, H, R)."""
    mask = 0
    for c in letters:
        if c == "h":
            continue  # meaningless on 4-fold atoms (XBoard stops reading here; compat warns)
        mask |= NARROW.get(c, 0)
    mask &= ORTHOGONAL
    return mask or ORTHOGONAL


def oblique_set(letters: str) -> int:
    """Directions of an oblique 8-fold atom (N, C, Z, (x,y))."""
    if letters.startswith("h") and len(letters) >= 2 and letters[1] in "rl":
        mask = 0x55 if letters[1] == "r" else 0xAA
        rest = letters[2:]
        return mask | (oblique_set(rest) if rest else 0)
    mask, i = 0, 0
    while i < len(letters):
        c = letters[i]
        nxt = letters[i + 1] if i + 1 < len(letters) else ""
        bits = NARROW.get(c, 0)
        if nxt == "h" and c in WIDE:
            bits = WIDE[c]
            i += 2
        elif nxt == c:
            bits = WIDE[c] & NARROW[c] if c in WIDE else NARROW.get(c, 0)
            i += 2
        elif nxt and KIND.get(c, 4) < 4 and _perpendicular(c, nxt):
            bits = WIDE[c] & NARROW.get(nxt, 0)
            i += 2
        else:
            i += 1
        mask |= bits
    return mask or ALL


def king_set(letters: str, default: int = ALL) -> int:
    """Directions in the 8-fold K system: K and Q atoms, and every continuation leg."""
    mask, i = 0, 0
    while i < len(letters):
        c = letters[i]
        nxt = letters[i + 1] if i + 1 < len(letters) else ""
        bits = KNARROW.get(c, 0)
        if nxt == c:
            i += 1  # a doubled letter stands alone; the second copy is read again
        elif nxt and KIND.get(c, 4) < 4 and _perpendicular(c, nxt):
            bits = KWIDE[c] & KWIDE.get(nxt, 0)
            i += 2
        else:
            i += 1
        if c == "a":
            bits = ALL  # Betza 2.0: 'a' = all directions
        mask |= bits
    return mask or default


def rotate(mask: int, k: int) -> int:
    k %= 8
    return ((mask << k) | (mask >> (8 - k))) & 0xFF


def bits(mask: int) -> list[int]:
    return [k for k in range(8) if mask >> k & 1]
