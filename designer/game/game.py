"""A game of a variant, played by its rules: the public face of the game.

    game = Game(variant)                    # the variant's setup, its rule_set (or derived rules)
    game = Game(variant, fen="...")         # any position, XBoard's or Fairy-Stockfish's FEN
    moves = game.legal_moves()              # list[Move]
    game.push(move); game.pop()             # make and take back (push trusts the move; play
    game.play(move)                         # checks it and raises IllegalMove)
    game.is_check(); game.outcome()         # Outcome(termination, winner, reason) or None
    game.fen(); game.perft(3); game.divide(2)
    game.move_from_text("e2e4")             # the protocols' move text, "P@e5", "e7e8q"
    why_not(game, origin, target)           # why a move is illegal, in words (``why``)

Squares are ints (``game.geo``: names, coordinates). A variant using rules the game does not
play yet raises ``RulesNotPlayed`` naming them; one whose rules name a file or rank off its board
raises ``RuleNumberError`` (``rules.numbers``). The shape follows python-chess's ``Board``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..variant.fen import FenError, parse_fen
from ..variant.model import Variant
from ..notation.errors import DesignerError
from ..vocabulary import BLACK, WHITE, Side
from .attacks import Attacks
from .config import Config
from .counting import count
from ..variant.derive import rules_for
from .families import RuleFamily
from .rulebook import families_for
from .fen import holes_of, read_fen, write_fen
from .geometry import Geometry
from ..rules.model import RuleSet
from .moves import Move
from .outcome import Outcome
from .position import Position
from .movegen import Generator
from ..rules.numbers import check_numbers
from .support import RulesNotPlayed, judged_later, unplayed
from .tables import MEMO_CAP

__all__ = ["Game", "Move", "Outcome", "IllegalMove", "RulesNotPlayed", "FenError"]


_SHARED = threading.local()
_SHARED_GAMES = 8


def _compiled(variant: Variant, rules: RuleSet, holes: int, cap: int) -> tuple[Config, Attacks]:
    """The compiled rules of a variant, shared by the games this thread plays of it (the
    tables are the costly part of starting a game: 26x26 boards, replaying positions)."""
    cache: OrderedDict[tuple[object, ...], tuple[Config, Attacks]] | None = \
        getattr(_SHARED, "cache", None)
    if cache is None:
        cache = _SHARED.cache = OrderedDict()
    key = (variant, rules, holes, cap)
    got = cache.get(key)
    if got is not None:
        cache.move_to_end(key)
        return got
    cfg = Config(variant, rules, holes, cap)
    attacks = Attacks(cfg)
    cfg.families = families_for(cfg, rules, attacks)
    if any(type(f).after is not RuleFamily.after for f in cfg.families):
        cfg.simple_moves = False        # every move must reach the families' hooks
    cache[key] = (cfg, attacks)
    if len(cache) > _SHARED_GAMES:
        cache.popitem(last=False)
    return cfg, attacks


class IllegalMove(DesignerError):
    """A move that is not legal in the position (``play``, ``move_from_text``)."""


class Game:
    """A variant's game from a position, with its history (see the module's docstring)."""

    def __init__(self, variant: Variant, fen: str | None = None, rules: RuleSet | None = None,
                 memo_cap: int = MEMO_CAP):
        self.variant = variant
        self.rules = rules if rules is not None else rules_for(variant)
        missing = unplayed(self.rules)
        if missing:
            raise RulesNotPlayed(missing)
        check_numbers(self.rules, variant.files, variant.ranks)    # a file or rank off the board
        text = fen if fen is not None else variant.setup
        if not text:
            raise FenError("the variant has no setup and no FEN was given", 0)
        # where walls come and go, a FEN's * are walls (Fairy-Stockfish's set()), not holes
        holes = 0 if self.rules.walls is not None or self.rules.petrify else \
            holes_of(text, variant.files, variant.ranks)
        self.cfg, self.attacks = _compiled(variant, self.rules, holes, memo_cap)
        self.generator = Generator(self.cfg, self.attacks)
        start = parse_fen(variant.setup, variant.files, variant.ranks) if variant.setup else None
        self.pos: Position = read_fen(self.cfg, text, start)
        self.pos.extra = tuple(f.initial(self.pos, self.pos.fen_info) for f in self.cfg.families)
        self.moves: list[Move] = []

    # -- about the position ---------------------------------------------------------------
    @property
    def geo(self) -> Geometry:
        return self.cfg.geo

    @property
    def turn(self) -> Side:
        return BLACK if self.pos.stm else WHITE

    def piece_at(self, square: int) -> tuple[str, Side] | None:
        """The letter and side of the piece on ``square``, None when it is empty."""
        code = self.pos.board[square]
        if not code:
            return None
        return self.cfg.kinds.letters[code >> 1], BLACK if code & 1 else WHITE

    def hand(self, side: Side) -> dict[str, int]:
        """The pieces a side has in hand, by letter."""
        counts = self.pos.hands[0 if side == WHITE else 1]
        return {self.cfg.kinds.letters[k]: n for k, n in enumerate(counts) if k and n}

    def fen(self) -> str:
        return write_fen(self.pos)

    def is_check(self) -> bool:
        """The side to move's royal pieces are attacked, or its pseudo-royal ones."""
        return self.attacks.in_check(self.pos) or any(f.checks(self.pos)
                                                      for f in self.cfg.families)

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return self.generator.legal(self.pos)

    def count_moves(self) -> int:
        """``len(legal_moves())`` without building them."""
        return count(self.generator, self.pos)

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def push(self, move: Move) -> None:
        """Make a move the generator made (not checked: ``play`` checks)."""
        self.pos.push(move)
        self.moves.append(move)

    def play(self, move: Move) -> None:
        """Make ``move`` after checking it is legal (IllegalMove otherwise)."""
        if not self.is_legal(move):
            raise IllegalMove(f"{move.text(self.geo)} is not a legal move here")
        self.push(move)

    def pop(self) -> Move:
        """Take back the last move."""
        if not self.pos.stack:
            raise IndexError("no move to take back")
        if self.moves:
            self.moves.pop()
        return self.pos.pop()

    def form_promotion(self, mv: Move) -> bool:
        """Whether ``mv`` turns the piece into its promoted form (Shogi style) rather than
        into a pawn's promotion choice. Fairy-Stockfish writes the first ``+`` whatever the
        form's letter (``UCI::move``: a ``PIECE_PROMOTION`` gets ``+``, a ``PROMOTION`` the
        chosen piece's letter), and so does XBoard for its Shogi-style promotions."""
        if not mv.promotion or mv.origin < 0:
            return False
        if mv.promotion.startswith("+"):
            return True
        cfg = self.cfg
        code = self.pos.board[mv.origin]
        form = cfg.form[code >> 1]
        if not form or cfg.kinds.letters[form] != mv.promotion:
            return False
        return not (cfg.prom_zone[code] >> mv.target & 1 and form in cfg.prom_choices[code])

    def move_text(self, mv: Move) -> str:
        """``mv`` in the engines' protocols (``Move.text``), a promotion into the promoted
        form written ``+`` even when that form's letter is a plain one (``e7e8+``)."""
        if mv.promotion and not mv.promotion.startswith("+") and self.form_promotion(mv):
            return mv._replace(promotion="+").text(self.geo)
        return mv.text(self.geo)

    def move_from_text(self, text: str) -> Move:
        """The legal move the protocols' text names (``e2e4``, ``e7e8q``, ``P@e5``,
        ``e5f6,f6g7``, ``e7e8+``); IllegalMove when none does."""
        want = text.strip()
        walled = self.rules.walls is not None
        for mv in self.legal_moves():
            if mv.text(self.geo) == want or mv.text(self.geo).lower() == want.lower() or \
                    self.move_text(mv) == want:
                return mv
            if walled and mv.wall < 0 and \
                    want.lower() == (mv.text(self.geo) + self.wall_text(mv)).lower():
                return mv
        raise IllegalMove(f"{want!r} is not a legal move here")

    def wall_text(self, mv: Move) -> str:
        """The wall part Fairy-Stockfish writes after a move where walls are placed
        (``UCI::move``: ``,e4e3``; a move that places none names the first square, ``,a5a1``)
        and that ``Move.text`` writes only for a move that places one."""
        if self.rules.walls is None or mv.wall >= 0:
            return ""
        return f",{self.geo.names[mv.target]}{self.geo.names[0]}"

    # -- the end --------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """How the game has ended, or None while it goes on (see ``ending``)."""
        from .ending import outcome
        return outcome(self)

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    def notes(self) -> list[str]:
        """Rules the game plays but whose judgement the outcome leaves open."""
        return judged_later(self.rules)

    # -- perft ----------------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal-move tree ``depth`` plies deep (the last ply counted)."""
        from .perft import perft
        return perft(self, depth)

    def divide(self, depth: int) -> list[tuple[Move, int]]:
        """Perft per first move."""
        from .perft import divide
        return divide(self, depth)
