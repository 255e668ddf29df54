"""How Fairy-Stockfish plays a definition as a custom piece (``src/piece.cpp: from_betza``),
decided once per move group by one rule table, ``fsf_reading``. The editor's warnings
(``fsf_warnings``) and the export (``to_fsf`` and the variants.ini writer) both read it, so what
is warned about is exactly what the export rewrites or leaves out.

For each move group the reading is one of: kept as written (Fairy-Stockfish plays it as we
do), rewritten into a form it plays as we read the original (``fK`` -> ``fW``, the Mao
``mafsW`` -> ``nN``; every rewrite is checked by generating both on probe boards), or not
playable (multi-leg moves, ``j d o q z y t u x e``, ``O U @``, exact ranges, riders other than
W F N, lame leaps other than ``nN nA nD``, hoppers on leapers, capturing initial moves …),
with the reason and its columns. A piece with a group that is not playable has no text for
Fairy-Stockfish: exporting it anyway would make the engine play a different piece.

Written for Fairy-Stockfish 14.0.1 (November 2021), the first release that reads both custom
pieces (``customPieceN``, added April 2021) and custom royal pieces (``king = k:betza``).
Chiral half-plane modifiers on oblique atoms (``hrN``, ``lhN`` …) are read correctly only by
builds from September 2023 on (pyffish 0.0.78): they get a warning naming that.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..vocabulary import BETZA2, XBETZA, Dialect
from ..notation.ast import Atom, Leg, Path, Piece, Spec
from ..notation.errors import CompatWarning, NotationError
from ..errors import DesignerError

FSF = "Fairy-Stockfish"
FSF_MIN_VERSION = "14.0.1"
FSF_HALF_PLANE_BUILD = "September 2023 (pyffish 0.0.78)"
FSF_FILES, FSF_RANKS = 12, 10          # the largest board of its large-board builds
_W_LETTERS = {0: "f", 2: "r", 4: "b", 6: "l"}
_F_LETTERS = {1: "fr", 3: "br", 5: "bl", 7: "fl"}
# Modifiers from_betza skips (they are not in its table): the move is played without them.
FSF_IGNORED = {"j": "skipping/must-jump `j`", "d": "destroying `d`", "o": "cylinder `o`",
               "z": "zig-zag `z`", "q": "circular `q`", "y": "range toggling `y`",
               "t": "tame/test `t`", "u": "unload `u`", "x": "eruption `x`", "e": "e.p. `e`",
               "k": "`k`"}
FSF_RIDERS = ("W", "F", "N", "R", "B", "Q", "K")     # directions its sliders support
FSF_LAME = ("N", "A", "D")                           # lame leapers it knows (horse, elephant)
# The FIDE pawn is Fairy-Stockfish's own pawn (piece.cpp: fmWfceF; the double step and e.p. are
# the variant's doubleStep options), which the export declares as `pawn`.
_PAWNS = ("fmWfceFifmnD", "fmWfceF")
# Multi-leg groups that are one lame leap for Fairy-Stockfish (the Mao mafsW is the Xiangqi
# horse nN); a candidate is used only when it makes the same moves as the group.
_IDIOMS = ("nN", "nA", "nD")
# Fairy-Stockfish's lame zebra nZ is its Janggi elephant, which it describes to XBoard as
# mafsmafW (piece.cpp: janggi_elephant_piece); our own nZ reads otherwise, so the group is
# matched against that description instead.
_FSF_IDIOMS = (("mafsmafW", "nZ"),)


@dataclass(frozen=True, slots=True)
class GroupReading:
    """One move group: ``source`` as written (columns ``start``-``end`` of the definition),
    ``fsf`` what Fairy-Stockfish gets for it ("" = nothing, the group makes no moves; None =
    it cannot be played as written), ``reason`` why it is rewritten or not playable."""

    start: int
    end: int
    source: str
    fsf: str | None
    reason: str = ""
    note: str = ""                 # a caveat that does not change the export (build dates)

    @property
    def changed(self) -> bool:
        return self.fsf != self.source


@dataclass(frozen=True, slots=True)
class FsfReading:
    """Fairy-Stockfish's reading of a whole definition: ``text`` to export (None when some
    group cannot be played) and the reading of every group."""

    text: str | None
    groups: tuple[GroupReading, ...]

    @property
    def unplayable(self) -> tuple[GroupReading, ...]:
        return tuple(g for g in self.groups if g.fsf is None)


def _w(msg: str, start: int, end: int) -> CompatWarning:
    return CompatWarning(msg, start, max(end, start + 1), FSF, None, None)


def _same(a: str, b: str, files: int, ranks: int) -> bool:
    from ..engine.same_moves import same_moves
    return same_moves(a, XBETZA, b, XBETZA, files, ranks)


# -- the rule table: one leg of a single-leg group --------------------------------------------
def _leg(leg: Leg, files: int, ranks: int, castling: bool) -> tuple[str | None, str, str]:
    """(Fairy-Stockfish text or None, reason, caveat) for a single-leg group."""
    atom = leg.step
    if not isinstance(atom, Atom):
        return None, "Fairy-Stockfish has no repeated groups", ""
    # a capture-only e.p. group (a pawn's fceF) is played: the parser puts a custom piece whose
    # text has an `e` among the e.p. types, whose captures that are not quiet moves take e.p.
    # (parser.cpp, movegen.cpp generate_moves)
    ep_capture = sorted(leg.mode_letters) == ["c", "e"]
    for ch in leg.mode_letters + leg.lame + leg.turning + leg.erupt:
        if ch in FSF_IGNORED and not (ch == "e" and ep_capture):
            return None, f"Fairy-Stockfish ignores the {FSF_IGNORED[ch]}: it would play " \
                "this move differently", ""
    from ..notation.atoms import letter_for_step
    if atom.letter in ("U", "@") or (atom.is_coordinate and
                                          not letter_for_step(atom.dx, atom.dy)):
        what = {"U": "the universal leaper `U`", "@": "drops `@` (drops are a variant rule)"}
        return None, f"Fairy-Stockfish has no {what.get(atom.letter, 'coordinate leaps')} " \
            "in piece definitions", ""
    letter = atom.letter or letter_for_step(atom.dx, atom.dy)
    if atom.letter == "O":
        if castling:
            return "", "castling is a rule of the variant for Fairy-Stockfish (its castling " \
                "options), not a move of the piece", ""
        return None, "Fairy-Stockfish has no castling `O` in piece definitions (only the " \
            "variant's castling rule)", ""
    rng = leg.range
    if rng.exact:
        return None, "Fairy-Stockfish has no exact ranges", ""
    if rng.modes or rng.turn:
        return None, "Fairy-Stockfish has no per-step modalities in ranges", ""
    count = rng.count
    if count is not None and count >= 10:
        if count < max(files, ranks) - 1:
            return None, f"Fairy-Stockfish reads one range digit: {count} cannot be written", ""
        count = 0
    rides = count != 1 if count is not None else atom.slider_letter
    hopper = any(m.letter in "pg" for m in leg.modes)
    if hopper and not rides:
        return None, "Fairy-Stockfish reads a hopper on a leaper as a sliding hopper", ""
    if hopper and (count not in (None, 0) or letter not in ("R", "B", "Q")):
        return None, "Fairy-Stockfish's hoppers slide as a Rook, Bishop or Queen only", ""
    if rides and letter not in FSF_RIDERS:
        return None, f"Fairy-Stockfish has no {letter}-riders", ""
    if leg.lame and (leg.lame != "n" or letter not in FSF_LAME or rides):
        return None, f"Fairy-Stockfish reads `{leg.lame}{letter}` differently (its lame " \
            "leapers are nN, nA and nD)", ""
    modes = {m.letter for m in leg.modes}
    if leg.initial and (modes != {"m"} or hopper or leg.initial > 1):
        return None, "Fairy-Stockfish's initial (`i`) moves never capture, hop or repeat", ""
    if any(m.limiter for m in leg.modes):
        return None, "Fairy-Stockfish has no limiters", ""
    dirs = leg.dirs
    caveat = ""
    if dirs and "h" in dirs and (atom.dx, atom.dy) not in ((0, 1), (1, 1)) and not atom.king:
        caveat = (f"chiral `{dirs}` on {letter}: read as written by Fairy-Stockfish builds "
                  f"from {FSF_HALF_PLANE_BUILD} on; older ones read it differently")
    if dirs and set(dirs) <= {"h"}:
        dirs = ""                                # a bare h: every direction, as we read it
    mods = "".join(m.letter for m in leg.modes) + leg.lame
    rtext = "" if count is None else str(count)
    head = "i" * leg.initial
    if atom.king and dirs:
        # Fairy-Stockfish applies f/b/l/r to each of K's atoms (fK = three moves); XBoard and
        # we read the direction of the King step itself (fK = one move): say it in W and F
        from ..geometry import directions as D
        mask = D.king_set(dirs)
        ortho = "".join(_W_LETTERS[k] for k in D.bits(mask & D.ORTHOGONAL))
        ortho = {"fb": "v", "rl": "s", "frbl": ""}.get(ortho, ortho)
        diag = "".join(_F_LETTERS[k] for k in D.bits(mask & D.DIAGONAL))
        slide = atom.letter == "Q" or (count is not None and count != 1)
        w, f = ("R", "B") if atom.letter == "Q" else ("W", "F")
        suffix = rtext if atom.letter == "K" and slide else ""
        parts = []
        if ortho or mask & D.ORTHOGONAL:
            parts.append(head + ortho + mods + w + suffix)
        if diag or mask & D.DIAGONAL:
            parts.append(head + diag + mods + f + suffix)
        return "".join(parts), f"Fairy-Stockfish reads `{dirs}` on {atom.letter} as the " \
            "matching orthogonal and diagonal moves together", caveat
    return head + dirs + mods + letter + rtext, "", caveat


def _group(path: Path, source: str, files: int, ranks: int,
           castling: bool = False) -> tuple[str | None, str, str]:
    """(text, reason, caveat) of one XBetza move group."""
    if len(path.legs) > 1:
        for ours, idiom in _FSF_IDIOMS:
            if _same(source, ours, files, ranks):
                return idiom, "Fairy-Stockfish has no multi-leg moves: written as its lame " \
                    f"zebra `{idiom}` (its Janggi elephant), which makes the same moves", ""
        for idiom in _IDIOMS:
            if _same(source, idiom, files, ranks):
                return idiom, "Fairy-Stockfish has no multi-leg moves: written as the lame " \
                    f"leap `{idiom}`, which makes the same moves", ""
        return None, "Fairy-Stockfish has no multi-leg (`a`) moves", ""
    text, reason, caveat = _leg(path.legs[0], files, ranks, castling)
    if castling and text == "" and reason:
        return "", reason, caveat
    castle = isinstance(path.legs[0].step, Atom) and path.legs[0].step.letter == "O"
    if text is None:
        if not castle and _same(source, "", files, ranks):
            return "", "it makes no moves (Fairy-Stockfish would give it some)", ""
        return None, reason, caveat
    if text != source and not _same(source, text, files, ranks):
        if _same(source, "", files, ranks):
            return "", "it makes no moves (Fairy-Stockfish would give it some)", ""
        return None, reason or "Fairy-Stockfish would play it differently", caveat
    return text, reason if text != source else "", caveat


def _xbetza_groups(text: str, dialect: Dialect) -> list[tuple[tuple[int, int],
                                                          list[tuple[Path, str]] | None]]:
    """For every move group of ``text``: its span and its XBetza groups with their text (a
    Betza 2.0 group is translated on its own and may give several), or None when it has no
    XBetza form."""
    from ..notation.format import format_piece
    from ..notation.parser import parse
    from ..notation.xboard import to_xboard
    out: list[tuple[tuple[int, int], list[tuple[Path, str]] | None]] = []
    piece = parse(text, dialect)
    read_as = piece.dialect     # a Bex definition reads as Betza 2.0
    for path in piece.groups:
        span = (path.span[0], path.span[1])
        if dialect == XBETZA:
            out.append((span, [(path, format_piece(Piece(XBETZA, Spec((path,)))))]))
            continue
        try:
            xb = to_xboard(format_piece(Piece(read_as, Spec((path,)))), read_as)
            subs = [(sub, format_piece(Piece(XBETZA, Spec((sub,)))))
                    for sub in parse(xb, XBETZA).groups]
        except (NotationError, RecursionError, ValueError):
            out.append((span, None))
            continue
        out.append((span, subs))
    return out


def fsf_reading(text: str, dialect: Dialect = XBETZA, files: int = FSF_FILES,
                ranks: int = FSF_RANKS, castling: bool = False) -> FsfReading:
    """Fairy-Stockfish's reading of ``text`` on a board of ``files`` x ``ranks`` (see the
    module docstring). ``castling``: the piece is the royal one, whose ``O`` moves the export
    writes as the variant's castling rule. Raises ``NotationError`` when the text does not
    parse."""
    from ..notation.format import format_piece
    from ..notation.parser import parse
    if dialect == XBETZA and format_piece(parse(text)) in {format_piece(parse(p)) for p in _PAWNS}:
        return FsfReading(text, (GroupReading(0, len(text), text, text),))
    groups: list[GroupReading] = []
    for (start, end), subs in _xbetza_groups(text, dialect):
        if subs is None:
            groups.append(GroupReading(start, end, text[start:end], None, "it has no XBetza "
                                       "form, and Fairy-Stockfish reads XBetza only"))
            continue
        for path, source in subs:
            fsf, reason, caveat = _group(path, source, files, ranks, castling)
            groups.append(GroupReading(start, end, source, fsf, reason, caveat))
    if any(g.fsf is None for g in groups):
        return FsfReading(None, tuple(groups))
    whole = "".join(g.fsf or "" for g in groups)
    original = "".join(g.source for g in groups)
    # what we read the rewrite as: Fairy-Stockfish's own idioms stand for our reading of them
    ours = {idiom: mine for mine, idiom in _FSF_IDIOMS}
    as_read = "".join(ours.get(g.fsf or "", g.fsf or "") for g in groups)
    if whole != original and not _same(original, as_read, files, ranks):
        groups.append(GroupReading(0, len(text), text, None, "the rewritten groups together "
                                   "would not make the same moves"))
        return FsfReading(None, tuple(groups))
    return FsfReading(whole, tuple(groups))


def fsf_warnings(text: str, dialect: Dialect = XBETZA) -> list[CompatWarning]:
    """Where Fairy-Stockfish would play ``text`` differently, positioned on the move group:
    each says whether the export rewrites the group or cannot play it."""
    try:
        reading = fsf_reading(text, dialect)
    except NotationError as e:
        return [_w(f"does not parse: {e.message}", e.start, e.end)]
    except (DesignerError, RecursionError, ValueError):
        return [_w("Fairy-Stockfish: the definition cannot be checked", 0, len(text))]
    out: list[CompatWarning] = []
    if dialect != XBETZA:
        out.append(_w("Fairy-Stockfish reads XBetza only: this definition is exported through "
                      "its XBetza translation", 0, len(text)))
    for g in reading.groups:
        where = text[g.start:g.end] or g.source
        if g.fsf is None:
            out.append(_w(f"Fairy-Stockfish cannot play `{where}`: {g.reason}; the export "
                          "leaves this piece out", g.start, g.end))
        elif g.changed:
            shown = f"`{g.fsf}`" if g.fsf else "nothing"
            out.append(_w(f"`{where}`: {g.reason}; the export writes {shown}", g.start, g.end))
        if g.note:
            out.append(_w(f"`{where}`: {g.note}", g.start, g.end))
    return out


def to_fsf(text: str, dialect: Dialect = XBETZA, files: int = FSF_FILES,
           ranks: int = FSF_RANKS) -> str:
    """``text`` in the form Fairy-Stockfish plays as we read it; ``NotationError`` naming the
    first group it cannot play (its columns, the reason)."""
    reading = fsf_reading(text, dialect, files, ranks)
    if reading.text is None:
        g = reading.unplayable[0]
        raise NotationError(f"Fairy-Stockfish cannot play `{g.source}`: {g.reason}", g.start,
                            max(g.end, g.start + 1))
    return reading.text


__all__ = ["FSF", "FSF_MIN_VERSION", "FsfReading", "GroupReading", "fsf_reading",
           "fsf_warnings", "to_fsf"]
