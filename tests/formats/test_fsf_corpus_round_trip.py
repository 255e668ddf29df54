"""Every section of Fairy-Stockfish's own variants.ini, read by us and written back by our
writer, reads back to the same variant and plays in Fairy-Stockfish as the original does.

The written section (``fsf_ini.write``, without our ``@designer`` lines) inherits a built-in
parent where the variant names one, or stands alone. Read back, it must give the same board,
setup, pieces (notation compared by meaning) and rules. Loaded into pyffish beside the
original, it must give the same legal moves from the start position; counted by the engine,
the same perft at depths 1 and 2 as the engine's own counts of the original (the recorded
facts). Where it cannot, the difference must be one the reader or the writer named: a rule
the model cannot carry (``fsf_ini.read_notices``) or a piece the export leaves out
(``fsf_ini.fsf_problems``); the test lists those sections with their reason.
"""

import json
import sys
from dataclasses import replace

import pytest

from designer.formats import fsf_ini
from designer.formats.fsf_plan import canon
from repo_data import FSF_DATA, ROOT, fsf_engine

TEXT = (FSF_DATA / "variants.ini").read_text()
NAMES = fsf_ini.sections(TEXT)
FACTS = json.loads((FSF_DATA / "corpus_perft.json").read_text())["sections"]
# sections whose export leaves pieces out: Fairy-Stockfish 14.0.1, which the export is
# written for, has no ranged hoppers (pB2); nor the promoted cannons, which move as W and F
LEFT_OUT = {"cannonshogi": {"W", "F", "+U", "+A", "+C", "+I"}}
# sections whose king moves along the palace diagonals (the engine's Janggi kingType, which no
# key sets): the export names it and writes the king without them
KING_PALACE = {"janggihouse": "K"}
# sections whose written form plays differently, and the rule the model cannot carry
NOT_CARRIED = {
    "janggihouse": "palace",
    "cannonshogi": "(pieces left out)",
}


def play(v):
    """What a variant plays: board, setup, rules, and each piece by the meaning of its moves."""
    return (v.files, v.ranks, v.setup, v.rule_set,
            tuple(sorted((p.letter, canon(p.notation, p.dialect), p.royal) for p in v.pieces)))


def written(name):
    v = fsf_ini.read(TEXT, name, "variants.ini")
    w = replace(v, name=f"vdrt{name.replace('-', '')}")
    return v, fsf_ini.write(w, with_designer=False), fsf_ini.section_name(w)


@pytest.mark.parametrize("name", NAMES)
def test_corpus_section_reads_back_from_our_export(name):
    v, text, _ = written(name)
    back = fsf_ini.read(text, None, "written.ini")
    if name in LEFT_OUT:
        errors = {p.piece for p in fsf_ini.fsf_problems(v) if p.severity == "error"}
        assert errors == LEFT_OUT[name]
        assert {p.letter for p in back.pieces} == {p.letter for p in v.pieces} - errors
        return
    if name in KING_PALACE:
        king = KING_PALACE[name]
        assert {p.piece for p in fsf_ini.fsf_problems(v) if p.field == "palace"} == {king}
        pieces = tuple(replace(p, palace="") if p.letter == king else p
                       for p in v.rule_set.pieces)
        v = replace(v, rule_set=replace(v.rule_set, pieces=pieces))
    assert play(back) == play(v)


def test_written_sections_give_pyffish_the_same_start_moves():
    sf = pytest.importorskip("pyffish")
    sf.load_variant_config(TEXT)
    differ = []
    for name in NAMES:
        _, text, ours = written(name)
        sf.load_variant_config(text)
        mine = set(sf.legal_moves(ours, sf.start_fen(ours), []))
        theirs = set(sf.legal_moves(name, sf.start_fen(name), []))
        if mine != theirs:
            differ.append(name)
    assert set(differ) <= set(NOT_CARRIED), differ


def test_written_sections_count_as_the_engine_counts_the_originals(tmp_path):
    engine = fsf_engine()
    if engine is None:
        pytest.skip("no Fairy-Stockfish binary (set VD_FAIRY_STOCKFISH or put the shared "
                    "engines folder beside the checkout)")
    sys.path.insert(0, str(ROOT / "tools"))
    from fsf_uci import Engine
    sections = {name: written(name) for name in NAMES}
    path = tmp_path / "written.ini"
    path.write_text("\n".join(text for _, text, _ in sections.values()))
    differ = {}
    with Engine(str(engine)) as e:
        e.load(str(path))
        for name, (_, _, ours) in sections.items():
            assert e.variant(ours), name
            got = []
            for depth in (1, 2):
                e.position()
                got.append(e.perft(depth).nodes)
            if got != FACTS[name]["perft"][:2]:
                differ[name] = got
    assert set(differ) == set(NOT_CARRIED)
    for name, key in NOT_CARRIED.items():
        if name in KING_PALACE:
            v = fsf_ini.read(TEXT, name, "variants.ini")
            assert key in {p.field for p in fsf_ini.fsf_problems(v)}
        elif name not in LEFT_OUT:
            assert key in {n.key for n in fsf_ini.read_notices(TEXT, name, "variants.ini")}
