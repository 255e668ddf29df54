"""The whole numbers of the rules and the values each may take on a board.

A number such as ``castling.king_file`` means something only on the board it is for: a file
the board has, a rank it has, no more pieces than it has squares. ``number_range(path, files,
ranks)`` gives the values one may take (the Rules panel's spin boxes follow it), and
``number_problems(rules, files, ranks)`` lists every number outside its range as a located
problem (``rule_set.castling.king_file: file 27 is not on this 8-file board``), which the
model's validation reports, the game refuses with ``RuleNumberError`` and the Fairy-Stockfish
writers refuse before writing a line. A number with no bound of its own here (one the model
gains later) may take 0 to ``MAX_NUMBER``.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any, Callable

from ..errors import DesignerError
from ..vocabulary import ModelProblem
from .regions import Sided

__all__ = ["clamped", "MAX_NUMBER", "RuleNumberError", "number_range", "number_problems",
           "check_numbers"]

#: the largest number any rule takes (a repetition count, the n-move rule)
MAX_NUMBER = 9999

_Range = Callable[[int, int], tuple[int, int]]

# The castling files count from 0 (a = 0); the king's target leaves room for the rook beside
# it on the inside (kingside: the file before it, queenside: the file after it), as
# ``castling_moves`` places it.
_RANGES: dict[str, tuple[str, _Range]] = {
    "castling.king_file": ("file", lambda f, r: (0, f - 1)),
    "castling.kingside_to": ("file", lambda f, r: (1, f - 1)),
    "castling.queenside_to": ("file", lambda f, r: (0, f - 2)),
    "castling.kingside_rook": ("file", lambda f, r: (0, f - 1)),
    "castling.queenside_rook": ("file", lambda f, r: (0, f - 1)),
    "castling.rank": ("rank", lambda f, r: (1, r)),
    "drops.no_doubled_count": ("count", lambda f, r: (0, r)),     # 0: never dropped
    "promotions[].limits[][]": ("count", lambda f, r: (0, f * r)),
    "ending.extinction.at_most": ("count", lambda f, r: (0, f * r)),
    "ending.extinction.opponent_at_least": ("count", lambda f, r: (0, f * r)),
    "ending.flag.count": ("count", lambda f, r: (1, f * r)),
    "ending.connect.n": ("line", lambda f, r: (0, max(f, r))),
    "ending.connect.square": ("line", lambda f, r: (0, min(f, r))),
    "ending.connect.collinear": ("line", lambda f, r: (0, max(f, r))),
}

_SELECTOR = re.compile(r"\[[^\]]*\]")


class RuleNumberError(DesignerError):
    """A number of the rules is off the board it is for (the message names each one)."""

    def __init__(self, problems: list[ModelProblem]):
        self.problems = problems
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in problems))


def number_range(path: str, files: int, ranks: int) -> tuple[int, int]:
    """The lowest and highest value of the whole-number rule at ``path`` (``castling.rank``,
    ``rule_set.`` in front or not) on a ``files`` x ``ranks`` board."""
    pattern = _SELECTOR.sub("[]", path.removeprefix("rule_set."))
    got = _RANGES.get(pattern)
    if got is None:
        return 0, MAX_NUMBER
    low, high = got[1](files, ranks)
    return low, max(low, min(high, MAX_NUMBER))


def number_problems(rules: Any, files: int, ranks: int) -> list[ModelProblem]:
    """Every whole number of ``rules`` outside its ``number_range``, located by its path."""
    out: list[ModelProblem] = []
    _walk(rules, "", files, ranks, out)
    return out


def check_numbers(rules: Any, files: int, ranks: int) -> None:
    """``RuleNumberError`` when a number of ``rules`` is off the board."""
    problems = number_problems(rules, files, ranks)
    if problems:
        raise RuleNumberError(problems)


def clamped(rules: Any, files: int, ranks: int, skip: str = "castling") -> tuple[Any, list[str]]:
    """``rules`` with every whole number outside its ``number_range`` on a ``files`` x ``ranks``
    board brought to the nearest end of it (a board made smaller: a connect line or a count
    longer than the board has room for), and a sentence for each; ``skip``: a part whose
    numbers its own rule moves (castling keeps its distance from the edges instead)."""
    notes: list[str] = []

    def walk(value: Any, path: str) -> Any:
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return value
        if isinstance(value, int):
            low, high = number_range(path, files, ranks)
            if low <= value <= high:
                return value
            near = min(max(value, low), high)
            notes.append(f"{path} {value} is now {near}: it does not fit on a {files}x{ranks} "
                         "board")
            return near
        if isinstance(value, Sided):
            return Sided(walk(value.white, path), walk(value.black, path))
        if isinstance(value, tuple):
            return tuple(walk(x, f"{path}[{i}]") for i, x in enumerate(value))
        if is_dataclass(value) and not isinstance(value, type):
            changes = {f.name: walk(getattr(value, f.name), f"{path}.{f.name}" if path
                                    else f.name)
                       for f in fields(value)
                       if f.name != "extra" and (path or f.name != skip)}
            return replace(value, **changes)
        return value
    return walk(rules, ""), notes


def _walk(value: Any, path: str, files: int, ranks: int, out: list[ModelProblem]) -> None:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        low, high = number_range(path, files, ranks)
        if not low <= value <= high:
            out.append(ModelProblem("", f"rule_set.{path}", _why(path, value, low, high,
                                                                 files, ranks)))
        return
    if isinstance(value, Sided):
        _walk(value.white, path, files, ranks, out)
        _walk(value.black, path, files, ranks, out)
    elif isinstance(value, tuple):
        for i, x in enumerate(value):
            _walk(x, f"{path}[{i}]", files, ranks, out)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if f.name != "extra":
                _walk(getattr(value, f.name), f"{path}.{f.name}" if path else f.name, files,
                      ranks, out)


def _why(path: str, value: int, low: int, high: int, files: int, ranks: int) -> str:
    kind = _RANGES.get(_SELECTOR.sub("[]", path), ("number", None))[0]
    if kind == "file":
        # files count from 0 here, as the Rules panel shows them
        if 0 <= value < files:
            return f"file {value} leaves the rook no square beside the king on the inside " \
                   f"(files count from 0: {low} to {high} here)"
        return f"file {value} is not on this {files}-file board (files count from 0: " \
               f"{low} to {high} here)"
    if kind == "rank":
        return f"rank {value} is not on this {ranks}-rank board (1 to {high})"
    if kind == "count":
        return f"{value} is more pieces than this {files}x{ranks} board holds ({low} to " \
               f"{high})" if value > high else f"{value} is below {low}"
    if kind == "line":
        return f"{value} does not fit on this {files}x{ranks} board ({low} to {high})"
    return f"{value} is out of range ({low} to {high})"
