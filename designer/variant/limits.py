"""What a variant may hold: board size, number of piece types, letters, text lengths (and the
problem record validation returns, ``vocabulary.ModelProblem``, re-exported). A module of its own
so that validation and the model both import it (the model calls validation, validation does not
import the model back)."""

from __future__ import annotations

import re

from ..vocabulary import DIALECTS as DIALECTS  # re-exported: validation checks against it
from ..vocabulary import ModelProblem as ModelProblem  # re-exported: what validation returns

MAX_FILES = 26
MAX_RANKS = 26
# One limit for piece types, checked where the user adds one: every type of a saved file takes
# one of XBoard's 66 piece slots (common.h ChessSquare; the piece-to-char table holds 66 per
# side), so a variant of more types could be made but not saved. The letters would allow 78
# (A-Z plain, dressed ' or !) and more with +X forms.
MAX_PIECE_TYPES = 66
FULL_MESSAGE = (f"a variant has at most {MAX_PIECE_TYPES} piece types (one per XBoard piece "
                "slot, so that every file holds them all): delete one first")
# Longest text of any field (name, description, notes …) that files carry and read back; the
# readers refuse longer values, so the writers refuse to write them (validate says so first).
MAX_TEXT = 1_000_000
XBOARD_PARENTS = ("fairy", "normal", "shogi", "crazyhouse", "bughouse", "capablanca", "grand",
                  "makruk", "shatranj", "courier", "xiangqi", "chu", "cylinder", "seirawan",
                  "gothic", "berolina", "great", "asean", "knightmate", "falcon", "super",
                  "janus", "caparandom", "fischerandom", "suicide", "giveaway", "losers",
                  "atomic", "3check", "twokings", "kriegspiel", "spartan", "lion")

# A piece letter: optional '+' (Shogi-style promoted form), A-Z, optional dressed suffix.
LETTER_RE = re.compile(r"^\+?[A-Z]['!]?$")
