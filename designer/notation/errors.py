"""Errors and warnings about notation text, each carrying the column span it is about.

The base of every project error is ``designer.errors.DesignerError`` (message, location, hint);
it is importable from here too, as the notation's public face has always offered it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DesignerError, Location

__all__ = ["CompatWarning", "DesignerError", "NotationError", "Problem", "TooComplexError"]


class NotationError(DesignerError):
    """A Betza string that cannot be read.

    ``start``/``end`` are 0-based columns into the text (end exclusive); ``hint`` suggests a fix.
    ``problems`` holds every problem found in the string (the first one is this error's own).
    """

    def __init__(self, message: str, start: int = 0, end: int | None = None, hint: str = "",
                 problems: tuple["Problem", ...] = ()):
        self.start = start
        self.end = start + 1 if end is None else max(end, start)
        self.problems = problems or (Problem(message, self.start, self.end, hint),)
        super().__init__(message, Location(self.start, self.end), hint)

    def __str__(self) -> str:
        text = f"column {self.start + 1}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text


class TooComplexError(DesignerError):
    """Move generation for a definition exceeded its work budget (never a hang)."""

    def __init__(self, message: str, start: int = 0, end: int = 0):
        self.start = start
        self.end = end
        super().__init__(message, Location(start, end))

    def __str__(self) -> str:
        return self.message      # the message names the columns of the move group itself


@dataclass(frozen=True, slots=True)
class Problem:
    """One positioned problem in a notation string (an error or a warning)."""

    message: str
    start: int
    end: int
    hint: str = ""


@dataclass(frozen=True, slots=True)
class CompatWarning:
    """A positioned note on a definition that reads fine for us but not for another program.

    ``program`` names who reads it differently (``"XBoard 4.9"``, ``"Fairy-Stockfish"``);
    ``fix`` is replacement text for ``start:end`` when a quick fix exists; ``fixed_text`` is the
    whole definition with the fix applied. ``reads_as`` is the whole definition as that program
    plays it, written so that our own reader gives the same moves (None where our notation
    cannot say it).
    """

    message: str
    start: int
    end: int
    program: str = "XBoard 4.9"
    fix: str | None = None
    fixed_text: str | None = None
    reads_as: str | None = None
