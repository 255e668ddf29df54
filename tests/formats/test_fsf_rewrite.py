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
    assert "[mine:chess]" in out and "[othername" not in out    # its name and parent
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


# -- an inheriting section keeps its parent and says only what differs ----------------------
import difflib                                                   # noqa: E402
import itertools                                                  # noqa: E402
import re                                                         # noqa: E402
from dataclasses import replace                                   # noqa: E402
from pathlib import Path                                          # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "data" / "fsf" / "variants.ini"
CAPABLANCA = ("# kept by hand\n[capablancachess:capablanca]\n# Capablanca's own setup\n"
              "variantTemplate = bughouse\n"
              "startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n"
              "\n[other:chess]\nmaxFile = 8\n")
_names = itertools.count()


def _with_notation(v: Variant, letter: str, notation: str) -> Variant:
    return replace(v, pieces=tuple(replace(p, notation=notation) if p.letter == letter else p
                                   for p in v.pieces))


def _changed(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.split("\n"), after.split("\n"),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def _engine_moves(sf, text: str, name: str, plies: int = 6) -> list[list[str]]:
    """Fairy-Stockfish's legal moves along a fixed line of play of section ``name`` of
    ``text`` (every section renamed apart, as the engine keeps each name once)."""
    tag = f"q{next(_names)}"
    local = {m.group(1) for m in re.finditer(r"^\[([^\]:\s]+)", text, re.M)}

    def rename(m: re.Match[str]) -> str:
        parent = m.group(2)
        if parent and parent in local:
            parent += tag
        return f"[{m.group(1)}{tag}" + (f":{parent}]" if parent else "]")

    sf.load_variant_config(re.sub(r"^\[([^\]:\s]+)(?::([^\]\s]+))?\]", rename, text,
                                  flags=re.M))
    variant = name + tag
    fen, moves, out = sf.start_fen(variant), [], []
    for _ in range(plies):
        legal = sorted(sf.legal_moves(variant, fen, moves))
        out.append(legal)
        if not legal:
            break
        moves.append(legal[len(moves) * 7 % len(legal)])
    return out


def test_a_one_piece_edit_of_an_inheriting_section_is_a_few_lines_on_its_parent():
    sf = pytest.importorskip("pyffish")
    v = fsf_ini.read(CAPABLANCA, "capablancachess")
    edited = _with_notation(v, "A", "BNW")          # the Archbishop also steps one square
    out = rewrite_section(CAPABLANCA, "capablancachess", edited)
    # a few lines in all: the options that change, and our comments for only what the
    # engine's reading of the section loses (the edited piece's name, the palette's order)
    changed = _changed(CAPABLANCA, out)
    assert len(changed) <= 8, changed
    ours = [c for c in changed if c[1:].startswith("; @designer")]
    assert len(ours) == 2 and '"letter": "A"' in ours[1], ours
    assert "[capablancachess:capablanca]" in out and "# Capablanca's own setup" in out
    assert "variantTemplate = bughouse" in out          # XBoard's display, kept as written
    assert fsf_ini.read(out, "capablancachess") == edited
    # the engine plays the saved section as the stand-alone section of the edited variant
    alone = fsf_ini.write(edited, with_designer=False).replace(
        f"[{fsf_ini.section_name(edited)}", "[capablancachess")
    assert _engine_moves(sf, out, "capablancachess") == \
        _engine_moves(sf, alone, "capablancachess")
    assert _engine_moves(sf, out, "capablancachess") != \
        _engine_moves(sf, CAPABLANCA, "capablancachess")


@pytest.mark.parametrize("name", ["gothhouse", "grandhouse", "maharajah2", "pawnsking",
                                  "gemini", "makhouse"])
def test_corpus_sections_that_inherit_keep_their_parent_after_a_one_piece_edit(name):
    sf = pytest.importorskip("pyffish")
    text = CORPUS.read_text("utf-8")
    v = fsf_ini.read(text, name)
    piece = [p for p in v.pieces if not p.royal][-1]
    edited = _with_notation(v, piece.letter, piece.notation + "W")
    out = rewrite_section(text, name, edited)
    header = next(line for line in text.split("\n") if line.startswith(f"[{name}:"))
    assert header in out.split("\n")
    changed = _changed(text, out)
    assert len(changed) <= 10, changed
    # a comment line of ours names no more of a piece than the section's reading misses: the
    # names of pieces the edit left alone are the engine's own and are not repeated
    ours = [c for c in changed if c[1:].startswith("; @designer 1 piece")]
    assert all('"name"' not in c for c in ours if f'"letter": "{piece.letter}"' not in c), ours
    assert fsf_ini.read(out, name) == edited
    alone = text + "\n" + fsf_ini.write(edited, with_designer=False).replace(
        f"[{fsf_ini.section_name(edited)}", "[standalone")
    assert _engine_moves(sf, out, name) == _engine_moves(sf, alone, "standalone")


def _inheriting_sections() -> list[str]:
    import os
    names = [s.name for s in fsf_ini.parse_sections(CORPUS.read_text("utf-8")) if s.parent]
    return names if os.environ.get("VD_HEAVY") == "1" else []


@pytest.mark.parametrize("name", _inheriting_sections())
def test_every_inheriting_corpus_section_saved_after_an_edit_plays_as_the_edit(name):
    """VD_HEAVY=1: every inheriting section of the corpus, one piece edited and saved, plays in
    Fairy-Stockfish as the stand-alone section of the edited variant."""
    sf = pytest.importorskip("pyffish")
    text = CORPUS.read_text("utf-8")
    try:
        v = fsf_ini.read(text, name)
    except FormatError:
        pytest.skip("the section does not read")
    pieces = [p for p in v.pieces if not p.royal and p.notation]
    if not pieces:
        pytest.skip("no piece to edit")
    as_read = text + "\n" + fsf_ini.write(v, with_designer=False).replace(
        f"[{fsf_ini.section_name(v)}", "[asread")
    if _engine_moves(sf, text, name) != _engine_moves(sf, as_read, "asread"):
        # the section has what the model cannot hold (Janggi's palace lines): its stand-alone
        # section is not the game, so it is no measure of the inheriting one
        pytest.skip("the stand-alone section plays otherwise than the original")
    edited = _with_notation(v, pieces[-1].letter, pieces[-1].notation + "W")
    out = rewrite_section(text, name, edited)
    assert fsf_ini.read(out, name) == edited
    alone = text + "\n" + fsf_ini.write(edited, with_designer=False).replace(
        f"[{fsf_ini.section_name(edited)}", "[standalone")
    assert _engine_moves(sf, out, name) == _engine_moves(sf, alone, "standalone")


def test_our_lines_over_a_section_follow_later_edits_and_go_when_not_needed():
    v = fsf_ini.read(CAPABLANCA, "capablancachess")
    edited = _with_notation(v, "A", "BNW")
    once = rewrite_section(CAPABLANCA, "capablancachess", edited)
    assert rewrite_section(once, "capablancachess", edited) == once
    renamed = replace(edited, pieces=tuple(replace(p, name="Princess") if p.letter == "A"
                                           else p for p in edited.pieces))
    twice = rewrite_section(once, "capablancachess", renamed)
    assert fsf_ini.read(twice, "capablancachess") == renamed
    # a rename is one comment line changed
    assert [c[0] for c in _changed(once, twice)] == ["-", "+"]
    assert "Princess" in _changed(once, twice)[1]
    back = rewrite_section(twice, "capablancachess", v)    # the section says it all again
    assert "@designer" not in back and fsf_ini.read(back, "capablancachess") == v


def test_lines_over_a_section_are_refused_elsewhere_and_checked():
    from designer.formats import xboard_ini
    patch = '; @designer 1 variant {"over": "section"}\n'
    with pytest.raises(FormatError, match="belong just above that section") as e:
        xboard_ini.read(patch + "-variant normal\n")
    assert e.value.line == 1
    bad = CAPABLANCA.replace("[capablancachess", '; @designer 1 variant {"over": "section", '
                             '"order": ["P", "Z"]}\n[capablancachess')
    with pytest.raises(FormatError, match="neither in the section nor given: Z") as e:
        fsf_ini.read(bad, "capablancachess")
    assert e.value.line == 2
