"""The core never imports Qt: every core module imports in a fresh interpreter without PySide6."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import designer

ROOT = Path(__file__).resolve().parent.parent


def core_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(designer.__path__, "designer."):
        if info.name.startswith("designer.gui"):
            continue
        names.append(info.name)
    return names


def test_core_modules_import_without_qt():
    mods = core_modules()
    assert "designer.notation.parser" in mods and "designer.geometry.board" in mods
    code = (
        "import importlib, sys\n"
        f"for m in {mods!r}:\n"
        "    importlib.import_module(m)\n"
        "bad = sorted(k for k in sys.modules if k.startswith(('PySide6', 'shiboken6')))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_cli_headless_commands_do_not_import_qt():
    code = ("import sys, designer.cli, designer.commands\n"
            "print([k for k in sys.modules if k.startswith('PySide6')])\n"
            "sys.exit(1 if any(k.startswith('PySide6') for k in sys.modules) else 0)\n")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
