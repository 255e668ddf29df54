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

from dataclasses import replace

from ..vocabulary import BEX, Dialect, TokenKind
from ._reader import (ATOM, CHAIN, ERROR, GROUP, MAX_TEXT, SPACE, SPECIAL, Prefix, Reader,
                      Token, check_letters, isdigit, order_modes)
from .ast import BETZA2, DIALECTS, XBETZA, Atom, Leg, Modality, Path, Piece, Range, Spec
from .errors import NotationError, Problem

# -- XBetza ---------------------------------------------------------------------------------
def _read_xbetza(r: Reader) -> Spec:
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
                check_letters(r, prefixes)
                r.problem("modifiers without an atom: a move needs an atom letter after them",
                          start, r.pos, "add an atom such as W, F, N or K")
            break
        atom = r.read_atom()
        if atom is None:
            check_letters(r, prefixes)
            if c == "(":
                continue  # read_coordinate reported it
            bad_start = r.pos
            r.pos += 1
            if isdigit(c):
                while isdigit(r.peek()):
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
def _read_betza2(r: Reader, depth: int = 0) -> Spec:
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


def _check_drops(r: Reader, spec: Spec, top: bool) -> None:
    """A drop is a move of its own (seed 004 'Drops'), as in XBetza: never a leg of a chain,
    never inside a repeated or modified group; plain parentheses are gone by now ((@) is @)."""
    for path in spec.paths:
        for leg in path.legs:
            if isinstance(leg.step, Spec):
                _check_drops(r, leg.step, top=False)
            elif leg.step.letter == "@" and (len(path.legs) > 1 or not top):
                r.problem("a drop cannot be a leg of a multi-leg move", *path.span)


def _read_path(r: Reader, depth: int) -> Path | None:
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


def _read_slide(r: Reader, depth: int, first: bool) -> Leg | None:
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
                check_letters(r, [pre])
                r.problem("modifiers without an atom: a leg needs an atom letter after them", start,
                          r.pos, "add an atom such as W, F, N or K")
            else:   # `W-` or `(W-)`: the chain operator needs a leg after it
                r.problem("a `-` must be followed by another leg", max(start - 1, 0), start)
            return None
        step = r.read_atom()
        if step is None:
            check_letters(r, [pre])
            if c == "(":
                return None   # read_coordinate reported it and moved past it
            bad = r.pos
            r.pos += 1
            if isdigit(c):
                while isdigit(r.peek()):
                    r.pos += 1
                r.problem("a range must follow an atom", bad, r.pos, "write the atom first, as in N2")
            elif c.isalpha() and c.isupper():
                r.problem(f"`{c}` is not an atom", bad, r.pos,
                          "atoms are W F D N A H C Z G K B R Q O U @ or (x,y)")
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
def _run(text: str, dialect: Dialect, want_tokens: bool = True) -> tuple[Spec | None, Reader]:
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of {', '.join(DIALECTS)}")
    if not isinstance(text, str):
        raise NotationError("a Betza definition must be text", 0, 0)
    r = Reader(text, dialect, want_tokens)
    if len(text) > MAX_TEXT:
        r.problem(f"the definition is {len(text)} characters long; at most {MAX_TEXT} are read",
                  MAX_TEXT, len(text))
        return None, r
    for i, ch in enumerate(text):
        if ch in "\n\r" or (not ch.isprintable()):
            r.problem("line breaks and control characters cannot appear in a Betza string", i)
            return None, r
    if dialect == BEX:
        return _run_bex(text, want_tokens)
    spec = _read_xbetza(r) if dialect == XBETZA else _read_betza2(r)
    return spec, r


def _run_bex(text: str, want_tokens: bool) -> tuple[Spec | None, Reader]:
    """Bex: rewritten as Betza 2.0 (``bex.rewrite``) and read by the Betza 2.0 reader; the
    returned reader holds the text written in Betza 2.0 and every problem and token in the
    columns of the Bex text."""
    from .bex import respan, rewrite
    rw = rewrite(text)
    inner = Reader(rw.text, BETZA2, want_tokens)
    spec = _read_betza2(inner)
    if not rw.problems and not inner.problems:
        spec = respan(spec, rw)
    out = Reader(text, BETZA2, want_tokens)
    out.problems = [Problem(m, s, e, h) for m, s, e, h in rw.problems]
    for p in inner.problems:
        if any(q.start <= rw.back(p.start, p.end)[0] < q.end for q in out.problems):
            continue        # the Bex reader already said what is wrong there
        start, end = rw.back(p.start, p.end)
        out.problems.append(Problem(p.message, start, end, p.hint))
    out.problems.sort(key=lambda q: q.start)
    if want_tokens:
        tokens = [(kind, *rw.back(start, end)) for kind, start, end in inner.tokens]
        out.tokens = tokens + rw.tokens + [(ERROR, q.start, q.end) for q in out.problems]
    return spec, out


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
    """Read ``text`` as a move definition in ``dialect`` ('xbetza', 'betza2' or 'bex'; a Bex
    definition reads as the Betza 2.0 piece that makes the same moves).

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
            # A Bex definition is the Betza 2.0 program it reads as, its spans in the Bex text.
            # Caching by text stays sound: a Bex text that Betza 2.0 also reads is the same
            # program in both (the rewrite changes only what Betza 2.0 refuses).
            found = Piece(BETZA2 if dialect == BEX else dialect, spec, text)
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
    if dialect == BEX:
        return _merge_by_character(r.tokens, len(text))
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
