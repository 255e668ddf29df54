"""The search's contract: counted limits give the same answer every time, a stop signal from
another thread ends it with its best move so far, one search at a time, the evaluation kept
move by move equals the one computed from scratch, and the variant's own game ends are goals
(a bare king in Shatranj, a stalemate that wins)."""

import random
import threading

import pytest

from designer.formats import fsf_ini
from designer.opponent import Busy, Limits, Opponent, Settings
from designer.opponent.evaluation import Evaluator
from designer.opponent.search import INF, MATE, Search
from designer.opponent.table import EXACT, Table
from designer.game.game import Game, IllegalMove
from opponent_data import SAMPLES, sample
from repo_data import FSF_DATA

MIDDLEGAME = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_a_counted_search_gives_the_same_answer_every_time():
    v = sample("fide")
    first = Opponent(v, fen=MIDDLEGAME).think((), Limits(depth=2))
    again = Opponent(v, fen=MIDDLEGAME).think((), Limits(depth=2))
    assert first == again and first.depth == 2 and not first.stopped
    by_nodes = [Opponent(v, fen=MIDDLEGAME).think((), Limits(nodes=700)) for _ in range(2)]
    assert by_nodes[0] == by_nodes[1]
    assert by_nodes[0].nodes == 700 and by_nodes[0].stopped


def test_the_node_limit_bounds_the_work_and_still_gives_a_legal_move():
    v = sample("capablanca")
    game = Game(v)
    for nodes in (1, 5, 50):
        thought = Opponent(v).think((), Limits(nodes=nodes))
        assert thought.nodes <= nodes and thought.move in game.legal_moves()


def test_move_now_from_another_thread_returns_the_best_move_so_far():
    v = sample("fide")
    opponent = Opponent(v, fen=MIDDLEGAME)
    reached = threading.Event()
    depths = []

    def seen(thought):
        depths.append(thought.depth)
        if thought.depth >= 2:
            reached.set()

    box = {}
    worker = threading.Thread(target=lambda: box.update(t=opponent.think(
        (), Limits(), on_iteration=seen)))
    worker.start()
    assert reached.wait(120), "the search never completed depth 2"
    assert opponent.thinking
    opponent.stop()
    worker.join(60)
    assert not worker.is_alive(), "the search did not stop"
    thought = box["t"]
    assert thought.stopped and thought.depth >= 2 and depths[:2] == [1, 2]
    assert thought.move in Game(v, MIDDLEGAME).legal_moves()
    assert not opponent.thinking


def test_a_caller_stop_signal_ends_the_search_and_one_search_runs_at_a_time():
    v = sample("fide")
    opponent = Opponent(v)
    cancel = threading.Event()
    started = threading.Event()
    box = {}

    def first(thought):
        started.set()

    worker = threading.Thread(target=lambda: box.update(t=opponent.think(
        (), Limits(), stop=cancel, on_iteration=first)))
    worker.start()
    assert started.wait(120)
    with pytest.raises(Busy):
        opponent.think((), Limits(depth=1))
    cancel.set()
    worker.join(60)
    assert not worker.is_alive() and box["t"].stopped


def test_the_moves_it_is_given_are_checked():
    v = sample("fide")
    opponent = Opponent(v)
    game = Game(v)
    e4 = game.move_from_text("e2e4")
    with pytest.raises(IllegalMove):
        opponent.think((e4, e4), Limits(depth=1))
    thought = opponent.think((e4,), Limits(depth=2))       # the game it keeps is intact
    game.push(e4)
    assert thought.move in game.legal_moves()


def _fsf_variant(name: str):
    return fsf_ini.read((FSF_DATA / "variants.ini").read_text(), name, "variants.ini")


# beside the samples: explosions with drops (atomiczh) and with walls (atomicduck), whose
# rule families change squares the move itself does not name
@pytest.mark.parametrize("name", SAMPLES + ["fsf:atomiczh", "fsf:atomicduck"])
def test_the_evaluation_kept_move_by_move_equals_the_one_from_scratch(name):
    v = _fsf_variant(name[4:]) if name.startswith("fsf:") else sample(name)
    plies = 20 if name == "ultima" else 60                  # Ultima's moves are all walked
    for seed in range(3):
        game = Game(v)
        evaluator = Evaluator(game, Settings())
        search = Search(game, evaluator, Settings())
        search.static = evaluator.static(game.pos)
        rng = random.Random(f"eval-{name}-{seed}")
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves:
                break
            # prefer captures, promotions and drops: the moves that change the most
            special = [m for m in moves if m.kills or m.promotion or m.drop or m.rook >= 0
                       or game.pos.board[m.target]]
            mv = rng.choice(special if special and rng.random() < 0.6 else moves)
            search._make(mv, game.pos.full_key())
            assert search.static == evaluator.static(game.pos), mv
        while game.pos.stack:
            search._unmake()
            assert search.static == evaluator.static(game.pos)


def test_the_transposition_table_is_bounded():
    table = Table(1000)
    assert len(table) == 512
    for key in range(5000):
        table.store(key * 7919, 1, EXACT, key, None)
    assert sum(1 for s in table.slots if s is not None) <= 512
    assert table.probe(4999 * 7919) is not None


def test_baring_the_king_is_a_goal_in_shatranj():
    """Shatranj: a side left with its King alone loses unless it can bare back at once: taking
    the last piece where the King cannot take back wins after any reply."""
    v = sample("shatranj")
    fen = "8/8/4k3/8/3p4/8/8/3RK3 w - - 0 1"
    game = Game(v, fen)
    thought = Opponent(v, fen=fen).think((), Limits(depth=2))
    assert thought.mate == 1
    game.push(thought.move)
    assert game.outcome() is None
    for reply in game.legal_moves():
        game.push(reply)
        ended = game.outcome()
        game.pop()
        assert ended is not None and ended.termination == "bare king"
        assert ended.winner == "white"


@pytest.mark.parametrize("name, fen, value", [
    ("xiangqi", "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", -1),     # no move loses
    ("fide", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0)])            # a draw
def test_a_stalemate_is_valued_as_the_rules_say(name, fen, value):
    v = sample(name)
    game = Game(v, fen)
    ended = game.outcome()
    assert ended is not None and ended.termination == "stalemate"
    search = Search(game, Evaluator(game, Settings()), Settings())
    search.static = search.ev.static(game.pos)
    assert search._search(2, -INF, INF, 1, True) == value * (MATE - 1)


def test_piece_values_follow_the_chosen_estimate():
    v = sample("fide")
    own = Opponent(v).piece_values()
    table = Opponent(v, Settings(values="fsf-table")).piece_values()
    given = Opponent(v, Settings(piece_values=(("N", 3.25),))).piece_values()
    assert own["K"] == table["K"] == 0
    assert own["P"] < own["N"] < own["R"] < own["Q"]
    assert table["Q"] == pytest.approx(100 * 2538 / 208, abs=1)    # Fairy-Stockfish's table
    assert given["N"] == 325 and given["B"] == own["B"]


def test_a_repeated_position_is_scored_as_the_repetition_rule_says():
    """Back to the start after Nf3 Nf6 Ng1 Ng8: a draw by FIDE's rules, whatever the material
    would say; the game's own history counts."""
    v = sample("fide")
    game = Game(v)
    for text in ("g1f3", "g8f6", "f3g1", "f6g8"):
        game.push(game.move_from_text(text))
    search = Search(game, Evaluator(game, Settings()), Settings())
    search.keys = game.pos.history_keys()
    search.static = search.ev.static(game.pos)
    assert search._repeated(game.pos.full_key())
    assert search._search(3, -INF, INF, 1, False) == 0
    game.pop()
    search.keys = game.pos.history_keys()
    assert not search._repeated(game.pos.full_key())


def test_a_move_clock_stops_an_unbounded_search_from_outside():
    from designer.opponent import MoveClock
    v = sample("fide")
    cancel = threading.Event()
    with MoveClock(50, cancel) as stop:
        thought = Opponent(v).think((), Limits(), stop=stop)
    assert thought.stopped and thought.move in Game(v).legal_moves()
    cancel.set()
    with MoveClock(None, cancel) as stop:
        assert stop.is_set()
    with pytest.raises(ValueError):
        MoveClock(-1)


def test_it_plays_legal_moves_on_a_26x26_board_with_every_kind_of_piece():
    """Leapers, riders, a cannon, a lame leaper, a grasshopper, a two-leg locust and pawns with
    initial steps on the largest board: a few moves each side, every one legal."""
    from designer.rules.model import Promotion, RuleSet
    from designer.rules.regions import Region, Sided
    from designer.variant.fen import Setup, write_fen
    from designer.variant.model import PieceType, Variant
    notations = {"K": "K", "P": "fmWfceFifmnD", "N": "N", "R": "R", "C": "mRcpR",
                 "H": "nN", "G": "gQ", "L": "caK", "Q": "Q"}
    pieces = tuple(PieceType(letter, notation=n, royal=letter == "K")
                   for letter, n in notations.items())
    rng = random.Random(26)
    squares = [(f, r) for f in range(26) for r in range(26)]
    rng.shuffle(squares)
    board = {squares[0]: "K", squares[1]: "k"}
    for i, sq in enumerate(squares[2:60]):
        letter = rng.choice("PNRCHGLQ")
        board[sq] = letter if i % 2 == 0 else letter.lower()
    rules = RuleSet(promotions=(Promotion(("P",), Sided(Region("*26"), Region("*1")),
                                          Sided.both(("Q",))),), castling=None)
    v = Variant("big", 26, 26, pieces, write_fen(Setup(26, 26, board)), rule_set=rules)
    game = Game(v)
    opponent = Opponent(v)
    for _ in range(6):
        if game.outcome() is not None:
            break
        thought = opponent.think(tuple(game.moves), Limits(depth=2, nodes=400))
        assert thought.move in game.legal_moves()
        game.push(thought.move)
    assert len(game.moves) >= 2


@pytest.mark.parametrize("fen, mate", [
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),          # Ra8#
    ("7k/8/8/8/8/1q6/7P/K1k5 w - - 0 1", -1),          # h3 or h4, then Qb2#
])
def test_a_proven_mate_stops_the_deepening(fen, mate):
    """Without a depth limit the search ends once the mate is proven within the depth (two
    plies for a mate in one) instead of deepening to MAX_DEPTH; counted in nodes."""
    thought = Opponent(sample("fide"), fen=fen).think((), Limits(nodes=5_000_000))
    if thought.mate is None:
        pytest.fail(f"no mate found: {thought}")
    assert thought.mate == mate
    assert thought.depth <= 2 * abs(mate) and not thought.stopped
    assert thought.nodes < 20_000
