"""A variant's rules of play in words, for its rules page: sentences grouped by topic (the
board, the pieces' own rules, promotion, drops, castling, checks, how the game ends, draws,
further rules), and every field of the rule set that says something, listed by its path.

Plain text, no Qt. The sentences cover the rules people meet most; ``set_fields`` walks the
rule set's dataclasses against their defaults, so a rule without a sentence (or one added to
the model later) is still named on the page, by its path and value.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from typing import Any

from ..rules.fields import record_default
from ..geometry.board import file_letter
from ..rules.model import ALL, Promotion, RuleSet
from ..rules.regions import Region, Sided
from ..variant.derive import RULE_NAMES
from ..variant.model import Variant

__all__ = ["rule_sections", "set_fields", "rule_name", "shown", "region_words"]

_RESULT = {"win": "wins", "loss": "loses", "draw": "is a draw"}


def _piece(v: Variant, letter: str) -> str:
    """A piece letter as the reader knows it: ``Pawn (P)``; ``*`` is every piece type."""
    if letter == ALL:
        return "any piece"
    p = v.piece(letter)
    return f"{p.name} ({letter})" if p is not None and p.name else letter


def _pieces(v: Variant, letters: tuple[str, ...] | list[str]) -> str:
    names = [_piece(v, x) for x in letters]
    if not names:
        return "no piece"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _squares_text(text: str) -> str:
    """A region's text in words where it is whole ranks (``*9 *10``: ranks 9 to 10)."""
    terms = text.split()
    if terms and all(re.fullmatch(r"\*\d+", t) for t in terms):
        numbers = sorted(int(t[1:]) for t in terms)
        if len(numbers) == 1:
            return f"rank {numbers[0]}"
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"ranks {numbers[0]} to {numbers[-1]}"
        return "ranks " + ", ".join(str(n) for n in numbers)
    return text.strip() or "no square"


def _region(r: Region) -> str:
    text = _squares_text(r.text)
    return f"the {r.name} ({text})" if r.name else text


def _sided_region(s: Sided[Region]) -> str:
    if s.white == s.black:
        return _region(s.white)
    return f"{_region(s.white)} for White, {_region(s.black)} for Black"


def _promotion(v: Variant, p: Promotion) -> str:
    who = _pieces(v, p.pieces)
    if not p.pieces:
        return "Promotion limits: " + ", ".join(f"at most {n} {_piece(v, x)}"
                                                for x, n in p.limits) + "."
    choices = _pieces(v, p.choices.white)
    if p.choices.black != p.choices.white:
        choices += f" (Black: {_pieces(v, p.choices.black)})"
    text = (f"{who} reaching the promotion zone, {_sided_region(p.zone)}, "
            f"{'must promote' if p.mandatory else 'may promote'} to {choices}")
    if not p.mandatory:
        text += " or stay as they are"
    text += "."
    if p.limits:
        text += " A piece may be chosen only while there are fewer than " + ", ".join(
            f"{n} {_piece(v, x)}" for x, n in p.limits) + " on the board."
    if p.only_lost:
        text += " Only a piece type its side has lost may be chosen."
    if p.sittuyin:
        text += " Promotion is Sittuyin's, in place."
    return text


def _board(v: Variant, r: RuleSet) -> list[str]:
    out = [f"The board has {v.files} files (a to {file_letter(v.files - 1)}) and "
           f"{v.ranks} ranks (1 to {v.ranks}); White starts on the low ranks and moves first."]
    try:
        holes = v.position().holes if v.setup else frozenset()
    except Exception:  # a setup that does not read: validation says so elsewhere
        holes = frozenset()
    if holes:
        out.append(f"{len(holes)} squares are holes: no piece may stand on them.")
    if r.wrap:
        out.append("The board is a cylinder: the a-file and the last file are joined, and "
                   "every piece's moves go across that edge.")
    if r.diagonal_lines is not None:
        out.append(f"Palace diagonals are drawn on {_region(r.diagonal_lines)}.")
    if v.holdings or r.drops is not None:
        out.append(f"Beside the board each side has a hand for pieces "
                   f"({v.holdings} kinds of piece may be held).")
    return out


def _piece_rules(v: Variant, r: RuleSet) -> list[str]:
    out = []
    for pr in r.pieces:
        name = _piece(v, pr.letter)
        if pr.confined is not None:
            out.append(f"The {name} may not leave {_sided_region(pr.confined)}.")
        for m in pr.moves_in:
            out.append(f"While in {_sided_region(m.region)}, the {name} moves as "
                       f"{m.notation} ({m.dialect}) instead.")
        if pr.janggi_cannon:
            out.append(f"The {name} can neither hop over nor capture a piece of its own kind "
                       "(Janggi's cannon).")
        if pr.palace:
            out.append(f"On the palace diagonals the {name} also moves as {pr.palace}.")
    if r.initial_moves is not None:
        out.append(f"Initial (double) steps may be made from {_sided_region(r.initial_moves)}.")
    if r.en_passant_region is not None:
        out.append(f"En-passant captures may land on {_sided_region(r.en_passant_region)}.")
    return out


def _promotions(v: Variant, r: RuleSet) -> list[str]:
    out = [_promotion(v, p) for p in r.promotions]
    f = r.promoted_forms
    if f is not None:
        pairs = ", ".join(f"{_piece(v, a)} to {_piece(v, b)}" for a, b in f.forms)
        out.append(f"Promoted forms: {pairs or 'none'}. A piece "
                   f"{'must promote' if f.mandatory else 'may promote'} on a move that starts or "
                   f"ends in the promotion zone, {_sided_region(f.zone)}"
                   f"{', only when it captures' if f.on_capture_only else ''}.")
        if f.demotion:
            out.append("A promoted piece may turn back into what it was.")
        if f.limits:
            out.append("A side may promote into " + ", ".join(
                f"{_piece(v, x)} only while it has fewer than {n}" for x, n in f.limits) + ".")
    if r.immobile_illegal:
        out.append("No piece may move or be dropped where it could never move again.")
    return out or ["No piece promotes."]


def _drops(v: Variant, r: RuleSet) -> list[str]:
    d = r.drops
    if d is None:
        return ["There are no drops: a captured piece leaves the game."]
    out = []
    if d.free:
        out.append("Instead of moving, a side may drop any piece type from an endless supply.")
    elif d.captures_to_hand:
        out.append("A captured piece joins the hand of the side that captured it"
                   + (", as it is (promoted or not)" if d.keep_promoted
                      else ", as the piece it was before any promotion")
                   + "; instead of moving, a side may drop a piece from its hand onto an "
                     "empty square.")
    else:
        out.append("Instead of moving, a side may drop a piece from its hand onto an empty "
                   "square.")
    if d.region is not None:
        out.append(f"Drops may go only to {_sided_region(d.region)}.")
    if d.pawns and d.pawns_on_first_rank is False:
        out.append(f"{_pieces(v, d.pawns)} may not be dropped on their first rank.")
    if d.pawns and d.pawns_in_zone is False:
        out.append(f"{_pieces(v, d.pawns)} may not be dropped in their promotion zone.")
    if d.no_doubled:
        out.append(f"{_pieces(v, d.no_doubled)} may not be dropped on a file that already "
                   f"holds {d.no_doubled_count} unpromoted of its side.")
    if d.no_mate_by:
        out.append(f"A drop of {_pieces(v, d.no_mate_by)} may not give mate.")
    if not d.checks:
        out.append("A drop may not give check.")
    if d.must_drop:
        out.append("A side with pieces in hand"
                   + (f" ({_piece(v, d.must_drop_piece)})" if d.must_drop_piece else "")
                   + " must drop.")
    if d.promoted_drops:
        out.append("Pieces may be dropped promoted.")
    if d.opposite_bishops:
        out.append(f"Drops of {_piece(v, d.opposite_bishops)} must leave them on both colours.")
    if d.back_rank_only:
        out.append(f"{_pieces(v, d.back_rank_only)} may be dropped on the first rank only.")
    if d.enclosing != "none":
        out.append(f"Drops must enclose enemy pieces ({d.enclosing} rule).")
    if d.two_boards:
        out.append("The hand is fed from a partner's board (Bughouse).")
    return out


def _castling(v: Variant, r: RuleSet) -> list[str]:
    c = r.castling
    if c is None:
        return ["There is no castling."]
    king, k_to, q_to, q_rook = (file_letter(n) for n in (c.king_file, c.kingside_to,
                                                         c.queenside_to, c.queenside_rook))
    k_rook = file_letter(c.kingside_rook if c.kingside_rook is not None else v.files - 1)
    out = [f"The {_piece(v, c.king.white)} may castle with a {_pieces(v, c.rooks.white)} that "
           f"has not moved: from the {king}-file of rank {c.rank} of its side it goes "
           f"to the {k_to}-file (with the {k_rook}-file piece) or to the "
           f"{q_to}-file (with the {q_rook}-file piece), and the "
           "other piece lands next to it on the inside. The squares between must be empty, "
           "and the king may not be in check, pass or land on an attacked square."]
    if c.chess960:
        out.append("King and rooks may start anywhere (Chess960 castling).")
    if c.opposite:
        out.append("A side may not castle to the side its opponent castled to.")
    if c.dropped_pieces:
        out.append("Dropped kings and rooks may castle.")
    if c.wins:
        out.append(f"Castling {c.wins} wins the game; losing the right loses.")
    return out


def _checks(v: Variant, r: RuleSet) -> list[str]:
    royals = [p.letter for p in v.pieces if p.royal]
    ro = r.royalty
    if not royals:
        out = ["No piece is royal: there is no check."]
    else:
        out = [f"The royal piece{'s' if len(royals) > 1 else ''}, {_pieces(v, royals)}, may "
               "not be left attacked: a move that leaves one in check is illegal."]
    if not ro.checks:
        out.append("No move may give check.")
    if ro.several == "last":
        out.append("With more than one royal piece, check counts only once a single one is "
                   "left.")
    elif ro.several == "all":
        out.append("With more than one royal piece, only attacking all of them at once is "
                   "check.")
    if ro.flying_general:
        out.append("Royal pieces may not face each other on an open file (flying general).")
    if ro.bikjang:
        out.append("Kings facing each other end the game as a draw unless the next move "
                   "resolves it (bikjang).")
    if ro.makpong:
        out.append("A king in check may not move away (makpong).")
    if ro.shatar_mate:
        out.append("Shatar's mating rules apply.")
    return out


def _ends(v: Variant, r: RuleSet) -> list[str]:
    e = r.ending
    out = [f"A side that is checkmated {_RESULT[e.checkmate]}." if e.checkmate != "draw"
           else "Checkmate is a draw.",
           f"A side that is stalemated (no legal move, not in check) {_RESULT[e.stalemate]}."
           if e.stalemate != "draw" else
           "Stalemate (no legal move, not in check) is a draw."]
    if e.stalemate_by_material:
        out.append("In stalemate the side with fewer pieces loses.")
    x = e.extinction
    if x is not None:
        what = "every piece" if x.pieces == (ALL,) else _pieces(v, x.pieces)
        if x.at_most == 0:
            text = (f"A side that has lost {'all of ' if x.together else 'every '}{what}"
                    f"{' together' if x.together else ''} {_RESULT[x.value]}")
        else:
            text = (f"A side left with at most {x.at_most} of {what}"
                    f"{' (counted together)' if x.together else ''} {_RESULT[x.value]}")
        if x.opponent_at_least:
            text += f" while the opponent has at least {x.opponent_at_least}"
        out.append(text + ".")
        if x.claim:
            out.append("The bared side may first bare the opponent back.")
        if x.pseudo_royal:
            out.append("The last of them is treated as a royal piece.")
    fl = e.flag
    if fl is not None:
        out.append(f"A side that brings {fl.count} of {_piece(v, fl.pieces.white)} to "
                   f"{_sided_region(fl.region)} wins"
                   f"{' (the piece must not be attacked there)' if fl.safe else ''}"
                   f"{'; the opponent gets one more move' if fl.extra_move else ''}.")
    if e.check_count:
        out.append("Giving check a number of times (kept in the position) wins.")
    c = e.connect
    if c is not None:
        if c.n:
            out.append(f"{c.n} of {_pieces(v, c.pieces)} in a line "
                       f"{_RESULT[c.value]} for the side that made it.")
        if c.square:
            out.append(f"A {c.square} by {c.square} block of pieces decides the game.")
        if c.collinear:
            out.append(f"{c.collinear} pieces on one line decide the game.")
        if c.regions is not None:
            out.append("A chain of pieces from one region to the other decides the game.")
    if e.counting != "none":
        out.append(f"The {e.counting} counting rules limit the game's length.")
    if e.material_counting != "none":
        out.append(f"Adjudication by material ({e.material_counting})"
                   f"{', also when the board is full' if e.full_board else ''}.")
    return out


def _draws(v: Variant, r: RuleSet) -> list[str]:
    e = r.ending
    rep = e.repetition
    out = []
    if rep.count:
        who = "White" if rep.value_for_white else "the side to move"
        value = "is a draw" if rep.value == "draw" else f"{_RESULT[rep.value]} for {who}"
        out.append(f"The {rep.count}-fold repetition of a position {value}.")
    if rep.perpetual_check_loses:
        out.append("A repetition forced by continual checks loses for the checking side.")
    if rep.move_repetition_illegal:
        out.append("Moving a piece back and forth is not allowed.")
    if rep.chasing != "none":
        out.append("Xiangqi's chasing rules apply (perpetual chasing loses).")
    if e.move_limit:
        if e.move_limit_resets is not None:
            resetting = list(e.move_limit_resets.white)
        else:           # the pawn-style promoting pieces
            resetting = [x for p in r.promotions for x in p.pieces]
        resets = f" or a move of {_pieces(v, resetting)}" if resetting else ""
        out.append(f"The game is drawn after {e.move_limit} moves of each side without a "
                   f"capture{resets}.")
    if e.insufficient_material:
        out.append("The game is drawn when neither side has enough material to mate.")
    return out or ["There is no rule of draw beyond the ends above."]


def _further(v: Variant, r: RuleSet) -> list[str]:
    out = []
    if r.must_capture:
        out.append("A capture must be made when one is possible.")
    if r.blast is not None:
        out.append("Captures explode: the capturing piece and every piece around the capture "
                   f"square are removed, except {_pieces(v, r.blast.spared)} around it"
                   + (f" and {_pieces(v, r.blast.immune)} anywhere" if r.blast.immune else "")
                   + ".")
    if r.petrify:
        out.append(f"{_pieces(v, r.petrify)} turn into walls when they capture.")
    if r.walls is not None:
        out.append(f"A wall square is placed after each move ({r.walls.rule} rule)"
                   + (f" within {_sided_region(r.walls.region)}" if r.walls.region else "")
                   + ".")
    if r.gating is not None:
        if r.gating.seirawan:
            out.append("A piece in hand may enter on the square a piece leaves on its first "
                       "move (gating).")
        if r.gating.cambodian:
            out.append("Cambodian chess's special first moves are allowed.")
    if r.passing.white or r.passing.black:
        out.append("A side may pass its turn.")
    if r.pass_on_stalemate.white or r.pass_on_stalemate.black:
        out.append("A side with no other move passes.")
    if r.flip != "none":
        out.append(f"Enclosed pieces change sides ({r.flip} rule).")
    if r.lion is not None:
        out.append(f"Chu Shogi's Lion rules apply to {_pieces(v, r.lion.lions)}: after a "
                   "non-Lion captures a Lion, the opponent may not capture a Lion on the next "
                   "move; a Lion may not capture a protected Lion from a distance unless it "
                   f"captured something other than {_pieces(v, r.lion.worthless)} on the way.")
    for key, value in r.extra:
        out.append(f"Further rule {key} = {value}.")
    return out


def rule_sections(v: Variant, rules: RuleSet) -> list[tuple[str, list[str]]]:
    """The rules in words: (heading, sentences) per topic, topics without a rule left out."""
    parts = [("The board", _board(v, rules)), ("Rules of single pieces", _piece_rules(v, rules)),
             ("Promotion", _promotions(v, rules)), ("Drops", _drops(v, rules)),
             ("Castling", _castling(v, rules)), ("Check", _checks(v, rules)),
             ("How the game ends", _ends(v, rules)), ("Draws", _draws(v, rules)),
             ("Further rules", _further(v, rules))]
    return [(h, s) for h, s in parts if s]


# -- every field that is set ----------------------------------------------------------------
def _record(x: Any) -> bool:
    return is_dataclass(x) and not isinstance(x, (Region, Sided, type))


def set_fields(rules: RuleSet) -> list[tuple[str, Any]]:
    """Every field of ``rules`` whose value is not the model's default, as (path, value):
    ``royalty.flying_general``, ``promotions[0].zone``, ``pieces[K].confined``. A part that is
    there where the default has none (``castling``) is listed itself and with its fields."""
    out: list[tuple[str, Any]] = []
    _walk(rules, RuleSet(), "", out)
    return out


def _walk(value: Any, default: Any, path: str, out: list[tuple[str, Any]]) -> None:
    for f in fields(value):
        here = f"{path}{f.name}"
        mine, theirs = getattr(value, f.name), getattr(default, f.name)
        if mine == theirs:
            continue
        if _record(mine):
            if theirs is None:
                out.append((here, "present"))
                theirs = record_default(type(mine))
            _walk(mine, theirs, here + ".", out)
        elif isinstance(mine, tuple) and mine and all(_record(x) for x in mine):
            for i, item in enumerate(mine):
                key = getattr(item, "letter", None) if f.name == "pieces" else None
                entry = f"{here}[{key if key is not None else i}]"
                out.append((entry, "present"))
                given = {"letter": key} if key is not None else {}
                _walk(item, record_default(type(item), **given), entry + ".", out)
        else:
            out.append((here, mine))


def rule_name(path: str) -> str:
    """The user's words for the rule at ``path`` (the longest named part of it), '' if none."""
    plain = "".join(c for c in path.split("[")[0])
    parts = [p.split("[")[0] for p in path.split(".")]
    for n in range(len(parts), 0, -1):
        name = RULE_NAMES.get(".".join(parts[:n]))
        if name:
            return name
    return RULE_NAMES.get(plain, "")


def region_words(r: Region) -> str:
    """A region as the page says it: its name and squares, whole ranks in words."""
    return _region(r)


def shown(value: Any) -> str:
    """A rule's value as short text: yes/no, regions by their text, letters joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Region):
        return _region(value)
    if isinstance(value, Sided):
        w, b = shown(value.white), shown(value.black)
        return w if w == b else f"White: {w}; Black: {b}"
    if isinstance(value, tuple):
        return ", ".join(shown(x) for x in value) or "none"
    if value is None:
        return "none"
    if _record(value):
        return type(value).__name__
    return str(value)
