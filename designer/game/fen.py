"""FEN of a game position, read in XBoard's and Fairy-Stockfish's forms and written in ours.

Reading takes what ``variant.fen.parse_fen`` reads (any board size, holes ``*``, promoted
``+X`` and ``X~``, holdings ``[...]``, XBoard's shortened ``w 0 1``) and Fairy-Stockfish's check
counters (``3+3`` after the e.p. field, or ``+2+0`` after the counters); castling rights as
``KQkq`` (the outermost rook-kind piece on that side of the king) or as file letters
(Shredder-FEN). Writing gives the same form back: holdings whenever the variant has drops,
``Q~`` for a pawn promoted where captures go to hand, the e.p. square only when a capture on it
is possible; ``read_fen(write_fen(p))`` is the same position.
"""

from __future__ import annotations

import re

from ..variant.fen import FenError, Setup, base_letter, parse_fen, side_of
from ..variant.fen import write_fen as write_setup
from .config import Config
from .position import Position

# The rule set's fields played here (see ``families.RuleFamily.plays``): castling rights are
# read as Shredder-FEN or X-FEN letters with the king where it stands, always.
PLAYS = ("castling.chess960",)

_CHECKS = re.compile(r"^\+?\d+\+\d+$")

__all__ = ["FenError", "read_fen", "write_fen", "holes_of"]


def holes_of(text: str, files: int, ranks: int) -> int:
    """The holes (``*``) of a FEN as a bitboard."""
    s = parse_fen(_strip_checks(text)[0], files, ranks)
    return sum(1 << (r * files + f) for f, r in s.holes)


def _strip_checks(text: str) -> tuple[str, str]:
    fields = text.split()
    kept, checks = [], ""
    for i, f in enumerate(fields):
        if i >= 2 and _CHECKS.match(f):
            checks = f
        else:
            kept.append(f)
    return " ".join(kept), checks


def read_fen(cfg: Config, text: str, start: Setup | None = None) -> Position:
    """The position a FEN describes (``FenError`` with its column when it does not fit the
    variant). ``start`` is the variant's setup, whose squares tell which pieces have not moved
    yet (for XBoard's initial moves)."""
    geo = cfg.geo
    body, checks = _strip_checks(text)
    s = parse_fen(body, geo.files, geo.ranks)
    holes = sum(1 << (r * geo.files + f) for f, r in s.holes)
    if cfg.walled:
        walls, holes = holes, 0
    else:
        walls = 0
    if holes != cfg.holes:
        raise FenError("the holes (*) differ from the variant's board", 0)
    pos = Position(cfg)
    kinds = cfg.kinds
    for (f, r), tok in s.board.items():
        k = kinds.index.get(base_letter(tok))
        if k is None:
            raise FenError(f"{tok} is not a piece of this variant", _column(body, tok))
        colour = 0 if side_of(tok) == "white" else 1
        sq = geo.square(f, r)
        pos.set_square(sq, 2 * k + colour)
        if tok.endswith("~"):
            pos.promoted |= 1 << sq
    for tok in s.hand or ():
        k = kinds.index.get(base_letter(tok))
        if k is None:
            raise FenError(f"{tok} in hand is not a piece of this variant", _column(body, tok))
        pos.hands[0 if side_of(tok) == "white" else 1][k] += 1
    pos.walls = walls
    pos.occ |= walls
    pos.stm = 0 if s.side == "white" else 1
    pos.half, pos.full = s.halfmove, max(s.fullmove, 1)
    pos.castle = _castling(cfg, pos, s.castling)
    if s.ep.isdigit() and cfg.rules.ending.counting != "none":
        # Fairy-Stockfish's counting rules: the limit in the e.p. field, the count in the
        # half-move counter (position.cpp set())
        pos.fen_info = {"counting_limit": int(s.ep), "counting_ply": s.halfmove}
        pos.half = 0
    elif s.ep not in ("-", ""):
        pos.ep, pos.ep_victim = _ep(cfg, pos, s.ep)
    if checks and cfg.rules.ending.check_count:
        pos.fen_info.update(_checks_needed(checks))
    pos.virgin = _virgin(cfg, pos, start)
    pos.rekey()
    return pos


def _checks_needed(field: str) -> dict[str, int]:
    """The checks each side still needs, from ``3+3`` (needed) or lichess's ``+2+0`` (given,
    out of three), as Fairy-Stockfish reads them (``position.cpp`` ``set``)."""
    given = field.startswith("+")
    white, black = (int(n) for n in field.lstrip("+").split("+"))
    if given:
        white, black = 3 - white, 3 - black
    return {"checks_white": max(white, 0), "checks_black": max(black, 0)}


def _column(text: str, tok: str) -> int:
    k = text.find(tok)
    return max(k, 0)


def _castling(cfg: Config, pos: Position, field: str) -> int:
    if field in ("-", "") or cfg.castling is None:
        return 0
    geo = cfg.geo
    out = 0
    for ch in field:
        colour = 0 if ch.isupper() else 1
        cc = cfg.castling[colour]
        rank = cc.rank
        kings = pos.byc[2 * cc.king + colour] & geo.rank_masks[rank] if cc.king else 0
        if not kings:
            continue
        king = kings.bit_length() - 1 if not kings & (kings - 1) else geo.square(cc.king_file, rank)
        kf = king % geo.files
        up = ch.upper()
        if up == "K":                      # the outermost rook-kind piece on that side
            files: range = range(geo.files - 1, kf, -1)
        elif up == "Q":
            files = range(0, kf)
        elif "A" <= up <= "Z":             # Shredder-FEN: the rook's file
            files = range(ord(up) - ord("A"), ord(up) - ord("A") + 1)
        else:
            raise FenError(f"bad castling right {ch!r}", 0)
        for f in files:
            sq = geo.square(f, rank)
            if pos.board[sq] and pos.board[sq] & 1 == colour and pos.board[sq] >> 1 in cc.rooks:
                out |= 1 << sq
                break
    return out


def _ep(cfg: Config, pos: Position, field: str) -> tuple[int, int]:
    """The e.p. squares and the square of the piece an e.p. capture takes. Fairy-Stockfish
    lists every square a double or triple step passed, and writes the one the piece landed
    on beside them for custom pawns (``c5c6``): the empty ones are the e.p. squares."""
    geo = cfg.geo
    names = re.findall(r"[a-z][0-9]+", field)
    if not names or "".join(names) != field.rstrip("~"):
        names = [field[:3] if len(field) > 3 and not field[2].isdigit() else field]
    try:
        squares = [geo.parse(n) for n in names]
    except ValueError as e:
        raise FenError(f"bad e.p. square {field!r}: {e}", 0) from None
    forward = geo.files if pos.stm == 1 else -geo.files
    empty = [sq for sq in squares if not pos.board[sq]] if len(squares) > 1 else squares
    out, victim = 0, -1
    for sq in empty:
        v = sq + forward
        while 0 <= v < geo.size and not pos.board[v] and v in empty:
            v += forward
        if not 0 <= v < geo.size:
            continue
        out |= 1 << sq
        victim = v
    return (out, victim) if out else (0, -1)


def _virgin(cfg: Config, pos: Position, start: Setup | None) -> int:
    """Pieces standing where the setup has the same piece count as unmoved."""
    if start is None:
        return 0
    geo = cfg.geo
    out = 0
    for (f, r), tok in start.board.items():
        k = cfg.kinds.index.get(base_letter(tok))
        if k is None:
            continue
        sq = geo.square(f, r)
        if pos.board[sq] == 2 * k + (0 if side_of(tok) == "white" else 1):
            out |= 1 << sq
    return out


def write_fen(pos: Position) -> str:
    """The position as a FEN in our writer's form (see the module's docstring)."""
    cfg = pos.cfg
    geo = cfg.geo
    letters = cfg.kinds.letters
    board: dict[tuple[int, int], str] = {}
    for sq, code in enumerate(pos.board):
        if code:
            letter = letters[code >> 1]
            tok = letter if not code & 1 else letter.lower()
            if pos.promoted >> sq & 1:
                tok += "~"
            board[(sq % geo.files, sq // geo.files)] = tok
    hand: tuple[str, ...] | None = None
    if cfg.drops or cfg.variant.holdings:
        hand = tuple(letters[k] if colour == 0 else letters[k].lower()
                     for colour in (0, 1) for k in range(1, cfg.kinds.count)
                     for _ in range(pos.hands[colour][k]))
    holes = frozenset((s % geo.files, s // geo.files) for s in range(geo.size)
                      if (cfg.holes | pos.walls) >> s & 1)
    ep, half = _ep_text(pos), pos.half
    checks: tuple[int, int] | None = None
    for family in cfg.families:
        if family.name == "counting":
            state = family.state(pos)
            if isinstance(state, tuple) and state[0]:
                ep, half = str(state[0]), state[1]       # Fairy-Stockfish's form
        elif family.name == "check count":
            state = family.state(pos)
            if isinstance(state, tuple):
                checks = (state[0], state[1])
    setup = Setup(geo.files, geo.ranks, board, holes, hand, "black" if pos.stm else "white",
                  _castling_text(pos), ep, half, pos.full, checks)
    return write_setup(setup)


def _castling_text(pos: Position) -> str:
    cfg = pos.cfg
    if not pos.castle or cfg.castling is None:
        return "-"
    geo = cfg.geo
    out = ""
    for colour in (0, 1):
        cc = cfg.castling[colour]
        rights = pos.castle & pos.col[colour] & geo.rank_masks[cc.rank]
        kings = pos.byc[2 * cc.king + colour] & geo.rank_masks[cc.rank]
        kf = (kings.bit_length() - 1) % geo.files if kings else cc.king_file
        for side in ("K", "Q"):
            files = [s % geo.files for s in range(geo.size) if rights >> s & 1 and
                     ((s % geo.files > kf) == (side == "K"))]
            if not files:
                continue
            f = max(files) if side == "K" else min(files)
            standard = _outermost(pos, colour, side, kf) == f
            ch = side if standard else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[f]
            out += ch if colour == 0 else ch.lower()
    return out or "-"


def _outermost(pos: Position, colour: int, side: str, kf: int) -> int:
    cfg = pos.cfg
    assert cfg.castling is not None
    cc = cfg.castling[colour]
    geo = cfg.geo
    files = range(geo.files - 1, kf, -1) if side == "K" else range(0, kf)
    for f in files:
        code = pos.board[geo.square(f, cc.rank)]
        if code and code & 1 == colour and code >> 1 in cc.rooks:
            return f
    return -1


def _ep_text(pos: Position) -> str:
    """The e.p. square when some piece of the side to move could capture on it."""
    if not pos.ep:
        return "-"
    cfg = pos.cfg
    us = pos.stm
    kinds = cfg.kinds
    for code in range(2 + us, cfg.ncodes, 2):
        bb = pos.byc[code]
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            initial = kinds.has_initial[code >> 1] and pos.uses_initial(code, s)
            if kinds.tables(code, initial).ep[s] & pos.ep:
                return cfg.geo.names[pos.ep.bit_length() - 1]
    return "-"
