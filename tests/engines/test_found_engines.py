"""Engines found for the user: a variant engine on PATH or beside the application is offered
once, with the protocol it speaks, unless the user's engines already hold it."""

from __future__ import annotations

import os
import stat
import sys

from designer.engines import EngineBook, EngineSettings
from designer.engines.found import find_engines, named

import fake_engines


def _program(folder, name: str) -> str:
    """An executable fake UCI engine called ``name`` in ``folder``."""
    path = folder / name
    path.write_text(f"#!{sys.executable}\n" + fake_engines.uci("normal"))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_fairy_stockfish_on_path_is_found(tmp_path):
    exe = _program(tmp_path, "fairy-stockfish")
    found = find_engines(path=str(tmp_path), beside=[])
    assert [(f.name, f.path, f.protocol, f.where) for f in found] == \
        [("fairy-stockfish", exe, "uci", "on PATH")]
    assert found[0].settings().command == (exe,)


def test_an_engine_beside_the_application_and_one_named_in_the_settings(tmp_path):
    app, bin_ = tmp_path / "app", tmp_path / "bin"
    app.mkdir()
    bin_.mkdir()
    _program(app, "fairymax")
    mine = _program(bin_, "my-engine")
    found = find_engines(extra=["my-engine:xboard"], path=str(bin_), beside=[str(app)])
    assert [(f.name, f.protocol, f.where) for f in found] == [
        ("fairymax", "xboard", "beside the application"), ("my-engine", "xboard", "on PATH")]
    assert found[1].path == mine
    assert named(["a", "b:xboard", " c : uci "]) == [("a", "uci"), ("b", "xboard"), ("c", "uci")]


def test_an_engine_already_set_up_is_not_offered_again(tmp_path):
    exe = _program(tmp_path, "fairy-stockfish")
    book = EngineBook((EngineSettings("FSF", (exe,)),))
    assert find_engines(book, path=str(tmp_path), beside=[]) == []
    assert find_engines(path=os.path.join(str(tmp_path), "nothing"), beside=[]) == []
