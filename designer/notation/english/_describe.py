"""English descriptions of parsed pieces: one clause per move group, known pieces named.

``describe(parse("mRcpR"))`` -> "Moves like a rook without capturing; captures like a rook by
jumping exactly one piece on the way (Xiangqi Cannon)." The editor shows what each part does with
``describe_group`` / ``describe_leg`` / ``components`` (``(span, text)`` pairs). Meanings follow
seed 004 (XBetza: ``a`` legs, W/F conversion, g/y range toggling, drops, castling) and seed 000
(Betza 2.0: ``-`` chains, continuation straight on by default, d t o u x xx e).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...geometry import directions as D
from ...geometry.symmetry import xbetza_continuation_mask
from ...vocabulary import Dialect
from ..ast import BETZA2, XBETZA, Atom, Leg, Path, Piece, Spec
from ..atoms import ROTATE, UPGRADE
from . import _wording as W
from .pieces import ClassicPiece, lookup, lookup_paths

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Step:
    """The atom a leg moves by, after XBetza's conversions (W<->F, slider<->leaper)."""

    letter: str
    dx: int
    dy: int
    count: int | None
    exact: bool

    @property
    def kind(self) -> str:
        return W.kind_of(self.letter, self.dx, self.dy)


def describe(piece: Piece) -> str:
    """English for the whole piece: one clause per move group, the piece named when known."""
    if not piece.spec.paths:
        return "Has no moves."
    clauses = [text for _, text in groups(piece)]
    text = "; ".join(clauses)
    text = text[0].upper() + text[1:]
    whole = lookup(piece) if len(piece.spec.paths) > 1 else None
    if whole is not None:
        text += f" ({_label(whole)})"
    return text + "."


def groups(piece: Piece) -> list[tuple[Span, str]]:
    """(span, clause) for every move group of ``piece``."""
    return [describe_group(piece, i) for i in range(len(piece.spec.paths))]


def describe_group(piece: Piece, index: int) -> tuple[Span, str]:
    """(span, clause) for move group ``index``; a group that is a known piece is named."""
    path = piece.spec.paths[index]
    text = _path_text(path, piece.dialect)
    known = lookup_paths((path,), piece.dialect)
    alone = len(piece.spec.paths) == 1
    if known is not None and (alone or _distinctive(path)) and \
            (alone or lookup(piece) is None):
        text += f" ({_label(known)})"
    return path.span, text


def describe_leg(piece: Piece, index: int, leg_index: int) -> tuple[Span, str]:
    """(span, text) for one leg of move group ``index``."""
    path = piece.spec.paths[index]
    parts = _legs(path, piece.dialect)
    return path.legs[leg_index].span, parts[leg_index]


def components(piece: Piece) -> list[tuple[Span, str]]:
    """(span, text) for the groups, legs and prefix letters, in text order, for tooltips."""
    out: list[tuple[Span, str]] = []
    for i, path in enumerate(piece.spec.paths):
        out.append(describe_group(piece, i))
        if len(path.legs) > 1:
            out.extend(describe_leg(piece, i, k) for k in range(len(path.legs)))
        for leg in path.legs:
            for mod in leg.modes:
                out.append((mod.span, f"`{mod.letter}`: {_MODE_NOTE.get(mod.letter, 'modality')}"))
            if leg.dirs:
                out.append((leg.dirs_span, f"`{leg.dirs}`: direction letters"))
            if isinstance(leg.step, Atom):
                out.append((leg.step.span, f"`{leg.step.text()}`: {W.atom_title(leg.step)}"))
    return sorted(out, key=lambda item: (item[0][0], -item[0][1]))


_MODE_NOTE = {"m": "move without capturing", "c": "capture", "d": "destroy a friendly piece",
              "e": "en passant (XBetza) / equal length (Betza 2.0)", "t": "tame / test friend",
              "p": "hop over a piece", "g": "grasshopper hop (range toggles)",
              "o": "cylinder board / off board", "y": "range toggles on an empty square",
              "u": "unload a carried piece"}


def _label(entry: ClassicPiece) -> str:
    if entry.origin in ("fairy chess", "") or entry.name.startswith(entry.origin.split()[0]):
        return entry.name
    return f"{entry.origin} {entry.name}"


def _distinctive(path: Path) -> bool:
    """Name a group inside a larger piece only when the name tells more than the words: chains,
    hoppers, lame leapers, riders (``nN``, ``gQ``, ``N0``), not plain steps like ``fW``."""
    leg = path.legs[0]
    if len(path.legs) > 1 or not isinstance(leg.step, Atom):
        return True
    rider = leg.range.count == 0 and not leg.step.slider_letter
    return bool(leg.lame or set(leg.mode_letters) & set("pg") or rider)


# -- single-leg groups -------------------------------------------------------------------------
def _path_text(path: Path, dialect: Dialect) -> str:
    legs = path.legs
    first = legs[0]
    prefix = "only as the piece's first move, " * bool(first.initial)
    if len(legs) == 1:
        return prefix + _single(first, dialect)
    parts = _legs(path, dialect)
    text = parts[0] if parts[0].startswith(("stays on its square", "explodes")) else \
        "in one move it goes " + parts[0]
    for part in parts[1:]:
        text += ", then " + part
    return prefix + text


def _single(leg: Leg, dialect: Dialect) -> str:
    step = leg.step
    if isinstance(step, Spec):
        if leg.erupt:
            # x/xx written on a group apply to its first step (the generator does so, and says
            # it in its warning): the words follow the moves
            return _single(_erupt_first(leg), dialect)
        return _group_step(leg, dialect, final=True)
    letter = step.letter
    if leg.erupt and letter not in "@OU":
        return _eruption(leg, step)
    modes = leg.mode_letters
    if letter == "@":
        return _drop(leg)
    if letter == "O":
        if leg.range.count:
            side = W.absolute_directions("W", 0, 1, W.first_mask("W", leg.dirs)) if leg.dirs else ""
            return (f"castles{' ' + side if side else ''}: moves {W.number(leg.range.count)} "
                    "squares towards a corner piece, which then jumps over it to the square on its "
                    "other side (both unmoved, the squares between empty, not through check)")
        return "passes: stays on its square and uses up the turn (null move)"
    if letter == "U":
        return f"{W.final_verb(modes, dialect)} by leaping to any square of the board"
    how = _how(leg, step)
    verb = _verb(modes)
    if dialect == BETZA2 and "p" in modes and not set(modes) & set("mced"):
        verb = ("captures", "")  # seed 000: on a final leg "pX meant what pX-cX means now"
    text = f"{verb[0]} {how}{verb[1]}"
    if "p" in modes:
        text += " by jumping exactly one piece on the way"
    if "g" in modes:
        text += (", jumping over the first piece in its way and landing right behind it"
                 if _slides(step, leg) else ", only by jumping over an adjacent piece and going on"
                 " as a slider behind it")
    text += _extras(leg, step, dialect)
    return text


def _erupt_first(leg: Leg) -> Leg:
    """A group leg whose ``x``/``xx`` is moved onto the first step of each of its paths."""
    inner = leg.step
    assert isinstance(inner, Spec)
    paths = []
    for path in inner.paths:
        first = replace(path.legs[0], erupt=leg.erupt)
        if isinstance(first.step, Spec):
            first = _erupt_first(first)
        paths.append(replace(path, legs=(first,) + path.legs[1:]))
    return replace(leg, erupt="", step=replace(inner, paths=tuple(paths)))


def _eruption(leg: Leg, step: Atom) -> str:
    """A one-leg eruption (seed 000, "Special modifiers"): the move ends where the erupting leg
    starts, so the piece stays on its square (``xx``: is removed) and fragments make the step,
    doing what the leg's modality does to the squares they reach."""
    how = _how(leg, step)
    core = set(leg.mode_letters) & set("mcd")
    effects = []
    if not core or "c" in core:
        effects.append("capturing the enemy pieces there")
    if "d" in core:
        effects.append("destroying the friendly pieces there")
    effect = " and ".join(effects) if effects else "harming nothing (they only test that the " \
        "squares are empty)"
    who = "stays on its square and erupts" if leg.erupt == "x" else \
        "explodes (the piece is removed from the board)"
    extras = _extras(replace(leg, erupt=""), step, XBETZA if leg.lame else BETZA2)
    return f"{who}: fragments go {how}, {effect}{extras}"


def _verb(modes: str) -> tuple[str, str]:
    """(leading verb, trailing words) so that 'Moves like a rook without capturing' reads well."""
    core = [c for c in modes if c in "mced"]
    limiter = ""
    if not core or ("m" in core and "c" in core and len(core) == 2):
        return ("moves or captures", "")
    words = []
    for c in core:
        words.append({"m": "moves", "c": "captures", "e": "captures en passant",
                      "d": "destroys a friendly piece"}[c])
    if core == ["m"]:
        return ("moves", " without capturing")
    if set(core) == {"c", "e"}:
        return ("captures", " (also en passant)")
    return (W._join_or(words), limiter)


def _slides(step: Atom, leg: Leg) -> bool:
    return step.slider_letter and leg.range.count is None or leg.range.count == 0 or \
        (leg.range.count or 1) > 1


def _how(leg: Leg, step: Atom) -> str:
    """'like a rook', 'one square diagonally forward', 'up to three knight leaps ...'."""
    kind = W.kind_of(step.letter, step.dx, step.dy)
    dirs = W.absolute_directions(kind, step.dx, step.dy, W.first_mask(kind, leg.dirs)) \
        if leg.dirs else ""
    rng = leg.range
    named = step.letter in W.SLIDER_NAMES and rng.count is None or \
        (step.letter == "N" and rng.count is None)
    if named and not rng.turn and not rng.modes:
        name = W.SLIDER_NAMES.get(step.letter, "knight")
        return f"like a {name}" + (f", only {dirs}" if dirs else "")
    out = W.stride(step.letter, step.dx, step.dy, rng.count, rng.exact)
    geo = dirs or W.geometry_word(kind, step.dx, step.dy)
    if kind == "N" and not dirs:
        geo = "" if "leap" in out else ""
    out = f"{out} {geo}".strip()
    if rng.turn:
        out = out.replace(" in a straight line", "")
        out += f", each {_turn_words(rng.turn)} from the one before"
    if rng.modes:
        out += (", passing squares that must be "
                + W.nonfinal_condition("".join(m.letter for m in rng.modes), BETZA2))
    return out


def _turn_words(turn: str) -> str:
    return W.relative_directions(D.king_set(turn, default=0x01))


def _extras(leg: Leg, step: Atom, dialect: Dialect) -> str:
    out = ""
    for mod in leg.modes:
        if mod.limiter is not None:
            out += f" ({mod.letter}: {W.limiter_words(mod).strip()})"
        if mod.virgin:
            out += f" ({mod.letter}: unmoved pieces only)"
    if leg.lame == "n":
        out += ", but it cannot jump: a piece on the way blocks it"
    elif leg.lame:
        if step.letter in ("W", "F") and dialect == XBETZA:
            out += ", skipping the first square whatever is on it"
        else:
            out += (", and must jump: only when the square in between is occupied" if
                    leg.lame == "j" else ", jumping over any number of pieces")
    if leg.turning == "q":
        out += ", on a circular path (each step turns the same way)"
    elif leg.turning == "z":
        out += ", on a zig-zag path (the turns alternate)"
    letters = leg.mode_letters
    if "t" in letters and dialect == XBETZA:
        out += ", but never captures a king (tame)"
    if "o" in letters:
        out += ", on a cylinder board (wrapping around the side edges)"
    if "t" in letters and dialect == BETZA2:
        out += ", testing for a friendly piece (`t`, which has no agreed meaning on a final leg)"
    if "u" in letters:
        out += ", unloading a carried piece there"
    if leg.erupt:
        out += ", erupting there" if leg.erupt == "x" else ", exploding there"
    return out


def _drop(leg: Leg) -> str:
    depth = leg.range.count or 1
    text = (f"is dropped from the hand on an empty square within {W.number(depth)} "
            f"rank{'s' if depth > 1 else ''} of its own back rank")
    if leg.lame:
        text += " (not on the back rank itself)"
    rules = {"f": "on a file without a piece of this type", "s": "not on a square of the colour "
             "of one already holding such a piece", "b": "only when no such piece is on the board"}
    for letter, rule in rules.items():
        n = leg.dirs.count(letter)
        if n:
            text += f", {rule}" + (" (at most two)" if n > 1 else "")
    return text


# -- multi-leg groups --------------------------------------------------------------------------
def _legs(path: Path, dialect: Dialect) -> list[str]:
    return _xbetza_legs(path) if dialect == XBETZA else _betza2_legs(path)


def _xbetza_legs(path: Path) -> list[str]:
    """XBetza ``a`` legs: one atom, converted W<->F by 45° turns and toggled by g/y (seed 004)."""
    atom = path.legs[-1].step
    assert isinstance(atom, Atom)
    rng = path.legs[-1].range
    step = _Step(atom.letter, atom.dx, atom.dy, rng.count, rng.exact)
    out = []
    last = len(path.legs) - 1
    for k, leg in enumerate(path.legs):
        if k == 0:
            kind = step.kind
            dirs = W.absolute_directions(kind, step.dx, step.dy, W.first_mask(kind, leg.dirs))
            where = dirs or W.geometry_word(kind, step.dx, step.dy) or "in any direction"
            text = f"{_stride(step)} {where}"
        else:
            mask = xbetza_continuation_mask(step.kind, leg.dirs)
            note = ""
            if step.kind in ("W", "F") and mask & 0xAA:
                turned = _rotated(step)
                if not mask & 0x55:
                    step = turned
                else:
                    note = (f" (a 45° turn makes it go "
                            f"{'diagonally' if step.kind == 'W' else 'orthogonally'})")
            geo = W.geometry_word(step.kind, step.dx, step.dy) if not note else ""
            geo = "" if geo.startswith("in any") else geo
            text = f"{_stride(step)} {geo + ', ' if geo else ''}{W.relative_directions(mask)}{note}"
        if k < last:
            text += ", " + W.nonfinal_condition(leg.mode_letters, XBETZA)
            if "g" in leg.mode_letters or "y" in leg.mode_letters:
                step = _toggle(step)
        else:
            text += ", " + _final_condition(leg.mode_letters)
            if "t" in leg.mode_letters:
                text += ", but never capturing a king (tame)"
        out.append(text)
    return out


def _rotated(step: _Step) -> _Step:
    """W<->F, D<->A, H<->G, R<->B: the step turned 45° (seed 004 Multi-leg)."""
    letter = ROTATE.get(step.letter, step.letter)
    if step.kind == "W":
        return _Step(letter, step.dy, step.dy, step.count, step.exact)
    return _Step(letter, 0, step.dx, step.count, step.exact)


def _toggle(step: _Step) -> _Step:
    """g/y range toggling: FWK <-> BRQ dropping any range, else range 1 <-> unlimited."""
    if step.letter in UPGRADE:
        return _Step(UPGRADE[step.letter], step.dx, step.dy, None, False)
    one = step.count in (None, 1)
    return _Step(step.letter, step.dx, step.dy, 0 if one else None, False)


def _stride(step: _Step) -> str:
    if step.letter in ("B", "R", "Q") and step.count is None:
        return "any distance"
    return W.stride(step.letter, step.dx, step.dy, step.count, step.exact)


def _final_condition(letters: str) -> str:
    core = [c for c in letters if c in "mced"]
    if not core or set(core) == {"m", "c"}:
        return "ending on an empty square or with a capture"
    words = {"m": "ending on an empty square", "c": "ending with a capture",
             "e": "ending with an en-passant capture",
             "d": "ending by destroying a friendly piece"}
    return W._join_or([words[c] for c in core])


def _betza2_legs(path: Path) -> list[str]:
    """Betza 2.0 ``-`` legs: each with its own atom; continuation straight on by default."""
    out = []
    last = len(path.legs) - 1
    prev_kind = ""
    for k, leg in enumerate(path.legs):
        said = isinstance(leg.step, Spec) and bool(leg.erupt) and k == last  # what fragments do
        if isinstance(leg.step, Spec) and leg.erupt:
            leg = _erupt_first(leg)        # x on a group: its first step erupts
        step = leg.step
        if isinstance(step, Spec):
            text = _group_step(leg, BETZA2, final=k == last)
            if k > 0 and text.startswith("stays on its square and erupts"):
                text = "erupts there" + text[len("stays on its square and erupts"):]
        else:
            kind = W.kind_of(step.letter, step.dx, step.dy)
            if step.letter == "O":
                text = "a null step (staying on the square)"
            elif k == 0:
                dirs = W.absolute_directions(kind, step.dx, step.dy, W.first_mask(kind, leg.dirs))
                where = dirs or W.geometry_word(kind, step.dx, step.dy) or "in any direction"
                text = f"{_stride(_as_step(step, leg))} {where}"
            else:
                mask = D.king_set(leg.dirs, default=0x01)
                turn = W.relative_directions(mask)
                if mask == 0x01 and kind != prev_kind and {kind, prev_kind} <= {"W", "F"}:
                    turn = "deflecting as little as possible (45° to either side)"
                elif mask == 0x01 and kind != prev_kind:
                    turn = "in the direction that deflects least"
                text = f"{_stride(_as_step(step, leg))} {_b2_geometry(kind)}{turn}"
                if leg.equal:
                    text += ", exactly as far as the earlier slide"
        if isinstance(step, Atom):
            prev_kind = W.kind_of(step.letter, step.dx, step.dy)
        if leg.erupt and k == 0:
            text = ("stays on its square and erupts: fragments go " if leg.erupt == "x" else
                    "explodes (the piece is removed from the board): fragments go ") + text
        elif leg.erupt:
            text = ("erupts there (the piece stays): fragments go " if leg.erupt == "x" else
                    "explodes there (the piece is removed): fragments go ") + text
        if k < last:
            text += ", " + W.nonfinal_condition(leg.mode_letters, BETZA2)
        elif not said:
            text += ", " + _final_condition(leg.mode_letters)
        for mod in leg.modes:
            if mod.limiter is not None:
                text += f" ({mod.letter}:{W.limiter_words(mod)})"
            if mod.virgin:
                text += f" ({mod.letter}: unmoved pieces only)"
        out.append(text)
    return out


def _b2_geometry(kind: str) -> str:
    return {"W": "orthogonally ", "F": "diagonally ", "N": "", "K": ""}.get(kind, "")


def _as_step(atom: Atom, leg: Leg) -> _Step:
    return _Step(atom.letter, atom.dx, atom.dy, leg.range.count, leg.range.exact)


def _group_step(leg: Leg, dialect: Dialect, final: bool) -> str:
    """A parenthesised Betza 2.0 path used as a step, repeated by its range. A group inside a
    group reads as one repetition of another ("…, repeated up to seven times; all of that
    repeated up to two times"), never as a sub-move inside a sub-move."""
    inner = leg.step
    assert isinstance(inner, Spec)
    only = inner.paths[0].legs[0] if len(inner.paths) == 1 and \
        len(inner.paths[0].legs) == 1 else None
    nested = only is not None and isinstance(only.step, Spec) and not only.dirs and \
        not only.modes and not only.initial and not only.erupt
    if nested and only is not None:
        body = _group_step(only, dialect, final)
    else:
        body = " or ".join(_path_text(p, dialect) for p in inner.paths)
    count = leg.range.count
    if count is None:
        rep = ""
    elif count == 0:
        rep = "repeated any number of times in a row"
    else:
        rep = f"repeated {'exactly' if leg.range.exact else 'up to'} {W.number(count)} times"
    if rep and nested and only is not None and only.range.count is not None:
        text = f"{body}; all of that {rep}, the same way each time"
    elif rep:
        text = f"{body}, {rep}"
    else:
        text = body
    if leg.range.turn:
        turn = _turn_words(leg.range.turn)
        text += f", each repetition {turn if turn.startswith('turning') else 'turning ' + turn}"
    return text
