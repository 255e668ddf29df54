"""The notation in words: what a definition does, the names of classic pieces, and the
notation reference the Help window shows.

Public API (Qt-free)::

    describe(piece) -> str                  # one clause per move group, known pieces named
    describe_group(piece, i) -> (span, text)
    describe_leg(piece, i, leg) -> (span, text)
    components(piece) -> list[(span, text)] # every part of the definition and what it does
    plural(n, word) -> str                  # "1 move", "2 moves"

``pieces`` (classic pieces by name, in both dialects: ``lookup``, ``entries``) and
``reference`` (the notation reference as data: ``page``, ``entries``, ``entry_for``) are public
modules of their own; ``_wording`` holds the words for steps, ranges, directions and modalities
that ``_describe`` puts into sentences.
"""

from ._describe import components, describe, describe_group, describe_leg
from ._wording import plural

__all__ = ["components", "describe", "describe_group", "describe_leg", "plural"]
