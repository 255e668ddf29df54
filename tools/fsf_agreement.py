"""Legal moves and game results of our samples against Fairy-Stockfish's own variants
(pyffish, its move generator in-process) along seeded random games, position by position.

    python tools/fsf_agreement.py [--positions 3000] [--seed 1] [VARIANT ...]

Prints per variant the positions compared and those that differ (the first few in full); exit
status 1 when any differs. The test suite runs the same comparison on fewer positions.
Differences on purpose: FIDE's insufficient material ends our chess game, where Fairy-Stockfish
plays on (its own has_insufficient_material must agree that neither side can mate).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from designer.commands.fsf_parents import SAMPLES, sample  # noqa: E402
from designer.game.game import Game  # noqa: E402


def _winner(value: int, stm: str) -> str | None:
    if value == 0:
        return None
    other = "black" if stm == "white" else "white"
    return stm if value > 0 else other


def compare(variant: str, positions: int, seed: int, plies: int = 300) -> tuple[int, list[str]]:
    """(positions compared, descriptions of those that differ), along games of at most
    ``plies`` moves (pyffish replays every game from its start on each question)."""
    import pyffish as sf
    v = sample(variant)
    rng = random.Random(f"{variant}-{seed}")
    start = sf.start_fen(variant)
    seen, bad = 0, []
    while seen < positions:
        game = Game(v)
        moves: list[str] = []
        for _ in range(plies):
            theirs = set(sf.legal_moves(variant, start, moves))
            ours = {m.text(game.geo) for m in game.legal_moves()}
            seen += 1
            problem = ""
            if ours != theirs:
                problem = f"moves: ours only {sorted(ours - theirs)[:5]}, " \
                          f"theirs only {sorted(theirs - ours)[:5]}"
            else:
                problem = _result_problem(sf, variant, start, moves, game, theirs)
            if problem:
                bad.append(f"{variant} {sf.get_fen(variant, start, moves)}: {problem}")
            if not theirs or seen >= positions:
                break
            mv = rng.choice(sorted(theirs))
            moves.append(mv)
            game.push(game.move_from_text(mv))
    return seen, bad


def _result_problem(sf, variant: str, start: str, moves: list[str], game: Game,  # type: ignore[no-untyped-def]
                    legal: set[str]) -> str:
    outcome = game.outcome()
    stm = game.turn
    if not legal:
        want = _winner(sf.game_result(variant, start, moves), stm)
        if outcome is None:
            return f"the game ended for Fairy-Stockfish ({want or 'draw'}), not for us"
        if outcome.winner != want:
            return f"result {outcome.winner or 'draw'}, Fairy-Stockfish {want or 'draw'}"
        return ""
    if outcome is None and not _could_end(game):
        return ""          # none of Fairy-Stockfish's optional ends can apply: not asked
    optional, value = sf.is_optional_game_end(variant, start, moves)
    if optional:
        want = _winner(value, stm)
        if outcome is None or outcome.winner != want:
            return f"Fairy-Stockfish ends the game ({want or 'draw'}), we say {outcome}"
        return ""
    if outcome is not None:
        if outcome.termination == "insufficient-material" and \
                sf.has_insufficient_material(variant, start, moves) == (True, True):
            return ""   # on purpose: FIDE's dead position ends the game; Fairy-Stockfish's
            #             own test (has_insufficient_material) agrees, it only plays on
        return f"we end the game ({outcome}), Fairy-Stockfish plays on"
    return ""


def _could_end(game: Game) -> bool:
    """Whether a repetition, the n-move rule or a counting rule could end the game here (a
    superset of when they do: then Fairy-Stockfish is asked)."""
    pos = game.pos
    ending = game.rules.ending
    if ending.move_limit and pos.half >= 2 * ending.move_limit - 2:
        return True
    if pos.full_key() in pos.history_keys():
        return True
    pawns = game.cfg.resets[0] | game.cfg.resets[1]
    return ending.counting != "none" and not any(
        pos.byc[2 * k] | pos.byc[2 * k + 1] for k in pawns)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", default=list(SAMPLES))
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    failed = False
    for variant in a.variants:
        seen, bad = compare(variant, a.positions, a.seed)
        print(f"{variant}: {seen} positions, {len(bad)} differ", flush=True)
        for line in bad[:3]:
            print("  " + line)
        failed |= bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
