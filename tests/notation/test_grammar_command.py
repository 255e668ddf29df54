"""``variant-designer grammar``: the grammar as text, and as railroad diagrams in HTML."""

from __future__ import annotations

import pytest

from designer.cli import main


def test_grammar_prints_the_xbetza_productions_and_rules(capsys):
    assert main(["grammar"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("XBetza reference grammar")
    assert "move             ::= prefix ( again prefix )* step" in out
    assert "Context rules" in out and "U takes no range" in out


def test_grammar_prints_betza2_with_groups_and_chains(capsys):
    assert main(["grammar", "--dialect", "betza2"]) == 0
    out = capsys.readouterr().out
    assert "path            ::= slide ( chain slide )*" in out
    assert "group" in out and "limiter" in out


def test_grammar_writes_railroad_html(tmp_path, capsys):
    pytest.importorskip("railroad")
    out = tmp_path / "betza2.html"
    assert main(["grammar", "--dialect", "betza2", "--html", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "<svg" in html and "Betza 2.0 reference grammar" in html
    assert str(out) in capsys.readouterr().out


def test_grammar_reports_an_unwritable_file(tmp_path, capsys):
    pytest.importorskip("railroad")
    assert main(["grammar", "--html", str(tmp_path / "missing" / "x.html")]) == 1
    assert "cannot write" in capsys.readouterr().err
