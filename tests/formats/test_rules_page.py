"""The rules page (``export --to page``): one self-contained HTML file per variant that names
every piece and every rule the variant sets, with nothing to load from elsewhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import fields, is_dataclass
from functools import lru_cache
from html.parser import HTMLParser

import pytest

from designer.cli import main
from designer.formats.registry import read_any
from designer.publish import write_page
from designer.rules.fields import record_default
from designer.rules.model import RuleSet
from designer.rules.regions import Region, Sided
from designer.variant.derive import projected, rules_for
from designer.variant.model import PieceType, Variant

from format_samples import SAMPLES

IDS = [p.stem for p in SAMPLES]


@lru_cache(maxsize=None)
def page_of(stem: str) -> str:
    return write_page(read_any(next(p for p in SAMPLES if p.stem == stem)))


class _Text(HTMLParser):
    """The page's visible text per element id, and every tag and attribute seen."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []
        self.by_id: dict[str, list[str]] = {}
        self._open: list[tuple[str, str | None]] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))
        self._in_style = tag == "style"
        if tag in ("section", "svg"):
            self._open.append((tag, dict(attrs).get("id")))

    def handle_endtag(self, tag):
        self._in_style = False
        if tag in ("section", "svg") and self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._in_style:
            return
        self.text.append(data)
        for _tag, ident in self._open:
            if ident:
                self.by_id.setdefault(ident, []).append(data)


def parsed(html: str) -> _Text:
    p = _Text()
    p.feed(html)
    p.close()
    return p


def _record(x):
    return is_dataclass(x) and not isinstance(x, (Region, Sided, type))


def set_paths(value, default, path=""):
    """Every field of a rule set that differs from the model's default, by path (the tests'
    own walk of the model: a part present where the default has none, its entries by index
    or piece letter, and the leaves inside)."""
    for f in fields(value):
        here = path + f.name
        mine, theirs = getattr(value, f.name), getattr(default, f.name)
        if mine == theirs:
            continue
        if _record(mine):
            yield here
            yield from set_paths(mine, theirs if theirs is not None else
                                 record_default(type(mine)), here + ".")
        elif isinstance(mine, tuple) and mine and all(_record(x) for x in mine):
            for i, item in enumerate(mine):
                key = item.letter if f.name == "pieces" else i
                entry = f"{here}[{key}]"
                yield entry
                given = {"letter": key} if f.name == "pieces" else {}
                yield from set_paths(item, record_default(type(item), **given), entry + ".")
        else:
            yield here


@pytest.mark.parametrize("stem", IDS)
def test_every_sample_page_is_well_formed_and_self_contained(stem):
    html = page_of(stem)
    ET.fromstring(html.split("\n", 1)[1])          # well-formed (after the doctype line)
    p = parsed(html)
    tags = {t for t, _ in p.tags}
    assert "script" not in tags and "<script" not in html.lower()
    assert not re.search(r"https?://", html), re.search(r".{40}https?://.{40}", html)
    for tag, attrs in p.tags:                        # nothing to fetch: anchors and data only
        for name, value in attrs:
            if name in ("href", "src", "xlink:href"):
                assert value and (value.startswith("#") or value.startswith("data:")), \
                    (tag, name, value)
    assert "@media print" in html


@pytest.mark.parametrize("stem", IDS)
def test_every_sample_page_names_every_piece_and_every_rule_set(stem):
    v = read_any(next(p for p in SAMPLES if p.stem == stem))
    html = page_of(stem)
    p = parsed(html)
    assert v.name in "".join(p.text)
    sections = {k: " ".join(t.split()) for k, t in
                ((k, " ".join(x)) for k, x in p.by_id.items())}
    pieces = [k for k in sections if k.startswith("piece-")]
    assert len(pieces) == len(v.pieces)
    for piece in v.pieces:
        found = [sections[k] for k in pieces if f"{piece.name} {piece.letter}" in sections[k]]
        assert found, f"{stem}: no section names {piece.name} {piece.letter}"
    rules_text = sections["rules"]
    paths = list(set_paths(rules_for(v), RuleSet()))
    if not paths:
        assert "Every rule is the rule set's default" in rules_text
    for path in paths:
        assert path in rules_text, f"{stem}: the rule {path} is not named"


def test_the_rules_in_words_say_what_the_real_games_play():
    """Xiangqi: stalemate loses and the generals may not face each other; Shogi: pieces in
    hand come back by drops and the Pawn may not mate by a drop; Crazyhouse: captures join
    the hand; Chu: the Lion's rules; FIDE: castling, 50 moves, threefold repetition."""
    def rules(stem):
        return " ".join(" ".join(parsed(page_of(stem)).by_id["rules"]).split())
    xq = rules("xiangqi")
    assert "stalemated (no legal move, not in check) loses" in xq
    assert "Stalemate (no legal move, not in check) is a draw" in rules("fide")
    assert "A side that has lost all of Crown Prince (+E) and King (K) together loses" \
        in rules("chu")
    assert "flying general" in xq and "may not leave the palace (d1-f3)" in xq
    sh = rules("shogi")
    assert "joins the hand of the side that captured it" in sh
    assert "A drop of Pawn (P) may not give mate" in sh
    assert "Lion rules apply" in rules("chu")
    fide = rules("fide")
    assert "may castle" in fide and "after 50 moves" in fide
    assert "capture or a move of Pawn (P)" in fide and "Elephant (B) may not leave the own " \
        "side of the river (ranks 1 to 5)" in xq
    assert "3-fold repetition of a position is a draw" in fide


def test_a_piece_the_other_dialect_cannot_write_says_so():
    v = projected(Variant(name="Jumpers", pieces=(
        PieceType("K", "King", "K", royal=True), PieceType("N", "Jumping Horse", "jN"))))
    html = write_page(v)
    section = " ".join(" ".join(parsed(html).by_id["piece-N"]).split())
    assert "XBetza jN" in section
    assert "Betza 2.0 cannot be written in Betza 2.0" in section


def test_move_diagrams_show_captures_a_piece_makes_only_on_an_enemy():
    """A chess pawn captures one step diagonally forward: its diagram (e4 on 8x8) shows enemy
    pieces on d5 and f5 and those squares as captures, e5 as a move."""
    html = page_of("fide")
    pawn = html[html.index('id="piece-P"'):html.index('id="piece-N"')]
    assert "capture only" in pawn and "move only" in pawn
    # cells are 40 wide from x=24; rank 5 of 8 is at y = 24 + (8 - 5) * 40 = 144
    captures = set(re.findall(r'<rect x="([\d.]+)" y="(\d+)"[^>]*class="target capture"', pawn))
    assert captures == {("144.0", "144"), ("224.0", "144")}     # d5 and f5


def test_a_hopper_gets_a_diagram_of_its_hop_captures():
    """The Xiangqi cannon moves like a rook and captures by jumping one screen: its second
    diagram shows screens on d5, e6, f5, e4 and captures behind them on c5, e7, g5, e3."""
    html = page_of("xiangqi")
    cannon = html[html.index('id="piece-C"'):html.index('id="piece-K"')]
    assert "Capturing by hopping over a piece" in cannon and "hop, then capture" in cannon
    hops = set(re.findall(r'<rect x="([\d.]+)" y="(\d+)"[^>]*class="target hop-capture"',
                          cannon))
    # 9x10 board, the piece on e5: x = 24 + 40 * file, y = 24 + 40 * (10 - rank)
    assert hops == {("104.0", "224"), ("264.0", "224"), ("184.0", "144"), ("184.0", "304")}


def test_a_variant_with_nothing_yet_gets_a_page():
    html = write_page(Variant())
    ET.fromstring(html.split("\n", 1)[1])
    assert "no pieces yet" in html and "no start position yet" in html


def test_the_command_line_writes_the_page(tmp_path, capsys):
    out = tmp_path / "Xiangqi.html"
    assert main(["export", "variants/xiangqi.ini", "--to", "page", "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Cannon" in text and "Xiangqi" in text


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_the_page_opens_in_headless_chromium_without_console_errors(tmp_path):
    page = tmp_path / "Makruk.html"
    page.write_text(page_of("makruk"), "utf-8")
    shot = tmp_path / "shot.png"
    r = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--no-first-run",
         "--enable-logging=stderr", "--v=0", f"--user-data-dir={tmp_path / 'profile'}",
         f"--screenshot={shot}", "--window-size=1000,1400", page.as_uri()],
        capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr[-2000:]
    assert shot.exists() and shot.stat().st_size > 10_000
    console = [line for line in r.stderr.splitlines() if "CONSOLE" in line]
    assert console == []
