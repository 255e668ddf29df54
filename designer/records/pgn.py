"""PGN game records read and written as XBoard 4.9.1 does (``backend.c: SaveGamePGN2``,
``LoadGame``), on top of the variant's tags (``formats.pgn_tags``).

Reading: each game's variant comes from our ``; @designer`` data lines when the file has them,
else from its tags as XBoard reads them (``[Variant]``, ``[VariantMen]``, ``[FEN]``); the start is
the ``[FEN]`` (unless ``[SetUp "0"]``); every move is read as SAN (``san_read``) and must be legal
in its position, else the error names the file, the line, the move number, the text and why.
On boards of exactly ten ranks XBoard numbers ranks from 0: a game whose moves name a rank 10
(and no rank 0) was written from 1, as Fairy-Stockfish and most other programs write it.

Writing: the seven-tag roster, ``[Variant]``/``[VariantMen]``/``[FEN]``/``[SetUp]`` as
``pgn_tags`` writes them for the variant (the game's own start when it is not the variant's),
the other tags, then the moves in XBoard's SAN and layout: numbers from 1 (``1...`` when Black
moves first), lines of at most 75 characters, the termination as a comment before the result.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..formats.errors import FormatError, read_text
from ..formats.limits import check_variant, ensure_readable
from ..formats.metadata import designer_lines, read_designer
from ..formats.options import Comment
from ..formats import pgn_tags
from ..formats.parents import choose_parent
from ..game.game import FenError, Game, RulesNotPlayed
from ..variant.fen import rename_fen
from ..variant.model import Variant
from ..vocabulary import BLACK, PGN_RESULTS
from .pgn_read import RawGame, split_games
from .record import OWN_TAGS, RESULT_TAG_ORDER, GameRecord
from .resolve import resolve, san
from .san_read import SanError, parse_san
from .style import Style, style_for

LINE = 75                              # backend.c PGN_MAX_LINE
MAX_CHECKED = 20_000                   # moves check_games replays in one file (bounded work)


def read_games(text: str, file: str = "", limit: int | None = None) -> list[GameRecord]:
    """The games of a PGN text, each checked move by move (FormatError at the first fault);
    ``limit``: read only that many games."""
    raws = split_games(text, file)
    if not raws:
        raise FormatError("no PGN game: no tags and no moves", file, 1)
    out: list[GameRecord] = []
    first: tuple[Variant, bool] | None = None
    for raw in raws[:limit]:
        variant, ours = _variant(raw, file, first)
        first = first or (variant, ours)
        out.append(_replay(raw, variant, ours, file))
    return out


@dataclass(frozen=True)
class GameCheck:
    """One game of a file as ``check`` reports it: its number (1 = the first), where it
    starts, the record when every move was read, else the first fault."""

    number: int
    line: int
    record: GameRecord | None
    error: FormatError | None


def check_games(text: str, file: str = "") -> list[GameCheck]:
    """Every game of a PGN text read on its own: a fault in one game (an illegal move, a bad
    FEN) is reported for that game and the next ones are still read. A fault in the file's
    structure (an unclosed comment) raises FormatError."""
    out: list[GameCheck] = []
    first: tuple[Variant, bool] | None = None
    checked = 0
    for i, raw in enumerate(split_games(text, file), 1):
        checked += len(raw.moves)
        if checked > MAX_CHECKED:
            out.append(GameCheck(i, raw.first_line, None, FormatError(
                f"not checked, nor the games after it: the file holds more than "
                f"{MAX_CHECKED} moves before its end", file, raw.first_line)))
            break
        try:
            variant, ours = _variant(raw, file, first)
            first = first or (variant, ours)
            out.append(GameCheck(i, raw.first_line, _replay(raw, variant, ours, file), None))
        except FormatError as e:
            out.append(GameCheck(i, raw.first_line, None, e))
    return out


def read_game(text: str, file: str = "", index: int = 0) -> GameRecord:
    """Game ``index`` (0 = the first) of a PGN text."""
    games = read_games(text, file, index + 1)
    if index >= len(games):
        raise FormatError(f"the file holds {len(games)} game(s), not {index + 1}", file, 0)
    return games[index]


def load(path: str | os.PathLike[str], index: int = 0) -> GameRecord:
    """The game ``index`` of a PGN file, at its last position (``record.game()``)."""
    p = os.fspath(path)
    return read_game(read_text(p), p, index)


def _variant(raw: RawGame, file: str,
             first: tuple[Variant, bool] | None) -> tuple[Variant, bool]:
    """The game's variant and whether it is ours (from our data lines: its moves and FEN are
    then in the letters ``style_for`` writes)."""
    found = raw.found()
    comments = [Comment(text, line, file) for text, line in raw.comments]
    ours = read_designer(comments) if comments else None
    if ours is not None:
        return ours, True
    # a later game of a file we wrote, naming the same parent: the first game's variant
    if first is not None and first[1] and "VariantMen" not in found:
        name = found.get("Variant", ("normal", 0))[0]
        if name == choose_parent(first[0]).name:
            return first
    if not found:
        found = {"Event": ("?", raw.first_line)}
    return pgn_tags.from_tags(found, [], file), False


def _rank_base(raw: RawGame, style: Style) -> Style:
    if style.ranks != 10:
        return style
    texts = " ".join(text for text, _ in raw.moves)
    zero = re.search(r"[a-z]0(?![0-9])", texts) is not None
    ten = re.search(r"[a-z]10(?![0-9])", texts) is not None
    if ten and not zero:
        return style.with_rank_base(1)
    return style


def _replay(raw: RawGame, variant: Variant, ours: bool, file: str) -> GameRecord:
    found = raw.found()
    style = _rank_base(raw, style_for(variant))
    start = ""
    fen, fen_line = found.get("FEN", ("", 0))
    if fen and found.get("SetUp", ("1",))[0] != "0":
        start = fen
        if ours and style.names:
            back = {theirs: mine for mine, theirs in style.names}
            try:
                start = rename_fen(fen, back)
            except FenError as e:
                raise FormatError(f"[FEN]: {e}", file, fen_line) from None
    try:
        game = Game(variant, start or None)
    except FenError as e:
        raise FormatError(f"[FEN]: {e}", file, fen_line or raw.first_line) from None
    except RulesNotPlayed as e:
        line = found.get("Variant", ("", raw.first_line))[1]
        raise FormatError(f"the game cannot be replayed: {e}", file, line) from None
    if start and variant.setup and Game(variant).fen() == game.fen():
        start = ""                    # the variant's own start, written out for XBoard
    black_first = game.turn == BLACK
    for i, (text, line) in enumerate(raw.moves):
        label = _label(i, black_first)
        legal = game.legal_moves()
        if not legal:
            outcome = game.outcome()
            why = outcome.reason if outcome is not None else "no legal move"
            raise FormatError(f"move {label} {text!r}: the game is already over ({why})",
                              file, line)
        try:
            move = resolve(game, parse_san(text, style), style, legal)
        except SanError as e:
            raise FormatError(f"move {label} {text!r}: {e.reason}", file, line) from None
        game.push(move)
    result = raw.result or found.get("Result", ("*",))[0]
    if result not in PGN_RESULTS:
        result = "*"
    tags = tuple((k, v) for k, (v, _) in found.items() if k not in OWN_TAGS)
    return GameRecord(variant, tuple(game.moves), start, result, raw.termination, tags)


def _label(ply: int, black_first: bool) -> str:
    n = ply + black_first
    return f"{n // 2 + 1}." if n % 2 == 0 else f"{n // 2 + 1}..."


# -- writing ----------------------------------------------------------------------------------
def _esc(value: str) -> str:
    """A tag value on one line (a line break becomes a space; spaces are kept)."""
    return re.sub(r"[\r\n\t\f\v]", " ", value).replace("\\", "\\\\").replace('"', '\\"')


def tag_pairs(rec: GameRecord) -> list[tuple[str, str]]:
    """The tags of a game in the order XBoard writes them."""
    v = rec.variant
    base = pgn_tags.tags(v)
    given = dict(rec.tags)
    out = [(k, given.get(k, x)) for k, x in base if k in RESULT_TAG_ORDER]
    out = [(k, rec.result if k == "Result" else x) for k, x in out]
    own = [(k, x) for k, x in base if k not in RESULT_TAG_ORDER]
    if rec.start:
        style = style_for(v)
        fen = rec.start
        if style.names:
            fen = rename_fen(fen, dict(style.names))
        own = [(k, x) for k, x in own if k not in ("FEN", "SetUp")] + \
            [("FEN", fen), ("SetUp", "1")]
    out += own
    out += [(k, x) for k, x in rec.tags if k not in RESULT_TAG_ORDER and k not in OWN_TAGS]
    return out


def move_texts(rec: GameRecord) -> list[str]:
    """The SAN of every move of the record, as XBoard writes it."""
    game = Game(rec.variant, rec.start or None)
    style = style_for(rec.variant)
    out = []
    for move in rec.moves:
        out.append(san(game, move, style))
        game.push(move)
    return out


def movetext(rec: GameRecord, texts: list[str] | None = None) -> str:
    """Numbered moves in lines of at most 75 characters, then the result."""
    texts = move_texts(rec) if texts is None else texts
    black_first = bool(rec.start) and Game(rec.variant, rec.start).turn == BLACK
    lines: list[str] = []
    line = ""

    def put(word: str) -> None:
        nonlocal line
        if line and len(line) + 1 + len(word) > LINE:
            lines.append(line)
            line = ""
        line = f"{line} {word}" if line else word

    for i, text in enumerate(texts):
        n = i + black_first
        if n % 2 == 0:
            put(f"{n // 2 + 1}.")
        elif i == 0:
            put(f"{n // 2 + 1}...")
        put(text)
    if line:
        lines.append(line)
    end = f"{{{' '.join(rec.termination.split())}}} {rec.result}" if rec.termination \
        else rec.result
    return "\n".join(lines + [end]) + "\n"


def write_game(rec: GameRecord, with_designer: bool = True) -> str:
    """A PGN file of one game: our data lines first (XBoard skips ``;`` comments), the tags,
    the moves."""
    v = rec.variant
    check_variant(v)
    head = [f"; {' '.join(v.name.split())} -- exported by Variant Designer"] + \
        (designer_lines(v) if with_designer else [])
    tags = "".join(f'[{k} "{_esc(x)}"]\n' for k, x in tag_pairs(rec))
    return ensure_readable(v, "\n".join(head) + "\n" + tags + "\n" + movetext(rec) + "\n")


def save(path: str, rec: GameRecord) -> list[str]:
    """Write ``path`` (and, when the PGN cannot open in XBoard alone, its options file next
    to it); both are complete before either replaces an existing file."""
    from ..formats import xboard_ini
    from ..formats.atomic import write_atomic_all
    files = [(path, write_game(rec))]
    if not pgn_tags.opens_alone(rec.variant):
        files.append((pgn_tags.companion_path(path), xboard_ini.write(rec.variant)))
    write_atomic_all(files)
    return [name for name, _ in files]


__all__ = ["read_games", "read_game", "check_games", "GameCheck", "load", "write_game", "save", "tag_pairs", "movetext",
           "move_texts"]
