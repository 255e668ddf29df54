"""Our own data inside XBoard option files: versioned ``; @designer`` comment lines.

XBoard ignores comments, so everything it has no option for (piece names, the notation as the
user wrote it and its dialect, images, notes, promotion details, sizes beyond XBoard's limits)
rides along losslessly. Each line is ``; @designer <version> <kind> <JSON object>``; kinds are
``variant`` (all fields but the pieces; the rules of play as ``rule_set``, an object written
by ``designer.rules.serial``) and ``piece`` (one per piece type, in order).

Above a Fairy-Stockfish section a person keeps by hand, the lines may say only what reading the
section as the engine does would lose (``patch_lines``): the variant line then carries
``"over": "section"``, the fields that differ and, when the pieces' letters or order differ,
``"order"``; each piece line names a piece by its letter and gives the fields that differ (a
piece the section lacks is given whole). The reader applies them over the section's own reading
(``read_designer``'s ``base``), so a one-piece edit costs a line or two of comments, not one
per piece.
"""

from __future__ import annotations

import json
from dataclasses import Field, fields, replace
from typing import Any, Callable, TypeVar

from ..notation._reader import MAX_TEXT as MAX_DEFINITION
from ..variant.model import MAX_PIECE_TYPES, MAX_TEXT, PieceType, Variant
from ..vocabulary import parse_dialect
from .errors import FormatError, read_number
from .hand_edits import consistency
from .options import Comment

T = TypeVar("T")
VERSION = 1
TAG = "@designer"
_VARIANT_FIELDS = {f.name: f for f in fields(Variant)} 
_PIECE_FIELDS = {f.name: f for f in fields(PieceType)}
_DEFAULT_VARIANT = Variant()
_DEFAULT_PIECE = PieceType("X")
#: the variant line's marks of lines written over a section's own reading (``patch_lines``)
_OVER, _ORDER = "over", "order"


#: Fields that only repeat what the rule set says (its XBoard view, ``variant.derive.projected``):
#: not written beside a rule set, computed from it again when the file is read. Files without
#: a rule set (older ones, XBoard's own) still give them, and the rule set is derived from them.
RULES_VIEW_VARIANT = frozenset({"drops"})     # (holdings: XBoard's size, the user's choice)
RULES_VIEW_PIECE = frozenset({"promotions", "promotes_to", "promotion_zone",
                              "mandatory_promotion"})


def designer_lines(v: Variant) -> list[str]:
    """The comment lines carrying ``v`` completely (only non-default fields are written; with
    a rule set, not the fields that repeat it)."""
    head = _variant_fields(v, lambda name, value: name in ("name", "files", "ranks")
                           or value != getattr(_DEFAULT_VARIANT, name))
    lines = [_line("variant", head)]
    for p in v.pieces:
        lines.append(_line("piece", _piece_fields(v, p, _DEFAULT_PIECE)))
    return lines


def patch_lines(v: Variant, base: Variant) -> list[str]:
    """The comment lines that make ``base`` (a section as Fairy-Stockfish reads it) into ``v``:
    only what differs; no lines when nothing does."""
    if v == base:
        return []
    head: dict[str, Any] = {_OVER: "section"}
    head.update(_variant_fields(v, lambda name, value: value != getattr(base, name)))
    letters = [p.letter for p in v.pieces]
    if letters != [p.letter for p in base.pieces]:
        head[_ORDER] = letters
    lines = [_line("variant", head)]
    theirs = {p.letter: p for p in base.pieces}
    for p in v.pieces:
        was = theirs.get(p.letter)
        if was is None:
            lines.append(_line("piece", _piece_fields(v, p, _DEFAULT_PIECE)))
        elif was != p:
            lines.append(_line("piece", _piece_fields(v, p, was)))
    return lines


def carries_whole(lines: list[str]) -> bool:
    """Whether ``lines`` hold our complete variant line (not one written over a section's own
    reading by ``patch_lines``)."""
    for line in lines:
        parts = line.strip().lstrip(";").split(None, 3)
        if len(parts) == 4 and parts[0] == TAG and parts[2] == "variant":
            try:
                data = json.loads(parts[3])
            except (ValueError, RecursionError):
                return False
            return isinstance(data, dict) and _OVER not in data
    return False


def _line(kind: str, data: dict[str, Any]) -> str:
    return f"; {TAG} {VERSION} {kind} {json.dumps(data, ensure_ascii=False)}"


def _variant_fields(v: Variant, wanted: Callable[[str, Any], bool]) -> dict[str, Any]:
    """The variant's own fields (not its pieces) that ``wanted(name, value)`` keeps, as JSON."""
    head: dict[str, Any] = {}
    ruled = v.rule_set is not None
    for name in _VARIANT_FIELDS:
        if name in ("pieces", "extra") or ruled and name in RULES_VIEW_VARIANT:
            continue
        value = getattr(v, name)
        if name == "rule_set":
            if value is not None and wanted(name, value):
                # the rules of play, as ``designer.rules.serial`` writes them
                from ..rules.serial import rules_to_json
                head[name] = rules_to_json(value)
            continue
        if wanted(name, value):
            head[name] = _plain(value)
    for key, text in v.extra:          # fields of a newer version, kept as they were read
        if key not in head:
            try:
                head[key] = json.loads(text)
            except ValueError:
                head[key] = text
    return head


def _piece_fields(v: Variant, p: PieceType, than: PieceType) -> dict[str, Any]:
    """The fields of piece ``p`` that differ from ``than`` (its letter and notation always)."""
    ruled = v.rule_set is not None
    d: dict[str, Any] = {}
    for name in _PIECE_FIELDS:
        if ruled and name in RULES_VIEW_PIECE:
            continue
        value = getattr(p, name)
        if name in ("letter", "notation") or value != getattr(than, name):
            d[name] = _plain(value)
    return d


def _json_int(text: str) -> int:
    """A JSON integer, refused (ValueError) when longer than any field needs: Python's own
    limit (4,300 digits) would stop with a message about its internals."""
    if len(text.lstrip("-")) > 18:
        raise ValueError(f"a number of {len(text)} digits is longer than any field needs")
    return int(text)


def _plain(value: Any) -> Any:
    """A field's value as JSON holds it (tuples become lists)."""
    if isinstance(value, tuple):
        return [_plain(x) for x in value]
    return value


def read_designer(comments: list[Comment],
                  base: Callable[[], Variant] | None = None) -> Variant | None:
    """The variant carried by ``; @designer`` comments, or None when there are none.

    Lines written over a section's own reading (``patch_lines``) are applied over ``base()``,
    the section as Fairy-Stockfish reads it; without ``base`` they are refused."""
    head: dict[str, Any] | None = None
    head_at: Comment | None = None
    raw: list[tuple[dict[str, Any], Comment]] = []
    for c in comments:
        text = c.text.strip()
        if not text.startswith(TAG):
            continue
        parts = text.split(None, 3)
        if len(parts) < 4:
            raise FormatError("incomplete @designer line", c.file, c.line)
        _, version, kind, body = parts
        if read_number(version, "@designer version", c.file, c.line) > VERSION:
            raise FormatError(f"written by a newer Variant Designer (data version {version})",
                              c.file, c.line)
        try:
            data = json.loads(body, parse_int=_json_int)
        except (ValueError, RecursionError) as exc:
            raise FormatError(f"@designer data is not valid JSON: {exc}", c.file, c.line) from None
        if not isinstance(data, dict):
            raise FormatError("@designer data must be a JSON object", c.file, c.line)
        if kind == "variant":
            if head is not None:
                raise FormatError("second @designer variant line", c.file, c.line)
            head = data
            head_at = c
        elif kind == "piece":
            if len(raw) >= MAX_PIECE_TYPES:       # the model's limit bounds the work too
                raise FormatError(f"more than {MAX_PIECE_TYPES} @designer piece lines (a "
                                  f"variant has at most {MAX_PIECE_TYPES} piece types)", c.file,
                                  c.line)
            raw.append((data, c))
        # unknown kinds (from later minor versions) are skipped
    if head is None:
        first = next((c for c in comments if c.text.strip().startswith(TAG)), None)
        if first is not None:
            raise FormatError("@designer piece lines without a variant line", first.file,
                              first.line)
        return None
    at = head_at or Comment("", 0)               # set together with head
    over = head.get(_OVER)
    if over is not None:
        if over != "section" or base is None:
            raise FormatError("these @designer lines change a Fairy-Stockfish section's own "
                              "reading and belong just above that section", at.file, at.line)
        v, pieces, piece_at = _over(base(), head, raw, at)
    else:
        pieces = [_checked(_build(PieceType, _PIECE_FIELDS, data, c, required=("letter",)), c)
                  for data, c in raw]
        piece_at = [c for _, c in raw]
        known = {k: x for k, x in head.items() if k in _VARIANT_FIELDS and k not in ("pieces",
                                                                                     "extra")}
        v = _build(Variant, _VARIANT_FIELDS, known, at, required=())
    unknown = tuple((k, json.dumps(x, ensure_ascii=False)) for k, x in head.items()
                    if k not in _VARIANT_FIELDS and k not in (_OVER, _ORDER))
    if unknown:
        v = replace(v, extra=unknown)
    v = replace(v, pieces=tuple(pieces))
    if v.rule_set is not None:
        # the rule set is the record: the fields that repeat it are computed from it (a file
        # of an earlier version may still carry them, and they may disagree with it: the game
        # played the rule set, so the rule set wins)
        from ..variant.derive import projected
        v = projected(v)
    for letter, why in consistency(v):
        # the line at fault: the (last) piece line of that letter, else the variant line
        where = next((c for p, c in zip(reversed(pieces), reversed(piece_at))
                      if p.letter == letter), at)
        raise FormatError(f"the @designer data contradict themselves: {why}", where.file,
                          where.line)
    return v


def _checked(piece: PieceType, c: Comment) -> PieceType:
    if len(piece.notation) > MAX_DEFINITION:
        # refused before anything reads it (the notation reader would refuse it too, after
        # the window had laid out tens of thousands of characters on one line)
        raise FormatError(f"piece {piece.letter[:8]}: the definition is "
                          f"{len(piece.notation):,} characters long; at most "
                          f"{MAX_DEFINITION:,} are read", c.file, c.line)
    return piece


def _over(base: Variant, head: dict[str, Any], raw: list[tuple[dict[str, Any], Comment]],
          at: Comment) -> tuple[Variant, list[PieceType], list[Comment]]:
    """``base`` with the fields of ``head`` and the piece lines ``raw`` applied, and its pieces
    (in the order ``head`` gives, else the base's) with the line each came from."""
    fields_ = {k: _typed(k, x, _VARIANT_FIELDS[k], at) for k, x in head.items()
               if k in _VARIANT_FIELDS and k not in ("pieces", "extra")}
    v = replace(base, **fields_)
    by_letter = {p.letter: p for p in base.pieces}
    line_of: dict[str, Comment] = {}
    for data, c in raw:
        letter = data.get("letter")
        if not isinstance(letter, str):
            raise FormatError("@designer PieceType data has no 'letter'", c.file, c.line)
        was = by_letter.get(letter)
        if was is None:
            piece = _build(PieceType, _PIECE_FIELDS, data, c, required=("letter",))
        else:
            piece = replace(was, **{k: _typed(k, x, _PIECE_FIELDS[k], c)
                                    for k, x in data.items() if k in _PIECE_FIELDS})
        by_letter[letter] = _checked(piece, c)
        line_of[letter] = c
    order = head.get(_ORDER, [p.letter for p in base.pieces])
    if not isinstance(order, list) or not all(isinstance(x, str) for x in order) \
            or len(set(order)) != len(order):
        raise FormatError("@designer 'order' must list each piece letter once", at.file,
                          at.line)
    missing = [x for x in order if x not in by_letter]
    if missing:
        raise FormatError(f"@designer 'order' names pieces that are neither in the section nor "
                          f"given: {', '.join(missing[:8])}", at.file, at.line)
    return v, [by_letter[x] for x in order], [line_of.get(x, at) for x in order]


def designer_line(comments: list[Comment]) -> int:
    """The line of the ``@designer variant`` comment (0 when there is none)."""
    for c in comments:
        parts = c.text.split(None, 3)
        if len(parts) > 2 and parts[0] == TAG and parts[2] == "variant":
            return c.line
    return 0


def _build(cls: type[T], spec: dict[str, Field[Any]], data: dict[str, Any], c: Comment,
           required: tuple[str, ...]) -> T:
    """An instance of ``cls`` from the fields of ``data`` it has (type-checked, see _typed)."""
    kw: dict[str, Any] = {}
    for key, value in data.items():
        f = spec.get(key)
        if f is None:
            continue                     # a field we do not know (newer file): skipped
        kw[key] = _typed(key, value, f, c)
    for key in required:
        if key not in kw:
            raise FormatError(f"@designer {cls.__name__} data has no {key!r}", c.file, c.line)
    return cls(**kw)


def _typed(key: str, value: Any, f: Field[Any], c: Comment) -> Any:
    t = str(f.type)
    ok = True
    if t.startswith("tuple[tuple"):
        ok = isinstance(value, list) and all(isinstance(x, list) and len(x) == 2 and
                                             all(isinstance(y, str) for y in x) for x in value)
        value = tuple(tuple(x) for x in value) if ok else value
    elif t.startswith("tuple"):
        ok = isinstance(value, list) and all(isinstance(x, str) for x in value)
        value = tuple(value) if ok else value
    elif t == "bool":
        ok = isinstance(value, bool)
    elif t == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10 ** 6
    elif t == "int | None":
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
    elif t == "str":
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    elif t == "RuleSet | None":          # the rules of play: checked field by field there
        from ..rules.serial import RuleDataError, rules_from_json
        try:
            value = None if value is None else rules_from_json(value)
        except RuleDataError as e:
            raise FormatError(f"@designer field {key!r}: {e}", c.file, c.line) from None
    elif t == "Dialect":                 # the one place a file's dialect becomes a Dialect
        try:
            value = parse_dialect(value)
        except ValueError as e:
            raise FormatError(f"@designer field {key!r}: {e}", c.file, c.line) from None
    else:   # a field type without a check here would let any JSON value into the model
        raise TypeError(f"no check for @designer fields of type {t}")
    if not ok:
        raise FormatError(f"@designer field {key!r} has a value of the wrong type", c.file,
                          c.line)
    return value
