"""The game that plays a variant by its rules: legal moves, make and take back, check, the
result and its reason, FEN and perft, over per-square bitboard tables compiled from the pieces'
move programs (``designer.engine``).

    from designer.game import Game
    game = Game(variant)                    # the variant's setup and rules (``designer.rules``)
    game.push(game.legal_moves()[0]); game.outcome(); game.fen(); game.perft(3)

It sits above the file formats and below those who play (records, the opponent, engines,
matches, the window's Play tab). ``game.py`` is the face; rule families (``families``, chosen
by ``rulebook``) are where rules beyond piece moves and check go, and a rule it does not play
yet is refused by name (``support``). The face loads on first use (see ``designer.lazy``): a
game's ``Move`` (``designer.game.moves``) is needed without the machinery.
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .game import FenError, Game, IllegalMove, Move, Outcome, RulesNotPlayed

_EXPORTS = dict.fromkeys(("Game", "Move", "Outcome", "IllegalMove", "RulesNotPlayed",
                          "FenError"), ".game")
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["Game", "Move", "Outcome", "IllegalMove", "RulesNotPlayed", "FenError"]
