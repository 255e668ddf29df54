"""Reading Betza strings in both dialects into the AST, with positioned errors and tokens.

The reader is a hand-written scanner (one pass, no backtracking) so that it can keep going after
an error: the editor highlights text while the user is still typing, and the user sees every
problem of a string at once. Grammar, seed 004 (XBetza) and seed 000/002 (Betza 2.0)::

    xbetza:  spec  := group*
             group := prefix ('a' prefix)* ATOM range?
    betza2:  spec  := path*
             path  := slide ('-' slide)*
             slide := prefix step exponent?
             step  := ATOM | '(' spec ')'
             exponent := [dirs][modes] (digits | '*')
    prefix   := lower-case modifier letters, each modality optionally followed by a {limiter}
    ATOM     := W F D N A H C Z G J L K B R Q O U @ | '(' x ',' y ')'
    range    := digits (leading 0 = exactly) | the atom letter doubled (legacy rider)
"""

from __future__ import annotations

import threading

from dataclasses import dataclass, field, replace
from typing import Final, NamedTuple

from ..vocabulary import MODALITY_ORDER, XBETZA_MODALITIES, Dialect, TokenKind
from .ast import BETZA2, DIALECTS, XBETZA, Atom, Leg, Limiter, Modality, Path, Piece, Range, Spec
from .atoms import ATOM_LETTERS, STEPS, SYNONYMS
from .errors import NotationError, Problem

MAX_TEXT = 4000  # longer definitions are refused outright: all work stays bounded

DIRECTION_LETTERS = "fblrvsh"
XB_MODES = XBETZA_MODALITIES
B2_MODES = "mcdptoug"  # y is XBetza only (seed 000 has no y)
MODE_ORDER = MODALITY_ORDER

# Token kinds for highlighting (the vocabulary's ``TokenKind``).
ATOM: Final = "atom"
RANGE: Final = "range"
DIRECTION: Final = "direction"
MODALITY: Final = "modality"
SPECIAL: Final = "special"
CHAIN: Final = "chain"
GROUP: Final = "group"
LIMITER: Final = "limiter"
ERROR: Final = "error"
SPACE: Final = "space"
TOKEN_KINDS: Final[tuple[TokenKind, ...]] = (ATOM, RANGE, DIRECTION, MODALITY, SPECIAL, CHAIN,
                                             GROUP, LIMITER, ERROR, SPACE)


class Token(NamedTuple):
    """A highlighted stretch of the text: ``kind`` is one of TOKEN_KINDS, ``end`` exclusive.
    (An immutable named tuple: a long definition makes hundreds per keystroke.)"""

    kind: TokenKind
    start: int
    end: int


@dataclass
class _Prefix:
    """Modifier letters of one leg while they are being read."""

    start: int
    letters: list[tuple[str, int]] = field(default_factory=list)
    limiters: dict[int, Limiter] = field(default_factory=dict)  # index in letters -> limiter
    end: int = 0


def _isdigit(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts '²', which ``int`` cannot read."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


class _Reader:
    def __init__(self, text: str, dialect: Dialect, want_tokens: bool = True):
        self.text = text
        self.n = len(text)
        self.dialect = dialect
        self.pos = 0
        self.want_tokens = want_tokens  # parse() needs no tokens: skipping them halves its time
        self.tokens: list[tuple[TokenKind, int, int]] = []
        self.problems: list[Problem] = []
        self.modes = XB_MODES if dialect == XBETZA else B2_MODES

    # -- bookkeeping -----------------------------------------------------------------------
    def tok(self, kind: TokenKind, start: int, end: int) -> None:
        if self.want_tokens and end > start:
            self.tokens.append((kind, start, end))

    def problem(self, message: str, start: int, end: int | None = None, hint: str = "") -> None:
        end = start + 1 if end is None else end
        self.problems.append(Problem(message, start, max(end, start + 1), hint))
        self.tok(ERROR, start, max(end, start + 1))

    def peek(self, k: int = 0) -> str:
        i = self.pos + k
        return self.text[i] if i < self.n else ""

    def skip_space(self) -> None:
        start = self.pos
        while self.peek() in (" ", "\t"):
            self.pos += 1
        self.tok(SPACE, start, self.pos)

    # -- pieces of syntax ------------------------------------------------------------------
    def read_limiter(self) -> Limiter | None:
        """``{L,+Ky}`` or ``{!P}`` right after a modality letter."""
        start = self.pos
        close = self.text.find("}", start)
        if close < 0:
            self.problem("unclosed limiter: `{` needs a matching `}`", start, len(self.text),
                         "write the piece letters between braces, e.g. c{N}N")
            self.pos = len(self.text)
            return None
        body = self.text[start + 1:close]
        self.pos = close + 1
        negated = body.startswith("!")
        names = [t.strip() for t in (body[1:] if negated else body).split(",")]
        ok = all(n and all(ch.isalnum() or ch in "+'" for ch in n) for n in names)
        if not ok:
            self.problem(f"`{{{body}}}` is not a limiter: expected piece letters separated by commas",
                         start, self.pos, "for example {L,+Ky} or {!P}")
            return None
        self.tok(LIMITER, start, self.pos)
        return Limiter(tuple(names), negated, (start, self.pos))

    def read_prefix(self, stop_at_a: bool) -> _Prefix:
        """Lower-case modifiers (and limiters) before an atom; in XBetza stops at 'a'."""
        pre = _Prefix(self.pos)
        while True:
            c = self.peek()
            if c == "{":
                lim_start = self.pos
                lim = self.read_limiter()
                if self.dialect == XBETZA:
                    self.problem("limiters `{...}` are Betza 2.0, not XBetza", lim_start, self.pos,
                                 "switch the piece's dialect to Betza 2.0")
                elif lim is not None:
                    last = pre.letters[-1][0] if pre.letters else ""
                    index = -1
                    if last in self.modes and last:
                        index = len(pre.letters) - 1
                    elif last == "i" and len(pre.letters) > 1 and pre.letters[-2][0] in "cd":
                        index = len(pre.letters) - 2   # ci{N}: virgin-only, limited
                    if index in pre.limiters:
                        self.problem("a modality takes one limiter: put every piece type in "
                                     "it", lim_start, self.pos, "for example c{N,L}")
                    elif index >= 0:
                        pre.limiters[index] = lim
                    else:
                        self.problem("a limiter must follow a modality letter (c, m, p, t, d, u ...)",
                                     lim_start, self.pos, "for example c{N}N")
                continue
            if not (c.isascii() and c.islower()):
                break
            if c == "a" and stop_at_a:
                break
            pre.letters.append((c, self.pos))
            self.pos += 1
        pre.end = self.pos
        return pre

    def read_atom(self) -> Atom | None:
        c = self.peek()
        start = self.pos
        if c == "(" and (self.dialect == XBETZA or self._opens_leap()):
            # Betza 2.0: a digit after `(` can only start a coordinate leap, so a malformed one
            # is reported as such instead of as a group of stray digits.
            return self.read_coordinate()
        if c in ATOM_LETTERS:
            self.pos += 1
            self.tok(ATOM, start, self.pos)
            letter = SYNONYMS.get(c, c)
            dx, dy = STEPS[letter]
            return Atom(letter, dx, dy, c, (start, self.pos))
        return None

    def _opens_leap(self) -> bool:
        """At a `(`: the first character after it (and any spaces) is a digit, so this is a
        coordinate leap ``( 1, 4 )``, spaced as in XBetza, and not a Betza 2.0 group."""
        i = self.pos + 1
        while self.peek(i - self.pos) == " ":
            i += 1
        return _isdigit(self.peek(i - self.pos))

    def read_coordinate(self) -> Atom | None:
        start = self.pos
        close = self.text.find(")", start)
        body = self.text[start + 1:close] if close > 0 else self.text[start + 1:]
        parts = [p.strip() for p in body.split(",")]
        if close < 0 or len(parts) != 2 or not all(_isdigit(p) for p in parts):
            end = close + 1 if close > 0 else len(self.text)
            self.pos = end
            if self.dialect == XBETZA:
                self.problem("`(` starts a coordinate leap like (1,4) here; grouping is Betza 2.0",
                             start, end, "write a leap as (x,y), or switch to Betza 2.0")
            else:
                self.problem("a coordinate leap is written (x,y) with two whole numbers", start, end,
                             "for example (1,4) for the Giraffe")
            return None
        x, y = int(parts[0]), int(parts[1])
        self.pos = close + 1
        if max(x, y) > 98:
            self.problem(f"the leap ({x},{y}) is longer than any board (at most 98 squares)",
                         start, self.pos)
            return None
        self.tok(ATOM, start, self.pos)
        a, b = sorted((x, y))
        return Atom("", a, b, self.text[start:self.pos], (start, self.pos))

    def read_range(self, atom: Atom, exponent_ok: bool) -> Range:
        """Digits after the atom, a doubled letter, or (Betza 2.0) ``rf7`` / ``c0`` / ``*``."""
        start = self.pos
        t = self.text
        turn, modes = "", list[Modality]()
        if exponent_ok:
            j = self.pos
            while j < len(t) and t[j].isascii() and t[j].islower():
                j += 1
            if j > self.pos and j < len(t) and (_isdigit(t[j]) or t[j] == "*"):
                for i in range(self.pos, j):
                    ch = t[i]
                    if ch in DIRECTION_LETTERS or ch == "a":
                        turn += ch
                        self.tok(DIRECTION, i, i + 1)
                    elif ch in self.modes:
                        if all(m.letter != ch for m in modes):   # a repeat changes nothing
                            modes.append(Modality(ch, span=(i, i + 1)))
                        self.tok(MODALITY, i, i + 1)
                    else:
                        self.problem(f"`{ch}` cannot modify a range", i, i + 1,
                                     "a range may carry directions and modalities, as in Nrf7 or Rc0")
                self.pos = j
        c = self.peek()
        if c == "*" and self.dialect == BETZA2:
            self.pos += 1
            if atom.letter == "U":
                self.problem("the universal leaper U takes no range", start, self.pos)
            self.tok(RANGE, start, self.pos)
            return Range(0, False, turn, _order_modes(modes), star=True, span=(start, self.pos))
        if _isdigit(c):
            j = self.pos
            while j < len(t) and _isdigit(t[j]):
                j += 1
            digits = t[self.pos:j]
            self.pos = j
            exact = len(digits) > 1 and digits[0] == "0"
            number = int(digits)
            if exact and number == 0:
                self.problem("`00` is not a range: 0 alone means unlimited", start, j)
            if number > 99:
                self.problem(f"range {number} is longer than any board (at most 99)", start, j)
                number = 99
            value: int | None = number
            if atom.letter in ("U", "@") and atom.letter == "U":
                self.problem("the universal leaper U takes no range", start, j)
            self.tok(RANGE, start, self.pos)
            if value == 1 and not exact and not turn and not modes and not atom.slider_letter:
                value = None  # W1 is W: a leaper's written range of one changes nothing
            return Range(value, exact, turn, _order_modes(modes), span=(start, self.pos))
        if turn or modes:
            self.problem("range modifiers need a range number after them", start, self.pos)
        # Legacy doubled letter: NN = N0 (seed 004: obsolete; seed 000: "obsoletely WW").
        if atom.written and len(atom.written) == 1 and c == atom.written and atom.letter not in "O@U":
            after = self.peek(1)
            if not (self.dialect == BETZA2 and after == "-"):
                self.pos += 1
                self.tok(RANGE, start, self.pos)
                return Range(0, doubled=True, span=(start, self.pos))
        return Range(span=(start, start))

    # -- legs ------------------------------------------------------------------------------
    def build_leg(self, pre: _Prefix, step: "Atom | Spec", rng: Range, final: bool, first: bool,
                  end: int) -> Leg:
        """Classify a leg's prefix letters into directions, modalities and specials."""
        dirs, modes, initial, lame, turning, erupt, equal = "", list[Modality](), 0, "", "", "", \
            False
        dirs_start = dirs_end = None
        seen_modes: dict[str, int] = {}
        letters = pre.letters
        i = 0
        while i < len(letters):
            ch, at = letters[i]
            if ch in DIRECTION_LETTERS or (ch == "a" and self.dialect == BETZA2):
                dirs += ch
                dirs_start = at if dirs_start is None else dirs_start
                dirs_end = at + 1
                self.tok(DIRECTION, at, at + 1)
            elif ch == "i":
                before = letters[i - 1][0] if i else ""
                if self.dialect == BETZA2 and before and before in "cd":
                    # seed 000: "used directly with a c or d" i means virgin pieces only.
                    k = next(k for k, m in enumerate(modes) if m.letter == before)
                    m = modes[k]
                    modes[k] = Modality(m.letter, m.limiter, True, m.span)
                    self.tok(MODALITY, at, at + 1)
                else:
                    initial += 1
                    self.tok(SPECIAL, at, at + 1)
            elif ch == "x" and self.dialect == BETZA2:
                if erupt == "x" and letters[i - 1][0] == "x":
                    erupt = "xx"
                elif erupt:
                    self.problem("a leg can erupt (x) or explode (xx) only once", at)
                else:
                    erupt = "x"
                self.tok(SPECIAL, at, at + 1)
            elif ch == "e" and self.dialect == BETZA2:
                equal = True
                self.tok(SPECIAL, at, at + 1)
            elif ch in self.modes:
                if ch in seen_modes:
                    # Harmless repetition; XBoard's reading of it is reported by compat.
                    self.tok(MODALITY, at, at + 1)
                    if i in pre.limiters:
                        lim_span = pre.limiters[i].span
                        self.problem(f"`{ch}` is written twice; give its limiter only once",
                                     lim_span[0], lim_span[1], f"write {ch} once with its limiter")
                else:
                    seen_modes[ch] = at
                    modes.append(Modality(ch, pre.limiters.get(i), False, (at, at + 1)))
                    self.tok(MODALITY, at, at + 1)
            elif ch == "n":
                if lame.startswith("j"):
                    self.problem("`n` (non-jumping) contradicts `j` (must jump)", at)
                lame = "n"
                self.tok(SPECIAL, at, at + 1)
            elif ch == "j":
                if lame == "n":
                    self.problem("`j` (must jump) contradicts `n` (non-jumping)", at)
                    lame = ""
                lame += "j"
                self.tok(SPECIAL, at, at + 1)
            elif ch in "qz":
                if turning and turning != ch:
                    self.problem("a rider is circular (q) or zig-zag (z), not both", at)
                turning = ch
                self.tok(SPECIAL, at, at + 1)
            else:
                self.unknown_modifier(ch, at)
            i += 1
        start = pre.start
        span = (start, end)
        dspan = (dirs_start, dirs_end) if dirs_start is not None and dirs_end is not None \
            else (start, start)
        return Leg(step, rng, dirs, _order_modes(modes), initial, lame, turning, erupt, equal, span,
                   dspan)

    def unknown_modifier(self, ch: str, at: int) -> None:
        up = ch.upper()
        if self.dialect == XBETZA and ch in "ux":
            what = "unload" if ch == "u" else "eruption"
            self.problem(f"`{ch}` ({what}) is a Betza 2.0 modifier, not XBetza", at, at + 1,
                         "switch the piece's dialect to Betza 2.0")
        elif self.dialect == BETZA2 and ch == "y":
            self.problem("`y` (range toggling on an empty square) is XBetza, not Betza 2.0", at,
                         at + 1, "write the change of atom as a new leg, e.g. W-B")
        elif self.dialect == BETZA2 and ch == "e":
            self.problem("`e` is not allowed here", at)
        elif up in ATOM_LETTERS:
            name = {"K": "the King atom", "N": "the Knight atom", "B": "the Bishop atom",
                    "R": "the Rook atom", "Q": "the Queen atom", "W": "the Wazir atom",
                    "F": "the Ferz atom", "D": "the Dabbaba atom", "A": "the Alfil atom",
                    "H": "the Threeleaper atom", "C": "the Camel atom", "Z": "the Zebra atom",
                    "G": "the Tripper atom", "J": "the Zebra atom (old name)",
                    "L": "the Camel atom (old name)", "O": "the null-move atom",
                    "U": "the universal leaper"}.get(up, "an atom")
            self.problem(f"`{ch}` is not a modifier", at, at + 1, f"did you mean `{up}`, {name}?")
        else:
            self.problem(f"`{ch}` is not a modifier", at, at + 1,
                         "modifiers are f b l r v s h (directions) and m c d e t p g o y n j i a")


def _check_letters(r: _Reader, prefixes: list[_Prefix]) -> None:
    """Report unknown modifier letters of prefixes that never reached an atom (``fk``: did you
    mean ``K``?); the prefixes themselves are dropped."""
    for pre in prefixes:
        if pre.letters:
            r.build_leg(pre, Atom("W", 0, 1), Range(), True, True, pre.end)


def _order_modes(modes: list[Modality]) -> tuple[Modality, ...]:
    return tuple(sorted(modes, key=lambda m: MODE_ORDER.index(m.letter)
                        if m.letter in MODE_ORDER else len(MODE_ORDER)))


# -- XBetza ---------------------------------------------------------------------------------
def _read_xbetza(r: _Reader) -> Spec:
    paths: list[Path] = []
    t = r.text
    while True:
        r.skip_space()
        if r.pos >= len(t):
            break
        start = r.pos
        prefixes = [r.read_prefix(stop_at_a=True)]
        while r.peek() == "a":
            r.tok(CHAIN, r.pos, r.pos + 1)
            r.pos += 1
            prefixes.append(r.read_prefix(stop_at_a=True))
        c = r.peek()
        if not c:
            if r.pos > start:
                _check_letters(r, prefixes)
                r.problem("modifiers without an atom: a move needs an atom letter after them",
                          start, r.pos, "add an atom such as W, F, N or K")
            break
        atom = r.read_atom()
        if atom is None:
            _check_letters(r, prefixes)
            if c == "(":
                continue  # read_coordinate reported it
            bad_start = r.pos
            r.pos += 1
            if _isdigit(c):
                while _isdigit(r.peek()):
                    r.pos += 1
                r.problem("a range must follow an atom", bad_start, r.pos,
                          "write the atom first, as in N2")
            elif c == "-":
                r.problem("`-` chains legs in Betza 2.0; XBetza chains legs with `a`", bad_start,
                          r.pos, "write mafsW for W-F, or switch to Betza 2.0")
            elif c == ")":
                r.problem("`)` without a matching `(`", bad_start, r.pos)
            elif c.isalpha() and c.isupper():
                r.problem(f"`{c}` is not an atom", bad_start, r.pos,
                          "atoms are W F D N A H C Z G K B R Q O U @ or (x,y)")
            else:
                r.problem(f"`{c}` cannot appear in a Betza string", bad_start, r.pos)
            continue
        rng = r.read_range(atom, exponent_ok=False)
        end = r.pos
        legs = [r.build_leg(p, atom, rng, i == len(prefixes) - 1, i == 0, end)
                for i, p in enumerate(prefixes)]
        if atom.letter in ("@",) and len(legs) > 1:
            r.problem("a drop cannot be a leg of a multi-leg move", start, end)
        paths.append(Path(tuple(legs), (start, end)))
    return Spec(tuple(paths), (0, len(t)))


# -- Betza 2.0 ------------------------------------------------------------------------------
def _read_betza2(r: _Reader, depth: int = 0) -> Spec:
    paths: list[Path] = []
    start = r.pos
    while True:
        r.skip_space()
        c = r.peek()
        if not c or (c == ")" and depth > 0):
            break
        if c == ")":
            r.problem("`)` without a matching `(`", r.pos)
            r.pos += 1
            continue
        if c == "-":
            r.problem("a chain cannot start with `-`: write a leg before it", r.pos)
            r.pos += 1
            continue
        path = _read_path(r, depth)
        if path is None:
            continue
        paths.extend(_splice(path))
    spec = Spec(tuple(paths), (start, r.pos))
    if depth == 0:
        _check_drops(r, spec, top=True)
    return spec


def _check_drops(r: _Reader, spec: Spec, top: bool) -> None:
    """A drop is a move of its own (seed 004 'Drops'), as in XBetza: never a leg of a chain,
    never inside a repeated or modified group; plain parentheses are gone by now ((@) is @)."""
    for path in spec.paths:
        for leg in path.legs:
            if isinstance(leg.step, Spec):
                _check_drops(r, leg.step, top=False)
            elif leg.step.letter == "@" and (len(path.legs) > 1 or not top):
                r.problem("a drop cannot be a leg of a multi-leg move", *path.span)


def _read_path(r: _Reader, depth: int) -> Path | None:
    start = r.pos
    legs: list[Leg] = []
    leg = _read_slide(r, depth, first=True)
    if leg is None:
        return None
    legs.append(leg)
    while r.peek() == "-":
        r.tok(CHAIN, r.pos, r.pos + 1)
        r.pos += 1
        nxt = _read_slide(r, depth, first=False)
        if nxt is None:
            break
        legs.append(nxt)
    return Path(tuple(_flatten_legs(legs)), (start, r.pos))


def _read_slide(r: _Reader, depth: int, first: bool) -> Leg | None:
    start = r.pos
    pre = r.read_prefix(stop_at_a=False)
    c = r.peek()
    step: Atom | Spec | None
    if c == "(" and not r._opens_leap():
        if depth > 20:
            r.problem("groups nested too deeply", r.pos)
            r.pos = len(r.text)
            return None
        open_at = r.pos
        r.tok(GROUP, r.pos, r.pos + 1)
        r.pos += 1
        inner = _read_betza2(r, depth + 1)
        if r.peek() != ")":
            r.problem("`(` is never closed", open_at, r.pos, "add the matching `)`")
        else:
            r.tok(GROUP, r.pos, r.pos + 1)
            r.pos += 1
        if not inner.paths:
            r.problem("empty group `()`", open_at, r.pos)
            return None
        step = inner
        rng = r.read_range(Atom("", 0, 0), exponent_ok=True)
    else:
        if not c or c == "-" or c == ")":
            if r.pos > start:
                _check_letters(r, [pre])
                r.problem("modifiers without an atom: a leg needs an atom letter after them", start,
                          r.pos, "add an atom such as W, F, N or K")
            else:   # `W-` or `(W-)`: the chain operator needs a leg after it
                r.problem("a `-` must be followed by another leg", max(start - 1, 0), start)
            return None
        step = r.read_atom()
        if step is None:
            _check_letters(r, [pre])
            bad = r.pos
            r.pos += 1
            if _isdigit(c):
                while _isdigit(r.peek()):
                    r.pos += 1
                r.problem("a range must follow an atom", bad, r.pos, "write the atom first, as in N2")
            elif c.isalpha() and c.isupper():
                r.problem(f"`{c}` is not an atom", bad, r.pos,
                          "atoms are W F D N A H C Z G K B R Q O U @ or (x,y)")
            elif c == "(":
                pass  # reported by read_coordinate
            else:
                r.problem(f"`{c}` cannot appear in a Betza string", bad, r.pos)
            return None
        rng = r.read_range(step, exponent_ok=True)
        if step.letter == "O" and rng.span[1] > rng.span[0]:
            r.problem("castling `O` with a number is XBetza; Betza 2.0 writes castling as a path",
                      step.span[0], r.pos, "for example irdiW03-buD-bW, or switch to XBetza")
    return r.build_leg(pre, step, rng, True, first, r.pos)


def _flatten_legs(legs: list[Leg]) -> list[Leg]:
    """Splice a plain parenthesised chain ``W-(F-F)`` into the chain that contains it."""
    out: list[Leg] = []
    for leg in legs:
        inner = leg.step
        if isinstance(inner, Spec) and len(inner.paths) == 1 and leg.range.count is None \
                and not leg.modes and not leg.initial and not leg.lame and not leg.turning \
                and not leg.erupt and not leg.equal and not (leg.dirs and out):
            sub = list(inner.paths[0].legs)
            if leg.dirs:
                head = sub[0]
                if head.dirs:
                    out.append(leg)
                    continue
                sub[0] = _with(head, dirs=leg.dirs, dirs_span=leg.dirs_span)
            out.extend(sub)
        else:
            out.append(leg)
    return out


def _splice(path: Path) -> list[Path]:
    """A top-level ``(A B)`` group without modifiers is just its alternatives."""
    if len(path.legs) == 1:
        leg = path.legs[0]
        if isinstance(leg.step, Spec) and leg.range.count is None and not leg.modes \
                and not leg.initial and not leg.dirs and not leg.lame and not leg.erupt \
                and not leg.turning and not leg.equal:
            return list(leg.step.paths)
    return [path]


def _with(leg: Leg, **changes: object) -> Leg:
    return replace(leg, **changes)  # type: ignore[arg-type]


# -- public entry points --------------------------------------------------------------------
def _run(text: str, dialect: Dialect, want_tokens: bool = True) -> tuple[Spec | None, _Reader]:
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of {', '.join(DIALECTS)}")
    if not isinstance(text, str):
        raise NotationError("a Betza definition must be text", 0, 0)
    r = _Reader(text, dialect, want_tokens)
    if len(text) > MAX_TEXT:
        r.problem(f"the definition is {len(text)} characters long; at most {MAX_TEXT} are read",
                  MAX_TEXT, len(text))
        return None, r
    for i, ch in enumerate(text):
        if ch in "\n\r" or (not ch.isprintable()):
            r.problem("line breaks and control characters cannot appear in a Betza string", i)
            return None, r
    spec = _read_xbetza(r) if dialect == XBETZA else _read_betza2(r)
    return spec, r


# Readings remembered, most recent last: a file's notations are read once per read although
# validation, the XBoard and the Fairy-Stockfish checks each ask for them (the AST is frozen,
# so one reading serves every caller). Bounded: more than any variant (78 piece types) needs.
# The window reads on its own thread and on the move generator's worker: one lock keeps the
# map consistent (reading a definition itself happens outside it).
_READ: dict[tuple[str, str], Piece | tuple[Problem, ...]] = {}
_READ_LOCK = threading.Lock()
MAX_REMEMBERED = 1024


def forget_readings() -> None:
    """Forget the remembered readings (benchmarks time the reading itself)."""
    with _READ_LOCK:
        _READ.clear()


def parse(text: str, dialect: Dialect = XBETZA) -> Piece:
    """Read ``text`` as a move definition in ``dialect`` ('xbetza' or 'betza2').

    Raises ``NotationError`` carrying every problem found (``.problems``), the first one's column
    span and hint on the error itself. An empty string is a piece without moves.
    """
    key = (text, dialect) if isinstance(text, str) and isinstance(dialect, str) else None
    found: Piece | tuple[Problem, ...] | None = None
    if key is not None:
        with _READ_LOCK:
            found = _READ.pop(key, None)
            if found is not None:
                _READ[key] = found          # most recent last
    if found is None:
        spec, r = _run(text, dialect, want_tokens=False)
        if r.problems:
            found = tuple(r.problems)
        else:
            assert spec is not None
            found = Piece(dialect, spec, text)
        if key is not None:
            with _READ_LOCK:
                while len(_READ) >= MAX_REMEMBERED:
                    del _READ[next(iter(_READ))]
                _READ[key] = found
    if isinstance(found, tuple):
        first = found[0]
        raise NotationError(first.message, first.start, first.end, first.hint, found)
    return found


def tokens(text: str, dialect: Dialect = XBETZA) -> list[Token]:
    """Every character's token kind, also for text with errors (best effort after an error).

    Returned tokens are sorted, do not overlap and cover the text; error tokens win over others.
    """
    _, r = _run(text, dialect)
    return _merge_in_order(r.tokens, len(text)) or _merge_by_character(r.tokens, len(text))


def _merge_in_order(found: list[tuple[TokenKind, int, int]], n: int) -> list[Token] | None:
    """The tokens of a reading that marked no error and whose tokens do not overlap (the usual
    case while typing), merged in one pass in text order: neighbours of one kind join, atoms
    never do, and what no token covers is an error. None when the general merge is needed."""
    out: list[Token] = []
    pos = 0
    for kind, start, end in sorted(found, key=_start_of):
        if kind == ERROR or start < pos:
            return None
        end = min(end, n)
        if start > pos:
            out.append(Token(ERROR, pos, start))
        last = out[-1] if out else None
        if last is not None and last.kind == kind and kind != ATOM and last.end == start:
            out[-1] = Token(kind, last.start, end)
        else:
            out.append(Token(kind, start, end))
        pos = end
    if pos < n:
        out.append(Token(ERROR, pos, n))
    return out


def _start_of(token: tuple[TokenKind, int, int]) -> int:
    return token[1]


def _merge_by_character(found: list[tuple[TokenKind, int, int]], n: int) -> list[Token]:
    """The general merge: each character takes the kind of the last token over it, error
    tokens win, neighbours of one kind join (characters of two different atoms never do)."""
    kinds: list[TokenKind] = [ERROR] * n   # characters no token claims are errors
    owner: list[int] = [-1] * n      # which token a character came from (atoms never merge)
    errors = []
    for index, (kind, start, end) in enumerate(found):
        if kind == ERROR:
            errors.append((start, end))
            continue
        end = min(end, n)
        kinds[start:end] = [kind] * (end - start)
        owner[start:end] = [index] * (end - start)
    for start, end in errors:  # error tokens win over others
        end = min(end, n)
        kinds[start:end] = [ERROR] * (end - start)
        owner[start:end] = [-1] * (end - start)
    out: list[Token] = []
    i = 0
    while i < n:
        kind = kinds[i]
        j = i + 1
        if kind == ATOM:
            while j < n and owner[j] == owner[i] and kinds[j] == ATOM:
                j += 1
        else:
            while j < n and kinds[j] == kind:
                j += 1
        out.append(Token(kind, i, j))
        i = j
    return out


def problems(text: str, dialect: Dialect = XBETZA) -> list[Problem]:
    """All problems of ``text`` (empty when it parses)."""
    _, r = _run(text, dialect, want_tokens=False)
    return list(r.problems)
