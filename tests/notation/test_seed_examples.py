"""Every notation example of the five seed documents (designer/data/seed_examples.jsonl, shipped: the bench reads it too).

Each record carries the seed file, the sentence it is quoted from, its dialect and a status:
``valid`` (a definition of that dialect), ``fragment``/``schematic``/``typo`` (a prefix, suffix,
placeholder form or misprint: checked through ``host``, a complete definition built from it),
``superseded`` (a proposal the seeds later replaced, e.g. the ``t + x`` chaining operators or
bracket paths: only checked to be answered without a crash). Where the sentence states what the
example means, ``facts`` record it and the AST must agree.
"""

from __future__ import annotations

import pytest

from designer.notation import NotationError, format_piece, parse
from .seedfacts import SEED_FILES, SEEDS, check_facts, load, normalise

RECORDS = load()
CHECKED = [r for r in RECORDS if r["status"] != "superseded"]
SUPERSEDED = [r for r in RECORDS if r["status"] == "superseded"]


def _id(record: dict) -> str:
    return f"{record['seed']}:{record['dialect']}:{record['text']}"


def _subject(record: dict) -> str:
    return record.get("host") or record["text"]


def test_the_data_file_is_broad():
    assert len(RECORDS) >= 300
    assert {r["seed"] for r in RECORDS} == set(SEED_FILES)
    assert sum(1 for r in RECORDS if r.get("facts")) >= 200


@pytest.mark.parametrize("seed_id", sorted(SEED_FILES))
def test_every_example_is_quoted_from_its_seed(seed_id):
    """The data file's quotes are the seeds' own sentences and contain the example; checked
    where the source documents sit beside the checkout (they are not part of the repository)."""
    path = SEEDS / SEED_FILES[seed_id]
    if not path.exists():
        pytest.skip(f"the source documents are not beside this checkout ({SEEDS})")
    seed = normalise(path.read_text(encoding="utf-8"))
    records = [r for r in RECORDS if r["seed"] == seed_id]
    assert records
    misquoted = [r["text"] for r in records if normalise(r["quote"]) not in seed]
    outside = [r["text"] for r in records if r["text"] not in normalise(r["quote"])]
    assert misquoted == [] and outside == []


@pytest.mark.parametrize("record", CHECKED, ids=_id)
def test_example_parses_formats_and_round_trips(record):
    dialect = record["dialect"]
    piece = parse(_subject(record), dialect)
    canonical = format_piece(piece)
    again = parse(canonical, dialect)
    assert again == piece
    assert format_piece(again) == canonical


@pytest.mark.parametrize("record", [r for r in CHECKED if r.get("facts")], ids=_id)
def test_stated_meaning_holds_in_the_ast(record):
    dialect = record["dialect"]
    piece = parse(_subject(record), dialect)
    check_facts(piece, record["facts"], dialect, parse)
    # The meaning survives the canonical form too.
    check_facts(parse(format_piece(piece), dialect), record["facts"], dialect, parse)


@pytest.mark.parametrize("record", SUPERSEDED, ids=_id)
def test_superseded_proposal_is_answered_without_a_crash(record):
    text, dialect = record["text"], record["dialect"]
    try:
        piece = parse(text, dialect)
    except NotationError as err:
        assert err.problems
        for problem in err.problems:
            assert 0 <= problem.start <= len(text) and problem.message
    else:
        assert parse(format_piece(piece), dialect) == piece
