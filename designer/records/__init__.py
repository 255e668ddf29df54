"""Move text and game records: SAN as XBoard 4.9.1 writes and reads it, the engines' long
algebraic text, and PGN games with the variant's tags, read and written.

    from designer.records import load, san, read_san, uci, read_uci, GameRecord, write_game
    rec = load("game.pgn")                  # the first game, every move checked
    game = rec.game()                       # at its last position (Game of designer.game)
    san(game, move); read_san(game, "Nf3")  # XBoard's SAN of the position's moves
    uci(game, move); read_uci(game, "e7e8q")
    write_game(GameRecord.from_game(game))  # a PGN XBoard opens (options file: pgn.save)
    explain_move(game, move)                # why a move from the board is not legal

Builds on the game (``designer.game``) and the PGN tags of ``designer.formats``.
"""

from .lan import read_uci, uci
from .pgn import GameCheck, check_games, load, read_game, read_games, save, write_game
from .record import GameRecord, moves_words
from .resolve import read_san, san
from .san_read import SanError
from .style import Style, style_for
from .why import explain_move
from ..game.game import Game
from ..game.moves import Move

__all__ = ["moves_words", "GameRecord", "GameCheck", "SanError", "Style", "check_games", "explain_move", "load",
           "read_game", "read_games", "read_san", "read_uci", "san", "save", "style_for", "uci",
           "write_game"]


def _reason_san(game: Game, move: Move) -> str:
    """A move a refusal names, in SAN with its check mark (the move itself is refused, so it
    is written among the position's legal moves and itself)."""
    from .san import body, mark
    style = style_for(game.variant)
    return body(game, move, style, list(game.legal_moves()) + [move]) + mark(game, move, style)


def _install_reason_writer() -> None:
    from ..game.why import set_move_writer
    set_move_writer(_reason_san)


_install_reason_writer()
