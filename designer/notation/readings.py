"""Readings the seeds leave open: where a definition relies on one, say which one we chose.

The notation's sources disagree or fall silent on a few constructs (``N-rW`` after an oblique
step, a circle that comes back to its start, ``(F-lF)r0``, ``nC``, ``e`` on a later leg,
``pafK``, ``cB-dO``, ``d``/``t``/``u`` on a Betza 2.0 last leg, ``s`` on a Betza 2.0 continuation,
castling with a foe in the corner ...). The move generator decides each of them once; docs/design.md
("Readings") gives the sentences on both sides. ``reading_notes`` finds these constructs in a
definition and returns one positioned note per use, so the editor and ``variant-designer
targets``/``describe`` can tell the user which reading the board shows. Notes speak for this
program (``PROGRAM``); how other programs read a string is the job of ``notation.xboard`` and ``formats.fsf_reading``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..geometry.symmetry import atom_kind
from ..vocabulary import BETZA2, XBETZA, Dialect
from .ast import Atom, Leg, Path, Piece, Spec
from .errors import CompatWarning, NotationError
from .parser import parse

PROGRAM = "Variant Designer"

__all__ = ["PROGRAM", "reading_notes", "notes_for"]


def reading_notes(text: str, dialect: Dialect = XBETZA) -> list[CompatWarning]:
    """Notes on the open readings ``text`` relies on (none for text that cannot be read)."""
    try:
        piece = parse(text, dialect)
    except NotationError:
        return []
    return notes_for(piece)


def notes_for(piece: Piece) -> list[CompatWarning]:
    """Notes on a parsed definition, in source order, one per construct and place."""
    out: list[CompatWarning] = []
    seen: set[tuple[str, int, int]] = set()
    for note in _notes(piece):
        key = (note.message, note.start, note.end)
        if key not in seen:
            seen.add(key)
            out.append(note)
    return sorted(out, key=lambda n: (n.start, n.end))


def _note(message: str, span: tuple[int, int]) -> CompatWarning:
    start, end = span
    return CompatWarning(message, start, max(end, start + 1), PROGRAM)


def _notes(piece: Piece) -> Iterator[CompatWarning]:
    for path in _paths(piece.spec):
        if piece.dialect == BETZA2:
            yield from _betza2_path(path)
        else:
            yield from _xbetza_path(path)
        for i, leg in enumerate(path.legs):
            yield from _any_leg(leg, piece.dialect, i == len(path.legs) - 1)


def _paths(spec: Spec) -> Iterator[Path]:
    """Every chain of the definition, those inside groups included."""
    for path in spec.paths:
        yield path
        for leg in path.legs:
            if isinstance(leg.step, Spec):
                yield from _paths(leg.step)


def _kind(leg: Leg) -> str:
    step = leg.step
    if isinstance(step, Atom):
        return atom_kind(step.letter, step.dx, step.dy)
    first = step.paths[0].legs[0] if step.paths and step.paths[0].legs else None
    return _kind(first) if first is not None else ""


def _turns(dirs: str) -> bool:
    return "l" in dirs or "r" in dirs


# -- both dialects ---------------------------------------------------------------------------
def _any_leg(leg: Leg, dialect: Dialect, final: bool) -> Iterator[CompatWarning]:
    step = leg.step
    if leg.turning == "q":
        yield _note("a circular path that comes back to the square it started from stops "
                    "there: the piece meets itself on its own square and cannot end or pass "
                    "there", leg.span)
    if isinstance(step, Atom) and leg.lame and atom_kind(step.letter, step.dx, step.dy) == "N" \
            and max(step.dx, step.dy) >= 3:
        if dialect == XBETZA:
            yield _note(f"`{leg.lame}{step.text()}` tests only the square half-way along the "
                        "leap (as for nN, the Xiangqi horse); the zig-zag paths of King steps "
                        "do not count in XBetza (in Betza 2.0 any shortest path counts)",
                        leg.span)
        else:
            yield _note(f"`{leg.lame}{step.text()}` counts every shortest path of King steps, "
                        "zig-zag paths included (seed 000): it is blocked only when all of them "
                        "are", leg.span)
    if isinstance(step, Atom) and step.letter == "O" and leg.range.count and dialect == XBETZA:
        yield _note("castling takes only the mover's own corner piece that has not moved; a "
                    "foe in the corner blocks it (seed 004: \"the corner piece ... ends up "
                    "next to the King\")", leg.span)


# -- XBetza -------------------------------------------------------------------------------------
def _xbetza_path(path: Path) -> Iterator[CompatWarning]:
    legs = path.legs
    if len(legs) < 2:
        return
    for leg in legs[:-1]:
        if "e" in leg.mode_letters:
            yield _note("`e` on a leg before the last: read as a step to an empty square that "
                        "leaves an e.p. right there, as a lame double step does (the seeds "
                        "define e only for a move's last step)", leg.span)
    last = legs[-1]
    if "e" in last.mode_letters:
        yield _note("`e` on the last leg of a multi-leg move captures e.p. as on a single leg: "
                    "the move must end on the e.p. square, and the piece that passed it is "
                    "removed", last.span)
    first, second = legs[0], legs[1]
    step = second.step
    if len(legs) == 2 and first.mode_letters == "p" and second.dirs == "f" and \
            isinstance(step, Atom) and step.letter in ("K", "W", "F") and \
            first.range.count is None:
        yield _note(f"seed 004 calls paf{step.letter} the same as nAnD, but p on a first leg "
                    "must end on an occupied square and hop it: this move jumps only over a "
                    "piece, the squares nAnD cannot reach when it is blocked (write nAnD for "
                    "the lame leaper)", path.span)


# -- Betza 2.0 ----------------------------------------------------------------------------------
def _betza2_path(path: Path) -> Iterator[CompatWarning]:
    legs = path.legs
    head = legs[0]
    erupts = False
    for i, leg in enumerate(legs):
        erupts = erupts or bool(leg.erupt)
        yield from _betza2_leg(leg, i, i == len(legs) - 1, erupts)
    if len(legs) < 2:
        return
    bends = any(_turns(leg.dirs) for leg in legs[1:])
    if not bends:
        return
    if _kind(head) == "N":
        yield _note("after an oblique first step, l and r are read as if that step went right "
                    "(seed 002: \"lfN-rW would actually mean the mirror image of rfN-rW\"): a "
                    "step left of its nearest straight line turns the other way, so N-rW "
                    "reaches the alfil squares only; read literally it would also reach "
                    "dabbaba squares", path.span)
        return
    yield _note("a bent chain also moves as its mirror image (seed 002: \"when we write them, "
                "we mean both the written one and its mirror image\"): the turns to the left "
                "are made as well; to keep one hand, start with letters as for a knight "
                "(rf, lf, hr, hl)", path.span)
    if head.dirs and _kind(head) == "W":
        yield _note(f"on a bent chain, the first leg's letters `{head.dirs}` choose among its "
                    "paths as they choose knight moves (seed 002's fscW-rmW: fs starts "
                    "sideways and bends forward)", head.dirs_span)


def _betza2_leg(leg: Leg, index: int, final: bool, erupts: bool) -> Iterator[CompatWarning]:
    modes = leg.mode_letters
    step = leg.step
    if index > 0 and any(ch in leg.dirs for ch in "svh"):
        yield _note("seed 002 calls s, v and h illegal on a continuation leg (a chain must "
                    "not fork); read as both sides, so the chain forks here", leg.dirs_span)
    rng = leg.range
    if rng.turn and _turns(rng.turn):
        if isinstance(step, Spec):
            yield _note("each repetition turns as written from the last step, as seed 002 "
                        "expands (F-lF)r0 = F-lF-rF-lF-..., and the chain moves as its mirror "
                        "image too: the Crooked Bishop, zig-zagging either way", leg.span)
        else:
            yield _note("the path turns as written at every step and moves as its mirror image "
                        "too, as seed 002's Rose does (\"Nfr8 ... But that is the Rose!\"), "
                        "which circles either way", leg.span)
            if rng.count == 0 or (rng.count or 0) >= 4:
                yield _note("a circular path that comes back to the square it started from "
                            "stops there: the piece meets itself on its own square and cannot "
                            "end or pass there", leg.span)
    inter = {m.letter for m in rng.modes}
    if inter and "m" not in inter and isinstance(step, Atom) and not step.slider_letter:
        yield _note(f"every stop before the last must be {' or '.join(sorted(inter))} as the "
                    "exponent says (seed 002: Arc03 = cA-rcA-rA): an empty square stops the "
                    "move", rng.span)
    if isinstance(step, Spec) and (leg.lame or leg.turning or leg.erupt or leg.equal):
        yield _note("n, j, q, z, x and e written on a group apply to its first step",
                    leg.span)
    if isinstance(step, Atom) and step.letter == "O" and "d" in modes and not erupts:
        yield _note("dO destroys the moving piece itself where it stands (seed 002 "
                    "\"Suicide\": \"A kamikaze capture on a Bishop move would be cB-dO\")",
                    leg.span)
    if not final:
        return
    if "d" in modes and not erupts and not (isinstance(step, Atom) and step.letter == "O"):
        yield _note("d on the last leg captures a friend on the destination, as XBetza's d "
                    "does (seed 000 lists d with the modalities of legs that go on)", leg.span)
    if "t" in modes and "p" not in modes and "g" not in modes:
        yield _note("t on the last leg tests nothing: the move may end there or capture as "
                    "usual (t tests for a friend on squares a move goes on from, seed 000)",
                    leg.span)
    if "u" in modes and not erupts:
        yield _note("u on the last leg puts a carried piece down only for the fragments of an "
                    "eruption; the piece itself cannot end on the square it unloads on, so "
                    "this leg makes no move", leg.span)
