"""The model-based random tester (``benchmarks/random_edits.py``) in the suite: seeded random
sequences of user-level edits through the window's actions and widgets, over every sample.
After every edit the modified mark is set exactly when the variant differs from the last save;
after every sequence undo all + save gives the unmodified file byte for byte, redo all + save +
reopen gives what the window showed, and nothing raised or made Qt warn. The script runs
thousands of sequences; the suite runs a few hundred with a fixed seed."""

from __future__ import annotations

import json

from repo_data import benchmark_script

SEQUENCES = 260
SEED = 22

random_edits = benchmark_script("random_edits")


def test_random_edit_sequences_over_every_sample_lose_nothing(window, tmp_path, qt_messages):
    tester = random_edits.Tester(window, tmp_path, *random_edits.qtest_gestures())
    figures = tester.run(SEQUENCES, SEED, messages=qt_messages)
    print(json.dumps({k: v for k, v in figures.as_json().items() if k != "ops"}))
    assert figures.sequences == SEQUENCES and figures.edits > 5 * SEQUENCES
    assert len({name for name, count in figures.ops.items() if count}) == len(tester.ops)
    assert figures.failures == [], json.dumps(figures.failures[:3], indent=1)
