"""The desktop package: spec, desktop entry, AppStream metadata, and (on request) a real build.

Building takes about half a minute, so the build test runs only when ``VD_BUILD_PACKAGE=1``
asks for it and PyInstaller is installed (``pip install -e '.[package]'``); it builds
dist/variant-designer/ and starts the binary offscreen with ``--screenshot``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
METAINFO = PACKAGING / "org.variantdesigner.VariantDesigner.metainfo.xml"
DESKTOP = PACKAGING / "variant-designer.desktop"


def _desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line)


def test_spec_bundles_the_data_the_program_reads():
    spec = (PACKAGING / "variant-designer.spec").read_text(encoding="utf-8")
    for folder in ('"designer" / "data"', '"variants"', '"resources"'):
        assert folder in spec
    assert (PACKAGING / "launcher.py").exists()
    assert (ROOT / "variants" / "xiangqi.ini").exists()       # the first start's sample
    assert (ROOT / "resources" / "icons" / "variant-designer.svg").exists()


def test_metainfo_names_the_desktop_entry_and_its_icon():
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("launchable") == DESKTOP.name
    entry = _desktop_entry()
    assert root.findtext("icon") == entry["Icon"]
    assert root.findtext("name") == entry["Name"]
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    assert root.find("provides/binary").text == entry["Exec"].split()[0]


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstreamcli not installed (apt-get install appstream)")
def test_metainfo_passes_appstream_validation():
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                    reason="PyInstaller not installed (pip install -e '.[package]')")
@pytest.mark.skipif(os.environ.get("VD_BUILD_PACKAGE") != "1",
                    reason="building the app takes about 30 s: set VD_BUILD_PACKAGE=1")
def test_built_app_starts_and_renders_a_screenshot(tmp_path):
    import sys
    sys.path.insert(0, str(PACKAGING))
    try:
        import check_bundle
    finally:
        sys.path.remove(str(PACKAGING))
    shot = tmp_path / "bundle.png"
    assert check_bundle.main(["--screenshot", str(shot)]) == 0
    from PySide6.QtGui import QImage
    image = QImage(str(shot))
    assert image.width() == 1200 and image.height() == 800
