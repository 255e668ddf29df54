"""Test setup: Qt runs offscreen (set here, never by the person running the tests); the real
Fairy-Stockfish when the environment names it (``VD_FAIRY_STOCKFISH``, which ``.ci/run`` sets
when ``../shared/engines/fairy-stockfish`` exists), and small fake engines as scripts."""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


ENGINE_VARIABLE = "VD_FAIRY_STOCKFISH"

# Property tests draw the same examples on every run (a failure is a defect to fix, never a
# roll of the dice) and keep no example database between runs; ``VD_HYPOTHESIS=explore``
# draws fresh ones, for hunting defects by hand.
from hypothesis import settings as _hypothesis  # noqa: E402

_hypothesis.register_profile("suite", derandomize=True, database=None)
_hypothesis.register_profile("explore", derandomize=False)
_hypothesis.load_profile("explore" if os.environ.get("VD_HYPOTHESIS") == "explore" else "suite")


def pytest_configure(config: pytest.Config) -> None:
    """``VD_EXPECT_BUILD=compiled`` (``.ci/run``'s compiled pass): stop at once unless the
    compiled build is the one imported, so a pure run never passes for a compiled one."""
    expected = os.environ.get("VD_EXPECT_BUILD")
    if expected:
        from designer.native import BUILD
        if BUILD.kind != expected:
            raise pytest.UsageError(f"VD_EXPECT_BUILD={expected}, but designer runs "
                                    f"{BUILD.describe()}")


@pytest.fixture
def fsf() -> str:
    """The path of a current Fairy-Stockfish build (custom pieces, large boards)."""
    path = os.environ.get(ENGINE_VARIABLE, "")
    if not path:
        pytest.skip(f"no Fairy-Stockfish given: set {ENGINE_VARIABLE} to its path "
                    "(.ci/run does when ../shared/engines/fairy-stockfish exists)")
    if not os.access(path, os.X_OK):
        pytest.skip(f"{ENGINE_VARIABLE}={path} is not an executable program")
    return path


@pytest.fixture
def fake(tmp_path: Path):
    """Write a fake engine (Python source) and return its command line."""

    def make(source: str, name: str = "fake_engine.py") -> list[str]:
        script = tmp_path / name
        script.write_text(source)
        return [sys.executable, "-u", str(script)]

    return make
