"""The one game driver: a seeded random opening, then the players in turn until the rules end
the game (``Game.outcome``), a player resigns or fails, the ply limit, or a stop signal. A
defect in a player ends its game as a failure saying where it was raised.

Every move a player answers is checked against the game's legal moves before it is made
(a player is never trusted); the material is recorded after every ply. Nothing here depends
on time: with deterministic players (fixed depth or nodes) a game is a function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import internal_error
from ..notation.errors import DesignerError
from ..opponent.search import StopSignal
from ..players import NEVER, Answer, Player
from ..game.game import Game
from ..game.moves import Move
from ..game.position import Position
from ..variant.model import Variant
from ..vocabulary import BLACK, WHITE, Side, Termination
from .adjudication import Adjudication, Adjudicator
from .played import Event, PlayedGame, MaterialRow, PgnResult

DEFAULT_MAX_PLIES = 600
KEEP_TRIES = 6          # moves tried for a balanced opening ply before the most level is taken


def material_row(pos: Position, kinds: int) -> MaterialRow:
    """White's count minus Black's for every piece kind (1..kinds-1), board and hand."""
    byc, hands = pos.byc, pos.hands
    return tuple(byc[2 * k].bit_count() - byc[2 * k + 1].bit_count() + hands[0][k] -
                 hands[1][k] for k in range(1, kinds))


def _loss(side: Side) -> PgnResult:
    return "0-1" if side == WHITE else "1-0"


def play_game(variant: Variant, white: Player, black: Player, seed: int, index: int = 0,
              opening_plies: int = 2, max_plies: int = DEFAULT_MAX_PLIES,
              stop: StopSignal | None = None, fen: str | None = None,
              book: tuple[str, ...] = (),
              keep: tuple[Callable[[Game], int], int] | None = None,
              adjudication: Adjudication | None = None) -> PlayedGame:
    """Play one game (see the module's docstring). ``seed`` draws the opening and is given to
    the players; ``index`` is the game's number in its run. ``book``: moves (protocol text)
    played first, from an openings file; ``keep``: a judge of how far from level a position
    is and the margin the random opening plies must stay within (``openings.balanced_keep``);
    ``adjudication``: end the game from the players' evaluations (``adjudication``)."""
    game = Game(variant, fen)
    kinds = game.cfg.kinds.count
    letters = tuple(game.cfg.kinds.letters[1:])
    material = [material_row(game.pos, kinds)]
    texts: list[str] = []
    branching: list[int] = []
    rng = random.Random(f"opening:{seed}")

    def record(result: PgnResult, termination: Termination | Event, reason: str) -> PlayedGame:
        return PlayedGame(index, seed, white.name, black.name, fen, min(opening, len(texts)),
                          tuple(game.moves), tuple(texts), result, termination, reason,
                          letters, tuple(material), tuple(branching))

    def make(mv: Move) -> None:
        texts.append(game.move_text(mv))
        game.push(mv)
        material.append(material_row(game.pos, kinds))

    opening = opening_plies + len(book)
    for text in book:
        choices = game.legal_moves()
        branching.append(len(choices))
        try:
            make(game.move_from_text(text))
        except DesignerError as e:
            return record("*", "failure", f"the opening's move {text} cannot be played: {e}")
    for _ in range(opening_plies):
        if game.outcome() is not None:
            break
        choices = game.legal_moves()
        branching.append(len(choices))
        make(rng.choice(choices) if keep is None else _level_choice(game, choices, rng, *keep))
    judge = Adjudicator(adjudication) if adjudication is not None else None
    try:
        for player in (white, black):
            player.begin(variant, fen, seed)
    except DesignerError as e:      # an engine that cannot be started or refuses the variant
        return record("*", "failure", f"{player.name} cannot play this game: {e}")
    except Exception as e:   # noqa: BLE001 - a defect ends this game with its reason, not the run
        return record("*", "failure", f"{player.name}: {internal_error(e)}")
    while True:
        ended = game.outcome()
        if ended is not None:
            result: PgnResult = "1/2-1/2" if ended.winner is None else _loss(
                BLACK if ended.winner == WHITE else WHITE)
            return record(result, ended.termination, ended.reason)
        if stop is not None and stop.is_set():
            return record("*", "stopped", "the run was stopped")
        if len(texts) >= max_plies:
            return record("*", "ply limit", f"no result after {max_plies} plies")
        side = game.turn
        player = white if side == WHITE else black
        legal = game.legal_moves()
        try:
            answer: Answer = player.ask(game, legal, stop if stop is not None else NEVER)
        except Exception as e:   # noqa: BLE001 - as above
            return record("*", "failure", f"{player.name}: {internal_error(e)}")
        if answer.resigned:
            return record(_loss(side), "resignation", f"{player.name} resigns")
        if answer.move is None:
            if stop is not None and stop.is_set():
                return record("*", "stopped", "the run was stopped")
            if answer.rejected:
                return record("*", "illegal move", answer.rejected)
            return record("*", "failure", answer.failure or f"{player.name} gave no move")
        if answer.move not in legal:
            return record("*", "illegal move", f"{player.name} played "
                          f"{answer.move.text(game.geo)}, which is not legal here")
        branching.append(len(legal))
        make(answer.move)
        if judge is not None:
            verdict = judge.see(side, answer.score, len(texts))
            if verdict is not None:
                winner, why = verdict
                return record("1/2-1/2" if winner is None else _loss(
                    BLACK if winner == WHITE else WHITE), "adjudication", why)


def _level_choice(game: Game, choices: list[Move], rng: random.Random,
                  level: Callable[[Game], int], margin: int) -> Move:
    """The first of a seeded shuffle of ``choices`` after which ``level`` finds the position
    within ``margin`` centipawns (the most level of those tried when none is)."""
    order = list(choices)
    rng.shuffle(order)
    best: tuple[int, Move] | None = None
    for mv in order[:KEEP_TRIES]:
        game.push(mv)
        try:
            off = level(game) if game.outcome() is None else 1_000_000
        finally:
            game.pop()
        if off <= margin:
            return mv
        if best is None or off < best[0]:
            best = (off, mv)
    assert best is not None
    return best[1]


__all__ = ["play_game", "material_row", "DEFAULT_MAX_PLIES"]
