"""Our descriptions of Fairy-Stockfish's built-in variants (``designer/data/fsf_builtins.ini``)
against the engine's own variants of the same names.

Each description is written back as a stand-alone section (``fsf_keys``), loaded into pyffish
under another name, and played against pyffish's built-in variant along seeded random games:
start position, legal moves and immediate game ends must agree at every position. The real
engine (when present) counts perft of the same sections, which must equal its recorded counts
for its built-ins (``tests/data/fsf/corpus_perft.json``).

Two built-ins hold a field no variants.ini key can set, so their stand-alone sections differ
on purpose; the test checks that every difference is the one named (``UNWRITABLE``).
"""

import json
import random
import re
import sys

import pytest

from designer.formats import fsf_config, fsf_keys
from designer.formats.fsf_sections import parse_sections
from repo_data import FSF_DATA, ROOT, fsf_engine

sf = pytest.importorskip("pyffish")
FACTS = json.loads((FSF_DATA / "corpus_perft.json").read_text())
ISSUE_20 = ("chess", "capablanca", "grand", "xiangqi", "shogi", "crazyhouse", "makruk",
            "shatranj", "courier")
_SQ = re.compile(r"([a-l])(\d+)")


def _square(text):
    return (ord(text[0]) - 97, int(text[1:]) - 1)


def _janggi_king_diagonal(config, move, fen):
    """A general's step along the palace diagonals: the engine's wazir-king takes them."""
    squares = _SQ.findall(move)
    src = _square("".join(squares[0]))
    dst = _square("".join(squares[1]))
    board = fen.split()[0].split("/")
    row = board[len(board) - 1 - src[1]]
    cells = re.findall(r"\d+|[a-zA-Z]", row)
    f = 0
    piece = None
    for c in cells:
        if c.isdigit():
            f += int(c)
        else:
            if f == src[0]:
                piece = c
            f += 1
    return piece in ("K", "k") and src in config.value("diagonalLines") and \
        dst in config.value("diagonalLines") and abs(src[0] - dst[0]) == 1


# name -> (the field written otherwise, which moves it changes)
UNWRITABLE = {
    "janggi": ("kingType", _janggi_king_diagonal),
    "ataxx": ("freeDrops", lambda config, move, fen: "@" in move),
}


def test_described_builtins_are_the_engines_and_cover_every_corpus_parent():
    described = set(fsf_config.described_builtins())
    assert described <= fsf_config.builtin_names()
    corpus = parse_sections((FSF_DATA / "variants.ini").read_text())
    defined = {s.name for s in corpus}
    parents = {s.parent for s in corpus if s.parent and s.parent not in defined}
    assert parents | set(ISSUE_20) <= described, sorted(parents | set(ISSUE_20) - described)


@pytest.mark.parametrize("name", fsf_config.described_builtins())
def test_described_builtin_plays_as_the_engines_own(name):
    config = fsf_config.builtin(name)
    ours = f"vdbuiltin{name}"
    sf.load_variant_config(fsf_keys.section_text(config, ours))
    assert sf.start_fen(ours) == sf.start_fen(name)
    expected, explains = UNWRITABLE.get(name, (None, None))
    assert fsf_keys.unwritable(config) == ([expected] if expected else [])
    rng = random.Random(name)
    fen = sf.start_fen(name)
    explained = positions = 0
    for _ in range(4):
        moves = []
        for _ in range(30):
            theirs = set(sf.legal_moves(name, fen, moves))
            mine = set(sf.legal_moves(ours, fen, moves))
            positions += 1
            if mine != theirs:
                assert explains is not None, (moves, mine ^ theirs)
                current = sf.get_fen(name, fen, moves)
                assert all(explains(config, m, current) for m in mine ^ theirs), \
                    (moves, mine ^ theirs)
                explained += 1
            assert sf.is_immediate_game_end(ours, fen, moves) == \
                sf.is_immediate_game_end(name, fen, moves), moves
            common = sorted(mine & theirs)
            if not common:
                break
            moves.append(rng.choice(common))
    assert positions >= 40
    if expected:
        assert explained, f"{name}: no position showed the {expected} difference"


def test_engine_counts_the_described_builtins_as_its_own(tmp_path):
    engine = fsf_engine()
    if engine is None:
        pytest.skip("no Fairy-Stockfish binary (set VD_FAIRY_STOCKFISH or put the shared "
                    "engines folder beside the checkout)")
    sys.path.insert(0, str(ROOT / "tools"))
    from fsf_uci import Engine
    names = [n for n in fsf_config.described_builtins() if n in FACTS["builtins"]
             and not fsf_keys.unwritable(fsf_config.builtin(n))]
    path = tmp_path / "builtins.ini"
    path.write_text("".join(fsf_keys.section_text(fsf_config.builtin(n), f"vd{n}") + "\n"
                            for n in names))
    with Engine(str(engine)) as e:
        e.load(str(path))
        for n in names:
            assert e.variant(f"vd{n}"), n
            got = []
            for depth in range(1, len(FACTS["builtins"][n]["perft"]) + 1):
                e.position()
                got.append(e.perft(depth).nodes)
            assert got == FACTS["builtins"][n]["perft"], n


PIECES = json.loads((ROOT / "designer" / "data" / "fsf_pieces.json").read_text())


# the king is royal (no move into check): its moves are the commoner's, tested as such
@pytest.mark.parametrize("key", sorted(k for k in PIECES if not k.startswith("_") and k != "king"))
def test_predefined_piece_moves_as_in_fairy_stockfish(key):
    """Each predefined piece in our notation (``fsf_pieces.json``) makes the moves
    Fairy-Stockfish gives it, from random squares among random friends and foes (a king-less
    variant of that one piece and plain blockers; no double steps)."""
    from designer.engine.api import Query
    from designer.engine.question import answer
    from designer.geometry.board import square_name
    from pyffish_board import board_fen, destinations
    blocker = "wazir" if key != "wazir" else "fers"
    name = f"vdpiece{key.lower()}"
    sf.load_variant_config(f"[{name}]\nmaxFile = 9\nmaxRank = 10\n{key} = x\n{blocker} = y\n"
                           "startFen = 9/9/9/9/9/9/9/9/9/9 w - - 0 1\ndoubleStep = false\n"
                           "castling = false\npromotionRegionWhite = -\n"
                           "promotionRegionBlack = -\n")
    rng = random.Random(key)
    for _ in range(60):
        origin = (rng.randrange(9), rng.randrange(10))
        board = {(f, r): rng.choice("Yy") for f in range(9) for r in range(10)
                 if rng.random() < 0.25}
        board[origin] = "X"
        theirs = destinations(sf, name, board_fen(9, 10, board.get) + " w - - 0 1", origin)
        q = Query(PIECES[key][1], "xbetza", 9, 10, square_name(origin),
                  tuple(square_name(s) for s, t in board.items() if t == "Y"),
                  tuple(square_name(s) for s, t in board.items() if t == "y"), "white", False)
        ours = {m.destination for m in answer(q.question()).moves}
        assert {square_name(s) for s in theirs} == {square_name(s) for s in ours}, \
            (key, board_fen(9, 10, board.get), square_name(origin))
