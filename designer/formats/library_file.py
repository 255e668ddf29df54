"""A user's piece library on disk: a JSON file of the shape of ``designer/data/pieces.json``
(``{"version": 1, "pieces": [{"name": ..., "notation": ..., ...}]}``), read with a size limit
and written atomically."""

from __future__ import annotations

import json
import os
from dataclasses import asdict

from ..variant.library import VERSION, LibraryError, LibraryPiece, parse_library
from .atomic import write_atomic

MAX_BYTES = 8 * 1024 * 1024


def load(path: str | os.PathLike[str]) -> tuple[LibraryPiece, ...]:
    """The pieces of the library file at ``path`` (LibraryError naming the file and entry)."""
    p = os.fspath(path)
    try:
        with open(p, encoding="utf-8") as fh:
            data = json.loads(fh.read(MAX_BYTES))
    except (OSError, ValueError, UnicodeError) as exc:
        raise LibraryError(f"{p}: cannot read the library: {exc}") from None
    return parse_library(data, p)


def save(path: str | os.PathLike[str], pieces: tuple[LibraryPiece, ...]) -> None:
    """Write ``pieces`` as a library file (atomically: the old file stays whole on failure)."""
    data = {"version": VERSION, "pieces": [
        {k: v for k, v in asdict(p).items() if v not in ("", False) or k in ("name", "notation")}
        for p in pieces]}
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
