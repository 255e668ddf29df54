"""Test setup: Qt runs offscreen (set here, never by the person running the tests)."""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
VECTORS = SHARED / "vectors"
SEEDS = SHARED / "seeds"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
