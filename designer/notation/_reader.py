"""The letter-level reader under ``parser``: tokens for the highlighter, modifier prefixes with
their limiters, atoms, coordinate leaps, ranges and exponents, and legs built from them.

``Reader`` holds the text, the position, the problems found so far and the tokens; it keeps
going after an error, so that the editor highlights while the user types and every problem of
a string is reported at once. ``parser`` reads the two dialects' structure with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final, NamedTuple

from ..vocabulary import MODALITY_ORDER, XBETZA_MODALITIES, Dialect, TokenKind
from .ast import BETZA2, XBETZA, Atom, Leg, Limiter, Modality, Range, Spec
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
class Prefix:
    """Modifier letters of one leg while they are being read."""

    start: int
    letters: list[tuple[str, int]] = field(default_factory=list)
    limiters: dict[int, Limiter] = field(default_factory=dict)  # index in letters -> limiter
    end: int = 0


def isdigit(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts '²', which ``int`` cannot read."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


class Reader:
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

    def read_prefix(self, stop_at_a: bool) -> Prefix:
        """Lower-case modifiers (and limiters) before an atom; in XBetza stops at 'a'."""
        pre = Prefix(self.pos)
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
        return isdigit(self.peek(i - self.pos))

    def read_coordinate(self) -> Atom | None:
        start = self.pos
        close = self.text.find(")", start)
        body = self.text[start + 1:close] if close > 0 else self.text[start + 1:]
        parts = [p.strip() for p in body.split(",")]
        if close < 0 or len(parts) != 2 or not all(isdigit(p) for p in parts):
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
            if j > self.pos and j < len(t) and (isdigit(t[j]) or t[j] == "*"):
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
            return Range(0, False, turn, order_modes(modes), star=True, span=(start, self.pos))
        if isdigit(c):
            j = self.pos
            while j < len(t) and isdigit(t[j]):
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
            return Range(value, exact, turn, order_modes(modes), span=(start, self.pos))
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
    def build_leg(self, pre: Prefix, step: "Atom | Spec", rng: Range, final: bool, first: bool,
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
        return Leg(step, rng, dirs, order_modes(modes), initial, lame, turning, erupt, equal, span,
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


def check_letters(r: Reader, prefixes: list[Prefix]) -> None:
    """Report unknown modifier letters of prefixes that never reached an atom (``fk``: did you
    mean ``K``?); the prefixes themselves are dropped."""
    for pre in prefixes:
        if pre.letters:
            r.build_leg(pre, Atom("W", 0, 1), Range(), True, True, pre.end)


def order_modes(modes: list[Modality]) -> tuple[Modality, ...]:
    return tuple(sorted(modes, key=lambda m: MODE_ORDER.index(m.letter)
                        if m.letter in MODE_ORDER else len(MODE_ORDER)))
