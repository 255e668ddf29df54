"""Fairy-Stockfish's own variants.ini through our reader and our rules engine: every section
imports, and every section the game plays counts perft from its start position exactly as the
engine counted it (``tests/data/fsf/corpus_perft.json``: depths 1 and 2, and 3 where the
engine's count is small), and from the positions after random moves recorded there.

Sections the game cannot play yet are listed below with the rules they lack (the game's own
``RulesNotPlayed`` reasons, which the test checks are exactly these); sections it plays
otherwise than the engine are listed with the rule our model cannot carry. When the game
learns a rule, its sections leave the list and must then agree.
"""

import json

import pytest

from designer.formats import fsf_ini
from designer.game.game import FenError, Game, RulesNotPlayed
from repo_data import FSF_DATA

TEXT = (FSF_DATA / "variants.ini").read_text()
FACTS = json.loads((FSF_DATA / "corpus_perft.json").read_text())["sections"]
NAMES = fsf_ini.sections(TEXT)
CHEAP_D3 = 30_000          # depth 3 is compared where the engine counted at most this many

# section -> the rules the game does not play yet (its RulesNotPlayed reasons)
NOT_PLAYED: dict[str, str] = {}
# sections the game plays otherwise than the engine: the rule the model cannot carry (named by
# the reader, fsf_ini.read_notices)
DIFFERS: dict[str, str] = {}
# recorded positions whose FEN the game does not read yet, and why
FEN_NOT_READ: dict[str, str] = {}


def variant(name):
    return fsf_ini.read(TEXT, name, "variants.ini")


def test_the_corpus_is_fairy_stockfishs_whole_file():
    assert len(NAMES) == 143 and set(NAMES) == set(FACTS)
    assert all(FACTS[n]["loads"] for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_section_imports_and_plays_as_fairy_stockfish(name):
    v = variant(name)
    assert [p for p in v.validate() if p.severity == "error"] == []
    if name in NOT_PLAYED:
        with pytest.raises(RulesNotPlayed) as e:
            Game(v)
        assert "; ".join(e.value.reasons) == NOT_PLAYED[name]
        return
    game = Game(v)
    facts = FACTS[name]
    want = facts["perft"][:2] + [n for n in facts["perft"][2:] if n <= CHEAP_D3]
    got = [game.perft(depth) for depth in range(1, len(want) + 1)]
    if name in DIFFERS:
        assert got != want
        assert DIFFERS[name] in {n.key for n in fsf_ini.read_notices(TEXT, name)}
        return
    assert got == want
    unread = 0
    for position in facts["positions"]:
        try:
            at = Game(v, position["fen"])
        except FenError:
            assert name in FEN_NOT_READ, position["fen"]
            unread += 1
            continue
        assert [at.perft(1), at.perft(2)] == position["perft"], position["fen"]
    assert bool(unread) == (name in FEN_NOT_READ)


def test_the_corpus_figure():
    """143 sections import; the played ones (all but the listed) agree with the engine."""
    played = [n for n in NAMES if n not in NOT_PLAYED]
    agreeing = [n for n in played if n not in DIFFERS]
    assert len(agreeing) == 143 - len(NOT_PLAYED) - len(DIFFERS)
    assert len(agreeing) == 143
