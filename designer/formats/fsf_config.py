"""A Fairy-Stockfish variant as the engine configures it from ``variants.ini`` sections: its
pieces (type, letter, custom moves) and every field of its ``Variant`` struct, with the line
that set each one.

``configure(section, earlier)`` follows the engine: a section with a parent starts from the
parent's finished configuration (``[name:parent]``: an earlier section of the file, or a
built-in variant, ``designer/data/fsf_builtins.ini``), one without from the default template
with no pieces; then the section's keys are applied in the parser's order
(``src/parser.cpp: VariantParser::parse``, see ``fsf_options``). That order is what makes
inheritance exact where merging keys would not be: a child's ``customPiece1 = q:…`` removes
the parent's queen (one letter, one piece: ``Variant::add_piece``), declaring a piece again
drops it from the promotion choices (``remove_piece``), and letters in piece lists are read
against the pieces of the section that names them.

What the engine would not take, or reads differently from the text, is a notice with its line
(``FsfNotice``): an error where the engine would refuse or crash on the section, a warning
where it reads something else (an unknown key is ignored, ``castling = yes`` is false).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources

from .errors import FormatError
from .fsf_options import (ALL, BUILTIN_ONLY, FIELDS, OPTIONS, PIECE_KEYS, PREDEFINED, SPAN,
                          Kind, mobility_key, rank_squares)
from .fsf_sections import Section, parse_sections
from .fsf_values import Reading, read, read_bitboard, read_rank

BUILTINS_FILE = "fsf_builtins.ini"


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a value was set: the file, line, section and key."""

    file: str
    line: int
    section: str
    key: str


@dataclass(frozen=True, slots=True)
class Setting:
    """A field's value and where it was set."""

    value: object
    origin: Origin


@dataclass(frozen=True, slots=True)
class FsfPiece:
    """A piece of the variant: its key (``knight``, ``customPiece3``, ``king``), its letter
    (upper case) and, for a custom piece or a king with custom moves, the moves as written
    (Fairy-Stockfish's Betza)."""

    key: str
    letter: str
    betza: str | None
    origin: Origin


@dataclass(frozen=True, slots=True)
class FsfNotice:
    """Something the engine does not read as written; ``severity`` is "error" when the engine
    would refuse the section (or crash on it)."""

    message: str
    file: str
    line: int
    key: str = ""
    severity: str = "warning"

    def __str__(self) -> str:
        where = self.file or "<text>"
        return f"{where}:{self.line}: {self.key + ': ' if self.key else ''}{self.message}"


@dataclass(frozen=True)
class FsfConfig:
    """A configured variant: ``chain`` is the section and its parents (nearest first),
    ``pieces`` in the engine's type order, ``settings`` the fields some section of the chain
    set (the others have their ``fsf_options`` default), ``notices`` what was read otherwise
    than written."""

    name: str
    chain: tuple[str, ...] = ()
    pieces: tuple[FsfPiece, ...] = ()
    settings: Mapping[str, Setting] = field(default_factory=dict)
    notices: tuple[FsfNotice, ...] = ()

    def value(self, name: str) -> object:
        """A field's value (``promotionRegion.white``), set or default."""
        s = self.settings.get(name)
        return s.value if s is not None else FIELDS[name].default

    def origin(self, name: str) -> Origin | None:
        s = self.settings.get(name)
        return s.origin if s is not None else None

    def piece(self, key: str) -> FsfPiece | None:
        return next((p for p in self.pieces if p.key == key), None)

    def piece_of(self, letter: str) -> str | None:
        """The key of the piece with this (upper-case) letter."""
        return next((p.key for p in self.pieces if p.letter == letter), None)

    def letter(self, key: str) -> str | None:
        p = self.piece(key)
        return p.letter if p is not None else None

    def mobility(self, colour: str, key: str) -> frozenset[tuple[int, int]]:
        """The squares a piece is confined to (empty: no confinement)."""
        v = self.value_or(f"mobilityRegion.{colour}.{key}", frozenset())
        assert isinstance(v, frozenset)
        return v

    def value_or(self, name: str, default: object) -> object:
        s = self.settings.get(name)
        return s.value if s is not None else default

    @property
    def files(self) -> int:
        v = self.value("maxFile")
        assert isinstance(v, int)
        return v + 1

    @property
    def ranks(self) -> int:
        v = self.value("maxRank")
        assert isinstance(v, int)
        return v + 1


class _Builder:
    """One section applied to its parent's configuration (parser order)."""

    def __init__(self, base: FsfConfig, section: Section, file: str, builtin: bool) -> None:
        self.pieces = {p.key: p for p in base.pieces}
        self.settings = dict(base.settings)
        self.section = section
        self.file = file
        self.builtin = builtin
        self.notices: list[FsfNotice] = []
        self.used: set[str] = set()

    # -- helpers ----------------------------------------------------------------------------
    def origin(self, key: str) -> Origin:
        return Origin(self.file, self.section.keys[key][1] if key in self.section.keys
                      else self.section.line, self.section.name, key)

    def notice(self, key: str, message: str, severity: str = "warning") -> None:
        line = self.section.keys[key][1] if key in self.section.keys else self.section.line
        self.notices.append(FsfNotice(message, self.file, line, key, severity))

    def text(self, key: str) -> str | None:
        if key not in self.section.keys:
            return None
        self.used.add(key)
        return self.section.keys[key][0]

    def set(self, name: str, value: object, key: str) -> None:
        self.settings[name] = Setting(value, self.origin(key))

    def piece_of(self, letter: str) -> str | None:
        return next((k for k, p in self.pieces.items() if p.letter == letter), None)

    def take(self, key: str, reading: Reading) -> bool:
        if reading.problem:
            self.notice(key, reading.problem, "error" if reading.fatal else "warning")
        return not reading.fatal

    # -- pieces (Variant::add_piece / remove_piece) -----------------------------------------
    def remove_piece(self, key: str, by: str) -> None:
        self.pieces.pop(key, None)
        for colour in ("white", "black"):
            name = f"promotionPieceTypes.{colour}"
            now = self.current(name)
            assert isinstance(now, frozenset)
            if key in now:
                self.set(name, now - {key}, by)

    def current(self, name: str) -> object:
        s = self.settings.get(name)
        return s.value if s is not None else FIELDS[name].default

    def add_piece(self, key: str, letter: str, betza: str | None) -> None:
        holder = self.piece_of(letter)
        if holder is not None:
            self.remove_piece(holder, key)
        self.pieces[key] = FsfPiece(key, letter, betza, self.origin(key))

    def declare_pieces(self) -> None:
        for key in PIECE_KEYS:
            value = self.text(key)
            if value:
                custom = key.startswith("customPiece")
                old = self.pieces.get(key)
                betza = old.betza if old is not None and (custom or key == "king") else None
                if value[0].isascii() and value[0].isalpha():
                    if custom:
                        if len(value) > 1:
                            betza = value[2:]
                        else:
                            self.notice(key, "no moves after the letter (x:betza): the piece "
                                        "makes none")
                    elif key == "king":
                        betza = value[2:] if len(value) > 1 else None
                        self.set("kingType", "custom" if betza is not None else "king", key)
                    self.add_piece(key, value[0].upper(), betza)
                    if custom and betza and "e" in betza:
                        for colour in ("white", "black"):
                            name = f"enPassantTypes.{colour}"
                            now = self.current(name)
                            assert isinstance(now, frozenset)
                            self.set(name, now | {key}, key)
                else:
                    if value[0] != "-":
                        self.notice(key, f"{value[0]!r} is not a letter: the piece is removed")
                    self.remove_piece(key, key)
            for colour in ("white", "black"):
                mkey = mobility_key(colour, key)
                text = self.text(mkey)
                if text is not None:
                    r = read_bitboard(text)
                    if self.take(mkey, r):
                        self.set(f"mobilityRegion.{colour}.{key}", r.value, mkey)

    # -- options ------------------------------------------------------------------------------
    def read_field(self, key: str, name: str, text: str) -> None:
        kind = FIELDS[name].kind
        r = read(kind, text, self.piece_of)
        if not self.take(key, r):
            return
        value = r.value
        if name == "connectPieceTypes" and isinstance(value, frozenset) and ALL in value:
            # ``*`` is the type "all pieces" (bit 0), which no piece on the board is: the
            # engine's connection matches only the pieces named (src/variant.cpp: trimmed
            # against pieceTypes); extinctionPieceTypes is the set that looks for ``*``
            self.notice(key, "`*` is no piece here: Fairy-Stockfish connects only the pieces "
                        "named by their letters")
            value = value - {ALL}
        if kind in (Kind.PIECE_COUNTS, Kind.PROMOTED_TYPES):
            # arrays the parser assigns entry by entry: the parent's other entries stay
            old = self.current(name)
            assert isinstance(old, tuple) and isinstance(value, tuple)
            merged = dict(old)
            merged.update(dict(value))
            value = tuple(sorted(merged.items()))
        self.set(name, value, key)

    def deprecated_regions(self) -> None:
        """promotionRank, doubleStepRank(Min) and dropOnTop (parser.cpp: deprecated values
        for backwards compatibility), with the engine's arithmetic."""
        top = self.current("maxRank")
        assert isinstance(top, int)
        text = self.text("promotionRank")
        if text is not None:
            self.notice("promotionRank", "deprecated: promotionRegionWhite/Black say it now")
            r = read_rank(text)
            if self.take("promotionRank", r) and isinstance(r.value, int):
                self.set("promotionRegion.white", rank_squares(*range(r.value, SPAN)),
                         "promotionRank")
                self.set("promotionRegion.black", rank_squares(*range(0, top - r.value + 1)),
                         "promotionRank")
        low_text, high_text = self.text("doubleStepRankMin"), self.text("doubleStepRank")
        if low_text is not None or high_text is not None:
            key = "doubleStepRank" if high_text is not None else "doubleStepRankMin"
            self.notice(key, "deprecated: doubleStepRegionWhite/Black say it now")
            low = read_rank(low_text) if low_text is not None else Reading(1)
            high = read_rank(high_text) if high_text is not None else Reading(1)
            if self.take(key, low) and self.take(key, high):
                lo, hi = low.value, high.value
                assert isinstance(lo, int) and isinstance(hi, int)
                self.set("doubleStepRegion.white", rank_squares(*range(lo, hi + 1)), key)
                self.set("doubleStepRegion.black",
                         rank_squares(*range(top - hi, top - lo + 1)), key)
        text = self.text("dropOnTop")
        if text is not None:
            self.notice("dropOnTop", "deprecated: enclosingDrop = top says it now")
            if text == "true":
                self.set("enclosingDrop", "top", "dropOnTop")

    def apply(self) -> FsfConfig:
        for key in ("maxRank", "maxFile"):
            text = self.text(key)
            if text is not None:
                self.read_field(key, key, text)
        self.declare_pieces()
        for key in ("pieceValueMg", "pieceValueEg"):
            text = self.text(key)
            if text is not None:
                self.read_field(key, key, text)
        self.deprecated_regions()
        for option in OPTIONS:
            text = self.text(option.key)
            if text is None:
                continue
            if option.deprecated:
                self.notice(option.key, "deprecated key (Fairy-Stockfish still reads it)")
            for name in option.fields:
                self.read_field(option.key, name, text)
        for key in sorted(BUILTIN_ONLY):
            text = self.text(key) if self.builtin else None
            if text is not None:
                if key == "kingType" and text not in PREDEFINED:
                    self.notice(key, f"{text!r} is not a predefined piece", "error")
                    continue
                self.read_field(key, key, text)
        for key in self.section.keys:
            if key not in self.used:
                why = ("only Fairy-Stockfish's own built-in variants have it" if key in
                       BUILTIN_ONLY else "Fairy-Stockfish has no such option")
                self.notice(key, f"{why}: it ignores the line")
        self.conclude()
        return FsfConfig(self.section.name, (), tuple(self.pieces[k] for k in PIECE_KEYS
                                                     if k in self.pieces),
                         self.settings, tuple(self.notices))

    def conclude(self) -> None:
        """What ``Variant::conclude`` enforces once a section is parsed (a child inherits the
        concluded parent): no double-step regions without double steps, and no double steps
        without a region."""
        if not self.current("doubleStep"):
            for side in ("white", "black"):
                if self.current(f"doubleStepRegion.{side}"):
                    self.settings[f"doubleStepRegion.{side}"] = Setting(
                        frozenset(), self.origin("doubleStep"))
        if not any(self.current(f"doubleStepRegion.{s}") for s in ("white", "black")) and \
                self.current("doubleStep"):
            self.settings["doubleStep"] = Setting(False, self.origin("doubleStep"))


def apply(base: FsfConfig, section: Section, file: str = "", builtin: bool = False) -> FsfConfig:
    """``section``'s keys applied to ``base`` (its parent, or ``BASE``)."""
    done = _Builder(base, section, file, builtin).apply()
    return FsfConfig(done.name, (section.name,) + base.chain, done.pieces, done.settings,
                     base.notices + done.notices)


BASE = FsfConfig("", ())          # Variant() after reset_pieces(): no pieces, the defaults


@lru_cache(maxsize=1)
def _builtin_sections() -> dict[str, Section]:
    text = resources.files("designer.data").joinpath(BUILTINS_FILE).read_text("utf-8")
    return {s.name: s for s in parse_sections(text, BUILTINS_FILE)}


@lru_cache(maxsize=1)
def builtin_names() -> frozenset[str]:
    """Every variant Fairy-Stockfish has built in (described here or not)."""
    text = resources.files("designer.data").joinpath("fsf_variant_names.txt").read_text()
    return frozenset(text.split())


def described_builtins() -> tuple[str, ...]:
    """The built-in variants our data describes."""
    return tuple(_builtin_sections())


@lru_cache(maxsize=64)
def builtin(name: str) -> FsfConfig:
    """A built-in variant's configuration (KeyError when our data does not describe it)."""
    section = _builtin_sections()[name]
    base = builtin(section.parent) if section.parent else BASE
    done = apply(base, section, BUILTINS_FILE, builtin=True)
    errors = [n for n in done.notices if n.severity == "error" or n.file == BUILTINS_FILE]
    if errors:
        raise AssertionError(f"built-in data: {errors[0]}")
    return done


def configure(sections: Sequence[Section], index: int, file: str = "") -> FsfConfig:
    """The configuration of ``sections[index]`` of a user's file.

    A parent is looked up as the engine does: its built-in variants first (a section of the
    file with a built-in's name is never loaded: "already exists"), then the sections before.
    """
    done: dict[int, FsfConfig] = {}

    def one(i: int, depth: int) -> FsfConfig:
        if i in done:
            return done[i]
        section = sections[i]
        if depth > 50:
            raise FormatError("inheritance chain too long", file, section.line)
        parent = section.parent
        if not parent:
            base = BASE
        elif parent in builtin_names():
            if parent not in _builtin_sections():
                raise FormatError(f"[{section.name}:{parent}]: the built-in variant {parent!r} "
                                  "is not described here (described: "
                                  f"{', '.join(sorted(described_builtins()))})", file,
                                  section.line)
            base = builtin(parent)
        else:
            at = next((k for k in range(i) if sections[k].name == parent), None)
            if at is None:
                raise FormatError(f"[{section.name}:{parent}]: unknown parent variant "
                                  f"{parent!r} (it must be a built-in variant or a section "
                                  "earlier in the file)", file, section.line)
            base = one(at, depth + 1)
        config = apply(base, section, file)
        if section.name in builtin_names():
            config = replace(config, notices=config.notices + (FsfNotice(
                "Fairy-Stockfish has a built-in variant of this name and ignores this section "
                "(\"already exists\")", file, section.line, "", "warning"),))
        done[i] = config
        return config

    return one(index, 0)


__all__ = ["FsfConfig", "FsfPiece", "FsfNotice", "Setting", "Origin", "configure", "builtin",
           "builtin_names", "described_builtins", "apply", "BASE"]
