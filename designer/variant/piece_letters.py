"""Piece letters: is a letter usable for a piece type, what do the file formats make of it, and
which letter is free for a new piece.

The model's letters (``model.LETTER_RE``) are XBoard's: ``A``-``Z``, dressed ``X'``/``X!`` when
26 are not enough (XBoard 4.9's piece-to-char table, backend.c ``SetCharTable``), and ``+X`` for the
Shogi-style promoted form of ``X``. Fairy-Stockfish names each piece type with one letter a-z
(its ``variants.ini`` piece keys, src/piece.cpp), so our Fairy-Stockfish export gives a dressed
letter one of the letters left over (``formats.fsf_ini``); the Interactive Diagram lists ``+X``
forms as pieces of their own (``formats.diagram``). ``check_letter`` says this before the user
commits to a letter, instead of after an export.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass

from .limits import FULL_MESSAGE, MAX_PIECE_TYPES
from .model import LETTER_RE, Variant

PLAIN = tuple(string.ascii_uppercase)


@dataclass(frozen=True, slots=True)
class LetterCheck:
    """The verdict on a letter: ``letter`` as it would be stored (upper case), ``error`` why it
    cannot be used ('' when it can), ``limits`` what each format makes of it."""

    letter: str
    error: str = ""
    limits: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.error


def normalise(text: str) -> str:
    """A letter as typed, in the model's spelling: ``"n'"`` -> ``"N'"``, ``"+p"`` -> ``"+P"``."""
    return text.strip().upper()


def check_letter(v: Variant, text: str, old: str | None = None) -> LetterCheck:
    """Whether ``text`` can name a piece type of ``v`` (``old``: the piece being renamed)."""
    letter = normalise(text)
    if old is None and full(v):
        return LetterCheck(letter, FULL_MESSAGE)
    if not letter:
        return LetterCheck(letter, "a piece type needs a letter")
    if not LETTER_RE.match(letter):
        return LetterCheck(letter, f"{text.strip()!r} is not a piece letter: A-Z, optionally "
                           "followed by ' or ! (XBoard's dressed letters), or +X for the "
                           "promoted form of X")
    taken = v.piece(letter)
    if taken is not None and taken.letter != old:
        return LetterCheck(letter, f"{letter} is already the letter of "
                           f"{taken.name or 'another piece type'}")
    if letter.startswith("+"):
        base = v.piece(letter[1:])
        if base is None or base.letter == old:
            return LetterCheck(letter, f"+{letter[1:]} names the promoted form of {letter[1:]}, "
                               f"which is not a piece type of this variant")
    limits: list[str] = []
    if letter[-1] in "'!":
        mine = [letter if p.letter == old else p.letter for p in v.pieces]
        spare = fsf_letters(mine if letter in mine else mine + [letter]).get(letter, "")
        if spare:
            limits.append(f"Fairy-Stockfish takes one letter a-z per piece type: its export "
                          f"calls this piece {spare}")
        else:
            limits.append("Fairy-Stockfish takes one letter a-z per piece type and none is "
                          "left: the piece is left out of its export")
    if letter.startswith("+"):
        limits.append("Interactive Diagram: promoted forms are listed as pieces of their own")
    return LetterCheck(letter, "", tuple(limits))


def fsf_letters(letters: Sequence[str]) -> dict[str, str]:
    """The letter Fairy-Stockfish's export gives each of a variant's piece letters (in the
    variant's order): a plain letter keeps its own in lower case, every other one (dressed
    ``X'``/``X!``, promoted ``+X``) takes the first letter a-z no piece has; a letter left
    without one is missing (the piece is left out of the export)."""
    out = {letter: letter.lower() for letter in letters if len(letter) == 1}
    spare = [c for c in string.ascii_lowercase if c not in out.values()]
    for letter in letters:
        if letter not in out and spare:
            out[letter] = spare.pop(0)
    return out


def full(v: Variant) -> bool:
    """Whether ``v`` has as many piece types as a variant may (``MAX_PIECE_TYPES``)."""
    return len(v.pieces) >= MAX_PIECE_TYPES


def free_letter(v: Variant, *preferred: str) -> str:
    """The first letter no piece type of ``v`` uses: the preferred ones (upper-cased; a name
    gives its initials in order), then A-Z, then the dressed ``X'`` and ``X!`` ('' when the
    variant has ``MAX_PIECE_TYPES`` types already)."""
    if full(v):
        return ""
    used = set(v.letters)
    candidates: list[str] = []
    for want in preferred:
        want = normalise(want)
        if LETTER_RE.match(want) and not want.startswith("+"):
            candidates.append(want)
        else:
            candidates += [ch for ch in want if ch in PLAIN]
    for letter in (*candidates, *PLAIN, *(c + "'" for c in PLAIN), *(c + "!" for c in PLAIN)):
        if letter not in used:
            return letter
    return ""


__all__ = ["LetterCheck", "check_letter", "free_letter", "fsf_letters", "full", "normalise",
           "FULL_MESSAGE"]
