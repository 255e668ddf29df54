"""The game as PGN through the records package: saved so that XBoard opens it, opened from a
file XBoard or we wrote (at its last position, every move in the move list), copied.

A game's record is the legal part of the line (a cut tail is not saved), its start when it is
not the setup, the players and the result with its reason; tags read from a file come back when
it is saved again.
"""

from __future__ import annotations

import datetime
import os
import sys
from typing import TYPE_CHECKING

from ...play import GameLine, Replay, Stop
from ...records import GameRecord, load as load_record, save as save_record, write_game
from ...variant.model import Variant

if TYPE_CHECKING:   # annotations only: the window imports the Play mode back
    from ..window import MainWindow

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black")


def record_of(replay: Replay, today: datetime.date | None = None) -> GameRecord:
    """The record of the game the replay shows (its legal moves only)."""
    line, variant = replay.line, replay.variant
    result, reason = replay.result()
    reason = reason[:1].upper() + reason[1:]       # the PGN comment is a sentence
    kept = dict(line.tags)
    day = today or datetime.date.today()
    tags: tuple[tuple[str, str], ...] = (
        ("Event", kept.get("Event", "Variant Designer game")), ("Site", kept.get("Site", "?")),
        ("Date", kept.get("Date", day.strftime("%Y.%m.%d"))),
        ("Round", kept.get("Round", "-")), ("White", line.white), ("Black", line.black))
    tags += tuple((k, v) for k, v in line.tags if k not in ROSTER)
    start = "" if line.start == variant.setup else line.start
    return GameRecord(variant, tuple(line.moves[:replay.valid]), start, result, reason, tags)


def line_of(record: GameRecord, variant: Variant) -> GameLine:
    """The game line of a record read from a file, to be played under ``variant``."""
    moves = tuple(record.moves)
    stop = None
    for result in ("1-0", "0-1", "1/2-1/2"):
        if record.result == result:
            stop = Stop(len(moves), result, record.termination or "the game record says so")
    tags = tuple((k, v) for k, v in record.tags if k not in ("White", "Black"))
    return GameLine(record.start or variant.setup, moves, record.tag("White", "?"),
                    record.tag("Black", "?"), stop, tags)


def pgn_text(replay: Replay) -> str:
    return write_game(record_of(replay))


def save(path: str, replay: Replay) -> list[str]:
    """Write the game to ``path`` (and the variant's options file beside it when XBoard needs
    one to open the PGN); the files written."""
    return save_record(path, record_of(replay))


def load(path: str) -> GameRecord:
    """The first game of a PGN file, every move checked (``FormatError`` at the first
    fault)."""
    return load_record(path)


def open_file_game(window: MainWindow, path: str) -> bool:
    """When the file opened from the command line is a PGN game (moves, or a start of its
    own), show that game in the Play tab at its last position, its moves in the move list,
    as Game > Open game does: the file is the game, not only its variant. A game whose moves
    cannot be replayed leaves the variant open and says why (stderr, status bar)."""
    from ...errors import DesignerError, user_message
    from ...formats.errors import read_text
    from ...formats.registry import detect
    if detect(read_text(path), path) != "pgn":
        return False
    try:
        record = load(path)
    except (DesignerError, OSError, ValueError) as e:
        why = f"the game in {os.path.basename(path)} is not opened: {user_message(e)}"
        print(f"variant-designer: note: {why}", file=sys.stderr)
        window.statusBar().showMessage(why, 30000)
        return False
    if not record.moves and record.start in ("", record.variant.setup):
        return False                          # the variant only (a PGN holding no game)
    if record.variant != window.doc.variant:  # never asked here: the file's own variant
        doc = window.doc
        doc.replace_all(record.variant, doc.path, doc.fmt, doc.section)
    return window.play.open_game(path)


__all__ = ["record_of", "line_of", "pgn_text", "save", "load", "open_file_game"]
