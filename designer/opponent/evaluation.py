"""The opponent's judgement of a position, in centipawns for the side to move.

Three parts, all read from the variant (nothing is written for one game):

- **material**: each piece's value (``values``), pieces in hand at the same value;
- **mobility**: each piece's crowded-board mobility on its square against its average over the
  board (``values.mobility_table``), so a piece is worth more where it reaches more; pieces that
  promote pawn-style gain part of what promotion brings as they near their zone;
- **royal safety**: while the other side keeps most of its pieces (the middlegame), a side's
  single royal piece is safer near its own edge and among its own pieces; as the other side's
  pieces go (the endgame), it belongs in the centre;
- **goals**: the variant's game ends: mate, stalemate and the n-fold repetition are scored by
  the search; a side near extinction (a bare king, the last of a set of pieces that must
  survive) is in danger here; a side far ahead hunts the other's royal piece (to the edge,
  its pieces near it), so that a won game ends in mate.

Per piece code, its value on each square (material, mobility and promotion's pull together) is
precomputed, so a move changes the evaluation by a few table entries: the search keeps the sum
up to date move by move (``static``: from scratch; ``relative``: the goals' terms and the side to
move's view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.config import Config
from ..game.blast import neighbours
from ..game.families import ExtinctionRule
from ..game.position import Position
from ..variant.fen import FenError, parse_fen
from .settings import Settings
from .values import mobility_table, piece_values

if TYPE_CHECKING:
    from ..game.game import Game

MOBILITY_CP = 4            # centipawns per crowded target square at 100 % weight
DANGER_CP = 150            # per piece a side is short of losing by extinction
ADVANCE_SHARE = 0.5        # share of the promotion gain a pawn one rank short of its zone has
HUNT_LEAD = 3              # pieces more (and twice as many) before the lone royal is hunted
HUNT_EDGE_CP = 20          # per square the hunted royal stands away from the centre
HUNT_NEAR_CP = 10          # per square the hunters stand nearer it, on average
SHELTER_CP = 8             # per own piece beside a side's royal piece, in the middlegame
SHELTER_MOST = 3           # ... counted up to so many pieces
ROYAL_OUT_CP = 12          # per rank a royal piece stands away from its own edge, middlegame
ROYAL_CENTRE_CP = 8        # per square a royal piece stands away from the centre, endgame


class Evaluator:
    """Evaluates positions of one game (see the module's docstring)."""

    def __init__(self, game: "Game", settings: Settings):
        cfg = game.cfg
        self.cfg = cfg
        n = cfg.ncodes
        mobility = [[] if code < 2 else mobility_table(cfg, code) for code in range(n)]
        self.values = piece_values(game.variant, cfg, settings, mobility)
        self.hand = list(self.values)
        weight = MOBILITY_CP * settings.mobility / 100
        self.psq: list[list[int]] = [[0] * cfg.geo.size for _ in range(2)]
        for code in range(2, n):
            sign = -1 if code & 1 else 1
            square = self._square_values(cfg, code, mobility[code], weight)
            self.psq.append([sign * v if cfg.board >> s & 1 else 0 for s, v in enumerate(square)])
        self.dangers = [(f.groups, f.at_most) for f in cfg.families
                        if isinstance(f, ExtinctionRule)]
        self.noise = settings.noise
        self.seed = 0
        self.reseed(settings.seed)
        geo = cfg.geo
        self.hunt = bool(cfg.royal_kinds)
        self.xs = [s % geo.files for s in range(geo.size)]
        self.ys = [s // geo.files for s in range(geo.size)]
        cx, cy = (geo.files - 1) / 2, (geo.ranks - 1) / 2
        self.edge = [round(max(abs(x - cx), abs(y - cy))) for x, y in zip(self.xs, self.ys)]
        self.drops = cfg.drops
        self.adjacent = neighbours(cfg)
        self.depth_of = [self.ys, [geo.ranks - 1 - y for y in self.ys]]
        # the piece counts over which the middlegame turns into the endgame: from all of a
        # side's pieces in the variant's setup (or the position given) down to a quarter
        self.full = [max(2, n) for n in _start_counts(game)]
        self.bare = [n // 4 for n in self.full]
        self.safety = self.hunt and not self.dangers

    def reseed(self, seed: int) -> None:
        """Draw the noise from ``seed``."""
        self.seed = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & (2 ** 64 - 1)

    def _square_values(self, cfg: Config, code: int, mob: list[float],
                       weight: float) -> list[int]:
        """The piece's value on every square: material, mobility, promotion's pull."""
        k = code >> 1
        material = self.values[k]
        on_board = [mob[s] for s in range(cfg.geo.size) if cfg.board >> s & 1]
        average = sum(on_board) / len(on_board) if on_board else 0.0
        royal = cfg.kinds.royal[k]
        advance = _advancement(cfg, code, self.values)
        out = []
        for s in range(cfg.geo.size):
            v = float(material)
            if not royal:
                v += weight * (mob[s] - average)
            v += advance[s]
            out.append(round(v))
        return out

    def evaluate(self, pos: Position) -> int:
        """The position's value for the side to move, in centipawns."""
        return self.relative(pos, self.static(pos))

    def static(self, pos: Position) -> int:
        """Material and mobility for White (board and hands): the part of the evaluation a
        move changes by the squares it touches (``delta``), so a search can keep it up to
        date move by move."""
        total = 0
        byc = pos.byc
        psq = self.psq
        for code in range(2, len(psq)):
            bb = byc[code]
            if bb:
                row = psq[code]
                while bb:
                    low = bb & -bb
                    total += row[low.bit_length() - 1]
                    bb ^= low
        if self.drops:
            white, black = pos.hands[0], pos.hands[1]
            hv = self.hand
            for k in range(1, len(white)):
                d = white[k] - black[k]
                if d:
                    total += hv[k] * d
        return total

    def relative(self, pos: Position, static: int) -> int:
        """The evaluation for the side to move from White's ``static`` part: the goals'
        terms and the noise added."""
        total = static
        if self.dangers:
            total += self._danger(pos)
        if self.hunt:
            total += self._hunt(pos)
        if self.safety:
            total += self._royal(pos, 0) - self._royal(pos, 1)
        if self.noise:
            total += self._noise(pos.key)
        return -total if pos.stm else total

    def _hunt(self, pos: Position) -> int:
        """Mate as a goal: a side with clearly more pieces (HUNT_LEAD more, and at least
        twice as many) drives the other's single royal piece to the edge and brings its pieces
        near it, so a won game is finished rather than shuffled."""
        col = pos.col
        white, black = col[0].bit_count(), col[1].bit_count()
        if white >= black + HUNT_LEAD and white >= 2 * black:
            strong = 0
        elif black >= white + HUNT_LEAD and black >= 2 * white:
            strong = 1
        else:
            return 0
        royal = pos.royals(strong ^ 1)
        if not royal or royal & (royal - 1):
            return 0
        k = royal.bit_length() - 1
        xs, ys = self.xs, self.ys
        kx, ky = xs[k], ys[k]
        near = 0
        bb = col[strong] & ~pos.royals(strong)
        n = 0
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            near -= max(abs(xs[s] - kx), abs(ys[s] - ky))
            n += 1
        score = HUNT_EDGE_CP * self.edge[k] + (HUNT_NEAR_CP * near // n if n else 0)
        return -score if strong else score

    def _royal(self, pos: Position, us: int) -> int:
        """The safety of ``us``'s single royal piece (module docstring), in centipawns for
        ``us``: the middlegame's share (the other side's pieces left, from all to a quarter)
        of shelter and staying home, the rest of being central."""
        royal = pos.royals(us)
        if not royal or royal & (royal - 1):
            return 0
        k = royal.bit_length() - 1
        them = us ^ 1
        full, bare = self.full[them], self.bare[them]
        left = min(full, max(bare, pos.col[them].bit_count())) - bare
        span = full - bare
        near = (self.adjacent[k] & pos.col[us]).bit_count()
        middle = SHELTER_CP * min(near, SHELTER_MOST) - ROYAL_OUT_CP * self.depth_of[us][k]
        return (middle * left - ROYAL_CENTRE_CP * self.edge[k] * (span - left)) // span

    def _danger(self, pos: Position) -> int:
        """Extinction rules: a side one or two pieces from losing them all is in danger."""
        out = 0
        byc, hands = pos.byc, pos.hands
        col = pos.col
        for groups, at_most in self.dangers:
            for kinds in groups:
                for colour, sign in ((0, -1), (1, 1)):
                    if kinds == [0]:
                        n = col[colour].bit_count() + sum(hands[colour])
                    else:
                        n = sum(byc[2 * k + colour].bit_count() + hands[colour][k]
                                for k in kinds)
                    short = at_most + 2 - n
                    if short > 0:
                        out += sign * DANGER_CP * short
        return out

    def _noise(self, key: int) -> int:
        """A value in -noise..noise drawn from the position's key and the seed."""
        x = ((key ^ self.seed) * 0xBF58476D1CE4E5B9) & (2 ** 64 - 1)
        x ^= x >> 31
        return x % (2 * self.noise + 1) - self.noise

    def material(self, pos: Position) -> tuple[int, int]:
        """White's and Black's material in centipawns (board and hand), royals excepted."""
        out = [0, 0]
        values = self.values
        byc, hands = pos.byc, pos.hands
        for code in range(2, self.cfg.ncodes):
            out[code & 1] += values[code >> 1] * byc[code].bit_count()
        for colour in (0, 1):
            for k, n in enumerate(hands[colour]):
                out[colour] += values[k] * n
        return out[0], out[1]


def _start_counts(game: "Game") -> tuple[int, int]:
    """White's and Black's pieces on the board in the variant's setup (the game's own
    position when the variant has none or it cannot be read)."""
    setup = game.variant.setup
    if setup:
        try:
            board = parse_fen(setup, game.variant.files, game.variant.ranks).board
        except FenError:
            pass
        else:
            white = sum(1 for token in board.values() if any(c.isupper() for c in token))
            return white, len(board) - white
    col = game.pos.col
    return col[0].bit_count(), col[1].bit_count()


def _advancement(cfg: Config, code: int, values: list[int]) -> list[float]:
    """Per square, the share of its promotion gain a pawn-style promoting piece has there:
    ADVANCE_SHARE one rank short of its zone, falling with the square of the distance."""
    zone = cfg.prom_zone[code]
    geo = cfg.geo
    out = [0.0] * geo.size
    choices = cfg.prom_choices[code]
    if not zone or not choices:
        return out
    gain = max(values[k] for k in choices) - values[code >> 1]
    if gain <= 0:
        return out
    ranks = [s // geo.files for s in range(geo.size) if zone >> s & 1]
    white = not code & 1
    edge = min(ranks) if white else max(ranks)
    for s in range(geo.size):
        if zone >> s & 1:
            continue
        distance = edge - s // geo.files if white else s // geo.files - edge
        if distance > 0:
            out[s] = gain * ADVANCE_SHARE / distance ** 2
    return out


__all__ = ["Evaluator"]
