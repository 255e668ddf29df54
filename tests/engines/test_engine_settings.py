"""Engine settings are plain values with a JSON form that reads back equal; stored settings
that cannot be read say which field is wrong."""

from __future__ import annotations

import json

import pytest

from designer.engines import EngineBook, EngineSettings, Limit, SettingsError, \
    settings_from_command


def test_settings_read_back_equal():
    engine = EngineSettings("Fairy-Stockfish", ("/opt/fsf", "--flag"), "xboard", 250, 8,
                            (("Hash", 64), ("Ponder", False), ("Style", "Risky")), "/tmp")
    book = EngineBook((engine, EngineSettings("other", ("x",))), "Fairy-Stockfish")
    again = EngineBook.from_json_text(book.to_json_text())
    assert again == book and again.current == engine
    assert engine.limit() == Limit(movetime_ms=250, depth=8)


def test_a_command_line_becomes_settings():
    s = settings_from_command("'../shared/engines/fairy-stockfish' -x", "uci", None, 5)
    assert s.command == ("../shared/engines/fairy-stockfish", "-x") and s.name == \
        "fairy-stockfish"
    assert s.limit() == Limit(depth=5) and s.command_line.startswith("../shared")


@pytest.mark.parametrize("change,where", [
    ({"protocol": "uci2"}, "engines[0].protocol"),
    ({"command": 3}, "engines[0].command"),
    ({"command": []}, "engines[0].command"),
    ({"movetime_ms": "fast"}, "engines[0].movetime_ms"),
    ({"movetime_ms": -5}, "engines[0].movetime_ms"),
    ({"movetime_ms": None, "depth": None}, "engines[0]"),
    ({"options": {"Hash": [1]}}, "engines[0].options"),
])
def test_a_bad_field_is_named(change, where):
    data = {"version": 1, "engines": [dict(EngineSettings("e", ("x",)).to_json(), **change)]}
    with pytest.raises(SettingsError) as caught:
        EngineBook.from_json_text(json.dumps(data))
    assert caught.value.where.startswith(where), caught.value


def test_unreadable_or_foreign_settings_are_refused():
    for text, where in (("{", "engines"), ("[]", "engines"),
                        ('{"version": 9, "engines": []}', "engines.version")):
        with pytest.raises(SettingsError) as caught:
            EngineBook.from_json_text(text)
        assert caught.value.where == where
    two = {"version": 1, "engines": [EngineSettings("e", ("x",)).to_json()] * 2}
    with pytest.raises(SettingsError, match="same name"):
        EngineBook.from_json_text(json.dumps(two))


def test_the_book_adds_replaces_and_removes_engines():
    a, b = EngineSettings("a", ("x",)), EngineSettings("b", ("y",))
    book = EngineBook().with_engine(a).with_engine(b)
    assert book.selected == "a" and [e.name for e in book.engines] == ["a", "b"]
    faster = EngineSettings("b", ("y",), movetime_ms=10)
    assert book.with_engine(faster).find("b") == faster
    assert book.without("a").current == b and book.without("a").selected == ""
