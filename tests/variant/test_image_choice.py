"""Which picture a piece gets (designer.variant.images) and the built-in drawings themselves
(designer.variant.piece_art, resources/pieces), without Qt."""

from __future__ import annotations

import base64
import importlib.util
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import xboard_ini
from designer.formats.registry import read_any
from designer.variant import images, piece_art
from designer.variant.images import (BUILTIN, EMBEDDED, FILE, LETTER, ImageError, choose_image,
                                     data_uri, decode_data_uri)
from designer.variant.model import PieceType, Variant

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
# The drawings the set promises (the classic pieces and the common fairy ones).
PROMISED = ("pawn knight bishop rook queen king archbishop chancellor amazon camel zebra lion "
            "cannon grasshopper gold silver elephant ferz wazir commoner nightrider lance "
            "dabbaba checker centaur").split()


def test_every_promised_drawing_is_there_and_is_svg():
    assert set(PROMISED) <= set(piece_art.builtin_names())
    for name in piece_art.builtin_names():
        root = ET.fromstring((piece_art.PIECES_DIR / f"{name}.svg").read_text("utf-8"))
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 100 100", name
        assert any(el.get("class") == "body" for el in root.iter()), name


def test_drawings_are_what_the_drawing_script_makes():
    spec = importlib.util.spec_from_file_location("draw", piece_art.PIECES_DIR / "draw.py")
    draw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(draw)
    made = {name: draw.svg(name, parts, turns) for name, (parts, turns) in draw.pieces().items()}
    on_disk = {p.stem: p.read_text("utf-8") for p in piece_art.PIECES_DIR.glob("*.svg")}
    assert made == on_disk


def _fills(svg_text: str, cls: str, attr: str) -> set[str]:
    return {el.get(attr) for el in ET.fromstring(svg_text).iter() if el.get("class") == cls}


def test_black_pieces_are_dark_with_light_inner_lines():
    white, black = piece_art.builtin_svg("rook", "white"), piece_art.builtin_svg("rook", "black")
    assert _fills(white, "body", "fill") == {piece_art.COLOURS["white"][0]}
    assert _fills(black, "body", "fill") == {piece_art.COLOURS["black"][0]}
    assert _fills(black, "line", "stroke") == {piece_art.COLOURS["black"][2]}
    assert _fills(white, "line", "stroke") == {piece_art.COLOURS["white"][2]}


def test_shogi_tiles_point_towards_the_opponent():
    """Black's forward is down the board: its gold general's tile is turned round; a rook
    (no direction) is not."""
    black_gold = ET.fromstring(piece_art.builtin_svg("gold", "black"))
    assert any(el.get("transform") == "rotate(180 50 50)" for el in black_gold.iter())
    white_gold = ET.fromstring(piece_art.builtin_svg("gold", "white"))
    assert not any(el.get("transform") for el in white_gold.iter())
    black_rook = ET.fromstring(piece_art.builtin_svg("rook", "black"))
    assert not any("rotate" in (el.get("transform") or "") for el in black_rook.iter())


def test_generated_picture_shows_the_letter_and_a_crown_when_royal():
    plain = ET.fromstring(piece_art.letter_svg("N'", "white"))
    assert [t.text for t in plain.iter(f"{SVG}text")] == ["N'"]
    assert not list(plain.iter(f"{SVG}path"))
    crowned = ET.fromstring(piece_art.letter_svg("X", "black", royal=True))
    assert len(list(crowned.iter(f"{SVG}path"))) == 1
    assert [t.text for t in ET.fromstring(piece_art.letter_svg("<", "white")).iter(
        f"{SVG}text")] == ["<"]      # escaped, still a well-formed SVG


@pytest.mark.parametrize("notation, dialect, royal, expected", [
    ("fmWfceFifmnD", "xbetza", False, "pawn"),       # seed 004's FIDE pawn
    ("N", "xbetza", False, "knight"),
    ("nN", "xbetza", False, "knight"),               # Xiangqi horse
    ("W-F", "betza2", False, "knight"),              # the same horse in Betza 2.0
    ("BN", "xbetza", False, "archbishop"),
    ("NB", "xbetza", False, "archbishop"),           # canonical match: the order does not matter
    ("RN", "xbetza", False, "chancellor"),
    ("QN", "xbetza", False, "amazon"),
    ("mRcpR", "xbetza", False, "cannon"),
    ("gQ", "xbetza", False, "grasshopper"),
    ("WfF", "xbetza", False, "gold"),
    ("FfW", "xbetza", False, "silver"),
    ("nA", "xbetza", False, "elephant"),
    ("A", "xbetza", False, "elephant"),              # the alfil, Shatranj's elephant
    ("F", "xbetza", False, "ferz"),
    ("W", "xbetza", False, "wazir"),
    ("C", "xbetza", False, "camel"),
    ("Z", "xbetza", False, "zebra"),
    ("KNADcaKmcabK", "xbetza", False, "lion"),
    ("N0", "xbetza", False, "nightrider"),
    ("fR", "xbetza", False, "lance"),
    ("K", "xbetza", True, "king"),
    ("K", "xbetza", False, "commoner"),              # a King that is not royal
    ("W", "xbetza", True, "king"),                   # the Xiangqi general
    ("KisO2", "xbetza", True, "king"),
])
def test_classic_pieces_are_recognised_by_their_moves(notation, dialect, royal, expected):
    got = choose_image(PieceType("X", "", notation, dialect, royal=royal))
    assert (got.kind, got.source) == (BUILTIN, expected)


def test_names_recognise_pieces_whose_moves_are_not_classic():
    for name, expected in (("Cardinal", "archbishop"), ("Marshall", "chancellor"),
                           ("Gold General (Shogi)", "gold"), ("Met", "ferz"), ("Camel", "camel")):
        got = choose_image(PieceType("X", name, "mWcF"))
        assert (got.kind, got.source) == (BUILTIN, expected), name


def test_moves_decide_before_the_name():
    """Seirawan's 'Elephant' moves as a chancellor: its picture shows what it does."""
    assert choose_image(PieceType("E", "Elephant", "RN")).source == "chancellor"


def test_unknown_pieces_get_a_picture_of_their_letter():
    got = choose_image(PieceType("W'", "Wizardly thing", "CF"))
    assert (got.kind, got.source, got.royal) == (LETTER, "W'", False)
    assert choose_image(PieceType("Y", "", "mcabK", royal=True)).royal


def test_a_promoted_form_wears_its_partners_picture_with_the_badge():
    v = Variant(pieces=(PieceType("P", "Pawn", "fW"), PieceType("+P", "Tokin", "WfF")))
    got = choose_image(v.pieces[1], v)
    assert (got.kind, got.source, got.promoted) == (BUILTIN, "pawn", True)
    alone = choose_image(v.pieces[1])         # no variant to find the partner in
    assert alone.source == "gold" and alone.promoted


def test_the_image_field_names_a_builtin_drawing():
    got = choose_image(PieceType("N", "Knight", "N", image="Camel"))
    assert (got.kind, got.source) == (BUILTIN, "camel")


def test_the_image_field_embeds_a_picture():
    uri = data_uri(b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml")
    got = choose_image(PieceType("N", "Knight", "N", image=uri))
    assert (got.kind, got.source) == (EMBEDDED, uri)
    assert decode_data_uri(uri) == ("image/svg+xml", b"<svg xmlns='http://www.w3.org/2000/svg'/>")


def test_the_image_field_names_a_file_relative_to_the_variant(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "horse.png").write_bytes(b"\x89PNG")
    piece = PieceType("N", "Knight", "N", image="art/horse.png")
    got = choose_image(piece, None, str(tmp_path))
    assert (got.kind, got.source) == (FILE, str(tmp_path / "art" / "horse.png"))
    missing = choose_image(piece, None, str(tmp_path / "elsewhere"))
    assert (missing.kind, missing.source) == (BUILTIN, "knight")   # falls back, never fails


def test_embedding_refuses_what_the_variant_file_cannot_carry():
    with pytest.raises(ImageError, match="at most 32 KiB"):
        data_uri(b"x" * (images.MAX_EMBED_BYTES + 1), "image/png")
    with pytest.raises(ImageError, match="not an image"):
        images.mime_of("notes.txt")
    with pytest.raises(ImageError, match="damaged"):
        decode_data_uri("data:image/png;base64,abc")


def test_native_file_keeps_an_embedded_picture(tmp_path):
    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
                           "HwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
    v = read_any(ROOT / "variants" / "capablanca.ini")
    v = v.with_piece(replace(v.piece("A"), image=data_uri(png, "image/png")))
    path = tmp_path / "capa.ini"
    xboard_ini.save(path, v)
    assert read_any(path) == v


def test_every_sample_piece_of_the_classic_armies_gets_a_drawing():
    for sample in ("fide", "capablanca", "shogi", "xiangqi", "makruk", "shatranj", "courier"):
        v = read_any(ROOT / "variants" / f"{sample}.ini")
        for p in v.pieces:
            assert choose_image(p, v).kind == BUILTIN, (sample, p.letter, p.name)
