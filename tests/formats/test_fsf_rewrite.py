"""Saving into one section of a Fairy-Stockfish variants.ini keeps every other byte."""

from __future__ import annotations

import pytest

from designer.formats import fsf_ini
from designer.formats.errors import FormatError
from designer.formats.fsf_rewrite import rewrite_section, save_section
from designer.variant.model import PieceType, Variant

MINE = Variant(name="Other Name", files=6, ranks=6,
               pieces=(PieceType("K", "King", "K", royal=True), PieceType("C", "Cannon", "mRcpR")),
               setup="2ck2/6/6/6/6/2CK2 w - - 0 1")
HEAD = "; my own notes\n[first:chess]\ncustomPiece1 = a:W\n# about the next one\n\n"
TAIL = "\n; notes of third\n[third:mine]\npieceDrops = true\n"


def test_only_the_named_section_changes_and_keeps_its_name():
    text = HEAD + "[mine:chess]\ncustomPiece1 = b:F\n; trailing\n" + TAIL
    out = rewrite_section(text, "mine", MINE)
    assert out.startswith(HEAD) and out.endswith("; trailing\n" + TAIL)
    assert "[mine]" in out and "[othername]" not in out
    assert fsf_ini.read(out, "mine") == MINE                   # our data rides along
    assert fsf_ini.sections(out) == ["first", "mine", "third"]  # [third:mine] still resolves


def test_saving_twice_replaces_our_own_lines_instead_of_piling_them_up():
    text = HEAD + "[mine:chess]\ncustomPiece1 = b:F\n" + TAIL
    once = rewrite_section(text, "mine", MINE)
    twice = rewrite_section(once, "mine", MINE)
    assert twice == once and twice.count("@designer 1 variant") == 1


def test_windows_line_ends_and_the_byte_order_mark_survive(tmp_path):
    path = tmp_path / "crlf.variants.ini"
    raw = (HEAD + "[mine:chess]\ncustomPiece1 = b:F\n" + TAIL).replace("\n", "\r\n")
    path.write_bytes(b"\xef\xbb\xbf" + raw.encode())
    save_section(path, "mine", MINE)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf" + HEAD.replace("\n", "\r\n").encode())
    assert data.endswith(TAIL.replace("\n", "\r\n").encode())
    assert b"\n" not in data.replace(b"\r\n", b"")             # no bare line feed added


def test_the_last_section_and_a_missing_one():
    text = HEAD + "[mine:chess]\ncustomPiece1 = b:F"             # no newline at the end
    assert fsf_ini.read(rewrite_section(text, "mine", MINE), "mine") == MINE
    with pytest.raises(FormatError, match="no section"):
        rewrite_section(text, "absent", MINE)
