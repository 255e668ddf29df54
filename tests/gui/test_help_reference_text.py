"""The reference text as data: every example reads in its dialect, every letter has an entry."""

from __future__ import annotations

import pytest

from designer.notation.english.reference import entries, entry_for, page
from designer.notation import NotationError, parse
from designer.notation.atoms import ATOM_LETTERS
from designer.notation._reader import B2_MODES, DIRECTION_LETTERS, XB_MODES

DIALECTS = ("xbetza", "betza2")
# Every letter the reader gives a meaning to, by dialect (parser.py: atoms, directions,
# modalities, and the specials i n j q z, XBetza a, Betza 2.0 x e).
KNOWN = {
    "xbetza": set(ATOM_LETTERS) | set(DIRECTION_LETTERS) | set(XB_MODES) | set("injqza"),
    "betza2": (set(ATOM_LETTERS) - {"@"}) | set(DIRECTION_LETTERS + "a") | set(B2_MODES)
    | set("injqzxe"),
}


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_example_reads_in_its_dialect(dialect):
    found = 0
    for entry in entries(dialect):
        for example in entry.examples:
            try:
                parse(example.text, dialect)
            except NotationError as e:
                pytest.fail(f"{entry.key}: {example.text!r} does not read as {dialect}: {e}")
            found += 1
    assert found > 60


@pytest.mark.parametrize("dialect", DIALECTS)
def test_each_entry_appears_once_per_page(dialect):
    keys = [e.key for e in entries(dialect)]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_letter_the_reader_knows_has_an_entry(dialect):
    explained = {ch for e in entries(dialect) for ch in e.letters}
    missing = KNOWN[dialect] - explained
    assert not missing, f"{dialect}: no entry for {sorted(missing)}"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_atom_entry_draws_its_step(dialect):
    atoms = [e for e in entries(dialect) if e.kind == "atom" and e.key != "atom-@"]
    assert len(atoms) >= 17
    assert all(e.board and e.examples[0].text for e in atoms)


def test_pages_cover_the_topics_the_help_promises():
    for dialect in DIALECTS:
        titles = [s.title for s in page(dialect)]
        for topic in ("Atoms", "Ranges", "Directions", "Modalities", "Special modifiers",
                      "Multi-leg moves and groups", "Castling and en passant", "Engines"):
            assert topic in titles, (dialect, topic)
    keys = {e.key for e in entries("betza2")}
    assert {"chain", "group", "limiter", "special-x", "special-e"} <= keys
    assert "group" not in {e.key for e in entries("xbetza")}


def test_entries_are_dialect_specific_where_the_letters_differ():
    # seed 004: e is en passant in XBetza; seed 000: e is an equal-length slide in Betza 2.0.
    assert entry_for("xbetza", "modality", "e").key == "mode-e"
    assert entry_for("betza2", "special", "e").key == "special-e"
    # a: another leg in XBetza, all directions in Betza 2.0.
    assert entry_for("xbetza", "chain", "a").key == "special-a"
    assert entry_for("betza2", "direction", "a").key == "dir-a"
