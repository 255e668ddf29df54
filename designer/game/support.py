"""Which rules the game plays, and a clear refusal for the ones it does not play yet.

The rules model holds all of Fairy-Stockfish's vocabulary and more; the game plays a growing
part of it. ``unplayed(rules)`` names every rule in use that the game would otherwise get wrong,
and ``Game`` raises ``RulesNotPlayed`` with those names instead of playing a different game.
Rules that only judge a finished repetition or a claim (Xiangqi's chasing rules) do not stop the
game: the outcome says what it could not judge (``judged_later``).
"""

from __future__ import annotations

from ..notation.errors import DesignerError
from ..rules.model import ALL, RuleSet


class RulesNotPlayed(DesignerError):
    """The variant uses rules the game does not play yet; ``reasons`` names each one."""

    def __init__(self, reasons: list[str]):
        self.reasons = reasons
        super().__init__("the game does not play these rules yet: " + "; ".join(reasons))


def unplayed(rules: RuleSet) -> list[str]:
    """The rules in use that the game does not play yet, in words the user knows."""
    out: list[str] = []
    add = out.append
    for p in rules.promotions:
        if p.sittuyin:
            add("Sittuyin promotion")
    f = rules.promoted_forms
    # a form several types promote to: the engine remembers per square which type a piece
    # was (``unpromoted_piece_on``); the game knows the type only
    shared = f is not None and len({b for _, b in f.forms}) < len(f.forms)
    if f is not None and f.demotion and shared:
        add("demotion of a form several types promote to")
    d = rules.drops
    if d is not None:
        for flag, what in ((d.promoted_drops and shared,
                            "drops of a form several types promote to"),
                           (bool(d.back_rank_only), "drops on the first rank only"),
                           (d.two_boards, "hands fed from a second board")):
            if flag:
                add(what)
    r = rules.royalty
    for flag, what in ((r.several == "all" and (rules.ending.extinction is None or
                                                not rules.ending.extinction.pseudo_royal),
                        "duple check without pseudo-royal pieces"),
                       (r.makpong, "the makpong rule"), (r.shatar_mate, "Shatar's mating rules")):
        if flag:
            add(what)
    e = rules.ending
    for flag, what in ((e.repetition.move_repetition_illegal, "the move-repetition ban"),
                       (e.counting not in ("none", "makruk"), f"{e.counting} counting rules")):
        if flag:
            add(what)
    x = rules.ending.extinction
    # Position::legal's rules for petrifiable pseudo-royal pieces are not played
    if x is not None and x.pseudo_royal and (set(rules.petrify) & set(x.pieces) or
                                             (rules.petrify and ALL in x.pieces)):
        add("petrification of pseudo-royal pieces")
    if rules.gating is not None:
        add("gating")
    if rules.extra:       # read from a file of a newer version: kept, and not played
        add("rules of a newer version (" + ", ".join(key for key, _ in rules.extra) + ")")
    return out


def judged_later(rules: RuleSet) -> list[str]:
    """Rules that only judge a repetition which the outcome reports as not judged."""
    return ["Xiangqi's chasing rules"] if rules.ending.repetition.chasing != "none" else []
