"""The captures-only moves (a search's quiescence moves) are exactly the legal moves that remove
a foe or end in the mover's pawn-style promotion zone, in the order ``legal`` gives them (the
search generates them apart from the other moves and relies on the same order): in positions of
seeded random games of every sample, and around the published and Fairy-Stockfish perft
positions (checks, pins, e.p., promotions, drops). The short path of ``rules.capturegen`` gives
the same list as the general per-piece path."""

import random

import pytest

from designer.game.game import Game
from rules_data import PERFT, SAMPLE_OF, SAMPLES, rows, sample

PLIES = 40
SEEDS = 3
PERFT_FENS = sorted({(r["variant"], r["fen"]) for name in ("published.jsonl", "fsf-random.jsonl")
                     for r in rows(PERFT / name) if r["variant"] in SAMPLE_OF})


def _tactical(game: Game, mv) -> bool:
    pos = game.pos
    board = pos.board
    if mv.origin < 0:
        return False
    foe = pos.stm ^ 1
    if any(board[x] and board[x] & 1 == foe for x in mv.kills):
        return True
    if mv.target != mv.origin and board[mv.target] and board[mv.target] & 1 == foe:
        return True
    return bool(game.cfg.prom_zone[board[mv.origin]] >> mv.target & 1)


def _general(game: Game) -> list:
    """The captures-only moves by the general per-piece path, families' filters applied."""
    gen, pos = game.generator, game.pos
    out: list = []
    gen.piece_moves(pos, game.attacks.safety(pos), out, True)
    for family in game.cfg.families:
        out = family.filter(pos, out)
    return out


def _check(game: Game, legal: list) -> bool:
    """The captures-only moves of the game's position against the legal moves; whether
    there was one."""
    expected = [mv for mv in legal if _tactical(game, mv)]
    got = game.generator.unended(game.pos, captures=True)
    assert got == expected, game.fen()              # the same moves in the same order
    if not any(family.whole_list for family in game.cfg.families):
        assert got == _general(game), game.fen()    # else cut from the whole list
    return bool(got)


@pytest.mark.parametrize("name", SAMPLES)
def test_captures_are_the_legal_moves_that_take_or_promote(name):
    checked = taking = 0
    for seed in range(SEEDS):
        game = Game(sample(name))
        rng = random.Random(f"captures-{name}-{seed}")
        for _ in range(PLIES):
            legal = game.generator.unended(game.pos)
            if not legal or game.outcome() is not None:
                break
            taking += _check(game, legal)
            checked += 1
            game.push(rng.choice(legal))
    assert checked > 10 and taking > 0


@pytest.mark.parametrize("variant,fen", PERFT_FENS)
def test_captures_around_perft_positions(variant, fen):
    game = Game(sample(SAMPLE_OF[variant]), None if fen == "startpos" else fen)
    legal = game.generator.unended(game.pos)
    _check(game, legal)
    for mv in legal:
        game.pos.push(mv)
        _check(game, game.generator.unended(game.pos))
        game.pos.pop()


# Fairy-Stockfish sections whose rules the samples do not have: demotion and promoted drops,
# explosions, walls, flipping and enclosing drops, free drops, palace lines, the Janggi cannon,
# placement's drop rules
CORPUS_SECTIONS = ("cetus", "chennis", "atomiczh", "atomicduck", "allexplodeatomic", "flipello6", "cfour", "gale",
                   "elgam", "synochess", "screen", "allwayspawns")


@pytest.mark.parametrize("name", CORPUS_SECTIONS)
def test_captures_in_corpus_sections_with_other_rules(name):
    from designer.formats import fsf_ini
    from repo_data import FSF_DATA
    v = fsf_ini.read((FSF_DATA / "variants.ini").read_text(), name, "variants.ini")
    checked = 0
    for seed in range(SEEDS):
        game = Game(v)
        rng = random.Random(f"captures-{name}-{seed}")
        for _ in range(PLIES):
            legal = game.generator.unended(game.pos)
            if not legal or game.outcome() is not None:
                break
            _check(game, legal)
            checked += 1
            game.push(rng.choice(legal))
    assert checked > 10
