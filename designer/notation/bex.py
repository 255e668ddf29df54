"""Reading David Howe's Bex notation as the Betza 2.0 program that makes the same moves.

Bex (seed 001, "Bex notation"; seed 002 discusses it) writes multi-leg moves as sequences of
original Betza legs. Its parts and how this reader renders each in Betza 2.0:

* ``X-Y``: continue in the same direction: Betza 2.0's ``-`` (straight on by default), so
  ``mW-F`` is the Xiangqi horse in both;
* ``X--Y``: continue in any direction: Betza 2.0's ``-a`` (seed 002: ``K-aK`` where Bex writes
  ``--``);
* ``+``: concatenation written for readability (``W+F`` is ``WF``); parentheses group;
* ranges are exponents w.r.t. ``-`` with a leading ``0`` meaning exactly (``W03`` is exactly
  three W steps, ``W3`` up to three) and ``*`` unlimited: Betza 2.0 reads them alike;
* ``O`` is a pass (the null step), ``(x,y)`` a leaper by its coordinates: the same in Betza 2.0;
* the exotic operator ``[...]`` (seed 002: Bex "uses the brackets ... as 'exotica operator'"):
  capture modes written before a leg, ``[a]Q`` by approach, ``[w]Q`` by withdrawal, ``[l]R`` by
  leaping over; ``[rK]`` rifle capture of what a K step reaches; ``-[xo]`` as the final step,
  back to the square of origin; ``[xsN]`` a swap with a piece a N leap away; ``[xiK]`` /
  ``[x!iK]`` immobilise / mobilise the pieces a K step away. Seed 001 gives the Betza 2.0 paths
  for these ("rook-like jump captures ... cR-mR, knight-like rifle captures ... cN-bN ...
  rifle captures by sliders ... cR-ebR ... A swap can thus be written as cdN-buN-bN") and
  seed 002 the withdrawer's capture ``cK-bK-mQ``; the approacher's is the mirror of it.
  Seed 001's copy names the letters (a, w, l, rM, o, x!i) but lost most brackets around them;
  only ``[x!iK]`` survives whole, so every exotic is read in that bracketed form.

What has no counterpart in the move model is a positioned error, never a different piece:
immobilising and mobilising (no move changes what other pieces may do), royalty ``y`` and the
promotion list ``=Q,R`` (properties of the piece type and the variant, set in their own
settings: carried from the text they would be a second, silent source of the same setting).

The reader rewrites the text into Betza 2.0 with a map from each written character back to the
Bex text it came from, then reads that with the Betza 2.0 reader, so every problem keeps its
column in what the user wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..vocabulary import TokenKind
from .ast import Atom, Leg, Limiter, Modality, Path, Range, Spec

#: Direction letters: Bex writes none on a continuation leg (seed 001: it "does not use
#: directional specifiers on continuation steps").
_DIRECTIONS = set("fblrvsh")
_SLIDERS = set("BRQ")
#: The unit step along the line of each slider or step atom (approach and withdrawal).
_UNIT = {"W": "W", "R": "W", "F": "F", "B": "F", "K": "K", "Q": "K"}


@dataclass
class Rewrite:
    """A Bex text rewritten as Betza 2.0: ``text``, for each of its characters the Bex span it
    came from (``origin``), the Bex reader's own problems and tokens (in Bex columns)."""

    source: str
    text: str = ""
    origin: list[tuple[int, int]] = field(default_factory=list)
    problems: list[tuple[str, int, int, str]] = field(default_factory=list)
    tokens: list[tuple[TokenKind, int, int]] = field(default_factory=list)

    def emit(self, text: str, start: int, end: int) -> None:
        self.text += text
        self.origin.extend([(start, end)] * len(text))

    def problem(self, message: str, start: int, end: int, hint: str = "") -> None:
        self.problems.append((message, start, max(end, start + 1), hint))
        self.tokens.append(("error", start, max(end, start + 1)))

    def back(self, start: int, end: int) -> tuple[int, int]:
        """The Bex span of the Betza 2.0 columns ``start:end``."""
        n = len(self.source)
        if not self.origin or start >= len(self.origin):
            return n, n
        first = self.origin[start][0]
        last = self.origin[max(min(end, len(self.origin)) - 1, start)][1]
        return first, max(last, first + 1)


def _leg_at(text: str, i: int) -> int:
    """The end of the simple leg ``prefix ATOM range`` starting at ``i`` (``i`` when none)."""
    j = i
    while j < len(text) and text[j].islower():
        j += 1
    if j < len(text) and text[j] == "(":
        close = text.find(")", j)
        if close < 0 or "," not in text[j:close]:
            return i
        j = close + 1
    elif j < len(text) and text[j].isupper():
        j += 1
    else:
        return i
    if j < len(text) and text[j] == "*":
        return j + 1
    while j < len(text) and text[j].isdigit():
        j += 1
    return j


def _split_leg(leg: str) -> tuple[str, str, str]:
    """``(prefix, atom, range)`` of a simple leg such as ``fmR4``."""
    k = 0
    while k < len(leg) and leg[k].islower():
        k += 1
    m = leg.find(")", k) + 1 if leg[k:k + 1] == "(" else k + 1
    return leg[:k], leg[k:m], leg[m:]


def _back(atom: str, rng: str) -> str:
    """The leg straight back to where the previous one started: a slider's of equal length
    (``ebR``), a leaper's one step (``bN``)."""
    return f"eb{atom}{rng}" if _is_slider(atom, rng) else f"b{atom}"


def _is_slider(atom: str, rng: str) -> bool:
    return (atom in _SLIDERS and rng not in ("1",)) or (rng not in ("", "1"))


def rewrite(source: str) -> Rewrite:
    """``source`` (Bex) as Betza 2.0 text with its column map and the Bex-only problems."""
    r = Rewrite(source)
    t = source
    i = 0
    continuation = False     # the next leg follows `-` or `--`
    while i < len(t):
        c = t[i]
        if c == "=":
            r.problem("a promotion list `=...` is not part of a piece's moves: the variant's "
                      "promotion settings say what a piece promotes to", i, len(t),
                      "remove it here and set the choices under Promotion")
            break
        if c in "U@":
            r.problem(f"`{c}` is not a Bex atom" + (" (drops are not moves Bex writes)" if c == "@"
                                                    else ""), i, i + 1,
                      "write this piece in Betza 2.0 or XBetza")
            r.emit("O", i, i + 1)
            i += 1
            continue
        if c == "y":
            r.problem("royalty `y` is not a move: it is the piece type's Royal setting", i, i + 1,
                      "remove it here and tick Royal for the piece")
            i += 1
            continue
        if c == "-":
            double = t[i + 1:i + 2] == "-"
            r.tokens.append(("chain", i, i + 2 if double else i + 1))
            r.emit("-a" if double else "-", i, i + (2 if double else 1))
            i += 2 if double else 1
            continuation = True
            continue
        if c == "+":
            r.tokens.append(("group", i, i + 1))
            r.emit(" ", i, i + 1)     # a space: `N+N` is two knights, never the Nightrider NN
            i += 1
            continue
        if c == "[":
            before, written = len(r.problems), len(r.text)
            end = _exotic(r, t, i, continuation)
            if len(r.problems) > before and len(r.text) == written:
                r.emit("O", i, end)   # a stand-in leg: the error is said once, at the bracket
            i, continuation = end, False
            continue
        if continuation and c.islower():
            j = i
            while j < len(t) and t[j].islower():
                j += 1
            # A lone f after `-` says again what `-` means (straight on, Betza 2.0's default),
            # so it is read; any other direction would turn the leg, which Bex cannot say.
            plain = t[i - 1] == "-" and (i < 2 or t[i - 2] != "-")
            bad = [k for k in range(i, j) if t[k] in _DIRECTIONS
                   and not (plain and t[k] == "f" and t[i:j].count("f") == 1
                            and not set(t[i:j]) & (_DIRECTIONS - {"f"}))]
            if bad:
                r.problem("Bex gives no directions on a continuation leg: `-` goes on in the "
                          "same direction, `--` in any direction", bad[0], bad[-1] + 1,
                          "write the chain in Betza 2.0 to turn a given way")
            r.emit(t[i:j], i, j)
            i = j
            continue
        if c.isupper() or c == "(":
            continuation = False
        r.emit(c, i, i + 1)
        i += 1
    return r


def _last_leg(text: str) -> tuple[str, bool]:
    """The simple leg ``prefix ATOM range`` that ``text`` ends with ('' when it ends otherwise)
    and whether a ``-`` chains it to a leg before it."""
    j = len(text)
    while j > 0 and (text[j - 1].isdigit() or text[j - 1] == "*"):
        j -= 1
    if j > 0 and text[j - 1] == ")":
        k = text.rfind("(", 0, j)
        if k < 0 or "," not in text[k:j]:
            return "", False
        j = k
    elif j > 0 and text[j - 1].isupper():
        j -= 1
    else:
        return "", False
    while j > 0 and text[j - 1].islower():
        j -= 1
    return text[j:], j > 0 and text[j - 1] == "-"


def _copy(r: Rewrite, t: str, start: int, end: int) -> None:
    """Emit ``t[start:end]`` as it is, each character mapped to itself."""
    for k in range(start, end):
        r.emit(t[k], k, k + 1)


def _exotic(r: Rewrite, t: str, i: int, continuation: bool) -> int:
    """Read the exotic ``[...]`` at ``i``; return where reading goes on."""
    close = t.find("]", i)
    if close < 0:
        r.problem("`[` is never closed", i, len(t), "add the matching `]`")
        return len(t)
    body = t[i + 1:close]
    end = close + 1
    r.tokens.append(("special", i, end))
    # Letters written just before the bracket land on the first leg the exotic becomes: only
    # those that mean there what they say are read (i; directions for [a] and [l]).
    lead = len(r.text)
    while lead > 0 and r.text[lead - 1].islower():
        lead -= 1
    letters = r.text[lead:]
    allowed = set("i") | (_DIRECTIONS if body in ("a", "l") else set())
    if letters and set(letters) - allowed:
        r.problem(f"`{letters}` before `[{body}]` would change what it does, which Bex does not "
                  "say", r.origin[lead][0], i, "write the move in Betza 2.0")
        return end
    if body in ("a", "w", "l"):
        leg_end = _leg_at(t, end)
        if leg_end == end:
            r.problem(f"the capture mode `[{body}]` needs the leg it applies to after it", i, end,
                      "for example [a]Q")
            return end
        if continuation or t[leg_end:leg_end + 1] == "-":
            r.problem(f"the capture mode `[{body}]` on a leg of a chain cannot be translated",
                      i, leg_end, "write the whole move in Betza 2.0")
            return leg_end
        pre, atom, rng = _split_leg(t[end:leg_end])
        allowed = set("i") | (_DIRECTIONS if body != "w" else set())
        if set(pre) - allowed:
            what = "directions or modalities" if body == "w" else "modalities"
            r.problem(f"`{pre}` on a leg with the capture mode `[{body}]`: {what} there would "
                      "change how it captures, which Bex does not say", end, end + len(pre),
                      "write the move in Betza 2.0")
            return leg_end
        at = end + len(pre)          # the atom and range keep their own columns
        if body == "l":
            # seed 001: "rook-like jump captures can be written as cR-mR"
            r.emit(pre + "c", i, at)
            _copy(r, t, at, leg_end)
            r.emit(f"-m{atom}{rng}", i, end)
            return leg_end
        unit = _UNIT.get(atom)
        if unit is None:
            r.problem(f"capture by {'approach' if body == 'a' else 'withdrawal'} is defined along "
                      f"lines: `{atom}` is not a step or slider atom (W F K R B Q)",
                      end, leg_end)
            return leg_end
        if body == "a":   # move, capture the next square on the line, step back onto it
            r.emit(pre + "m", i, at)
            _copy(r, t, at, leg_end)
            r.emit(f"-c{unit}-b{unit}", i, end)
        else:             # seed 002's withdrawer: cK-bK-mQ
            r.emit(f"{pre}c{unit}-b{unit}-m", i, at)
            _copy(r, t, at, leg_end)
        return leg_end
    if body.startswith("r") and len(body) > 1:
        inner = body[1:]
        if _leg_at(inner, 0) != len(inner) or continuation:
            r.problem(f"`[{body}]` is not a rifle capture: write [r] and the atom whose "
                      "targets it captures, as in [rK], on a move of its own", i, end)
            return end
        pre, atom, rng = _split_leg(inner)
        r.emit(f"{pre}c{atom}{rng}-{_back(atom, rng)}", i, end)   # seed 001: cN-bN, cR-ebR
        return end
    if body == "xo":
        if t[end:end + 1] == "-":
            r.problem("the return to the origin `[xo]` ends the move: nothing can follow it",
                      i, end + 1)
            return end
        if not continuation or not r.text.endswith("-") or r.text.endswith("-a"):
            r.problem("the return to the origin `[xo]` is the final step after `-`", i, end,
                      "for example cN-[xo]")
            return end
        leg, chained = _last_leg(r.text[:-1])
        if not leg or chained:
            r.problem("the return to the origin is translated after a single leg only", i, end,
                      "write the way back in Betza 2.0, leg by leg")
            return end
        _, atom, rng = _split_leg(leg)
        r.emit(_back(atom, rng), i, end)
        return end
    if body.startswith("xs") and len(body) > 2:
        inner = body[2:]
        if _leg_at(inner, 0) != len(inner) or continuation:
            r.problem(f"`[{body}]` is not a swap: write [xs] and the atom, as in [xsN], on a "
                      "move of its own", i, end)
            return end
        pre, atom, rng = _split_leg(inner)
        r.emit(f"{pre}cd{atom}{rng}-bu{atom}{rng}-b{atom}{rng}", i, end)  # seed 001
        return end
    if body.startswith(("xi", "x!i")):
        what = "mobilising" if body.startswith("x!") else "immobilising"
        r.problem(f"{what} neighbours `[{body}]` has no counterpart in the move model: a move "
                  "cannot change what other pieces may do", i, end,
                  "set it as a rule of the variant, or leave it out")
        return end
    r.problem(f"`[{body}]` is not an exotic this reader knows", i, end,
              "known: [a] [w] [l] before a leg, [rK], [xsN], and -[xo] as the final step")
    return end


def respan(spec: Spec, rw: Rewrite) -> Spec:
    """``spec`` (read from ``rw.text``) with every span moved to the Bex columns it came from,
    so that messages and highlights point into what was written. Nodes are built directly
    (not with ``dataclasses.replace``): this runs on every keystroke."""
    if rw.text == rw.source:
        return spec     # nothing was rewritten: the columns are the Bex columns
    back = rw.back

    def span(sp: tuple[int, int]) -> tuple[int, int]:
        return back(*sp) if sp[1] > sp[0] else (back(sp[0], sp[0] + 1)[0],) * 2

    def mode(m: Modality) -> Modality:
        lim = m.limiter
        if lim is not None:
            lim = Limiter(lim.types, lim.negated, span(lim.span))
        return Modality(m.letter, lim, m.virgin, span(m.span))

    def leg(x: Leg) -> Leg:
        step = x.step
        new_step = Atom(step.letter, step.dx, step.dy, step.written, span(step.span)) \
            if isinstance(step, Atom) else spec_(step)
        rng = x.range
        new_range = Range(rng.count, rng.exact, rng.turn, tuple(mode(m) for m in rng.modes),
                          rng.doubled, rng.star, span(rng.span)) if rng.span[1] > rng.span[0] \
            else rng
        return Leg(new_step, new_range, x.dirs, tuple(mode(m) for m in x.modes), x.initial,
                   x.lame, x.turning, x.erupt, x.equal, span(x.span), span(x.dirs_span))

    def spec_(sp: Spec) -> Spec:
        return Spec(tuple(Path(tuple(leg(x) for x in p.legs), span(p.span)) for p in sp.paths),
                    span(sp.span))

    return spec_(spec)
