"""Which rule families play a rule set, and in what order the game consults them (the families
themselves: ``families`` and the modules named there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.model import RuleSet
from .blast import BlastRule
from .castling_rules import CastlingWins, OppositeCastling
from .check_count import CheckCounting
from .connect import ConnectRule
from .enclosing import FlipRule
from .families import ExtinctionRule, LionRule, MakrukCounting, RuleFamily
from .flags import FlagRule
from .janggi import CannonRule
from .material import FullBoard
from .must_drop import MustDrop
from .obligations import CheckBan, MustCapture
from .bikjang import Bikjang
from .passing import Passing, PassOnStalemate
from .placement import DroppedCastling, OppositeBishops
from .pseudoroyal import PseudoRoyalRule
from .walls import WallRule

if TYPE_CHECKING:
    from .attacks import Attacks
    from .config import Config


def families_for(cfg: "Config", rules: RuleSet, attacks: "Attacks") -> list[RuleFamily]:
    """The rule families a rule set uses, in the order the game consults them: explosions
    first (the others see the blasted board), the ends in Fairy-Stockfish's order
    (``is_immediate_game_end``: extinction, flag, check count, connection, full board, two
    passes), then the rules that take moves away; bikjang takes away the moves that leave the
    kings facing, then passing adds the pass; passing when stalemated looks at the moves every
    other rule allows, so it comes last."""
    out: list[RuleFamily] = []
    if rules.blast is not None:
        out.append(BlastRule(cfg, rules))
    if rules.walls is not None or rules.petrify:
        # before the rules that judge moves: they see each move with its wall square
        out.append(WallRule(cfg, rules, attacks))
    e = rules.ending.extinction
    # is_immediate_game_end: pseudo-royal pieces that cannot be captured die out only by blasts
    if e is not None and (not e.pseudo_royal or rules.blast is not None):
        out.append(ExtinctionRule(cfg, rules))
    if e is not None and e.pseudo_royal:
        out.append(PseudoRoyalRule(cfg, rules, attacks))
    out.extend(_fsf_families(cfg, rules, attacks))
    c = rules.castling
    if c is not None and c.wins:
        out.append(CastlingWins(cfg, rules))
    if c is not None and c.opposite:
        out.append(OppositeCastling())
    if rules.ending.connect is not None:
        out.append(ConnectRule(cfg, rules))
    if rules.ending.full_board:
        out.append(FullBoard(cfg))
    if rules.flip != "none":
        out.append(FlipRule(cfg, rules))
    if cfg.cannons:
        out.append(CannonRule(cfg))
    if rules.lion is not None:
        out.append(LionRule(cfg, rules, attacks))
    if rules.ending.counting == "makruk":
        out.append(MakrukCounting(cfg))
    out.extend(_fsf_obligations(rules, attacks))
    out.extend(_placement(cfg, rules))
    if rules.drops is not None and rules.drops.must_drop:
        out.append(MustDrop(cfg, rules))
    if rules.royalty.bikjang:
        out.append(Bikjang(cfg))
    if rules.passing.white or rules.passing.black:
        out.append(Passing(cfg, rules, attacks))
    if rules.pass_on_stalemate.white or rules.pass_on_stalemate.black:
        out.append(PassOnStalemate(cfg, rules, attacks))
    for i, family in enumerate(out):
        family.slot = i
    return out


def _fsf_families(cfg: "Config", rules: RuleSet, attacks: "Attacks") -> list[RuleFamily]:
    """Capture the flag and check counting, in Fairy-Stockfish's order."""
    out: list[RuleFamily] = []
    if rules.ending.flag is not None:
        out.append(FlagRule(cfg, rules, attacks))
    if rules.ending.check_count:
        out.append(CheckCounting(attacks))
    return out


def _placement(cfg: "Config", rules: RuleSet) -> list[RuleFamily]:
    """Bishops dropped on both colours (before drops that must be made, which look at the
    drops it allows) and castling rights of dropped kings and rooks."""
    out: list[RuleFamily] = []
    if rules.drops is not None and rules.drops.opposite_bishops:
        out.append(OppositeBishops(cfg, rules))
    if rules.castling is not None and rules.castling.dropped_pieces and rules.drops is not None:
        out.append(DroppedCastling(cfg))
    return out


def _fsf_obligations(rules: RuleSet, attacks: "Attacks") -> list[RuleFamily]:
    """The ban on giving check, then compulsory capture (it looks at the moves every other
    rule allows)."""
    out: list[RuleFamily] = []
    if not rules.royalty.checks:
        out.append(CheckBan(attacks))
    if rules.must_capture:
        out.append(MustCapture())
    return out
