"""Piece pictures rendered by Qt (designer.gui.workbench.piece_images): crisp at the screen's pixel ratio,
Black's own colours, user pictures inverted for Black, the promotion badge, broken pictures
falling back instead of failing."""

from __future__ import annotations

import base64

import pytest

from designer.variant.images import data_uri
from designer.variant.model import PieceType, Variant

# A 2x2 RGBA PNG of four opaque white pixels.
WHITE_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAADklEQVR4nGP4DwUMMAYAj4IP8TylVlEAAAAASUVORK5CYII=")


@pytest.fixture(autouse=True)
def fresh_cache(qapp):
    from designer.gui.workbench import piece_images
    piece_images.clear_cache()
    yield
    piece_images.clear_cache()


def _rgb(pix, x, y):
    c = pix.toImage().pixelColor(x, y)
    return c.red(), c.green(), c.blue(), c.alpha()


def test_pictures_are_rendered_at_the_pixel_ratio():
    from designer.gui.workbench.piece_images import piece_pixmap
    pix = piece_pixmap(PieceType("N", "Knight", "N"), "white", 40, 2.0)
    assert (pix.width(), pix.height(), pix.devicePixelRatio()) == (80, 80, 2.0)


def test_black_knight_is_dark_where_the_white_knight_is_light():
    from designer.gui.workbench.piece_images import piece_pixmap
    knight = PieceType("N", "Knight", "N")
    white, black = piece_pixmap(knight, "white", 100), piece_pixmap(knight, "black", 100)
    # (50, 70) lies inside the horse's neck of resources/pieces/knight.svg
    assert sum(_rgb(white, 50, 70)[:3]) > 600 and sum(_rgb(black, 50, 70)[:3]) < 200


def test_a_users_picture_is_shown_as_is_for_white_and_inverted_for_black():
    from designer.gui.workbench.piece_images import choice_for, piece_pixmap
    piece = PieceType("N", "Knight", "N", image=data_uri(WHITE_PNG, "image/png"))
    assert choice_for(piece).kind == "embedded"
    assert _rgb(piece_pixmap(piece, "white", 20), 10, 10) == (255, 255, 255, 255)
    assert _rgb(piece_pixmap(piece, "black", 20), 10, 10) == (0, 0, 0, 255)


def test_a_broken_picture_falls_back_to_the_automatic_one_and_says_why():
    from designer.gui.workbench.piece_images import choice_for, piece_pixmap, problem_of
    piece = PieceType("N", "Knight", "N", image=data_uri(b"not a png", "image/png"))
    choice = choice_for(piece)
    assert (choice.kind, choice.source) == ("builtin", "knight")
    assert "cannot be read" in problem_of(piece)
    assert not piece_pixmap(piece, "white", 30).isNull()


def test_a_missing_picture_file_is_reported(tmp_path):
    from designer.gui.workbench.piece_images import problem_of
    piece = PieceType("N", "Knight", "N", image="gone.png")
    assert "not there" in problem_of(piece, str(tmp_path))


def test_promoted_forms_carry_the_red_badge_in_their_corner():
    from designer.gui.workbench.piece_images import pixmap_for
    v = Variant(pieces=(PieceType("P", "Pawn", "fW"), PieceType("+P", "Tokin", "WfF")))
    size = 60
    promoted, plain = pixmap_for(v, "+P", "white", size), pixmap_for(v, "P", "white", size)
    corner = (54, 15)      # inside the badge (centre 60 - 10.35, 10.35; radius 9), off its plus
    r, g, b, a = _rgb(promoted, *corner)
    assert a == 255 and r > 150 and g < 120 and b < 160       # red (#d6336c) there
    assert _rgb(plain, *corner)[3] == 0                      # the pawn leaves the corner empty


def test_the_board_hook_knows_only_the_variants_pieces():
    from designer.gui.workbench.piece_images import pixmap_for
    v = Variant(pieces=(PieceType("K", "King", "K", royal=True),))
    assert pixmap_for(v, "K", "black", 32) is not None
    assert pixmap_for(v, "Q", "black", 32) is None
    assert pixmap_for(None, "K", "black", 32) is None
