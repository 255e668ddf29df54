"""The window calls the generator from a worker thread while the interface thread may call it
too: calls share nothing but the cache of compiled definitions, so threads get the same
answers as one thread alone."""

from concurrent.futures import ThreadPoolExecutor

from designer.engine.compile import clear_cache, program_for
from designer.engine.generate import generate, targets
from designer.engine.position import BLACK, WHITE, Placed, PieceBoard

PIECES = [("KNADcaKmcabK", "xbetza"), ("mRcpR", "xbetza"), ("W-F-W", "betza2"),
          ("(W-F)0", "betza2"), ("B-xaK-cdK-buK", "betza2"), ("fscW-rmW", "betza2"),
          ("masR", "xbetza"), ("N-rW", "betza2")]
POSITION = PieceBoard(12, 12, {(3, 3): Placed(BLACK), (5, 6): Placed(WHITE), (6, 4): Placed(BLACK),
                             (4, 8): Placed(BLACK), (7, 7): Placed(WHITE)})


def _answer(job):
    text, dialect, square = job
    program = program_for(text, dialect)
    moves = generate(program, POSITION, square)
    return (sorted((m.destination, m.removed, m.placed) for m in moves),
            targets(program, POSITION, square))


def test_threads_get_the_same_answers_as_one_thread():
    jobs = [(t, d, (f, r)) for t, d in PIECES for f, r in [(5, 5), (0, 0), (11, 6)]] * 3
    alone = [_answer(job) for job in jobs]
    clear_cache()   # the threads also race to fill the shared cache
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(_answer, jobs))
    assert together == alone
