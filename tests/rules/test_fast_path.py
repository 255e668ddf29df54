"""The fast path (per-square tables) answers exactly what the walker answers: on every vector
of the test data, and for every piece of both sides in positions of seeded random games of every
sample and of generated variants on boards from 5x5 to 26x26; and the perft count equals the
number of moves the generator makes in each of those positions."""

import json
import random
from dataclasses import replace

import pytest

from designer.engine.api import Query
from designer.engine.question import position_of
from designer.engine.compile import program_for
from designer.engine.generate import targets as walker_targets
from designer.game.walker_view import walker_position
from designer.game.fastpath import targets as fast_targets
from designer.game.game import Game
from designer.rules.model import Castling, Promotion, RuleSet
from designer.rules.regions import Region, Sided
from designer.variant.model import PieceType, Variant
from rules_data import SAMPLES, VECTORS, sample

VECTOR_FILES = sorted(p for p in VECTORS.glob("*.jsonl") if "perft" not in p.name)


def _query(row: dict) -> Query:
    fields = {k: (tuple(tuple(x) if isinstance(x, list) else x for x in v)
                  if isinstance(v, list) else v)
              for k, v in row.items() if k in Query.__dataclass_fields__}
    return Query(**fields)


@pytest.mark.parametrize("path", VECTOR_FILES, ids=[p.stem for p in VECTOR_FILES])
def test_the_tables_answer_every_vector_as_the_walker_does(path):
    answered = 0
    for line in path.read_text().splitlines():
        row = json.loads(line)
        try:
            q = _query(row)
            program = program_for(q.betza, q.dialect)
            question = q.question()
            position, origin = position_of(question), question.origin
            expected = walker_targets(program, position, origin, q.side, q.virgin, q.royal)
        except Exception:           # a vector about an error: nothing to compare
            continue
        got = fast_targets(program, position, origin, q.side, q.virgin)
        if got is None:
            continue
        answered += 1
        assert got == expected, (row.get("id"), q.betza)
    assert answered or "quirks" in path.name or "divergent" in path.name


def _piece_answers(game: Game) -> list[tuple[int, int, object, object]]:
    """For every piece on the board: the game's own answer (tables, e.p., the walker's share)
    and the walker's answer for its whole definition on that square."""
    pos = game.pos
    cfg = game.cfg
    kinds = cfg.kinds
    geo = cfg.geo
    wp = walker_position(pos)
    out = []
    occ = pos.occ
    empty = cfg.board & ~occ
    for code in range(2, cfg.ncodes):
        bb = pos.byc[code]
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            side = "black" if code & 1 else "white"
            initial = kinds.has_initial[code >> 1] and pos.uses_initial(code, s)
            tab = kinds.tables(code, initial)
            m, c = tab.mc(s, occ)
            foes = pos.col[(code & 1) ^ 1]
            plain, caps = m & empty, c & foes
            if pos.ep and tab.ep[s] & pos.ep and pos.board[pos.ep_victim] & 1 != code & 1 \
                    and pos.board[pos.ep_victim]:
                caps |= tab.ep[s] & pos.ep & empty
            fast = ({(x % geo.files, x // geo.files) for x in range(geo.size) if plain >> x & 1},
                    {(x % geo.files, x // geo.files) for x in range(geo.size) if caps >> x & 1})
            regional = kinds._regional[code]
            program = kinds.programs[code >> 1] if regional is None else \
                regional[0][regional[1][s]]
            square = (s % geo.files, s // geo.files)
            if tab.fallback[s] is not None:
                extra = walker_targets(tab.fallback[s], wp, square, side, bool(pos.virgin >> s & 1),
                                       kinds.royal[code >> 1], kinds.letters[code >> 1])
                fast = (fast[0] | extra[0], fast[1] | extra[1])
            whole = walker_targets(program, wp, square, side, initial, kinds.royal[code >> 1],
                                   kinds.letters[code >> 1])
            mask = kinds.confinement(code)
            if mask != -1:
                inside = {(x % geo.files, x // geo.files) for x in range(geo.size) if mask >> x & 1}
                whole = (whole[0] & inside, whole[1] & inside)
            out.append((code, s, fast, whole))
    return out


def _random_positions(game: Game, plies: int, seed: str):
    rng = random.Random(seed)
    for _ in range(plies):
        yield game
        moves = game.legal_moves()
        if not moves:
            return
        game.push(rng.choice(moves))


def _check_game(game: Game, plies: int, seed: str) -> int:
    """Pieces compared along the game."""
    seen = 0
    for g in _random_positions(game, plies, seed):
        for code, s, fast, whole in _piece_answers(g):
            assert fast == whole, (g.fen(), code, g.geo.names[s])
            seen += 1
        assert g.count_moves() == len(g.legal_moves()), g.fen()
    return seen


@pytest.mark.parametrize("name", SAMPLES)
def test_every_piece_of_every_sample_moves_as_the_walker_says_along_a_random_game(name):
    plies = {"chu": 12, "ultima": 12, "sixteen": 30}.get(name, 60)
    assert _check_game(Game(sample(name)), plies, name) >= 100


_ARMY = ["K", "fmWfceFifmnD", "N", "B", "R", "Q", "nN", "nA", "mRcpR", "gQ", "N0", "C", "Z",
         "FD", "WA", "fR", "vRbB", "R4", "oN", "oB", "pR", "KNAD", "caK", "W03"]


def _board_variant(files: int, ranks: int, seed: int) -> Variant:
    """A variant of ``files`` x ``ranks`` with a random army of leapers, riders, hoppers,
    lame leapers, pawns with initial steps, cylinder pieces and two-leg pieces."""
    rng = random.Random(seed)
    letters = "KPABCDEFGHIJLMNOQRSTUVWXYZ"
    notations = [_ARMY[0], _ARMY[1]] + rng.sample(_ARMY[2:], min(len(letters) - 2, 10))
    pieces = tuple(PieceType(letters[i], notation=n, royal=i == 0)
                   for i, n in enumerate(notations))
    squares = [(f, r) for f in range(files) for r in range(ranks)]
    rng.shuffle(squares)
    board: dict[tuple[int, int], str] = {}
    count = max(4, files * ranks // 5)
    for i, sq in enumerate(squares[:count]):
        p = pieces[0] if i < 2 else rng.choice(pieces[1:])
        board[sq] = p.letter if i % 2 == 0 else p.letter.lower()
    from designer.variant.fen import Setup, write_fen
    setup = write_fen(Setup(files, ranks, board))
    zone = Sided(Region(f"*{ranks}"), Region("*1"))
    rules = RuleSet(promotions=(Promotion(("P",), zone, Sided.both(("Q", "N"))),),
                    castling=None)
    return Variant(f"gen{files}x{ranks}", files, ranks, pieces, setup, rule_set=rules)


@pytest.mark.parametrize("files, ranks", [(5, 5), (6, 8), (9, 10), (12, 12), (16, 16),
                                          (20, 20), (26, 26)])
def test_pieces_on_boards_from_5x5_to_26x26_move_as_the_walker_says(files, ranks):
    v = _board_variant(files, ranks, files * 100 + ranks)
    assert _check_game(Game(v), 8 if files < 20 else 4, f"{files}x{ranks}") >= 10


def test_the_walker_share_is_counted():
    g = Game(sample("chu"))
    g.perft(2)
    assert g.generator.walker_nodes > 0
    g = Game(sample("fide"))
    g.perft(3)
    assert g.generator.walker_nodes == 0
