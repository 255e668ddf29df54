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

from .attacks import Safety
from .families import LionRule
from .game import Game
from .geometry import squares_of
from .moves import Move

__all__ = ["castlings", "pseudo_legal", "why_illegal", "why_move", "why_not", "why_not_drop"]


def pseudo_legal(game: Game) -> list[Move]:
    """Every move the side to move's pieces make, castling with its path empty, drops on
    empty squares; the king's safety and the variant's further rules (the drop rules among
    them: ``why_illegal`` names the one a drop breaks) are not tested."""
    gen = game.generator
    pos = game.pos
    info = Safety()
    info.unguarded = True
    out: list[Move] = []
    gen._pieces(pos, info, out)                     # noqa: SLF001 (one package, one generator)
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
        return f"The {_name(game, letter)} on {names[origin]} does not move to {names[target]}."
    reasons = [why_illegal(game, m) for m in tried]
    return min(reasons, key=lambda r: (r == "", len(r)))


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
    for family in game.cfg.families:
        if move not in family.filter(game.pos, [move]):
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
        return f"{game.variant.name}'s rules have no castling."
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
    return f"{game.variant.name}'s {name} do not allow {move.text(game.geo)} here."
