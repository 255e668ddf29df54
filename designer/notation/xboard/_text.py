"""XBoard 4.9's reading of the parts of a definition around the legs: where it stops reading,
atom letters, ranges (``_compat`` compares the legs themselves).

moves.c ``MovesFromString``: a character that is not a lower-case letter where an atom is due,
or an atom letter it does not know, ends the reading of the whole string without a word; a range
is one digit, or two when it is 10 or more; ``J`` and ``L`` are the (1,3) and (2,3) leapers there.
"""

from __future__ import annotations

from ..errors import CompatWarning
from ._reading import XB_KIND, XbReading

XB = "XBoard 4.9"
LEAPERS = frozenset("NCZJLADHGWFK")


def _w(msg: str, start: int, end: int, fix: str | None = None,
       fixed_text: str | None = None) -> CompatWarning:
    return CompatWarning(msg, start, max(end, start + 1), XB, fix, fixed_text)


def _replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def stop_rules(text: str, reading: XbReading) -> list[CompatWarning]:
    """Where XBoard stops reading the string, and why."""
    stop = reading.stop
    if stop is None:
        return []
    p = stop.at
    n = len(text)
    if p >= n:
        start = p
        while start > 0 and text[start - 1].islower():
            start -= 1
        return [_w(f"modifiers `{text[start:]}` without an atom at the end: XBoard 4.9 ignores "
                   "them", start, n)]
    c = text[p]
    if c.isdigit() and p > 0 and text[p - 1].isdigit():
        return []   # the rest of a range XBoard does not read (group_text_rules says so)
    if c == "@":
        rest = text[p + 1:].lstrip("0123456789")
        if rest:
            return [_w("XBoard 4.9 stops reading at the drop atom `@`: put drops last so the "
                       "moves after it are not lost", p, p + 1)]
        return [_w("XBoard 4.9 judges drops with its own rules and ignores `@` here", p, n)]
    if c.isdigit():
        return [_w(f"XBoard 4.9 stops reading at `{c}` (column {p + 1}): a number must follow "
                   "an atom; everything from here on is ignored", p, n)]
    what = {"(": "a coordinate leap", "U": "the universal leaper `U`", " ": "a space",
            "-": "`-` (a Betza 2.0 chain)"}.get(c, f"`{c}`")
    return [_w(f"XBoard 4.9 does not know {what} and stops reading at column {p + 1}: "
               "everything from here on is ignored", p, n)]


def group_text_rules(text: str, reading: XbReading, king: bool = False) -> list[CompatWarning]:
    """Atom letters and ranges of the move groups XBoard reads (``king``: the piece is in
    XBoard's King slot, where ``O`` with a number is castling)."""
    out: list[CompatWarning] = []
    n = len(text)
    for group in reading.groups:
        p = group.atom_at
        c = text[p]
        q = p + 1
        if c in ("J", "L"):
            doc = "Z" if c == "J" else "C"
            xb = "Camel (1,3)" if c == "J" else "Zebra (2,3)"
            documented = "Zebra (2,3)" if c == "J" else "Camel (1,3)"
            out.append(_w(f"XBoard 4.9 reads `{c}` as the {xb}, not the {documented} "
                          f"documented: write `{doc}`", p, q, doc, _replace(text, p, q, doc)))
        if c == "O" and not text[q:q + 1].isdigit():
            out.append(_w("`O` without a number is a null move (a pass); XBoard 4.9 shows it as "
                          "a move to the piece's own square", p, q))
        if c == "O" and text[q:q + 1].isdigit() and not king:
            # moves.c MovesFromString: a piece other than WhiteKing/BlackKing castles only as a
            # two-leg move onto the corner piece
            out.append(_w("XBoard 4.9 castles with `O` only for kings; on another piece it "
                          "shows this as a two-leg move onto the corner piece", p, q + 1))
        if q < n and text[q] == c and not text[q + 1:q + 2].isdigit():
            out.append(_w(f"`{c}{c}` is two {c} moves in XBoard 4.9, not a rider: write `{c}0`",
                          p, q + 1, f"{c}0", _replace(text, p, q + 1, f"{c}0")))
        elif q < n and text[q] == c:
            out.append(_w(f"XBoard 4.9 reads `{c}{c}{text[q + 1]}` as two moves, {c} and "
                          f"{c}{text[q + 1]}; the doubled letter is a rider in the notation and "
                          "cannot take a range", p, q + 2))
        if q < n and text[q].isdigit():
            e = q
            while e < n and text[e].isdigit():
                e += 1
            digits = text[q:e]
            if len(digits) > 1 and digits[0] == "0":
                out.append(_w(f"XBoard 4.9 has no exact ranges: it reads `{c}{digits}` as "
                              f"{c}{int(digits)} and stops reading after it", q, e))
            elif len(digits) > 2:
                out.append(_w(f"XBoard 4.9 reads at most two digits: `{c}{digits}` becomes "
                              f"{c}{digits[:2]} and reading stops", q, e))
        first = group.legs[0]
        if XB_KIND.get(first.atom) in ("W", "F"):
            seen: set[str] = set()
            for ch, col in zip(first.dirs, first.dir_columns):
                if ch in seen and ch in "fblr":
                    out.append(_w(f"`{ch}` is repeated: it changes nothing here (write it once)",
                                  col, col + 1))
                seen.add(ch)
        last = group.legs[-1]
        if "g" in last.modes and len(group.legs) == 1 and c in LEAPERS and not group.digits:
            out.append(_w(f"`g` on the leaper {c} has nothing to hop over: no moves (write "
                          f"g{c}0 for a {c}-rider grasshopper)", last.mode_columns[0],
                          last.mode_columns[0] + 1))
    return out
