"""How each piece of a variant is declared for Fairy-Stockfish, and what it cannot play.

One plan serves the export (``fsf_ini.write``) and the problems shown before it
(``fsf_ini.fsf_problems``): every piece's moves go through ``fsf_reading``, the one rule table
of ``formats/fsf_reading``. A piece Fairy-Stockfish would play differently and that cannot be
rewritten into a form it plays as we read it is left out of the export (board, table,
promotion), with an error naming each move group and why; never exported as another piece.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..notation import NotationError, format_piece, parse
from ..errors import DesignerError
from .fsf_reading import FSF_MIN_VERSION, fsf_reading
from ..variant.model import ModelProblem, PieceType, Variant
from ..variant.piece_letters import fsf_letters
from ..vocabulary import ERROR, WARNING, XBETZA, Dialect

FSF_MAX_FILES = 12
FSF_MAX_RANKS = 10
FSF_MAX_CUSTOM = 25
PAWN_FULL = "fmWfceFifmnD"


@lru_cache(maxsize=1)
def pieces_data() -> dict[str, tuple[str, str]]:
    """Fairy-Stockfish's predefined piece types: key -> (English name, moves in XBetza)."""
    data = json.loads(resources.files("designer.data").joinpath("fsf_pieces.json")
                      .read_text("utf-8"))
    return {k: (str(v[0]), str(v[1])) for k, v in data.items() if not k.startswith("_")}


def canon(text: str, dialect: Dialect = XBETZA) -> str | None:
    try:
        return format_piece(parse(text, dialect))
    except (NotationError, RecursionError, ValueError):
        return None


@lru_cache(maxsize=1)
def _predefined() -> dict[str, str]:
    """Canonical notation -> predefined type, for the types Fairy-Stockfish plays exactly as
    written (pawn, king, soldier and commoner carry rules of their own and are handled apart;
    the Janggi cannon may not hop over or take another cannon, which no notation says)."""
    out: dict[str, str] = {}
    for name, (_, notation) in pieces_data().items():
        if name in ("pawn", "king", "soldier", "commoner", "janggiCannon"):
            continue
        c = canon(notation)
        if c and c not in out:
            out[c] = name
    return out


def soldier_rank(v: Variant, letter: str) -> int | None:
    """The rank (1-based) from which ``letter`` moves ``fsW`` instead of ``fW``, when its rules
    say exactly that (Fairy-Stockfish's soldier with ``soldierPromotionRank``)."""
    from ..variant.derive import rules_for
    from ..rules.regions import RegionError
    rules = rules_for(v).piece_rules(letter)
    piece = v.piece(letter)
    if rules is None or piece is None or len(rules.moves_in) != 1:
        return None
    moves = rules.moves_in[0]
    if canon(piece.notation, piece.dialect) != canon("fW") or canon(moves.notation) != canon("fsW"):
        return None
    try:
        white = moves.region.white.squares(v.files, v.ranks)
        black = moves.region.black.squares(v.files, v.ranks)
    except RegionError:
        return None
    for rank in range(2, v.ranks + 1):
        if white == {(f, r) for f in range(v.files) for r in range(rank - 1, v.ranks)} and \
                black == {(f, r) for f in range(v.files) for r in range(0, v.ranks - rank + 1)}:
            return rank
    return None


_PALACE_TYPES = {"F": "wazir", "fF": "soldier", "B": "rook", "pB": "janggiCannon"}


def _palace(v: Variant, letter: str) -> str:
    """The moves a piece gains along the palace diagonals ('' when none or no lines)."""
    from ..variant.derive import rules_for
    rules = rules_for(v)
    piece = rules.piece_rules(letter)
    return piece.palace if piece is not None and rules.diagonal_lines is not None else ""


_PALACE_LOST = ("Fairy-Stockfish gives palace moves to its own wazir, soldier, rook and Janggi "
                "cannon only: exported without them")


_KING_PALACE_LOST = ("Fairy-Stockfish gives palace moves to a king only in its built-in Janggi "
                     "(kingType), which no key of a section sets: exported without them")


def _palace_lost(v: Variant, p: PieceType, kept: str, plan: "Plan") -> None:
    """A piece declared as one of the engine's own types (its pawn, its soldier) whose
    palace moves that type does not make (the soldier's are ``fF``): said, not written."""
    palace = _palace(v, p.letter)
    if palace and palace != kept:
        plan.problems.append(ModelProblem(p.letter, "palace", _PALACE_LOST, severity=WARNING))


def _blasted_pawn(v: Variant, letter: str) -> bool:
    """Whether explosions take a pawn-moving piece that the engine's own pawn would survive
    (its atomic blasts spare the pawn type, position.cpp do_move): it stays a custom piece."""
    from ..variant.derive import rules_for
    blast = rules_for(v).blast
    return blast is not None and letter not in blast.spared


def _janggi_cannon(v: Variant, letter: str) -> bool:
    from ..variant.derive import rules_for
    rules = rules_for(v).piece_rules(letter)
    return rules is not None and rules.janggi_cannon


@dataclass
class Plan:
    """``decl``: our letter -> (key, value) of its line; ``letters``: our letter -> the one
    lower-case letter Fairy-Stockfish gets; ``left_out``: letters not exported; ``problems``."""

    decl: dict[str, tuple[str, str]] = field(default_factory=dict)
    letters: dict[str, str] = field(default_factory=dict)
    left_out: set[str] = field(default_factory=set)
    problems: list[ModelProblem] = field(default_factory=list)
    soldier: str = ""             # our letter exported as the soldier (fW, then fsW)


def _reading(p: PieceType, v: Variant, plan: Plan, king: bool) -> str | None:
    """The piece's text for Fairy-Stockfish, recording the problems; None when left out."""
    try:
        reading = fsf_reading(p.notation, p.dialect, min(v.files, FSF_MAX_FILES),
                              min(v.ranks, FSF_MAX_RANKS), castling=king)
    except (NotationError, DesignerError, RecursionError, ValueError) as e:
        plan.problems.append(ModelProblem(p.letter, "notation", f"cannot be checked for "
                                          f"Fairy-Stockfish ({e}); left out of the export"))
        return None
    for g in reading.groups:
        where = p.notation[g.start:g.end] or g.source
        if g.fsf is None:
            plan.problems.append(ModelProblem(
                p.letter, "notation", f"Fairy-Stockfish cannot play `{where}`: {g.reason}; "
                f"{p.name or p.letter} is left out of the export", g.start, g.end))
        elif g.changed:
            shown = f"`{g.fsf}`" if g.fsf else "nothing"
            plan.problems.append(ModelProblem(p.letter, "notation", f"`{where}`: {g.reason}; "
                                              f"the export writes {shown}", g.start, g.end,
                                              severity=WARNING))
        if g.note:
            plan.problems.append(ModelProblem(p.letter, "notation", f"`{where}`: {g.note}",
                                              g.start, g.end, severity=WARNING))
    return reading.text


def make_plan(v: Variant) -> Plan:
    """How every piece is declared, which are left out, and the problems (positioned)."""
    plan = Plan(letters=fsf_letters([p.letter for p in v.pieces]))
    royals = [p for p in v.pieces if p.royal]
    king = next((p for p in royals if p.letter == "K"), royals[0] if royals else None)
    pawn_done = False
    custom = 0
    taken: set[str] = set()
    # fmWfcF too: without double steps of its pawn the engine makes no e.p. square, so its
    # pawn's e.p. capture never happens (position.cpp do_move)
    pawn_canons = (canon(PAWN_FULL), canon("fmWfceF"), canon("fmWfcF"))
    for p in v.pieces:
        fl = plan.letters.get(p.letter)
        if fl is None:
            plan.problems.append(ModelProblem(p.letter, "letter", "no letter left: "
                                              "Fairy-Stockfish has one letter a-z per piece "
                                              "type; left out of the export"))
            plan.left_out.add(p.letter)
            continue
        c = canon(p.notation, p.dialect)
        if not plan.soldier and not p.royal and soldier_rank(v, p.letter) is not None:
            plan.decl[p.letter] = ("soldier", fl)        # its sideways steps are a rank rule
            plan.soldier = p.letter
            _palace_lost(v, p, "fF", plan)
            continue
        if p is not king and not pawn_done and c in pawn_canons and not p.royal and \
                not _blasted_pawn(v, p.letter):
            plan.decl[p.letter] = ("pawn", fl)          # its e.p. and double step are options
            pawn_done = True
            _palace_lost(v, p, "", plan)
            continue
        text = _reading(p, v, plan, p is king)
        if text is None:
            plan.left_out.add(p.letter)
            continue
        if p is king:
            plan.decl[p.letter] = ("king", fl if canon(text) == canon("K") else f"{fl}:{text}")
            if _palace(v, p.letter):
                plan.problems.append(ModelProblem(p.letter, "palace", _KING_PALACE_LOST,
                                                  severity=WARNING))
            continue
        if p.royal:
            plan.problems.append(ModelProblem(p.letter, "royal", "Fairy-Stockfish has one "
                                              "royal piece type: exported as an ordinary piece",
                                              severity=WARNING))
        name = _predefined().get(canon(text) or "")
        palace = _palace(v, p.letter)
        if palace:
            # only the engine's own wazir, soldier, rook and cannon move along the palace lines
            name = _PALACE_TYPES[palace]
            if canon(text) != canon(pieces_data()[name][1]) or name in taken or p.royal:
                plan.problems.append(ModelProblem(p.letter, "palace", _PALACE_LOST,
                                                  severity=WARNING))
                name = _predefined().get(canon(text) or "")
        if _janggi_cannon(v, p.letter):
            # the engine's cannon that neither hops over nor takes cannons; no notation says it
            name = "janggiCannon" if canon(text) == canon(pieces_data()["janggiCannon"][1]) \
                else None
            if name is None or name in taken:
                plan.problems.append(ModelProblem(p.letter, "janggi_cannon", "Fairy-Stockfish's "
                                                  "Janggi cannon moves pR only, one type of it: "
                                                  "exported as an ordinary piece",
                                                  severity=WARNING))
                name = None
        if name and name not in taken and not p.royal:
            taken.add(name)
            plan.decl[p.letter] = (name, fl)
            continue
        custom += 1
        if custom > FSF_MAX_CUSTOM:
            plan.problems.append(ModelProblem(p.letter, "pieces", f"more than {FSF_MAX_CUSTOM} "
                                              "custom pieces: Fairy-Stockfish has no slot for "
                                              "this one; left out of the export"))
            plan.left_out.add(p.letter)
            continue
        plan.decl[p.letter] = (f"customPiece{custom}", f"{fl}:{text}")
    if king is not None and king.letter in plan.left_out:
        plan.problems.append(ModelProblem(king.letter, "royal", "the royal piece is left out: "
                                          "Fairy-Stockfish would play a game without it"))
    return plan


def plan_problems(v: Variant) -> list[ModelProblem]:
    """The board and the pieces Fairy-Stockfish cannot play, per piece and move group (errors
    first): the part of ``fsf_ini.fsf_problems`` (which adds the rules) that the plan knows."""
    out: list[ModelProblem] = []
    if v.files > FSF_MAX_FILES or v.ranks > FSF_MAX_RANKS:
        out.append(ModelProblem("", "files", f"board {v.files}x{v.ranks}: Fairy-Stockfish "
                                f"(large-board build) plays at most {FSF_MAX_FILES}x"
                                f"{FSF_MAX_RANKS} and drops the variant"))
    out += make_plan(v).problems
    out.sort(key=lambda p: p.severity != ERROR)
    return out


__all__ = ["Plan", "make_plan", "soldier_rank", "plan_problems", "pieces_data", "canon", "FSF_MAX_FILES",
           "FSF_MAX_RANKS", "FSF_MAX_CUSTOM", "PAWN_FULL", "FSF_MIN_VERSION"]
