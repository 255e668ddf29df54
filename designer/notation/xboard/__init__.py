"""How XBoard 4.9.1 reads an XBetza string, and what it then plays.

XBoard reads a definition with fixed rules of its own (``moves.c``, ``MovesFromString``): a
leg's modifiers only in the order ``i``, directions, ``m c d e t p g o y``, ``n``, ``j``; later
legs in the 8-fold K system; ranges of one digit (two from 10); ``J`` and ``L`` as the (1,3)
and (2,3) leapers; and it stops reading the whole string, without a word, at a character it
does not expect. Where that differs from the documented meaning (seed 004, which the app
follows), the app says so and offers a rewrite. Public API (Qt-free)::

    xboard_warnings(text, dialect) -> list[CompatWarning]   # where XBoard plays something else
    to_xboard(text, dialect) -> str          # the string rewritten so XBoard plays our meaning
    xboard_reads_as(text) -> str | None      # what XBoard plays, in our notation
    XB                                       # the program's name in messages ("XBoard 4.9")

Inside, one module per step: ``_reading`` reads the string as XBoard does (letter by letter,
no moves), ``_text`` the parts around the legs (where it stops, atoms, ranges), ``_meaning``
puts XBoard's reading and ours in the same terms leg by leg, ``_render`` writes a meaning back
as text for either reader, and ``_compat`` compares the two readings into positioned warnings
(group by group; ``_leg_rules`` holds the rules for one leg).
"""

from ._compat import XB, to_xboard, xboard_reads_as, xboard_warnings

__all__ = ["XB", "to_xboard", "xboard_reads_as", "xboard_warnings"]
