"""``variant-designer targets``: JSON lines in, one JSON line out per request (cli-contract.md).

Never stops on a bad line: it answers ``{"error": ..., "column": ...}`` and reads the next one.
Compiled definitions come from the engine's one cache, so many queries about one piece cost one
parse; answers without ``--details`` take the engine's squares-only path, which builds no moves.
"""

from __future__ import annotations

import argparse

import json
import sys
from functools import lru_cache
from typing import Any, IO

from ..engine.api import Query, split_targets
from ..engine.compile import program_for
from ..engine.question import answer
from ..geometry.board import square_name
from ..vocabulary import WHITE, XBETZA, Dialect, parse_dialect, parse_side
from ..notation.errors import NotationError, TooComplexError

_LISTS = ("friends", "foes", "moved", "holes", "royal_foes", "neutrals")
_MAX_LINE = 100_000
_STR = {str}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--details", action="store_true",
                        help="add per-move details (path, removed squares, kind) to each answer")
    parser.add_argument("--no-warnings", action="store_true",
                        help="leave out compatibility warnings")


@lru_cache(maxsize=4096)
def _warnings(betza: str, dialect: Dialect) -> tuple[str, ...]:
    """How XBoard 4.9 reads the text differently, then the open readings it relies on (each
    note says which program it speaks for)."""
    from ..notation.xboard import xboard_warnings
    from ..notation.readings import PROGRAM, notes_for
    found = [w.message for w in xboard_warnings(betza, dialect)]
    try:
        piece = program_for(betza, dialect).source   # parsed once, with the program
    except NotationError:
        piece = None
    if piece is not None:
        found += [f"{PROGRAM}: {n.message}" for n in notes_for(piece)]
    return tuple(found)


def _query(obj: dict[str, Any]) -> Query:
    if not isinstance(obj, dict):
        raise ValueError("a request is a JSON object")
    if "betza" not in obj or not isinstance(obj["betza"], str):
        raise ValueError("`betza` (the move definition, a string) is required")
    if "square" not in obj or not isinstance(obj["square"], str):
        raise ValueError("`square` (where the piece stands, e.g. \"e4\") is required")
    kw: dict[str, Any] = {"betza": obj["betza"], "square": obj["square"]}
    dialect = obj.get("dialect", XBETZA)
    try:
        kw["dialect"] = parse_dialect(dialect)
    except ValueError:
        raise ValueError(f"`dialect` must be \"xbetza\" or \"betza2\", not {dialect!r}") from None
    for key in ("files", "ranks"):
        if key in obj:
            v = obj[key]
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"`{key}` must be a whole number")
            kw[key] = v
    if not (1 <= kw.get("files", 8) <= 26 and 1 <= kw.get("ranks", 8) <= 99):
        raise ValueError("a board has 1..26 files and 1..99 ranks")
    for key in _LISTS:
        if key in obj:
            v = obj[key]
            if type(v) is not list or not set(map(type, v)) <= _STR:
                raise ValueError(f"`{key}` must be a list of square names")
            kw[key] = tuple(v)
    try:
        kw["side"] = parse_side(obj.get("side", WHITE))
    except ValueError:
        raise ValueError("`side` must be \"white\" or \"black\"") from None
    for key in ("virgin", "royal", "drops"):
        if key in obj:
            if not isinstance(obj[key], bool):
                raise ValueError(f"`{key}` must be true or false")
            kw[key] = obj[key]
    for key, most in (("castle", 13), ("zone", 99)):
        if key in obj:
            v = obj[key]
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= most:
                raise ValueError(f"`{key}` must be a whole number from 0 to {most}")
            kw[key] = v
    if obj.get("castling") is not None:
        rights = obj["castling"]
        if not isinstance(rights, str) or len(rights) > 52 or \
                not all(c.isascii() and (c.isalpha() or c == "-") for c in rights):
            raise ValueError("`castling` must be castling rights as a FEN writes them "
                             "(\"KQkq\", \"Hb\", \"-\")")
        kw["castling"] = rights
    if obj.get("ep") is not None:
        if not isinstance(obj["ep"], str):
            raise ValueError("`ep` must be a square name")
        kw["ep"] = obj["ep"]
    if "types" in obj:
        t = obj["types"]
        if not isinstance(t, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             for k, v in t.items()):
            raise ValueError("`types` must map square names to piece letters")
        kw["types"] = tuple(sorted(t.items()))
    return Query(**kw)


def answer_line(line: str, details: bool = False, warnings: bool = True) -> dict[str, Any]:
    """The answer object for one request line."""
    if len(line) > _MAX_LINE:
        return {"error": f"request line longer than {_MAX_LINE} characters"}
    try:
        obj = json.loads(line)
    except ValueError as e:
        return {"error": f"not valid JSON: {e}"}
    try:
        q = _query(obj)
    except ValueError as e:
        return {"error": str(e)}
    try:
        program = program_for(q.betza, q.dialect)
    except NotationError as e:
        refused: dict[str, object] = {"error": e.message + (f" ({e.hint})" if e.hint else ""),
                                      "column": e.start}
        if warnings:
            w = _warnings(q.betza, q.dialect)
            if w:
                refused["warnings"] = list(w)
        return refused
    try:
        found = answer(q.question(), traced=details)
    except ValueError as e:
        return {"error": str(e)}
    except TooComplexError as e:
        return {"error": e.message, "column": e.start}
    plain, caps = split_targets(found)
    out: dict[str, object] = {"moves": plain, "captures": caps}
    if q.zone:
        out["promotions"] = [square_name(s) for s in sorted(found.promotions)]
    if warnings:
        w = _warnings(q.betza, q.dialect)
        if w:
            out["warnings"] = list(w)
    if details:
        out["details"] = [{"to": square_name(m.destination),
                           "path": [square_name(s) for s in m.path if _on(q, s)],
                           "removed": [square_name(s) for s in m.removed],
                           "kind": m.kind} for m in found.moves]
    return out


def _on(q: Query, sq: tuple[int, int]) -> bool:
    return 0 <= sq[0] < q.files and 0 <= sq[1] < q.ranks


def serve(inp: IO[str], out: IO[str], details: bool = False, warnings: bool = True) -> int:
    for line in inp:
        if not line.strip():
            continue
        try:
            result = answer_line(line, details, warnings)
        except Exception as e:  # never die on one bad request
            result = {"error": f"internal error: {type(e).__name__}: {e}"}
        out.write(json.dumps(result) + "\n")
        out.flush()
    return 0


def run(args: argparse.Namespace) -> int:
    return serve(sys.stdin, sys.stdout, args.details, not args.no_warnings)
