"""The rules most variants set, as a form: which fields, under which headings, in whose words.

The form is a view of the same fields as the full table (``rules.fields`` paths): a heading
lists (path, label, tooltip) lines; a path the model does not have is left out, so the form
never breaks when the model changes.
"""

from __future__ import annotations

__all__ = ["BASICS"]

Line = tuple[str, str, str]

BASICS: tuple[tuple[str, tuple[Line, ...]], ...] = (
    ("Royalty and check", (
        ("royalty.checks", "Moves may give check",
         "Off: a move that gives check is illegal (Fairy-Stockfish checking = false)"),
        ("royalty.several", "With several royal pieces",
         "each: every royal piece must stay safe; last: check counts once one is left; "
         "all: only attacking all of them at once is check (dupleCheck)"),
        ("royalty.flying_general", "Flying general",
         "Royal pieces may not face each other on an open file (Xiangqi)"),
    )),
    ("Castling", (
        ("castling", "Castling", "Whether the king castles (the setup's castling field says "
         "which castlings are still allowed)"),
        ("castling.king", "King piece", "The piece that castles, per side"),
        ("castling.rooks", "Rook pieces", "The pieces it castles with, per side"),
        ("castling.king_file", "King's file", "Files count from 0 (a = 0)"),
        ("castling.kingside_to", "King goes to (king side)", "File the king lands on, from 0"),
        ("castling.queenside_to", "King goes to (queen side)", "File the king lands on, from 0"),
        ("castling.chess960", "Chess960 castling",
         "King and rooks may start anywhere (Shredder/X-FEN rights)"),
    )),
    ("Promotion", (
        ("promotions[0]", "Pawn-style promotion",
         "Pieces that reach a zone turn into one of a list of pieces"),
        ("promotions[0].pieces", "Promoting pieces", "The pawn-like pieces that promote"),
        ("promotions[0].zone", "Promotion region", "Where they promote, per side"),
        ("promotions[0].choices", "Promote to", "What they may turn into, per side"),
        ("promotions[0].mandatory", "Promotion is mandatory",
         "Off: a piece may also stay what it is (Grand)"),
        ("promoted_forms.forms", "Promoted forms (Shogi style)",
         "piece:form pairs, e.g. P:+P, B:+B"),
        ("promoted_forms.zone", "Zone of the forms",
         "A move starting or ending there may promote, per side"),
        ("promoted_forms.mandatory", "Forms are mandatory", "Whenever a piece may, it must"),
    )),
    ("Drops and the hand", (
        ("drops", "Pieces in hand are dropped", "Crazyhouse and Shogi style drops"),
        ("drops.captures_to_hand", "Captures go to the captor's hand",
         "A captured piece joins the hand of the side that took it"),
        ("drops.region", "Drop region", "Where pieces may be dropped, per side "
         "(blank: anywhere)"),
        ("drops.no_doubled", "No two on a file", "Types that may not be dropped on a file "
         "holding one of their own kind (Shogi's two-pawn rule)"),
        ("drops.no_mate_by", "May not mate by a drop", "Shogi's pawn-drop mate"),
        ("drops.checks", "A drop may give check", "Off: drops giving check are illegal"),
    )),
    ("End of the game", (
        ("ending.checkmate", "Checkmate gives the mated side", "Normally loss"),
        ("ending.stalemate", "Stalemate gives the side to move",
         "draw (chess), loss (Xiangqi, Shatranj), win"),
        ("ending.repetition.count", "n-fold repetition", "How many times a position must "
         "occur to end the game (0: no such rule)"),
        ("ending.repetition.value", "Repetition gives the side to move", "Normally draw"),
        ("ending.move_limit", "n-move rule", "Moves of each side without a capture or pawn "
         "move that end the game in a draw (0: none; chess: 50)"),
        ("ending.extinction", "Extinction / bare king", "A side whose pieces die out gets a "
         "result; bare king: pieces * down to 1 (the king alone)"),
        ("ending.extinction.pieces", "Pieces that count", "Types whose loss ends the game; * "
         "every type"),
        ("ending.extinction.at_most", "Ends when down to", "How many of them may remain"),
        ("ending.extinction.value", "Which gives that side", "Normally loss"),
        ("ending.extinction.claim", "Bared side may bare back",
         "Shatranj: the bared side gets one move to bare the other"),
    )),
)
