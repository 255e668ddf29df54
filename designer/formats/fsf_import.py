"""A Fairy-Stockfish section as a variant of ours: board, pieces in our notation, start
position and rules (``fsf_rules``), from the configuration ``fsf_config`` settles.

``import_section`` answers with the variant, the configuration it came from and every notice:
what Fairy-Stockfish itself would read otherwise than written (``fsf_config``) and each rule
our model cannot carry (``fsf_rules.Lost``), with its line. Notices that Fairy-Stockfish would
refuse the section for are raised as ``FormatError``; the rest are warnings the caller shows
(``check``, the window's notice), never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..notation import NotationError, parse
from ..variant.fen import FenError, base_letter, parse_fen, write_fen
from ..rules.model import RuleSet
from ..variant.model import MAX_PIECE_TYPES, PieceType, Variant
from .errors import FormatError
from .fsf_config import BUILTINS_FILE, FsfConfig, FsfNotice, configure
from .fsf_plan import PAWN_FULL, pieces_data
from .fsf_rules import Lost, rule_set_of
from .fsf_sections import parse_sections
from .ptc import parse_table
from ..variant.derive import projected, zone_depth

__all__ = ["Imported", "import_section", "variant_of", "from_fsf_betza", "ep_squares_made"]


@dataclass(frozen=True)
class Imported:
    """A section read: our ``variant``, the engine's ``config`` and the ``notices``."""

    variant: Variant
    config: FsfConfig
    notices: tuple[FsfNotice, ...]


def from_fsf_betza(text: str) -> str:
    """Fairy-Stockfish's Betza in our dialect: its ``L`` and ``J`` are our ``C`` (3,1) and
    ``Z`` (3,2); its lame ``nZ`` is the Janggi elephant, our ``mafsmafW``
    (``piece.cpp: janggi_elephant_piece``). Its lame camel and longer lame leapers make no
    move at all (``bitboard.cpp``: lame leapers move only through its tables for ``nD``,
    ``nN``, ``nA`` and ``nZ``), so they are left out."""
    groups = re.findall(r"[a-z]*[A-Z][0-9]*|[^A-Z]+$", text)
    if "".join(groups) != text:
        return text.replace("L", "C").replace("J", "Z")
    return "".join("mafsmafW" if g == "nZ" else "" if _lame_nowhere(g) else
                   g.replace("L", "C").replace("J", "Z") for g in groups)


def _lame_nowhere(group: str) -> bool:
    """A lame leaper the engine has no table for (``nC``, ``nL``, ``nH``, ``nG``)."""
    return bool(re.fullmatch(r"[a-z]*n[a-z]*[CLHG]", group))


def _letters(config: FsfConfig, fen_letters: set[str]) -> dict[str, str]:
    """Piece key -> our letter: the engine's, except a type used only as the Shogi-style
    promoted form of one other type, which becomes that type's ``+X``."""
    letters = {p.key: p.letter for p in config.pieces}
    forms = config.value("promotedPieceType")
    assert isinstance(forms, tuple)
    targets = [t for _, t in forms if t is not None and t in letters]
    chosen = set()
    for side in ("white", "black"):
        keys = config.value(f"promotionPieceTypes.{side}")
        chosen |= set(keys) if isinstance(keys, frozenset) else set()
    for src, dst in forms:
        if dst is None or src not in letters or dst not in letters or src == dst:
            continue
        if letters[dst] not in fen_letters and targets.count(dst) == 1 and \
                not letters[dst].startswith("+") and dst != "king" and dst not in chosen:
            letters[dst] = "+" + letters[src]
    return letters


def _own_forms(config: FsfConfig, letters: dict[str, str]) -> dict[str, str]:
    """Piece key -> the key of its promoted form, for the forms that stay a type of their own
    elsewhere (in the start position, a pawn's promotion choice, the form of several types:
    Shogi's Gold). The engine's promoted piece has the form's type but remembers the type it
    was (``position.cpp``: ``put_piece`` with the unpromoted piece, ``unpromoted_piece_on``):
    its FEN writes ``+N``, and captured it goes to hand as an ``N``. Each such piece becomes
    a ``+N`` type of ours moving as the form does, where the type it was matters: captures
    go to hand, or a piece demotes. Elsewhere the piece stays of the form's type, which the
    engine's rules count it as (extinction, flags: its [backrank]). A royal form
    (Fairy-Stockfish's king type) stays the form itself: its royalty is the type's."""
    forms = config.value("promotedPieceType")
    assert isinstance(forms, tuple)
    out: dict[str, str] = {}
    to_hand = config.value("pieceDrops") and config.value("capturesToHand")
    if not to_hand and not config.value("pieceDemotion"):
        return out
    for src, dst in forms:
        if dst is None or src not in letters or dst not in letters or src == dst or \
                dst == "king" or letters[dst].startswith("+") or \
                letters[src].startswith("+") or "+" + letters[src] in letters.values():
            continue
        out[src] = dst
    return out


def _with_own_forms(rules: RuleSet, own: dict[str, str], letters: dict[str, str]) -> RuleSet:
    """The rules with each form of ``own`` as the new ``+X`` type: the promoted form named,
    and the regions that confine the form's type confining it too (``mobilityRegion`` is per
    type, and the engine's promoted piece has the form's type)."""
    pairs = {letters[src]: "+" + letters[src] for src in own}
    f = rules.promoted_forms
    if f is None or not pairs:
        return rules
    forms = tuple(sorted((a, pairs.get(a, b)) for a, b in f.forms))
    extra = []
    for src, dst in own.items():
        confined = rules.piece_rules(letters[dst])
        if confined is not None:
            extra.append(replace(confined, letter="+" + letters[src]))
    return replace(rules, promoted_forms=replace(f, forms=forms),
                   pieces=rules.pieces + tuple(extra))


def _notation(config: FsfConfig, key: str, betza: str | None) -> tuple[str, str]:
    """(name, our notation) of a piece key."""
    known = pieces_data()
    m = re.fullmatch(r"customPiece([0-9]+)", key)
    if m:
        return f"Custom Piece {m[1]}", from_fsf_betza(betza or "")
    if key == "king":
        kind = config.value("kingType")
        if kind == "custom":
            return "King", from_fsf_betza(betza or "")
        if kind != "king":
            return "King", known[str(kind)][1]
        return "King", "K"
    name, notation = known[key]
    if key == "pawn" and _steps(config, "doubleStepRegion") and config.value("doubleStep"):
        notation = PAWN_FULL
    if key == "soldier" and config.value("soldierPromotionRank"):
        notation = "fW"              # fsW from soldierPromotionRank on: a rule (fsf_rules)
    return name, notation


def _without_ep(config: FsfConfig, key: str, notation: str) -> str:
    """The engine lets a piece other than its pawn capture en passant only when its type is
    in enPassantTypes (``movegen.cpp``; its pawns always may), and only its pawn's double and
    triple steps leave an e.p. square (``position.cpp: do_move``): a piece out of the set for
    both sides, or any piece where no pawn steps twice, loses its ``e`` (fsf_rules names the
    other cases)."""
    if "e" not in notation:
        return notation
    if not ep_squares_made(config):
        return notation.replace("e", "")
    ep = [config.value(f"enPassantTypes.{s}") for s in ("white", "black")]
    if key != "pawn" and all(isinstance(x, frozenset) and key not in x for x in ep):
        return notation.replace("e", "")
    return notation


def ep_squares_made(config: FsfConfig) -> bool:
    """Whether any move leaves an e.p. square: the engine's pawn's double or triple steps,
    or a custom piece's initial (``i``) moves, which it makes in the double-step region and
    which leave the squares they pass (``position.cpp: do_move``, "Set en passant square(s)
    if the moved piece can be captured"; ``moves_from``)."""
    if any(p.key.startswith("customPiece") and p.betza and "i" in p.betza
           for p in config.pieces) and _steps(config, "doubleStepRegion"):
        return True
    if config.piece("pawn") is None:
        return False
    double = bool(config.value("doubleStep")) and _steps(config, "doubleStepRegion")
    return double or _steps(config, "tripleStepRegion")


def _steps(config: FsfConfig, name: str) -> bool:
    """Whether a region of both sides has a square on the board."""
    files, ranks = config.files, config.ranks
    for side in ("white", "black"):
        squares = config.value(f"{name}.{side}")
        assert isinstance(squares, frozenset)
        if any(f < files and r < ranks for f, r in squares):
            return True
    return False


def variant_of(config: FsfConfig, file: str = "",
               line: int = 0) -> tuple[Variant, list[FsfNotice]]:
    """Our variant of a configuration, and the rules it could not carry; ``line`` is the
    section's header (where a value the section inherits is reported)."""
    files, ranks = config.files, config.ranks
    if len(config.pieces) > MAX_PIECE_TYPES:
        raise FormatError(f"more than {MAX_PIECE_TYPES} piece types", file, line)
    fen = str(config.value("startFen"))
    origin = config.origin("startFen")
    try:
        setup = parse_fen(fen, files, ranks)
    except FenError as e:
        where = "startFen" if origin else f"the start position it inherits ({fen[:40]})"
        raise FormatError(f"{where}: {e.message}", origin.file if origin else file,
                          origin.line if origin else line) from None
    used = {base_letter(t) for t in list(setup.board.values()) + list(setup.hand or ())}
    letters = _letters(config, used)
    rules, lost = rule_set_of(config, letters)
    c = rules.castling
    if c is not None and max(c.king_file, c.kingside_to, c.queenside_to) >= files:
        # castling off the board: the engine never castles here (no right can point at it)
        if setup.castling not in ("", "-") or c.dropped_pieces:
            lost.append(Lost("castlingKingsideFile", f"castling to a file beyond this "
                             f"{files}-file board", config.origin("castlingKingsideFile")))
        rules = replace(rules, castling=None)
    pieces: list[PieceType] = []
    for p in config.pieces:
        name, notation = _notation(config, p.key, p.betza)
        notation = _without_ep(config, p.key, notation)
        try:
            parse(notation)
        except (NotationError, RecursionError, ValueError) as e:
            raise FormatError(f"{p.key}: {e}", p.origin.file, p.origin.line) from None
        pieces.append(PieceType(letters[p.key], name, notation, royal=p.key == "king"))
    own = _own_forms(config, letters)
    by_letter = {p.letter: p for p in pieces}
    for src, dst in own.items():
        form = by_letter[letters[dst]]
        pieces.append(PieceType("+" + letters[src], f"Promoted {by_letter[letters[src]].name}",
                                form.notation))
    rules = _with_own_forms(rules, own, letters)
    pieces = _with_slots(pieces, str(config.value("pieceToCharTable")))
    drops = rules.drops is not None
    if drops and setup.hand is None:
        setup = replace(setup, hand=())
    if rules.castling is None:
        setup = replace(setup, castling="-")
    pocket = config.value("pocketSize")
    assert isinstance(pocket, int)
    holdings = (pocket or min(ranks, len([p for p in pieces if not p.royal and
                                          not p.letter.startswith("+")]))) if drops else 0
    forms = rules.promoted_forms is not None and any(b.startswith("+") for _, b in
                                                     rules.promoted_forms.forms)
    zones = [zone_depth(z, files, ranks) or 0 for z in
             [p.zone for p in rules.promotions] +
             ([rules.promoted_forms.zone] if rules.promoted_forms is not None else [])]
    v = Variant(name=config.name, files=files, ranks=ranks, pieces=tuple(pieces),
                setup=write_fen(setup), holdings=holdings, promotion_zone=max(zones, default=0),
                parent="shogi" if forms else "crazyhouse" if drops else "fairy", rule_set=rules)
    # the rule set is the record: the pieces' promotion fields and the drops are its XBoard
    # view, computed from it as for every variant (not copied here)
    v = projected(v)
    notices = [_notice(x, file, line) for x in lost]
    return v, notices


def _notice(x: Lost, file: str, line: int) -> FsfNotice:
    """A lost rule where the user sees it: its own line, or the section's header when the
    rule comes with a built-in parent (named, with the line of our description of it)."""
    message = f"the rules model cannot carry it: {x.message}"
    if x.origin is None or x.origin.file == BUILTINS_FILE:
        if x.origin is not None:
            message += f" (it comes with the built-in variant {x.origin.section}: " \
                f"{BUILTINS_FILE}:{x.origin.line})"
        return FsfNotice(message, file, line, x.key)
    return FsfNotice(message, x.origin.file, x.origin.line, x.key)


def _with_slots(pieces: list[PieceType], table: str) -> list[PieceType]:
    """Each piece keeps its slot of the section's XBoard table (its image in XBoard)."""
    if table in ("", "-"):
        return pieces
    try:
        slots = {letter: slot for slot, letter in parse_table(table).items()}
    except FormatError:
        return pieces
    return [replace(p, slot=slots[p.letter]) if p.letter in slots else p for p in pieces]


def import_section(text: str, name: str | None = None, file: str = "") -> Imported:
    """Section ``name`` (default: the last) of a variants.ini text, read as the engine reads
    it; FormatError where the engine would refuse it."""
    sections = parse_sections(text, file)
    if not sections:
        raise FormatError("no [section] found: not a variants.ini file", file, 1)
    index = len(sections) - 1 if name is None else \
        next((i for i, s in enumerate(sections) if s.name == name), -1)
    if index < 0:
        raise FormatError(f"no section [{name}] (sections: "
                          f"{', '.join(s.name for s in sections[:20])})", file, 0)
    config = configure(sections, index, file)
    fatal = next((n for n in config.notices if n.severity == "error"), None)
    if fatal is not None:
        raise FormatError(f"{fatal.key}: {fatal.message}", fatal.file, fatal.line)
    variant, lost = variant_of(config, file, sections[index].line)
    return Imported(variant, config, config.notices + tuple(lost))
