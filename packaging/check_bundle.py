"""Build the one-folder app and check that it starts: ``python packaging/check_bundle.py``.

Runs PyInstaller on packaging/variant-designer.spec (unless ``--no-build`` and a bundle is
already there), then starts dist/variant-designer/variant-designer offscreen with
``--screenshot`` and a headless sub-command, and prints the build time, the folder size and the
screenshot's path. Exit status 0 when the bundle works.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "variant-designer"
BINARY = DIST / ("variant-designer.exe" if sys.platform == "win32" else "variant-designer")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def build() -> float:
    """Run PyInstaller; the build time in seconds."""
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build"),
                    str(ROOT / "packaging" / "variant-designer.spec")], check=True, cwd=ROOT)
    return time.monotonic() - start


def run_bundle(shot: Path) -> list[str]:
    """Start the bundle twice (window screenshot, a headless command); the problems found."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    problems = []
    done = subprocess.run([str(BINARY), "--betza", "mRcpR", "--screenshot", str(shot),
                           "--size", "1200x800"], env=env, capture_output=True, text=True,
                          timeout=120, cwd="/")
    if done.returncode != 0 or not shot.exists() or shot.stat().st_size < 10_000:
        problems.append(f"--screenshot failed ({done.returncode}): {done.stderr[-2000:]}")
    described = subprocess.run([str(BINARY), "describe", "mRcpR"], env=env, capture_output=True,
                               text=True, timeout=60, cwd="/")
    if described.returncode != 0 or "canonical" not in described.stdout:
        problems.append(f"describe failed ({described.returncode}): {described.stderr[-2000:]}")
    grammar = subprocess.run([str(BINARY), "grammar", "--html", str(shot.with_suffix(".html"))],
                             env=env, capture_output=True, text=True, timeout=60, cwd="/")
    if grammar.returncode != 0:
        problems.append(f"grammar --html failed: {grammar.stderr[-2000:]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="check an existing bundle")
    parser.add_argument("--screenshot", default=str(ROOT / "dist" / "bundle-screenshot.png"))
    args = parser.parse_args(argv)
    seconds = None
    if not (args.no_build and BINARY.exists()):
        seconds = build()
    shot = Path(args.screenshot)
    shot.unlink(missing_ok=True)
    problems = run_bundle(shot)
    if seconds is not None:
        print(f"build time: {seconds:.0f} s")
    print(f"folder size: {folder_size(DIST) / 2**20:.0f} MiB ({DIST})")
    print(f"screenshot: {shot}")
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
