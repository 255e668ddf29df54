"""The model-based random tester (``benchmarks/random_edits.py``) in the suite: seeded random
sequences of user-level edits through the window's actions and widgets over every sample —
definitions, the palette, the details, the Rules panel's fields typed within and at the edge of
their ranges, the Setup tab with its sample start positions, and the Play tab's games (new
games, moves, taking back, looking back, rule edits during a game, saving and opening them).

After every edit: the modified mark is right, nothing raised, the Play board shows the game
under the variant as it is and offers only legal moves, the variant saves in the native format
and both Fairy-Stockfish exports and reads back equal, the autosave reads back equal, and a game
reads back from its recovery file and its PGN. After every sequence undo all + save gives the
opened file byte for byte, and redo all + save + reopen what the window showed. The script runs
1,000 sequences and more; the suite runs a few with a fixed seed, one test per kind of failure
(a failure prints its seed and the fewest steps that replay it)."""

from __future__ import annotations

import json

import pytest

from repo_data import benchmark_script

SEQUENCES = 20
SEED = 37

random_edits = benchmark_script("random_edits")

@pytest.fixture(scope="module")
def run(qapp, tmp_path_factory):
    """The seeded sequences, run once for the module's tests on a window of their own."""
    from PySide6.QtCore import qInstallMessageHandler
    folder = tmp_path_factory.mktemp("random-edits")
    messages: list[str] = []
    previous = qInstallMessageHandler(lambda mode, context, text: messages.append(text))
    window, tester = random_edits.open_tester(folder)
    try:
        figures = tester.run(SEQUENCES, SEED, messages=messages, shrink_budget=40,
                             shrink_kinds=set(random_edits.KINDS))
        ops = {name for name, _weight, _op in tester.ops}
    finally:
        window.dispose()
        qInstallMessageHandler(previous)
    print(json.dumps({k: v for k, v in figures.as_json().items()
                      if k not in ("ops", "failures")}))
    return figures, ops


def test_the_sequences_make_every_kind_of_edit_play_games_and_edit_rules(run):
    figures, ops = run
    assert figures.sequences == SEQUENCES and figures.edits > 8 * SEQUENCES
    assert set(figures.ops) == ops                   # every gesture was made
    assert figures.game_moves >= SEQUENCES and figures.rule_edits >= SEQUENCES
    assert figures.games_read_back >= SEQUENCES // 2


def _report(failures: list[dict]) -> str:
    return "\n".join(f"{f['failure']}\n  seed {f['seed']}, sequence {f['sequence']}, "
                     f"{f['sample']}; replay: {random_edits.replay_command(f)}"
                     for f in failures[:3])


@pytest.mark.parametrize("kind", random_edits.KINDS)
def test_no_failure_of_this_kind(run, kind):
    figures, _ops = run
    failures = [f for f in figures.failures if f["kind"] == kind]
    assert not failures, _report(failures)


def test_no_failure_of_another_kind(run):
    figures, _ops = run
    failures = [f for f in figures.failures if f["kind"] not in random_edits.KINDS]
    assert not failures, _report(failures)


def test_a_failure_is_cut_down_to_the_steps_that_make_it(window, tmp_path):
    """A failure planted after the board is cleared is reported with that one step, which
    replays it."""
    tester = random_edits.Tester(window, tmp_path, *random_edits.qtest_gestures())
    checked = tester.check_state

    def check_state() -> None:
        checked()
        if any(step.name == "clear" for step in tester.steps):
            raise random_edits.Broken("mark", "planted")
    tester.check_state = check_state
    steps = random_edits.parse_steps("select/1,black/2,place/3,clear/4,select/5")
    sample = random_edits.ROOT / "variants" / "fide.ini"
    with tester.watching():
        [failure] = tester.attempt(0, 1, steps=steps, sample=sample)
        assert failure["kind"] == "mark" and failure["steps"][-1] == "clear/4"
        assert tester.shrink(failure, 20) == ["clear/4"]
        assert tester.attempt(0, 1, steps=[random_edits.Step("clear", 4)], sample=sample)


@pytest.mark.parametrize("sample, sequence, steps", [
    ("cylinder.ini", 17, "resize/1985856242"),
    ("capablanca.ini", 104, "sample setup/1274443095"),
])
def test_the_rules_follow_a_board_resize(window, tmp_path, sample, sequence, steps):
    """Found by the tester: after Board > resize or a sample start position of another size,
    castling files and whole-rank regions kept the old board's numbers, so the Fairy-Stockfish
    export refused them."""
    tester = random_edits.Tester(window, tmp_path, *random_edits.qtest_gestures())
    with tester.watching():
        assert tester.attempt(sequence, 1, steps=random_edits.parse_steps(steps),
                              sample=random_edits.ROOT / "variants" / sample) == []
