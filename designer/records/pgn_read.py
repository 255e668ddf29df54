"""PGN text taken apart into games: tags, move texts with their lines, result and the reason
XBoard writes before it, every comment, variation and annotation skipped.

What is skipped, as XBoard's parser (``parser.c: NextUnit``) skips it: ``{...}`` comments (also
the position diagrams XBoard writes after a ``[FEN]``, and its ``{+0.38/2 0.1}`` engine scores),
``;`` comments to the end of the line, lines starting with ``%``, ``(...)`` variations however
deeply nested, ``$n`` annotation glyphs, move numbers (``12.``, ``12...``). A comment right
before the result is the game's termination (XBoard's ``{Black resigns} 1-0``).

Bad input is refused with the file, the line and the reason: a tag that does not close, a
comment or variation that never ends, a ``)`` without its ``(``, more games, plies or nesting
than ``MAX_GAMES``, ``MAX_PLIES``, ``MAX_DEPTH``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from ..formats.errors import FormatError
from ..vocabulary import PGN_RESULTS

MAX_GAMES = 2000              # games in one file
MAX_PLIES = 2000              # moves of one game (XBoard keeps 1000: common.h MAX_MOVES)
MAX_DEPTH = 64                # nested variations

TokenKind = Literal["tag", "move", "number", "result", "comment", "nag", "open", "close"]
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')
_RESULT = re.compile("(" + "|".join(map(re.escape, PGN_RESULTS)) + r")(?=$|[\s{}()\[\];])")
_NUMBER = re.compile(r"[0-9]+\s*\.+|\.\.\.+")
_NAG = re.compile(r"\$[0-9]+")
_WORD = re.compile(r"[^\s{}()\[\];]+")


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    text: str
    line: int
    value: str = ""


@dataclass
class RawGame:
    """One game as written: its tags in order (name, value, line), the ``;`` comments before
    them (our ``@designer`` data lines), move texts with their lines, the result and the
    comment written right before it."""

    first_line: int = 0
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    comments: list[tuple[str, int]] = field(default_factory=list)
    moves: list[tuple[str, int]] = field(default_factory=list)
    result: str = ""
    result_line: int = 0
    termination: str = ""

    def found(self) -> dict[str, tuple[str, int]]:
        """Tag name -> (value, line) of its first occurrence."""
        out: dict[str, tuple[str, int]] = {}
        for name, value, line in self.tags:
            out.setdefault(name, (value, line))
        return out


def tokens(text: str, file: str = "") -> Iterator[Token]:
    """The tokens of PGN text, each with its line (see the module's docstring)."""
    i, n, line = 0, len(text), 1
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        start_line = line
        if c == "%" and at_line_start:
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        at_line_start = False
        if c == ";":
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield Token("comment", text[i + 1:j], start_line, ";")
            i = j
        elif c == "{":
            j = text.find("}", i)
            if j < 0:
                raise FormatError("a comment '{' opened here is never closed", file, start_line)
            body = text[i + 1:j]
            line += body.count("\n")
            yield Token("comment", body, start_line)
            i = j + 1
        elif c == "[":
            m = _TAG.match(text, i)
            if not m:
                raise FormatError(f"bad PGN tag {text[i:i + 60].splitlines()[0]!r}", file,
                                  start_line)
            yield Token("tag", m[1], start_line, re.sub(r"\\(.)", r"\1", m[2]))
            i = m.end()
        elif c in "()":
            yield Token("open" if c == "(" else "close", c, start_line)
            i += 1
        elif c in "}]":
            raise FormatError(f"{c!r} without its opening bracket", file, start_line)
        else:
            m = _RESULT.match(text, i)
            if m:
                yield Token("result", m[1], start_line)
                i = m.end()
                continue
            m = _NUMBER.match(text, i)
            if m:
                yield Token("number", m[0], start_line)
                i = m.end()
                continue
            m = _NAG.match(text, i)
            if m:
                yield Token("nag", m[0], start_line)
                i = m.end()
                continue
            m = _WORD.match(text, i)
            assert m is not None
            if m[0] not in ("e.p.", "ep"):            # "exd6 e.p." as people write it
                yield Token("move", m[0], start_line)
            i = m.end()


def split_games(text: str, file: str = "") -> list[RawGame]:
    """The games of a PGN file in order (a file without any game gives none)."""
    games: list[RawGame] = []
    game = RawGame()
    depth, opened = 0, 0
    last_comment: Token | None = None

    def finish() -> None:
        nonlocal game
        if game.tags or game.moves or game.result:
            games.append(game)
            if len(games) > MAX_GAMES:
                raise FormatError(f"more than {MAX_GAMES} games in one file", file,
                                  game.first_line)
        game = RawGame()

    for tok in tokens(text, file):
        if tok.kind in ("open", "close"):
            if tok.kind == "open":
                depth += 1
                opened = opened if depth > 1 else tok.line
                if depth > MAX_DEPTH:
                    raise FormatError(f"variations nested more than {MAX_DEPTH} deep", file,
                                      tok.line)
            elif depth == 0:
                raise FormatError("')' without its '('", file, tok.line)
            else:
                depth -= 1
            continue
        if depth:
            continue
        game.first_line = game.first_line or tok.line
        if tok.kind == "comment":
            if tok.value == ";" and not game.tags and not game.moves:
                game.comments.append((tok.text, tok.line))
            last_comment = tok if tok.value != ";" else None
            continue
        if tok.kind == "tag":
            if game.moves or game.result:
                finish()
                game.first_line = tok.line
            game.tags.append((tok.text, tok.value, tok.line))
        elif tok.kind == "move":
            if len(game.moves) >= MAX_PLIES:
                raise FormatError(f"more than {MAX_PLIES} moves in one game", file, tok.line)
            game.moves.append((tok.text, tok.line))
        elif tok.kind == "result":
            game.result, game.result_line = tok.text, tok.line
            if last_comment is not None:
                game.termination = " ".join(last_comment.text.split())
            finish()
        last_comment = None
    if depth:
        raise FormatError("a variation '(' is never closed", file, opened)
    finish()
    return games


__all__ = ["Token", "RawGame", "tokens", "split_games", "MAX_GAMES", "MAX_PLIES"]
