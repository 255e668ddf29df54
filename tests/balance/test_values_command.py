"""``variant-designer values`` and ``export --to svg --heat``, as a user runs them."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

from designer.balance import ESTIMATES
from repo_data import ROOT


def run(*args):
    return subprocess.run([sys.executable, "-m", "designer.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_json_is_letter_to_estimate_to_pawns():
    res = run("values", "variants/capablanca.ini", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert set(data) == set("PNBRQACK")
    assert all(set(v) == set(ESTIMATES) for v in data.values())
    assert data["A"]["fsf-table"] == round(2300 / 208, 3)        # the engine's 2200, on 10x8
    assert data["K"]["mobility"] is None and data["N"]["leaper-law"] == 3.08
    assert data["A"]["leaper-law"] is None


def test_knight3_and_the_table():
    res = run("values", "variants/fide.ini", "--knight3")
    assert res.returncode == 0, res.stderr
    assert "Knight = 3" in res.stdout
    knight = next(line for line in res.stdout.splitlines() if line.startswith("N Knight"))
    assert knight.split()[3:7] == ["3.00"] * 4
    assert "warning" in res.stdout                 # the pawn's estimates disagree


def test_an_unreadable_file_is_an_error_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.ini"
    bad.write_bytes(b"\x00\xff not a variant")
    res = run("values", str(bad))
    assert res.returncode == 1 and res.stderr.startswith("error:") and "Traceback" not in res.stderr
    res = run("values", str(tmp_path / "missing.ini"))
    assert res.returncode == 1 and "Traceback" not in res.stderr


def test_export_a_heat_map_as_svg(tmp_path):
    out = tmp_path / "rook.svg"
    res = run("export", "variants/fide.ini", "--to", "svg", "--heat", "distance", "--piece", "B",
              "--square", "c1", "-o", str(out))
    assert res.returncode == 0, res.stderr
    root = ET.fromstring(out.read_text())
    assert "Bishop from c1" in root.findtext("{http://www.w3.org/2000/svg}title")
    res = run("export", "variants/fide.ini", "--to", "fsf", "--heat", "checks")
    assert res.returncode == 2 and "--to svg" in res.stderr
