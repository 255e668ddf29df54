"""Where the sample variants are (imported by the format tests under a name no other test
folder uses, so that it never collides with another ``conftest``)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "variants").glob("*.ini"))
