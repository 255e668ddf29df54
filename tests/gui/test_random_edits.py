"""The model-based random tester (``benchmarks/random_edits.py``) in the suite: seeded random
sequences of user-level edits through the window's actions and widgets, over every sample.
After every edit the modified mark is set exactly when the variant differs from the last save;
after every sequence undo all + save gives the unmodified file byte for byte, redo all + save +
reopen gives what the window showed, and nothing raised or made Qt warn. The script runs
thousands of sequences; the suite runs a few hundred with a fixed seed."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEQUENCES = 260
SEED = 22


def _load():
    spec = importlib.util.spec_from_file_location("random_edits",
                                                  ROOT / "benchmarks" / "random_edits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["random_edits"] = module          # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


random_edits = _load()


def test_random_edit_sequences_over_every_sample_lose_nothing(window, tmp_path, qt_messages):
    tester = random_edits.Tester(window, tmp_path, *random_edits.qtest_gestures())
    figures = tester.run(SEQUENCES, SEED, messages=qt_messages)
    print(json.dumps({k: v for k, v in figures.as_json().items() if k != "ops"}))
    assert figures.sequences == SEQUENCES and figures.edits > 5 * SEQUENCES
    assert len({name for name, count in figures.ops.items() if count}) == len(tester.ops)
    assert figures.failures == [], json.dumps(figures.failures[:3], indent=1)
