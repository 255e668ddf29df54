"""Every line an engine sends, read once into a typed record: UCI (``id``, ``option``,
``uciok``, ``readyok``, ``info``, ``bestmove``) and XBoard (``feature``, ``move``, ``pong``,
results, ``resign``, ``Illegal move``, ``Error``, thinking output). A line neither protocol
knows is ``Unknown`` (engines print banners and debug text; the session counts them).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from .options import EngineOption, parse_uci_option, parse_xboard_option


@dataclass(frozen=True, slots=True)
class Score:
    """An evaluation from the mover's point of view: centipawns, or mate in ``mate`` moves
    (negative: the mover is mated)."""

    cp: int | None = None
    mate: int | None = None


@dataclass(frozen=True, slots=True)
class Info:
    """What an engine said about its search (UCI ``info``, XBoard thinking output)."""

    depth: int | None = None
    seldepth: int | None = None
    score: Score | None = None
    nodes: int | None = None
    nps: int | None = None
    time_ms: int | None = None
    pv: tuple[str, ...] = ()
    multipv: int | None = None
    string: str | None = None


@dataclass(frozen=True, slots=True)
class Unknown:
    text: str


@dataclass(frozen=True, slots=True)
class IdLine:
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class OptionLine:
    option: EngineOption


@dataclass(frozen=True, slots=True)
class UciOk:
    pass


@dataclass(frozen=True, slots=True)
class ReadyOk:
    pass


@dataclass(frozen=True, slots=True)
class InfoLine:
    info: Info


@dataclass(frozen=True, slots=True)
class BestMove:
    """``bestmove X [ponder Y]``; ``move`` None for ``(none)`` (no move: the game is over for
    the engine)."""

    move: str | None
    ponder: str | None = None


UciLine = Unknown | IdLine | OptionLine | UciOk | ReadyOk | InfoLine | BestMove

_INT_FIELDS = {"depth": "depth", "seldepth": "seldepth", "nodes": "nodes", "nps": "nps",
               "time": "time_ms", "multipv": "multipv"}
_INFO_SKIP = {"currmove": 1, "currmovenumber": 1, "hashfull": 1, "tbhits": 1, "cpuload": 1,
              "sbhits": 1, "currline": 0, "refutation": 0, "wdl": 3, "lowerbound": 0,
              "upperbound": 0}


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def parse_info(words: list[str]) -> Info:
    """A UCI ``info`` line's words after ``info`` (unknown keys are skipped)."""
    values: dict[str, int | None] = {}
    score: Score | None = None
    pv: list[str] = []
    string: str | None = None
    i = 0
    while i < len(words):
        key = words[i]
        if key in _INT_FIELDS and i + 1 < len(words):
            values[_INT_FIELDS[key]] = _int(words[i + 1])
            i += 2
        elif key == "score" and i + 2 < len(words):
            number = _int(words[i + 2])
            score = Score(cp=number) if words[i + 1] == "cp" else \
                Score(mate=number) if words[i + 1] == "mate" else score
            i += 3
        elif key == "pv":
            j = i + 1
            while j < len(words) and words[j] not in _INT_FIELDS and words[j] != "score" \
                    and words[j] not in _INFO_SKIP and words[j] not in ("string", "pv"):
                j += 1
            pv = words[i + 1:j]
            i = j
        elif key == "string":
            string = " ".join(words[i + 1:])
            break
        elif key in _INFO_SKIP:
            i += 1 + _INFO_SKIP[key]
        else:
            i += 1
    return Info(depth=values.get("depth"), seldepth=values.get("seldepth"), score=score,
                nodes=values.get("nodes"), nps=values.get("nps"), time_ms=values.get("time_ms"),
                pv=tuple(pv), multipv=values.get("multipv"), string=string)


def parse_uci(text: str) -> UciLine:
    """One line from a UCI engine."""
    line = text.strip()
    words = line.split()
    if not words:
        return Unknown(text)
    head = words[0]
    if head == "bestmove" and len(words) >= 2:
        move = None if words[1] in ("(none)", "none", "resign") else words[1]
        ponder = words[3] if len(words) >= 4 and words[2] == "ponder" else None
        return BestMove(move, ponder)
    if head == "info":
        return InfoLine(parse_info(words[1:]))
    if head == "readyok" and len(words) == 1:
        return ReadyOk()
    if head == "uciok" and len(words) == 1:
        return UciOk()
    if head == "id" and len(words) >= 2 and words[1] in ("name", "author"):
        return IdLine(words[1], line.split(None, 2)[2] if len(words) > 2 else "")
    if head == "option":
        option = parse_uci_option(line[len("option"):].strip())
        if option is not None:
            return OptionLine(option)
    return Unknown(text)


# -- XBoard (CECP) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Features:
    """``feature a=1 b="x y" …``: the pairs in order, options apart (``option="…"``)."""

    pairs: tuple[tuple[str, str], ...]
    options: tuple[EngineOption, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveLine:
    move: str


@dataclass(frozen=True, slots=True)
class Pong:
    number: str


@dataclass(frozen=True, slots=True)
class ResultLine:
    """``1-0 {White mates}`` and the like: the engine claims the game is over."""

    result: str
    comment: str


@dataclass(frozen=True, slots=True)
class Resign:
    pass


@dataclass(frozen=True, slots=True)
class DrawOffer:
    pass


@dataclass(frozen=True, slots=True)
class IllegalMoveLine:
    """``Illegal move: X`` or ``Illegal move (why): X``: the engine rejects a move we sent."""

    move: str
    reason: str


@dataclass(frozen=True, slots=True)
class ErrorLine:
    """``Error (why): command`` or ``tellusererror …``: the engine rejects a command."""

    reason: str
    command: str


@dataclass(frozen=True, slots=True)
class Thinking:
    info: Info


XBoardLine = (Unknown | Features | MoveLine | Pong | ResultLine | Resign | DrawOffer
              | IllegalMoveLine | ErrorLine | Thinking)

_RESULT = re.compile(r"(1-0|0-1|1/2-1/2)\s*(?:\{(.*)\})?\s*$")
_ILLEGAL = re.compile(r"Illegal move\s*(?:\((.*?)\))?\s*:\s*(\S+)")
_ERROR = re.compile(r"Error\s*\((.*?)\)\s*:\s*(.*)")
_THINK = re.compile(r"(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)(?:\s+(\d+))?(?:\s+(\d+))?[^\t]*\t?\s*(.*)")


def _xboard_score(value: int) -> Score:
    """A thinking line's score: XBoard's protocol writes mate in N moves as 100000 + N and
    being mated in N as -100000 - N (engine-intf.html, "post"; Fairy-Stockfish's
    ``UCI::value`` for XBoard); anything else is centipawns."""
    if value >= XBOARD_MATE:
        return Score(mate=value - XBOARD_MATE)
    if value <= -XBOARD_MATE:
        return Score(mate=-(-value - XBOARD_MATE))
    return Score(cp=value)


XBOARD_MATE = 100000


def parse_features(rest: str) -> Features | None:
    """The pairs of a ``feature`` line (text after ``feature``); None when it has none."""
    try:
        words = shlex.split(rest, posix=True)
    except ValueError:
        return None
    pairs: list[tuple[str, str]] = []
    options: list[EngineOption] = []
    for w in words:
        key, eq, value = w.partition("=")
        if not eq or not key:
            return None
        if key == "option":
            option = parse_xboard_option(value)
            if option is not None:
                options.append(option)
        pairs.append((key, value))
    return Features(tuple(pairs), tuple(options)) if pairs else None


def parse_xboard(text: str) -> XBoardLine:
    """One line from an XBoard engine."""
    line = text.strip()
    words = line.split()
    if not words:
        return Unknown(text)
    head = words[0]
    if head == "move" and len(words) == 2:
        return MoveLine(words[1])
    if head == "feature":
        features = parse_features(line[len("feature"):])
        return features if features is not None else Unknown(text)
    if head == "pong" and len(words) == 2:
        return Pong(words[1])
    if head == "resign" and len(words) == 1:
        return Resign()
    if line == "offer draw":
        return DrawOffer()
    if line.startswith("Illegal move"):
        m = _ILLEGAL.match(line)
        if m:
            return IllegalMoveLine(m[2], m[1] or "")
    if line.startswith("Error"):
        m = _ERROR.match(line)
        if m:
            return ErrorLine(m[1], m[2])
    if head in ("tellusererror", "askuser"):
        return ErrorLine(line.partition(" ")[2], "")
    m = _RESULT.match(line)
    if m:
        return ResultLine(m[1], (m[2] or "").strip())
    m = _THINK.fullmatch(line)
    if m:
        return Thinking(Info(depth=int(m[1]), score=_xboard_score(int(m[2])),
                             time_ms=int(m[3]) * 10, nodes=int(m[4]),
                             seldepth=int(m[5]) if m[5] else None,
                             pv=tuple(m[7].split()) if m[7] else ()))
    return Unknown(text)


__all__ = ["Score", "Info", "Unknown", "IdLine", "OptionLine", "UciOk", "ReadyOk", "InfoLine",
           "BestMove", "UciLine", "Features", "MoveLine", "Pong", "ResultLine", "Resign",
           "DrawOffer", "IllegalMoveLine", "ErrorLine", "Thinking", "XBoardLine", "parse_uci",
           "parse_xboard", "parse_info", "parse_features"]
