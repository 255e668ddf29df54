"""What would make a written file unreadable, checked before anything is written.

Our readers refuse text fields longer than ``MAX_TEXT``, files larger than ``MAX_FILE_BYTES``
and (like XBoard, ``args.h: MAX_ARG_LEN``) option values longer than 128 KiB. A writer calls
``ensure_readable`` on the text it is about to write: a ``FormatError`` naming the limit is
raised instead of writing a file that would not open again.
"""

from __future__ import annotations

from ..variant.model import Variant
from ..variant.validate import text_limits
from .errors import MAX_FILE_BYTES, FormatError
from .options import MAX_ARG_LEN


def check_variant(v: Variant) -> None:
    """FormatError when a field of ``v`` is longer than files carry."""
    problems = text_limits(v)
    if problems:
        raise FormatError(f"cannot be written so that it reads back: {problems[0]}")


def ensure_readable(v: Variant, text: str, values: tuple[tuple[str, str], ...] = ()) -> str:
    """``text`` when our readers can read it back; FormatError otherwise. ``values`` are
    (option, value) pairs that must each fit XBoard's 128 KiB argument limit."""
    check_variant(v)
    for name, value in values:
        if len(value) > MAX_ARG_LEN:
            raise FormatError(f"-{name} would be {len(value):,} characters: XBoard (and our "
                              f"reader) take at most {MAX_ARG_LEN:,} in one option")
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise FormatError(f"the file would be {size / 1048576:.1f} MB: variant files are read "
                          f"up to {MAX_FILE_BYTES // 1048576} MB")
    return text


__all__ = ["check_variant", "ensure_readable"]
