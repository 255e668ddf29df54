"""The one piece-type limit where the user adds a piece: at MAX_PIECE_TYPES the palette's Add,
New piece and Duplicate are refused with the reason shown, and the variant still saves."""

from __future__ import annotations

import string

from designer.variant.limits import MAX_PIECE_TYPES
from designer.variant.model import PieceType, Variant

LETTERS = [c for c in string.ascii_uppercase if c != "K"] + \
    [c + s for s in "'!" for c in string.ascii_uppercase]


def _variant(n):
    return Variant("Many", 12, 12, (PieceType("K", "King", "K", royal=True),) + tuple(
        PieceType(letter, f"P{letter}", "W") for letter in LETTERS[:n - 1]))


def test_a_full_palette_refuses_more_with_the_reason(window, tmp_path, no_modal_dialogs):
    window.load_variant(_variant(MAX_PIECE_TYPES - 1))
    palette = window.piece_palette
    assert palette.duplicate() and len(window.doc.variant.pieces) == MAX_PIECE_TYPES
    assert not palette.add_button.isEnabled() and not palette.duplicate_button.isEnabled()
    assert not palette.new_act.isEnabled() and not palette.library_act.isEnabled()
    assert palette.full_note.isVisibleTo(palette) and str(MAX_PIECE_TYPES) in \
        palette.full_note.text()
    # the menu's commands reach the palette too: refused, nothing asked, nothing added
    palette.run_dialog = lambda dialog: (_ for _ in ()).throw(AssertionError("asked"))
    assert not palette.duplicate() and not palette.add_new()
    assert not palette.add_from_library()
    assert len(window.doc.variant.pieces) == MAX_PIECE_TYPES
    assert window.files.save_to(str(tmp_path / "many.ini"))   # every type the palette took
    window.acts["undo"].trigger()
    assert palette.add_button.isEnabled() and not palette.full_note.isVisibleTo(palette)
