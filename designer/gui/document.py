"""The one document the window edits: the whole variant, where it lives, and its undo stack.

``VariantDocument`` holds the current frozen ``Variant`` (board, piece types, setup, holdings,
promotion, castling, notes), the file it came from (path, format, section), the per-piece probe
boards of the piece view (what-if positions that are not part of the file but survive switching
pieces) and the selected piece. Every change of the variant or of a probe board is one
``QUndoCommand`` that swaps two immutable snapshots; panels subscribe to ``changed`` (which
names the aspects that changed) and read the document; none keeps a copy.

"Modified" is "the undo stack is not at its clean index". Whenever an undo, redo or edit brings
the variant back to what was last saved (or opened), the current index becomes the clean one,
so undoing back to the saved state, or moving only probe pieces, never marks the file modified.
Selecting a piece is never an undo step.

The game of the Play mode is part of the document too (``game``: a frozen ``GameLine``, the start
position and the moves, never a position): each move played is one undo step, as is starting,
opening or taking back a game, and like the probe boards it never marks the variant's file
modified (the game is saved as PGN, not in the variant's file). Editing the variant leaves the
line as it is; whoever shows the game replays it under the current variant, so an edit that makes
a move illegal cuts the game there within the same undo step, and undoing the edit brings the
moves back. Which position of the game is looked at (``ply``) is a view, like the selection, and
never an undo step.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..variant.model import PieceType, Variant
from ..vocabulary import Dialect, Square
from ..variant import edits as E
from ..variant.aspects import (BOARD, CASTLING, EVERYTHING, FILE, GAME, PIECES, PROBES,
                               PROPERTIES, RULES, SETUP, Aspect, aspects_between, piece_aspect)
from ..variant.probes import ProbeBoard, from_setup
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:      # the rules model and the game load only when rules or a game are used
    from ..play.line import GameLine
    from ..rules.model import RuleSet

NATIVE = "xboard"        # the native save format: an XBoard options file (formats.xboard_ini)


class _Keep(Enum):
    """``_push``'s default for the game: it stays as it is."""

    KEEP = 0


@dataclass(frozen=True)
class _Snapshot:
    """Everything an undo step swaps: the variant and the probe boards the user edited."""

    variant: Variant
    boards: tuple[tuple[str, ProbeBoard], ...] = ()   # (letter, board), sorted by letter
    game: GameLine | None = None                      # the game of the Play mode


@lru_cache(maxsize=256)
def _board_from_setup(setup: str, files: int, ranks: int, letter: str) -> ProbeBoard:
    return from_setup(Variant(files=files, ranks=ranks, setup=setup), letter)


class _Edit(QUndoCommand):
    """One undo step: replace the document's snapshot by another.

    Consecutive edits with the same ``merge`` key made without a pause of ``PAUSE`` seconds
    merge into one step (a burst of typing is undone at once, not letter by letter); an edit
    that merges back to where the step started makes the step vanish.
    """

    MERGEABLE = 0x5644   # QUndoCommand ids: every mergeable edit shares one, keys decide
    PAUSE = 1.5

    def __init__(self, doc: VariantDocument, before: _Snapshot, after: _Snapshot,
                 aspects: frozenset[Aspect], text: str, merge: str | None, focus: tuple[str, str]):
        super().__init__(text)
        self.doc, self.before, self.after = doc, before, after
        self.aspects, self.merge, self.focus = aspects, merge, focus
        self.stamp = time.monotonic()

    def id(self) -> int:
        return self.MERGEABLE if self.merge is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _Edit) or other.merge != self.merge or self.merge is None \
                or other.stamp - self.stamp > self.PAUSE:
            return False
        self.after, self.stamp = other.after, other.stamp
        self.setText(other.text())          # Undo names what the burst of typing ended as
        self.aspects = self.aspects | other.aspects
        self.focus = (self.focus[0], other.focus[1])
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.doc._restore(self.after, self.aspects, self.focus[1])

    def undo(self) -> None:
        self.doc._restore(self.before, self.aspects, self.focus[0])


class VariantDocument(QObject):
    """The one document the window edits: the whole variant, where it lives, and its undo stack.

    ``changed`` carries the frozenset of aspects that changed (``variant.aspects``): the piece
    list, one piece's fields (a ``PieceAspect``), the setup, the board, holdings, promotion,
    castling, properties, the file (path, format, clean state) and the probe boards.
    ``selection_changed`` carries the selected piece's letter ("" when none).
    """

    changed = Signal(object)
    selection_changed = Signal(str)
    ply_changed = Signal()    # another position of the game is looked at (never an undo step)
    notice = Signal(str)      # something an edit did besides what was asked (status bar)

    def __init__(self, variant: Variant | None = None, path: str | None = None,
                 fmt: str = NATIVE, section: str | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        variant = variant if variant is not None else Variant()
        self._snap = _Snapshot(variant)
        self._saved: Variant | None = variant
        self._selected = variant.pieces[0].letter if variant.pieces else ""
        self._ply: int | None = None     # the game's position looked at (None: its end)
        self.path, self.fmt, self.section = path, fmt, section
        self.undo_stack.indexChanged.connect(self._sync_clean)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    # -- reading ---------------------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The current variant (a frozen value: edit it through ``edit``)."""
        return self._snap.variant

    @property
    def selected(self) -> str:
        """The letter of the selected piece ("" when the variant has none)."""
        return self._selected

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def file_name(self) -> str:
        """The file's name for titles and prompts ("Untitled" before the first save)."""
        return os.path.basename(self.path) if self.path else "Untitled"

    def piece(self, letter: str | None = None) -> PieceType | None:
        """The piece type ``letter`` (default: the selected one), or None."""
        letter = self._selected if letter is None else letter
        return self.variant.piece(letter) if letter else None

    def holes(self) -> frozenset[Square]:
        return E.holes_of(self.variant)

    # -- selection -------------------------------------------------------------------------
    def select(self, letter: str) -> None:
        """Make ``letter`` the selected piece (never an undo step; unknown letters are ignored)."""
        piece = self.variant.piece(letter) if letter else None
        if (letter and piece is None) or (piece.letter if piece else "") == self._selected:
            return
        self._selected = piece.letter if piece else ""
        self._emit_selection()

    # -- the one way to change the variant ---------------------------------------------------
    def edit(self, text: str, new: Variant, aspects: frozenset[Aspect],
             merge: str | None = None, as_written: bool = False) -> None:
        """Push one QUndoCommand that replaces the variant by ``new`` (nothing when equal).
        Consecutive edits with the same non-None ``merge`` key merge into one undo step (typing).
        ``changed`` names ``aspects`` and whatever else differs between the two variants.
        An edit that takes a castling partner off the board drops its right in the same step,
        unless ``as_written`` (a FEN typed with its rights: what the user writes is kept)."""
        self._push(text, new, None, aspects, merge, rights=not as_written)

    def _push(self, text: str, variant: Variant | None, boards: dict[str, ProbeBoard] | None,
              aspects: frozenset[Aspect] | set[Aspect], merge: str | None,
              focus: str | None = None, rights: bool = True,
              game: GameLine | None | _Keep = _Keep.KEEP) -> None:
        from ..variant.fen import FenError, fields
        new = variant if variant is not None else self.variant
        if variant is not None:
            # one record of the rules: an edit of the rule set moves the fields that repeat
            # it, an edit of those fields (promotion, holdings, zone) edits the rule set
            from ..variant.derive import edited
            new = edited(self.variant, new)
        if rights and new.setup and \
                fields(new.setup).placement != fields(self.variant.setup).placement:
            # a piece taken off its castling corner (or the royal piece off the board) takes
            # its castling right with it, in the same step; rights that were already unusable
            # stay the user's (setup_tools.without_new_orphans)
            from ..variant.setup_tools import without_new_orphans
            try:
                new, dropped = without_new_orphans(self.variant, new)
            except FenError:
                dropped = ""
            if dropped:
                what = f"castling right{'s' if len(dropped) > 1 else ''} {dropped}"
                text += f" (drops {what})"
                self.notice.emit(f"{what} dropped: no piece left in that corner to castle "
                                 "with (Undo brings it back)")
        stored = dict(self._snap.boards) if boards is None else boards
        holes = E.holes_of(new) if stored else frozenset()
        stored = {k: b.fitted(new.files, new.ranks, holes) for k, b in stored.items()
                  if new.piece(k) is not None}
        line = self._snap.game if isinstance(game, _Keep) else game
        after = _Snapshot(new, tuple(sorted(stored.items())), line)
        if after == self._snap:
            return
        all_aspects = frozenset(aspects) | aspects_between(self.variant, new)
        if after.boards != self._snap.boards:
            all_aspects |= {PROBES}
        if after.game != self._snap.game:
            all_aspects |= {GAME}
        after_focus = focus if focus is not None else self._selected
        self.undo_stack.push(_Edit(self, self._snap, after, all_aspects, text, merge,
                                   (self._selected, after_focus)))

    def _restore(self, snap: _Snapshot, aspects: frozenset[Aspect], focus: str) -> None:
        """Called by undo steps only: make ``snap`` current and tell the panels."""
        if GAME in aspects:
            self._ply = None          # a changed game is looked at from its end
        self._snap = snap
        before = self._selected
        v = snap.variant
        if focus and v.piece(focus) is not None:
            self._selected = focus
        elif not self._selected or v.piece(self._selected) is None:
            self._selected = v.pieces[0].letter if v.pieces else ""
        self._emit(aspects)
        if self._selected != before:
            self._emit_selection()

    def _emit(self, aspects: frozenset[Aspect]) -> None:
        # A panel that fails in its slot does not stop the others: Qt hands the error to
        # sys.excepthook, which the application shows in the status bar (gui.app).
        self.changed.emit(aspects)

    def _emit_selection(self) -> None:
        self.selection_changed.emit(self._selected)

    # -- clean state -----------------------------------------------------------------------
    def _clean_changed(self, _clean: bool) -> None:
        self._emit(frozenset({FILE}))

    def _sync_clean(self, _index: int = 0) -> None:
        """Back at the saved variant (by undo, redo, or an edit of probes only): clean again."""
        if self._saved is not None and not self.undo_stack.isClean() \
                and self.variant == self._saved:
            self.undo_stack.setClean()

    def mark_saved(self, path: str, fmt: str = NATIVE, section: str | None = None) -> None:
        """The variant is now what ``path`` holds (after a save)."""
        self.path, self.fmt, self.section = path, fmt, section
        self._saved = self.variant
        if self.undo_stack.isClean():
            self._emit(frozenset({FILE}))
        else:
            self.undo_stack.setClean()   # cleanChanged tells the panels

    def replace_all(self, variant: Variant, path: str | None = None, fmt: str = NATIVE,
                    section: str | None = None, saved: bool = True,
                    select: str | None = None) -> None:
        """Start over with another variant (File > Open, New, crash recovery): the undo history
        and the probe boards go; ``saved=False`` marks restored work as unsaved."""
        self.undo_stack.clear()
        self._snap = _Snapshot(variant)
        self._ply = None
        self.path, self.fmt, self.section = path, fmt, section
        self._saved = variant if saved else None
        if not saved:
            self.undo_stack.resetClean()
        pick = variant.piece(select) if select else None
        self._selected = pick.letter if pick else variant.pieces[0].letter \
            if variant.pieces else ""
        self._emit(EVERYTHING | {piece_aspect(p.letter) for p in variant.pieces})
        self._emit_selection()

    # -- probe boards ------------------------------------------------------------------------
    def probe_board(self, letter: str | None = None) -> ProbeBoard:
        """The what-if position of piece ``letter`` (default: the selected one): the one the
        user made, or else the start position seen by that piece."""
        letter = self._selected if letter is None else letter
        for key, board in self._snap.boards:
            if key == letter:
                return board
        v = self.variant
        return _board_from_setup(v.setup, v.files, v.ranks, letter)

    def has_own_probe_board(self, letter: str | None = None) -> bool:
        """Whether the user changed this piece's probe board (else it follows the setup)."""
        letter = self._selected if letter is None else letter
        return any(key == letter for key, _ in self._snap.boards)

    def set_probe_board(self, board: ProbeBoard, text: str = "Probe board",
                        letter: str | None = None, merge: str | None = None) -> None:
        """Give piece ``letter`` (default: the selected one) this probe board, as one step."""
        letter = self._selected if letter is None else letter
        if not letter:
            return
        boards = dict(self._snap.boards)
        boards[letter] = board
        self._push(text, None, boards, {PROBES}, merge)

    def probe_from_setup(self, letter: str | None = None) -> None:
        """Put the current start position onto the piece's probe board (one undo step); from
        then on the board follows the setup until the user changes it again."""
        letter = self._selected if letter is None else letter
        boards = {k: b for k, b in self._snap.boards if k != letter}
        self._push("Start position on the probe board", None, boards, {PROBES}, None)

    # -- higher-level edits (each one ``edit``) ------------------------------------------------
    def set_notation(self, letter: str, text: str, dialect: Dialect | None = None,
                     merge: bool = True) -> None:
        """The definition of piece ``letter``; typing merges into one step per piece."""
        p = self.variant.piece(letter)
        if p is None:
            return
        new = replace(p, notation=text, dialect=dialect or p.dialect)
        self.edit(f"Edit {p.letter}", self.variant.with_piece(new),
                  frozenset({piece_aspect(p.letter)}), f"typing:{p.letter}" if merge else None)

    def set_piece_fields(self, letter: str, text: str = "", /, **fields: Any) -> None:
        """Change fields of piece ``letter``; a new ``letter=`` renames it everywhere (setup,
        promotions, its probe board, and its promoted form ``+X`` with it) and keeps it
        selected. ValueError when the new letter (or its promoted form) is taken."""
        p = self.variant.piece(letter)
        if p is None:
            return
        new_letter = fields.get("letter", p.letter)
        renames = [(p.letter, new_letter)] if new_letter != p.letter else []
        promoted = self.variant.piece("+" + p.letter)
        if renames and not p.letter.startswith("+") and promoted is not None \
                and not new_letter.startswith("+"):
            renames.append((promoted.letter, "+" + new_letter))
        for old, new in renames:
            if self.variant.piece(new) is not None:
                raise ValueError(f"another piece is already called {new}")
        base = self.variant
        if base.rule_set is None and fields.keys() & {"promotions", "promotes_to",
                                                      "promotion_zone", "mandatory_promotion"}:
            # a promotion edited on a variant whose rules are derived: the edit is made to
            # the derived rules (what the Pieces dock shows and the game plays), which the
            # variant keeps from then on
            from ..variant.derive import edited, projected
            base = projected(base)
            new_variant = edited(base, E.with_piece_fields(base, p.letter, **fields))
        else:
            new_variant = E.with_piece_fields(base, p.letter, **fields)
        boards = dict(self._snap.boards)
        for old, new in renames:
            if old != p.letter:
                new_variant = E.renamed(new_variant, old, new)
            if old in boards:
                boards[new] = boards.pop(old)
        focus = dict(renames).get(self._selected) if renames else None
        self._push(text or f"Change {p.letter}", new_variant, boards,
                   {piece_aspect(p.letter)}, None, focus)

    def rename_piece(self, old: str, new: str) -> None:
        self.set_piece_fields(old, f"Rename {old} to {new}", letter=new)

    def add_piece(self, piece: PieceType, select: bool = True) -> None:
        """Add a piece type (ValueError when its letter is taken) and select it."""
        if self.variant.piece(piece.letter) is not None:
            raise ValueError(f"another piece is already called {piece.letter}")
        self._push(f"Add {piece.letter}", self.variant.with_piece(piece), None,
                   {PIECES, piece_aspect(piece.letter)}, None,
                   piece.letter if select else None)

    def remove_piece(self, letter: str) -> None:
        """Remove a piece type with its pieces in the setup and every promotion to it."""
        p = self.variant.piece(letter)
        if p is None:
            return
        self._push(f"Delete {p.letter}", E.without(self.variant, p.letter), None,
                   {PIECES, piece_aspect(p.letter)}, None)

    def place(self, sq: Square, tok: str | None, text: str = "",
              merge: str | None = None) -> None:
        """Put the FEN token ``tok`` (``"N"``, ``"p"``) on ``sq`` of the setup; None clears it."""
        from ..engine import square_name
        what = f"Put {tok} on {square_name(sq)}" if tok else f"Clear {square_name(sq)}"
        self.edit(text or what, E.placed(self.variant, sq, tok), frozenset({SETUP}), merge)

    def resize(self, files: int, ranks: int) -> None:
        """The board's size; setup pieces keep their distance from their own edge."""
        self.edit(f"Board {files}x{ranks}", E.resized(self.variant, files, ranks),
                  frozenset({BOARD}))

    def set_castling(self, rights: str) -> None:
        """Castling rights of the start position (``KQkq``, file letters or ``-``)."""
        v = self.variant
        base = v if v.setup else E.with_setup(v, E.setup_of(v))
        self.edit("Castling rights", base.with_castling(rights), frozenset({CASTLING}))

    def set_properties(self, text: str = "Properties", **fields: Any) -> None:
        """Variant fields (name, parent, holdings, drops, promotion_zone, description, rules,
        author; files/ranks resize the board as ``resize`` does) as one step."""
        v = self.variant
        if "files" in fields or "ranks" in fields:
            v = E.resized(v, fields.pop("files", v.files), fields.pop("ranks", v.ranks))
        self.edit(text, replace(v, **fields), frozenset({PROPERTIES}))

    def set_rule_set(self, rules: RuleSet, text: str = "Rules") -> None:
        """The rules of play as data (``Variant.rule_set``) as one step; a variant whose rules
        were derived from its parent gets them written out with the change."""
        self.edit(text, replace(self.variant, rule_set=rules), frozenset({RULES}))

    # -- the game of the Play mode ---------------------------------------------------------------
    @property
    def game(self) -> GameLine | None:
        """The game being played (None before a game is started)."""
        return self._snap.game

    @property
    def ply(self) -> int | None:
        """How many moves of the game the board shows (None: all, the game's end)."""
        return self._ply

    def set_ply(self, ply: int | None) -> None:
        """Look at the position after ``ply`` moves (None: the end); never an undo step."""
        if ply != self._ply:
            self._ply = ply
            # a view that fails in its slot goes to sys.excepthook (status bar), like ``changed``
            self.ply_changed.emit()

    def set_game(self, line: GameLine | None, text: str) -> None:
        """Replace the game by ``line`` (None: no game) as one undo step named ``text``."""
        self._push(text, None, None, {GAME}, None, game=line)


__all__ = ["VariantDocument", "NATIVE"]
