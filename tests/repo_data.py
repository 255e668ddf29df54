"""Where the tests find their data (a module of its own, so that no test imports a conftest).

``VECTORS``: move-generation vectors computed by XBoard's and Fairy-Stockfish's own generators,
copied into the repository so that a clone runs the suite with nothing beside it.
``SHARED``/``SEEDS``: the project's shared folder and source documents when a checkout sits next
to them; tests that use them skip with their reason where they are absent.
"""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "data" / "vectors"
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"


def benchmark_script(name: str) -> ModuleType:
    """A script of ``benchmarks/`` as a module (the suite runs a few cases of the fuzzers and
    testers that the scripts run by the thousand)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


# Fairy-Stockfish's own data (its variants.ini and the engine's perft counts, tests/data/fsf).
FSF_DATA = ROOT / "tests" / "data" / "fsf"


def fsf_engine():
    """The Fairy-Stockfish binary the engine tests drive (None: they skip, saying why):
    ``VD_FAIRY_STOCKFISH`` (``.ci/run`` sets it), else the shared engines folder."""
    import os
    given = os.environ.get("VD_FAIRY_STOCKFISH")
    if given:
        return Path(given) if Path(given).is_file() else None
    shared = SHARED / "engines" / "fairy-stockfish"
    return shared if shared.is_file() else None
