"""The end of a game: checkmate, stalemate and the other endings the rules name.

In the order Fairy-Stockfish applies them: a rule family's immediate end (bare king,
extinction), then no legal move (checkmate or stalemate with the variant's values), then the
endings by count (the n-fold repetition with its value, perpetual check losing where the rules
say, the n-move rule, insufficient material, counting rules). The repetition and n-move rules
end the game when reached (Fairy-Stockfish adjudicates them the same way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import BLACK, WHITE, Result, Side, Termination
from .families import RuleFamily
from .material import counted, stalemate_value
from .outcome import Outcome

if TYPE_CHECKING:
    from .game import Game


# The rule set's fields judged here (see ``families.RuleFamily.plays``).
PLAYS = ("ending.checkmate", "ending.repetition.count", "ending.repetition.value",
         "ending.repetition.value_for_white", "ending.repetition.perpetual_check_loses",
         "ending.move_limit", "ending.insufficient_material")


def _side(colour: int) -> Side:
    return BLACK if colour else WHITE


def _valued(termination: Termination, value: Result, colour: int, reason: str) -> Outcome:
    """``value`` for the side ``colour`` (the one the ending happens to)."""
    if value == "draw":
        return Outcome(termination, None, reason)
    winner = _side(colour) if value == "win" else _side(colour ^ 1)
    return Outcome(termination, winner, reason)


def outcome(game: "Game") -> Outcome | None:
    pos = game.pos
    ending = game.rules.ending
    families: list[RuleFamily] = game.cfg.families
    for family in families:
        done = family.ended(pos)
        if done is not None:
            return done
    stm = pos.stm
    if not game.count_moves():
        if game.is_check():
            if _drop_mate(game):
                return Outcome("checkmate", _side(stm), f"{_side(stm ^ 1)} mated by a drop "
                               "that may not mate, and loses")
            return _valued("checkmate", ending.checkmate, stm, f"{_side(stm)} is checkmated")
        return counted(game.cfg, pos, _valued("stalemate", stalemate_value(game.rules, pos),
                                              stm, f"{_side(stm)} has no move"))
    limit = ending.move_limit
    if limit and pos.half >= 2 * limit:
        return counted(game.cfg, pos, Outcome("move-limit", None,
                                              f"{limit} moves without capture or pawn move"))
    rep = _repetition(game)
    if rep is not None:
        return counted(game.cfg, pos, rep)
    for family in families:
        claimed = family.claim(pos)
        if claimed is not None:
            return claimed
    if ending.insufficient_material and _insufficient(game):
        return Outcome("insufficient-material", None, "neither side can mate")
    return None


def _drop_mate(game: "Game") -> bool:
    """The mate was given by dropping a piece whose drop may not mate (Fairy-Stockfish's
    ``checkmate_value``: every checker of such a type, and the last move a drop)."""
    cfg = game.cfg
    pos = game.pos
    if not cfg.no_mate or not pos.stack or pos.stack[-1][0][0] >= 0:
        return False
    royals = pos.royals(pos.stm)
    checkers = 0
    while royals:
        low = royals & -royals
        royals ^= low
        checkers |= game.attacks.attackers(pos, low.bit_length() - 1, pos.stm ^ 1, pos.occ)
    allowed = 0
    for k in cfg.no_mate:
        allowed |= pos.byc[2 * k + (pos.stm ^ 1)]
    return bool(checkers) and not checkers & ~allowed


def _repetition(game: "Game") -> Outcome | None:
    rep = game.rules.ending.repetition
    if not rep.count:
        return None
    pos = game.pos
    key = pos.full_key()
    keys = pos.history_keys()
    n = 1
    for i in range(len(keys) - 2, -1, -2):
        if keys[i] == key:
            n += 1
    if n < rep.count:
        return None
    stm = pos.stm
    if rep.perpetual_check_loses:
        them = _perpetual(game, n, rep.count)
        if them is not None:
            return Outcome("perpetual-check", _side(them ^ 1),
                           f"{_side(them)} repeated the position by giving check every move")
    notes = "; ".join(f"{what} are not judged yet" for what in game.notes())
    reason = f"the position occurred {n} times" + (f" ({notes})" if notes else "")
    colour = 0 if rep.value_for_white else stm
    return _valued("repetition", rep.value, colour, reason)


def _perpetual(game: "Game", n: int, count: int) -> int | None:
    """The side that gave check on every one of its moves of the repeating cycle, if one."""
    pos = game.pos
    key = pos.full_key()
    cycle = 0
    keys = pos.history_keys()
    for i in range(len(keys) - 2, -1, -2):
        if keys[i] == key:
            cycle = len(keys) - i
            break
    if not cycle:
        return None
    checked = []
    undone = []
    for _ in range(cycle):
        checked.append((pos.stm, game.is_check()))
        undone.append(pos.pop())
    for mv in reversed(undone):
        pos.push(mv)
    for colour in (0, 1):
        # the side to move was in check after each of the checker's moves
        if all(c for stm, c in checked if stm == colour ^ 1) and \
                any(stm == colour ^ 1 for stm, _ in checked):
            return colour
    return None


def _insufficient(game: "Game") -> bool:
    """FIDE's dead positions by material: kings only, or one minor piece (N or B)."""
    pos = game.pos
    kinds = game.cfg.kinds
    minors = 0
    for code in range(2, game.cfg.ncodes):
        bb = pos.byc[code]
        if not bb:
            continue
        k = code >> 1
        if kinds.royal[k]:
            continue
        program = kinds.programs[k]
        text = program.text if program is not None else ""
        if text not in ("N", "B"):
            return False
        minors += bb.bit_count()
    return minors <= 1 and not any(any(h) for h in pos.hands)
