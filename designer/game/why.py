"""Why a move is not legal: the reason a player can act on, in words.

    why_not(game, origin, target)     # the piece on ``origin`` to ``target``: why not
    why_not_drop(game, letter, target)
    why_illegal(game, move)           # a move the pieces make that the rules refuse
    why_move(game, move)              # any move (from the board, a record, an engine)
    pseudo_legal(game)                # the moves the pieces make, safety and rules untested
    castlings(game)                   # the castlings the rights name, path untested

Every reader of moves (the Play board, the game records, the replay of an edited game) asks
these functions, so an illegal move gets the same reason wherever it was entered.

The moves the pieces make before the king's safety is tested come from the game's own
generator with its safety test off (``Safety.unguarded``), so that "it leaves the King in
check" is told apart from "the piece does not go there" and from the variant's other rules
(the drop rules, Chu Shogi's Lion rules). Each reason names the pieces and squares involved:
the checker, the pinned piece and the piece it shields, the Pawn already on the file.
"""

from __future__ import annotations

from collections.abc import Callable

from .attacks import Safety
from .families import LionRule
from .game import Game
from .geometry import squares_of
from .moves import Move

__all__ = ["castlings", "pseudo_legal", "set_move_writer", "why_illegal", "why_move",
           "why_not", "why_not_drop"]


def pseudo_legal(game: Game) -> list[Move]:
    """Every move the side to move's pieces make, castling with its path empty, drops on
    empty squares; the king's safety and the variant's further rules (the drop rules among
    them: ``why_illegal`` names the one a drop breaks) are not tested."""
    gen = game.generator
    pos = game.pos
    info = Safety()
    info.unguarded = True
    out: list[Move] = []
    gen.piece_moves(pos, info, out)
    if game.cfg.castling is not None and pos.castle:
        gen.castlings.moves(pos, info, out)
    hand = pos.hands[pos.stm]
    letters = game.cfg.kinds.letters
    for k in range(1, len(hand)):
        if hand[k] > 0:
            out.extend(Move(-1, t, drop=letters[k]) for t in range(game.geo.size)
                       if not pos.occ >> t & 1 and game.cfg.board >> t & 1)
    return out


def castlings(game: Game) -> list[Move]:
    """The castlings the side to move's rights name, whether or not their path is empty or
    safe (``why_illegal`` says which of those tests one fails)."""
    pos = game.pos
    if game.cfg.castling is None or not pos.castle:
        return []
    rights = pos.castle & pos.col[pos.stm]
    if not rights:
        return []
    opts = game.generator.castlings.options(pos, pos.stm, rights)
    return [mv for mv, _span, _passed in opts]


# -- words ------------------------------------------------------------------------------------
def _side(game: Game, colour: int | None = None) -> str:
    c = game.pos.stm if colour is None else colour
    return "Black" if c else "White"


def _name(game: Game, letter: str) -> str:
    piece = game.variant.piece(letter)
    return piece.name if piece is not None and piece.name else letter


def _piece_on(game: Game, s: int) -> str:
    """``the Knight on g1``."""
    here = game.piece_at(s)
    if here is None:
        return f"the empty square {game.geo.names[s]}"
    return f"the {_name(game, here[0])} on {game.geo.names[s]}"


def _pieces_on(game: Game, squares: int) -> str:
    names = [_piece_on(game, s) for s in squares_of(squares)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]



def _plural(name: str) -> str:
    return name + ("es" if name.endswith(("s", "sh", "ch", "x")) else "s")


# -- the questions ---------------------------------------------------------------------------
def why_not(game: Game, origin: int, target: int) -> str:
    """Why the piece on ``origin`` may not go to ``target`` in the game's position ("" when
    some legal move does)."""
    names = game.geo.names
    over = game.outcome()
    if over is not None:
        return f"The game is over: {over.reason or over.termination}."
    here = game.piece_at(origin)
    if here is None:
        return f"There is no piece on {names[origin]}."
    letter, side = here
    if side != game.turn:
        return f"It is {_side(game)}'s move; the {_name(game, letter)} on {names[origin]} " \
               f"is {_side(game, game.pos.stm ^ 1)}'s."
    legal = [m for m in game.legal_moves() if m.origin == origin and m.target == target]
    if legal:
        return ""
    tried = [m for m in pseudo_legal(game) if m.origin == origin and m.target == target]
    if not tried:
        return _no_such_move(game, origin, target, letter)
    reasons = [why_illegal(game, m) for m in tried]
    return min(reasons, key=lambda r: (r == "", len(r)))


def _no_such_move(game: Game, origin: int, target: int, letter: str) -> str:
    """Why the piece on ``origin`` makes no move to ``target``: a region it may not leave
    (a palace), a castling the variant does not have, or its moves do not go there."""
    names = game.geo.names
    name = _name(game, letter)
    confine = game.cfg.kinds.confinement(game.pos.board[origin])
    if confine != -1 and not confine >> target & 1:
        return f"The {name} may not leave {_region_words(game, confine)}."
    geo = game.geo
    home = 0 if game.pos.stm == 0 else geo.ranks - 1
    piece = game.variant.piece(letter)
    if game.cfg.castling is None and piece is not None and piece.royal and \
            geo.rank_of[origin] == home == geo.rank_of[target] and \
            abs(geo.file_of[target] - geo.file_of[origin]) >= 2:
        return "Castling is not allowed in this variant."
    return f"The {name} on {names[origin]} does not move to {names[target]}."


def _region_words(game: Game, mask: int) -> str:
    """``the palace (d1–f3)``: a region by its corners (a 3x3 block is a palace)."""
    geo = game.geo
    squares = squares_of(mask & game.cfg.board)
    if not squares:
        return "its region"
    files = [geo.file_of[s] for s in squares]
    ranks = [geo.rank_of[s] for s in squares]
    lo, hi = geo.square(min(files), min(ranks)), geo.square(max(files), max(ranks))
    box = (max(files) - min(files) + 1) * (max(ranks) - min(ranks) + 1)
    what = "the palace" if box == 9 == len(squares) else "its region"
    return f"{what} ({geo.names[lo]}\u2013{geo.names[hi]})"


def why_not_drop(game: Game, letter: str, target: int) -> str:
    """Why a piece ``letter`` from the hand may not be dropped on ``target`` ("" when it may)."""
    return why_illegal(game, Move(-1, target, drop=letter))


def why_move(game: Game, move: Move) -> str:
    """Why ``move`` is not legal here, whatever it is (a drop, a castling, a move the pieces
    make or one they do not); "" when it is legal."""
    legal = game.legal_moves()
    if move in legal:
        return ""
    if any(m.origin == move.origin and m.target == move.target and m.drop == move.drop
           for m in legal):
        return "The move needs another promotion choice or path."
    if move.is_drop or move.rook >= 0 or move in pseudo_legal(game):
        return why_illegal(game, move) or f"{game.variant.name}'s rules refuse it."
    return why_not(game, move.origin, move.target) or \
        f"The piece on {game.geo.names[move.origin]} does not make this move."


def why_illegal(game: Game, move: Move) -> str:
    """Why ``move`` is not legal in the game's position ("" when it is legal)."""
    if move in game.legal_moves():
        return ""
    over = game.outcome()
    if over is not None:
        return f"The game is over: {over.reason or over.termination}."
    if move.is_drop:
        reason = _drop_rules(game, move)
        if reason:
            return reason
    elif move.rook >= 0:
        return _castling(game, move)
    reason = _exposure(game, move)
    if reason:
        return reason
    if move.is_drop:
        return _drop_check(game, move)
    # each family judges the move among the legal ones (compulsory capture and drops that
    # must be made refuse a move because of the others)
    others = [m for m in game.legal_moves() if m != move]
    for family in game.cfg.families:
        if move not in family.filter(game.pos, others + [move]):
            return _family(game, family, move)
    return f"{game.variant.name}'s rules do not allow {move.text(game.geo)} here."


def _drop_rules(game: Game, move: Move) -> str:
    """The drop rules that do not depend on the king's safety."""
    cfg, pos, names = game.cfg, game.pos, game.geo.names
    kinds = cfg.kinds
    k = kinds.index.get(move.drop, 0)
    name = _name(game, move.drop)
    t = move.target
    if not cfg.drops:
        return f"{game.variant.name} has no drops."
    if not k or pos.hands[pos.stm][k] <= 0:
        return f"{_side(game)} has no {name} in hand."
    if pos.occ >> t & 1:
        return f"{names[t]} is occupied: a piece is dropped on an empty square."
    code = 2 * k + pos.stm
    if not cfg.drop_mask[code] >> t & 1:
        return f"A {name} may not be dropped on {names[t]} (outside the squares it may be " \
               "dropped on)."
    if k in cfg.no_doubled:
        own = pos.byc[code]
        fm = next(m for m in game.geo.file_masks if m >> t & 1)
        if (own & fm).bit_count() >= cfg.no_doubled_count:
            first = squares_of(own & fm)[0]
            return f"{game.variant.name}: no two {_plural(name)} on a file — a {name} already " \
                   f"stands on {names[first]}."
    if cfg.immobile and not cfg.live[code] >> t & 1:
        return f"A {name} dropped on {names[t]} could never move."
    return ""


def _drop_check(game: Game, move: Move) -> str:
    """The drop rule about check (the drop is safe for the own king). A drop that may not
    mate is legal and loses the game when it mates (Fairy-Stockfish's ``checkmate_value``),
    so it is never refused here."""
    if not game.cfg.drop_checks:
        return f"{game.variant.name}: a drop may not give check."
    return ""


def _royal_attackers(game: Game, move: Move) -> list[tuple[int, int]]:
    """After ``move``: each royal square of the mover that is attacked, with its attackers."""
    pos = game.pos
    mover = pos.stm
    pos.push(move)
    try:
        out = []
        royals = pos.royals(mover)
        for r in squares_of(royals):
            hit = game.attacks.attackers(pos, r, pos.stm, pos.occ, 0, True)
            if hit:
                out.append((r, hit))
        return out
    finally:
        pos.pop()


def _exposure(game: Game, move: Move) -> str:
    """Why the move leaves a royal piece attacked, or "" when it does not."""
    pos = game.pos
    if game.cfg.several == "last" and pos.royals(pos.stm) & (pos.royals(pos.stm) - 1):
        return ""
    hits = _royal_attackers(game, move)
    if not hits:
        return ""
    royal, attackers = hits[0]
    after_board = _after(game, move)
    by = _pieces_after(game, after_board, attackers)
    names = game.geo.names
    king = _name(game, after_board[royal][0]) if royal in after_board else "King"
    if _flying(game, after_board, royal, attackers):
        return f"The {_plural(king).lower()} would face each other on an open line " \
               f"({names[royal]} and {names[squares_of(attackers)[0]]})."
    if game.is_check():
        before = game.attacks.attackers(pos, _royal_now(game, royal, move), pos.stm ^ 1,
                                        pos.occ, 0, True)
        checkers = _pieces_on(game, before) if before else by
        return f"{_side(game)} is in check ({checkers}), and this move does not answer it: " \
               f"the {king} on {names[royal]} would still be attacked by {by}."
    if move.origin >= 0 and pos.royals(pos.stm) >> move.origin & 1:
        return f"The {king} would be attacked on {names[royal]} by {by}."
    if move.is_drop:
        return f"Dropping there leaves the {king} on {names[royal]} attacked by {by}."
    mover = _piece_on(game, move.origin)
    return f"{mover[0].upper()}{mover[1:]} is pinned: moving it exposes the {king} on " \
           f"{names[royal]} to {by}."


def _royal_now(game: Game, royal_after: int, move: Move) -> int:
    """Where the royal attacked after ``move`` stands before it."""
    return move.origin if royal_after == move.target and move.origin >= 0 and \
        game.pos.royals(game.pos.stm) >> move.origin & 1 else royal_after


def _after(game: Game, move: Move) -> dict[int, tuple[str, str]]:
    """The board after ``move``: square -> (letter, side)."""
    pos = game.pos
    pos.push(move)
    try:
        return {s: here for s in range(game.geo.size) if (here := game.piece_at(s))}
    finally:
        pos.pop()


def _pieces_after(game: Game, board: dict[int, tuple[str, str]], squares: int) -> str:
    names = game.geo.names
    found = [f"the {_name(game, board[s][0])} on {names[s]}" for s in squares_of(squares)
             if s in board]
    if not found:
        return "a foe"
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]


def _flying(game: Game, board: dict[int, tuple[str, str]], royal: int, attackers: int) -> bool:
    """Whether the only attack is the foe's royal facing ours (the flying-general rule)."""
    if not game.cfg.flying:
        return False
    royal_letters = {p.letter for p in game.variant.pieces if p.royal}
    return all(board.get(s, ("", ""))[0] in royal_letters for s in squares_of(attackers))


def _castling(game: Game, move: Move) -> str:
    names = game.geo.names
    pos = game.pos
    if game.cfg.castling is None and move not in pseudo_legal(game) and \
            not _castles_by_itself(game, move.origin):
        # the rules have no castling (switched off), nor the piece an O atom: no right or
        # path makes the move legal
        return "Castling is not allowed in this variant."
    if game.cfg.castling is not None and move not in castlings(game):
        return f"{_side(game)} has no right to castle with {_piece_on(game, move.rook)} " \
               "(the King or that Rook has moved, or the position gives no such right)."
    if game.is_check():
        return f"{_side(game)} is in check and may not castle out of it."
    if move not in pseudo_legal(game):
        return f"Castling with {_piece_on(game, move.rook)} needs every square between the " \
               "King and the Rook empty."
    king = move.origin
    step = 1 if move.target > king else -1
    for s in range(king + step, move.target + step, step):
        hit = game.attacks.attackers(pos, s, pos.stm ^ 1, pos.occ & ~(1 << king), 0, True)
        if hit:
            return f"The King may not castle through or into check: {names[s]} is attacked " \
                   f"by {_pieces_on(game, hit)}."
    return "Castling is not allowed here."


def _castles_by_itself(game: Game, s: int) -> bool:
    """Whether the piece on ``s`` has castling in its own moves (Betza's ``O`` atom)."""
    here = game.piece_at(s)
    piece = game.variant.piece(here[0]) if here is not None else None
    return piece is not None and "O" in piece.notation


def _family(game: Game, family: object, move: Move) -> str:
    """The reason a family of rules gives for removing ``move``."""
    if isinstance(family, LionRule):
        if family.state(game.pos):
            return "Chu Shogi's Lion rule: after a Lion was taken by a piece other than a " \
                   "Lion, no Lion may be taken on the next move (counter-strike)."
        return "Chu Shogi's Lion rule: a Lion may not take a protected Lion from a distance " \
               "unless it also takes a piece other than a Pawn or Go-Between on the way."
    name = getattr(family, "name", "rules")
    text = _san(game, move)
    board = game.pos.board
    mover = _name(game, game.variant.pieces[(board[move.origin] >> 1) - 1].letter) \
        if move.origin >= 0 and board[move.origin] else "piece"
    if name == "no checks":
        return f"No move may give check in this variant: {text} would."
    if name == "compulsory capture":
        return f"Capturing is compulsory in this variant: {text} takes nothing while a " \
               "capture is possible."
    if name == "explosions":
        return f"In this variant a {mover} may not capture another {mover}: {text} would."
    if name == "Janggi's cannon":
        return f"A Cannon may neither jump over nor capture another Cannon: {text} would."
    if name == "drops that must be made":
        return f"A piece in hand must be dropped before a piece on the board moves in this " \
               f"variant: {text} is not a drop."
    if name == "bishops dropped on both colours":
        return f"The Bishops must end up on squares of both colours in this variant: after " \
               f"{text} they could not."
    if name == "pseudo-royal pieces":
        royal = next((p.name or p.letter for p in game.variant.pieces if p.royal), "King")
        return f"The {royal} may be neither left attacked nor blown up in this variant: " \
               f"{text} would."
    if name == "walls":
        return f"Each move places a wall in this variant: {text} needs one on an empty square."
    return f"{text} is not allowed by this variant's {name}."


#: how a reason writes a move: its coordinates, until the game records (above this package)
#: install SAN with ``set_move_writer``
_writer: list[Callable[[Game, Move], str]] = []


def set_move_writer(write: Callable[[Game, Move], str]) -> None:
    """Write the moves reasons name with ``write`` (the records install SAN)."""
    _writer[:] = [write]


def _san(game: Game, move: Move) -> str:
    """The move as the move list writes it (SAN with its check mark, once the records are
    loaded); its coordinates when it cannot be written so."""
    if _writer:
        try:
            return _writer[0](game, move)
        except Exception:   # noqa: BLE001 - a reason is never lost to its notation
            pass
    return move.text(game.geo)
