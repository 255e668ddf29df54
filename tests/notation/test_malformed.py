"""Malformed definitions: every one is refused with the column of the first problem, a sentence
a person understands, and (where a string has several) every problem listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.notation import NotationError, parse, problems, tokens

from .seedfacts import load as load_seed_examples

CASES = [json.loads(line) for line in
         (Path(__file__).parent / "data" / "malformed.jsonl").read_text(encoding="utf-8").splitlines()
         if line.strip()]


def _readable(text: str) -> bool:
    """A sentence, not a code dump: words, no Python reprs or tracebacks, not overly long."""
    return (len(text.split()) >= 3 and len(text) < 200 and (text[0].isalpha() or text[0] == "`")
            and not any(bad in text for bad in ("None", "Traceback", "\\x", "<", "Error(")))


def _inserted_cases() -> list[tuple[str, str, int]]:
    """A character that never belongs in Betza, inserted into each valid seed example at every
    position, must be reported at exactly that column (and the text around it still read)."""
    out = []
    seen = set()
    for record in load_seed_examples():
        text = record["text"]
        if record["status"] != "valid" or any(c in text for c in "(){}") or len(text) > 14:
            continue
        for i in range(len(text) + 1):
            bad = text[:i] + "#" + text[i:]
            if (bad, record["dialect"]) not in seen:
                seen.add((bad, record["dialect"]))
                out.append((bad, record["dialect"], i))
    return out


INSERTED = _inserted_cases()


def test_at_least_140_written_and_500_generated_malformed_strings():
    assert len(CASES) >= 140 and len(INSERTED) >= 500


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['dialect']}:{c['text']!r}")
def test_error_column_and_message(case):
    text, dialect = case["text"], case["dialect"]
    with pytest.raises(NotationError) as info:
        parse(text, dialect)
    err = info.value
    assert err.start == case["column"]
    assert err.problems[0].start == case["column"]
    if "says" in case:
        assert case["says"].lower() in err.message.lower()
    for problem in err.problems:
        assert _readable(problem.message), problem.message
        assert not problem.hint or _readable(problem.hint), problem.hint
        assert 0 <= problem.start < problem.end <= max(len(text), problem.start + 1)
    if "all_columns" in case:
        assert set(case["all_columns"]) <= {p.start for p in err.problems}
    assert problems(text, dialect) == list(err.problems)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['dialect']}:{c['text']!r}")
def test_tokens_still_cover_malformed_text(case):
    text, dialect = case["text"], case["dialect"]
    toks = tokens(text, dialect)
    assert [i for t in toks for i in range(t.start, t.end)] == list(range(len(text)))
    assert any(t.kind == "error" for t in toks)


def test_a_stray_character_is_reported_where_it_stands():
    wrong = []
    for text, dialect, column in INSERTED:
        try:
            parse(text, dialect)
        except NotationError as err:
            first = err.problems[0]
            if first.start != column or "cannot appear" not in first.message:
                wrong.append((text, dialect, column, first.start, first.message))
        else:
            wrong.append((text, dialect, column, None, "accepted"))
    assert not wrong, wrong[:10]


def test_a_lower_case_atom_letter_gets_a_hint():
    err = pytest.raises(NotationError, parse, "fk", "xbetza").value
    assert "`K`" in err.hint


def test_reading_from_several_threads_at_once_keeps_every_answer_right():
    """The window reads definitions on its own thread and on the generator's worker: the
    remembered readings must stay consistent while both fill and trim them."""
    import threading

    from designer.notation import parser

    texts = [f"W{n}" for n in range(1, 100)] + [f"R{n}F" for n in range(1, 100)]
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for k in range(3 * parser.MAX_REMEMBERED // len(texts) + 1):
                for t in texts[offset:] + texts[:offset]:
                    piece = parse(t + "K" * (k % 7))
                    assert piece.text == t + "K" * (k % 7)
        except BaseException as e:   # noqa: BLE001 - reported below, with its thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i * 37,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    assert len(parser._READ) <= parser.MAX_REMEMBERED


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="WFDNAHCZGKBRQOU@()-,0123456789fblrvshamcdetpgoyunjiqzx{}!+ ",
               max_size=40), st.sampled_from(["xbetza", "betza2"]))
def test_the_in_order_token_merge_agrees_with_the_general_one(text, dialect):
    """tokens() merges a clean left-to-right reading in one pass; wherever it does, the result
    must be what the character-by-character merge gives."""
    from designer.notation.parser import _merge_by_character, _merge_in_order, _run
    _, reader = _run(text, dialect)
    fast = _merge_in_order(reader.tokens, len(text))
    if fast is not None:
        assert fast == _merge_by_character(reader.tokens, len(text))


def test_the_in_order_token_merge_is_used_for_every_seed_example_and_agrees():
    from designer.notation.parser import _merge_by_character, _merge_in_order, _run
    used = 0
    for record in load_seed_examples():
        _, reader = _run(record["text"], record["dialect"])
        fast = _merge_in_order(reader.tokens, len(record["text"]))
        if fast is not None:
            used += 1
            assert fast == _merge_by_character(reader.tokens, len(record["text"])), record["text"]
    assert used >= 300
