"""Can this engine play this variant? Decided before the game starts, with the reasons.

Two ways to give an engine our variant:
- **by name**: the variant is one of XBoard's built-in games (``formats.parents``: its board,
  holdings, promotion and pieces are that game's), its rule set is the rules that name brings
  (``formats.xboard_ini.rules_not_carried`` names none: no checks off, no must-capture, no
  other way to end the game) and the engine announced that name. Any engine can play this
  way, Debian's Fairy-Stockfish 11.1 included; the engine's own rules of that game apply
  (Xiangqi's palace, Shogi's drop rules).
- **by section**: Fairy-Stockfish new enough for custom pieces (14.0.1, or a development build
  from November 2021 on: ``formats.fsf_engine``) loads our exported section. The export says
  what it must leave out (``formats.fsf_ini.fsf_problems``: pieces and rules): a piece left
  out, a royal piece it would play as an ordinary one, a rule it has no key for, a board
  beyond its build's size — the engine would play another game, so the verdict says no and
  gives those reasons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..formats.fsf_ini import fsf_problems, section_name
from ..formats.fsf_plan import FSF_MIN_VERSION
from ..formats.parents import choose_parent
from ..variant.model import Variant
from .capability import Capabilities

Route = Literal["name", "section", "none"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """``route``: how the engine gets the variant (``none``: it cannot play it);
    ``engine_variant``: the name it knows the variant by (for ``section``, the export's name
    before the revision suffix); ``reasons``: why not, for the user; ``notes``: what the user
    should know even though it plays (the export's warnings)."""

    route: Route
    engine_variant: str = ""
    reasons: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def playable(self) -> bool:
        return self.route != "none"


def builtin_name(v: Variant) -> str | None:
    """The XBoard name of the built-in game ``v`` is (its board, holdings, promotion and
    pieces are that game's, and its rules are the ones that name brings), or None."""
    choice = choose_parent(v)
    if not choice.engines or _rules_beyond_name(v):
        return None
    return choice.name


def _rules_beyond_name(v: Variant) -> list[str]:
    """The rules of ``v`` that its built-in name does not bring (an engine seated by the name
    would play without them)."""
    from ..formats.xboard_ini import rules_not_carried
    return [p.message for p in rules_not_carried(v, "the built-in game")]


def _section_problems(caps: Capabilities, v: Variant) -> tuple[list[str], list[str]]:
    """Why the engine cannot play ``v``'s section (the decisive reason first: a board too
    large for the engine makes every other reason moot) and what the user should know."""
    board: list[str] = []
    reasons: list[str] = []
    notes: list[str] = []
    for p in fsf_problems(v):
        where = f"{p.piece}: " if p.piece else ""
        if p.field == "files":
            board.append(where + p.message)
        # a royal piece played as an ordinary one is another game: a reason, not a note
        elif p.severity == "error" or p.field == "royal":
            reasons.append(where + p.message)
        else:
            notes.append(where + p.message)
    if (v.files > 8 or v.ranks > 8) and not caps.large_boards:
        board.append(f"{caps.name} is not the large-board build (no LB in its name): it "
                     f"cannot play a {v.files}x{v.ranks} board")
    return board + fold(reasons), fold(notes)


def fold(reasons: list[str]) -> list[str]:
    """``reasons`` with those that say the same of several pieces ("+F: no letter left …",
    "+T: no letter left …") said once for all of them, in the order they first came."""
    groups: dict[str, list[str]] = {}
    order: list[str] = []
    for r in reasons:
        piece, sep, message = r.partition(": ")
        key = message if sep and piece and " " not in piece else r
        if key not in groups:
            groups[key] = []
            order.append(key)
        if key != r:
            groups[key].append(piece)
    out = []
    for key in order:
        pieces = groups[key]
        if len(pieces) > 1:
            out.append(f"{len(pieces)} pieces ({', '.join(pieces)}): {key}")
        elif pieces:
            out.append(f"{pieces[0]}: {key}")
        else:
            out.append(key)
    return out


def refusal(engine: str, variant: str, reasons: tuple[str, ...] | list[str],
            inline: int = 2) -> tuple[str, str]:
    """What the window says when ``engine`` cannot play ``variant``: (the text, which leads
    with the decisive reason and lists up to ``inline`` more; the details, every reason, shown
    folded under the text when more than that were left out, else "")."""
    if not reasons:
        return f"{engine} cannot play {variant}.", ""
    lead, rest = reasons[0], list(reasons[1:])
    text = f"{engine} cannot play {variant}: {lead}."
    if not rest:
        return text, ""
    if len(rest) <= inline:
        return text + "\nAlso:\n• " + "\n• ".join(rest), ""
    more = f"{len(rest)} more reason{'s' if len(rest) > 1 else ''}"
    return (f"{text}\n({more}: Show Details…)",
            "\n".join(f"• {r}" for r in reasons))


def can_play(caps: Capabilities, v: Variant) -> Verdict:
    """Whether and how the engine described by ``caps`` plays ``v``."""
    name = builtin_name(v)
    if name is not None:
        known = caps.known_name(name)
        if known is not None:
            return Verdict("name", known)
    who = caps.name or "the engine"
    if caps.fairy_stockfish and caps.loads_sections and caps.custom_pieces:
        reasons, notes = _section_problems(caps, v)
        if not reasons:
            return Verdict("section", section_name(v), notes=tuple(notes))
        return Verdict("none", reasons=tuple(reasons), notes=tuple(notes))
    reasons = []
    beyond = _rules_beyond_name(v) if choose_parent(v).engines else []
    if name is not None:
        reasons.append(f"{who} does not announce the variant {name}")
    elif beyond:
        reasons += beyond             # its name would bring another game: say which rules
    else:
        reasons.append(f"{v.name} is none of XBoard's built-in games, so an engine can play "
                       "it only from a variant definition")
    if caps.fairy_stockfish and caps.custom_pieces is False:
        reasons.append(f"{who} predates custom pieces (Fairy-Stockfish {FSF_MIN_VERSION} or "
                       "later loads our variant definitions): it plays only the built-in "
                       "variants it knows by name")
    elif caps.fairy_stockfish and caps.custom_pieces is None:
        reasons.append(f"{who}: its version cannot be told, so it is not given a variant "
                       f"definition (that needs Fairy-Stockfish {FSF_MIN_VERSION} or later)")
    elif caps.fairy_stockfish:
        reasons.append(f"{who} takes no variant file (no VariantPath option)")
    else:
        reasons.append(f"only Fairy-Stockfish loads a variant definition; {who} plays the "
                       "variants it announces")
    return Verdict("none", reasons=tuple(reasons))


__all__ = ["Verdict", "Route", "can_play", "builtin_name", "fold", "refusal"]
