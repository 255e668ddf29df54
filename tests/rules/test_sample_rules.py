"""Rules the samples carry as data, each on a position that shows it: Chu Shogi's Lion rules as
XBoard 4.9 applies them (moves.c, backend.c), the cylinder's wrap, and the Fairy-Stockfish
rules of Xiangqi, Shogi, Grand and Crazyhouse checked against pyffish on the same position."""

import pytest

from designer.game.game import Game
from rules_data import sample


def _fen(rows: list[str], side: str = "w") -> str:
    return "/".join(rows) + f" {side} - - 0 1"


def _chu(pieces: dict[str, str], side: str = "w") -> str:
    """A Chu Shogi FEN with these pieces (square -> letter) and the kings in two corners."""
    board = {"a1": "K", "l12": "k", **pieces}
    rows = []
    for rank in range(12, 0, -1):
        row, run = "", 0
        for f in "abcdefghijkl":
            letter = board.get(f"{f}{rank}")
            if letter is None:
                run += 1
                continue
            row += (str(run) if run else "") + letter
            run = 0
        rows.append(row + (str(run) if run else ""))
    return _fen(rows, side)


def _texts(game: Game) -> set[str]:
    return {m.text(game.geo) for m in game.legal_moves()}


LIONS = {"f5": "G", "h5": "N", "f6": "n", "h7": "n"}


def test_chu_no_lion_may_be_taken_back_after_a_non_lion_took_a_lion():
    game = Game(sample("chu"), _chu(LIONS))
    game.play(game.move_from_text("f5f6"))          # the Gold takes a Lion
    assert "h7h5" not in _texts(game)                # no counterstrike on the white Lion
    assert {"h7h6", "h7g7"} <= _texts(game)
    quiet = Game(sample("chu"), _chu(LIONS, "b"))
    assert "h7h5" in _texts(quiet)                   # without that capture it may


def test_chu_a_lion_may_not_take_a_protected_lion_from_afar_without_a_worthwhile_bridge():
    # white Lion e5, black Lion e7 protected by a black Gold on e8; e6 holds the bridge
    lions = {"e5": "N", "e7": "n", "e8": "g"}
    assert "e5e7" not in _texts(Game(sample("chu"), _chu(lions)))   # nothing on the way
    pawn = Game(sample("chu"), _chu({**lions, "e6": "p"}))
    assert "e5e6,e6e7" not in _texts(pawn)           # a Pawn is no worthwhile bridge
    silver = Game(sample("chu"), _chu({**lions, "e6": "s"}))
    assert "e5e6,e6e7" in _texts(silver)             # a Silver is
    free = Game(sample("chu"), _chu({"e5": "N", "e7": "n"}))
    assert "e5e7" in _texts(free)                    # an unprotected Lion may be taken


def test_chu_the_lion_makes_its_two_step_moves_igui_and_pass():
    moves = _texts(Game(sample("chu"), _chu({"e5": "N", "e6": "p"})))
    assert "e5e6,e6e5" in moves                      # igui: take the Pawn, stay
    game = Game(sample("chu"), _chu({"e5": "N", "e6": "p"}))
    passes = [m for m in game.legal_moves() if m.origin == m.target and not m.kills]
    assert len(passes) == 1                          # a pass, out and back (one move)
    assert "e5e6,e6e7" in moves                      # take and go on


def test_cylinder_pieces_cross_the_seam():
    game = Game(sample("cylinder"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    moves = _texts(game)
    assert "a1h1" in moves and "e1f1" in moves       # the rook round the back, h1 empty
    knight = Game(sample("cylinder"), "4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
    assert "a1h3" in _texts(knight)                  # a knight leap across the seam


PYFFISH_POSITIONS = [
    # Xiangqi: soldier across the river steps sideways; on its own side only forward
    ("xiangqi", "4k4/9/9/9/2P6/9/4P4/9/9/3K5 w - - 0 1", {"c6b6", "c6d6"}, {"e4d4", "e4f4"}),
    # a cannon gives check over a screen; the horse is blocked at its leg
    ("xiangqi", "4k4/9/4c4/9/9/9/9/4N4/9/3KR4 w - - 0 1", set(), set()),
    # the generals may not face each other on an open file
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", set(), {"d1e1"}),
    # Shogi: no second unpromoted pawn on a file, no drop where it could never move
    ("shogi", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1", {"P@d5"}, {"P@e5", "P@d9"}),
    # a pawn drop that mates stands (Fairy-Stockfish): its mate loses, see the test below
    ("shogi", "k8/2S6/1G7/9/9/9/9/9/4K4[P] w - - 0 1", {"P@a7", "P@a8"}, set()),
    # Grand: promotion only to a lost piece, optional on ranks 8-9, forced on 10
    ("grand", "r4k3r/1P8/10/10/10/10/10/10/2K7/R8R[] w - - 0 1", {"b9b10q"}, {"b9b10"}),
    # Crazyhouse: pawns are not dropped on the first or last rank
    ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", {"P@e4"}, {"P@e1", "P@e8"}),
]


@pytest.mark.parametrize("variant, fen, present, absent", PYFFISH_POSITIONS)
def test_rules_on_positions_that_show_them_agree_with_fairy_stockfish(variant, fen, present,
                                                                      absent):
    sf = pytest.importorskip("pyffish", reason="pyffish (the test extra) is not installed")
    from rules_data import SAMPLE_OF
    game = Game(sample(SAMPLE_OF[variant]), fen)
    ours = _texts(game)
    assert ours == set(sf.legal_moves(variant, fen, []))
    assert present <= ours and not absent & ours


def test_shogi_a_mate_by_a_pawn_drop_loses_for_the_side_that_dropped():
    # Fairy-Stockfish's checkmate_value: the drop stands, the mated side wins
    game = Game(sample("shogi"), "k8/2S6/1G7/9/9/9/9/9/4K4[P] w - - 0 1")
    game.play(game.move_from_text("P@a8"))
    out = game.outcome()
    assert out is not None and out.termination == "checkmate" and out.winner == "black"
