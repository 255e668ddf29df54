"""``variant-designer match`` when a player fails: an engine that cannot be started is refused
before any game (exit 2, its reason), an engine that fails during the games ends them with
its reason on stderr (exit 1), a defect is its words and where, never a traceback (exit 1);
an engine's error names the engine and the command it was answering once."""

from __future__ import annotations

import sys

import pytest

from designer.cli import main
from designer.engines.errors import EngineError
from designer.players import RandomPlayer

from fake_engines import uci
from game_setups import ROOT, wide_shogi


def _match(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    code = main(["match", "variants/fide.ini", "--games", "2", "--depth", "1", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_an_engine_that_cannot_be_started_is_refused_with_its_reason(monkeypatch, capsys):
    code, _, err = _match(monkeypatch, capsys, "--black", "/nonexistent/engine")
    assert code == 2
    assert "Black: /nonexistent/engine: cannot be started: no such program" in err
    assert err.count("/nonexistent/engine") == 1 and "Traceback" not in err


def test_an_engine_that_fails_during_the_games_says_why_and_the_run_fails(
        fake, monkeypatch, capsys):
    command = " ".join(fake(uci("crash")))
    code, out, err = _match(monkeypatch, capsys, "--black", command)
    assert code == 1
    assert "endings: failure 2" in out
    assert "error: games 1, 2:" in err and "out of cheese" in err
    assert err.count("(after `go") == 1


def test_a_defect_in_a_player_ends_its_games_with_where_it_was_raised(monkeypatch, capsys):
    def broken(self, game, legal, stop):
        raise RuntimeError("broken on purpose")
    monkeypatch.setattr(RandomPlayer, "ask", broken)
    code, _, err = _match(monkeypatch, capsys, "--black", "random")
    assert code == 1
    assert "internal error in " in err and "test_match_failures.py" in err
    assert "RuntimeError: broken on purpose" in err and "Traceback" not in err


def test_a_defect_outside_the_games_is_its_words_and_where(monkeypatch, capsys):
    import designer.commands.match as command

    def broken(records, planned):
        return {}["no such key"]
    monkeypatch.setattr(command, "summary", broken)
    code, _, err = _match(monkeypatch, capsys, "--black", "random")
    assert code == 1 and "Traceback" not in err
    assert "error: internal error in " in err and "KeyError" in err


def test_an_engine_error_names_the_engine_and_the_command_once():
    e = EngineError("no answer within the time allowed", "no-answer", "fsf", "go movetime 5",
                    ("info depth 1",))
    assert str(e) == ("fsf: no answer within the time allowed (after `go movetime 5`); its "
                      "last lines: info depth 1")
    assert e.message == "no answer within the time allowed"


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX path")
def test_a_section_file_that_cannot_be_written_is_an_engine_error(tmp_path, fsf):
    from designer.engines.launch import give_variant, open_engine
    with open_engine((fsf,)) as engine, pytest.raises(EngineError) as e:
        give_variant(engine, wide_shogi(), str(tmp_path / "missing" / "folder"))
    assert "cannot write the section of Wide Shogi" in str(e.value)
