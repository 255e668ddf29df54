"""The search: iterative deepening over a principal-variation (negamax) alpha-beta search with a
quiescence search on captures, on the rules engine's own positions and legal moves; from the
fourth iteration on, each searches a window around the last one's score first (aspiration),
widened on the side it fails.

- **moves**: the game's legal moves at every full-width node (so nothing illegal is ever
  searched or played), the captures and pawn-style promotions alone in the quiescence search
  (all moves when in check: a mate is found there too);
- **ordering**: the transposition table's move, then captures by most valuable victim and least
  valuable attacker (promotion gains counted with them), two killer moves per ply, then the
  history of quiet moves that cut off (by piece code and target square);
- **pruning**: late quiet moves are searched shallower first, by about
  ln(depth)·ln(move number)/2 plies (``REDUCTIONS``; again at full depth when they turn out
  better); a side in check searches one ply deeper (up to twice the iteration's depth, so that
  checks with drops cannot extend without end); null moves (the side to move passes, and a
  shallower search still reaching beta cuts the node off) where zugzwang is unlikely: not in
  variants where a side may pass, nor for a side with only royals and pawn-style pieces; at
  non-PV nodes out of check, a frontier node far above beta stands on its evaluation (reverse
  futility: at depth 1 only, deeper it hid mates behind a material threat), and near the
  leaves quiet moves that give no check are skipped when the evaluation is far below alpha
  (futility) or after a number of them per depth (late-move pruning); the quiescence search
  skips a capture by a dearer piece on a square the other side defends;
- **tables**: the transposition table and the history carry over from one move of a game to
  the next (``next_move``), the killers do not;
- **game ends**: the variant's own, as ``rules.ending`` decides them: checkmate and stalemate
  valued as the rules say (a stalemate may win or lose), a rule family's immediate end (bare
  king, extinction), the first repetition of a position scored as the repetition rule says, the
  n-move rule. Mates are ``MATE - plies``, so a shorter mate is preferred.

Limits are counted work (depth, nodes; every search has a node limit, ``Limits.node_limit``), so
a search is a function of the position, its history, the limits and the settings; ``stop`` (any object with ``is_set()``) ends it early from outside,
and the best move of the deepest iteration (or of the current one, once its first move is
searched) is returned.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Final

from ..game.attacks import Safety
from ..game.families import RuleFamily
from ..game.moves import Move
from .evaluation import Evaluator
from .settings import MAX_DEPTH, Limits, Settings
from .table import EXACT, LOWER, UPPER, Table
from .thought import (INF, MATE, MATE_BOUND, AnyOf, Never, StopSignal, Stopped, Thought,
                      mate_in)

if TYPE_CHECKING:
    from ..game.game import Game

MAX_PLY: Final = 160                    # deepest ply of the tree, extensions included
CHECK_EVERY: Final = 64                 # nodes between two looks at the stop signal
DELTA_CP: Final = 200                   # a capture that cannot lift alpha by this is skipped
HISTORY_CAP: Final = 1 << 24
ASPIRATION_CP: Final = 40               # the first window around the last iteration's score
ASPIRE_FROM: Final = 4                  # the first iteration searched in a window
CAPTURE_BAND: Final = 1 << 36           # ordering keys of the table's move and of captures
KILLER_BAND: Final = 1 << 34            # ordering keys of the killers (quiet moves below)
STATIC_MARGIN_CP: Final = 90            # per ply: a node this far above beta is taken as cut
STATIC_DEPTH: Final = 1                 # ... at this depth or shallower (reverse futility)
FUTILITY_CP: Final = (0, 120, 260)      # per depth: quiet moves that cannot lift alpha so far
LATE_MOVES: Final = (0, 6, 10, 16)      # per depth: quiet moves searched before the rest are
#                                          pruned (late-move pruning)

_VALUE = {"win": 1, "loss": -1, "draw": 0}


class Search:
    """One search over a game's position (the game is changed during the search and restored
    at its end; it must not be used by anyone else meanwhile)."""

    def __init__(self, game: "Game", evaluator: Evaluator, settings: Settings):
        self.game = game
        self.pos = game.pos
        self.gen = game.generator
        self.att = game.attacks
        self.ev = evaluator
        cfg = game.cfg
        self.size = cfg.geo.size
        self.index = cfg.kinds.index
        self.values = evaluator.values
        self.table = Table(settings.hash_entries)
        self.history = [0] * (cfg.ncodes * self.size)
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.pv: list[tuple[Move, ...]] = [()] * (MAX_PLY + 2)
        ending = game.rules.ending
        self.checkmate = _VALUE[ending.checkmate]
        self.stalemate = _VALUE[ending.stalemate]
        rep = ending.repetition
        self.repetition = _VALUE[rep.value] if rep.count else 0
        self.rep_white = rep.value_for_white
        self.move_limit = 2 * ending.move_limit if ending.move_limit else 0
        self.enders = [f for f in cfg.families if type(f).ended is not RuleFamily.ended]
        self.nodes = 0
        self.max_nodes = 1 << 62
        self.seldepth = 0
        self.stop: StopSignal = Never()
        self.root_best: Move | None = None
        self.root_score = -INF
        self.extend_below = MAX_PLY // 2
        self.psq = evaluator.psq
        promotions = [self.values[k] for k in range(1, cfg.kinds.count)
                      if any(k in c for c in cfg.prom_choices)]
        # the most a capture can win: the dearest piece, and a promotion on the way
        self.most_gain = max(self.values) + (max(promotions) if promotions else 0)
        self.hand_values = evaluator.hand if evaluator.drops else None   # hands evaluated
        # captures generated apart from the other moves, with the same order as all moves
        # generated at once: where every move that gains material (a capture, a victim, a
        # pawn-style promotion) is among ``legal(captures=True)`` and no rule removes moves
        self.staged = not any(cfg.form) and not any(f.filters for f in cfg.families)
        self.static = 0                   # White's material and mobility, kept move by move
        self.statics: list[int] = []
        self.keys: list[int] = []         # full keys of the positions before each move made
        # null moves: not where a side may pass (a pass is a real move there, and two end the
        # game) nor where a side has no piece but royals and pawns (zugzwang)
        rules = game.rules
        self.null_moves = not (rules.passing.white or rules.passing.black or
                               rules.pass_on_stalemate.white or rules.pass_on_stalemate.black)
        pawnlike = [k for k in range(1, cfg.kinds.count)
                    if cfg.kinds.royal[k] or any(cfg.prom_zone[2 * k + c] and
                                                 cfg.prom_choices[2 * k + c] for c in (0, 1))]
        self.minor_codes = [[2 * k + c for k in pawnlike] for c in (0, 1)]
        self.null_floor = 0               # repetitions are looked for from this move on

    def next_move(self) -> None:
        """Keep what this search learnt for the next move of the same game: the table
        as it is (its keys are whole positions), the history halved (older cut-offs count
        less), the killers forgotten (their plies now mean other positions)."""
        self.history = [h >> 1 for h in self.history]
        for pair in self.killers:
            pair[0] = pair[1] = None

    # -- the iterations -------------------------------------------------------------------
    def run(self, limits: Limits, stop: StopSignal | None = None,
            on_iteration: Callable[[Thought], None] | None = None) -> Thought:
        """Search the game's position within ``limits`` (module docstring)."""
        self.stop = stop if stop is not None else Never()
        self.nodes = 0
        self.max_nodes = limits.node_limit
        max_depth = limits.depth if limits.depth is not None else MAX_DEPTH
        pos = self.pos
        base = len(pos.stack)
        self.static = self.ev.static(pos)
        self.statics = []
        self.keys = pos.history_keys()
        self.null_floor = 0
        moves = self.gen.legal(pos)
        if not moves:
            return Thought(None, 0, None, 0, 0, 0, (), False)
        moves = self._order(moves, None, 0)      # captures first, should the first iteration
        #                                           be cut short by the limits
        best = Thought(moves[0], 0, None, 0, 0, 0, (moves[0],), False)
        scores: dict[Move, int] = {}
        for depth in range(1, max_depth + 1):
            self.extend_below = 2 * depth          # check extensions stop this deep
            try:
                score = self._aspired(moves, depth, scores, best.score)
            except Stopped:
                while len(pos.stack) > base:
                    self._unmake()
                if self.root_best is not None and self.root_best != best.move:
                    best = Thought(self.root_best, self.root_score, mate_in(self.root_score),
                                   best.depth, self.seldepth, self.nodes,
                                   self.pv[0] or (self.root_best,), True)
                return best.stopped_at(self.nodes, self.seldepth)
            moves.sort(key=lambda m: -scores.get(m, -INF))     # stable: ties keep order
            assert self.root_best is not None
            best = Thought(self.root_best, score, mate_in(score), depth, self.seldepth,
                           self.nodes, self.pv[0] or (self.root_best,), False)
            if on_iteration is not None:
                on_iteration(best)
            mate = mate_in(score)
            if len(moves) == 1 or (mate is not None and 2 * abs(mate) <= depth):
                break
        return best

    def _aspired(self, moves: list[Move], depth: int, scores: dict[Move, int],
                 guess: int) -> int:
        """One iteration in a window around the last one's score (``guess``), widened on
        the side it fails (twice as far each time) until the score falls inside it: a narrow
        window cuts off more. The first iterations and mate scores search the full window."""
        self.root_best = None     # reset here, not in ``run``: there a compiled build would
        #                           take it for None after the call that sets it
        if depth < ASPIRE_FROM or not -MATE_BOUND < guess < MATE_BOUND:
            return self._root(moves, depth, scores, -INF, INF)
        delta = ASPIRATION_CP
        alpha, beta = guess - delta, guess + delta
        while True:
            score = self._root(moves, depth, scores, alpha, beta)
            if score <= alpha and alpha > -INF:
                alpha = max(-INF, alpha - delta)
            elif score >= beta and beta < INF:
                beta = min(INF, beta + delta)
                moves.sort(key=lambda m: -scores.get(m, -INF))  # the move that failed high first
            else:
                return score
            delta *= 2
            if delta > ASPIRATION_CP << 4:
                alpha, beta = -INF, INF

    def _root(self, moves: list[Move], depth: int, scores: dict[Move, int], alpha: int,
              beta: int) -> int:
        """The root's moves searched in the window ``alpha``..``beta`` (the score is a bound
        when it falls outside: ``root_best`` is then the move that failed high, or None)."""
        pos = self.pos
        alpha0 = alpha
        self.nodes += 1
        self.pv[0] = ()
        in_check = self.att.in_check(pos)
        push, pop = self._make, self._unmake
        key = pos.full_key()
        for i, mv in enumerate(moves):
            push(mv, key)
            if i == 0:
                score = -self._search(depth - 1, -beta, -alpha, 1, True)
            else:
                score = -self._search(depth - 1, -alpha - 1, -alpha, 1, False)
                if score > alpha:
                    score = -self._search(depth - 1, -beta, -alpha, 1, True)
            pop()
            scores[mv] = score
            if score > alpha:
                alpha = score
                self.root_best, self.root_score = mv, score
                self.pv[0] = (mv,) + self.pv[1]
                if score >= beta:
                    break
        if not in_check:
            bound = LOWER if alpha >= beta else EXACT if alpha > alpha0 else UPPER
            self.table.store(pos.full_key(), depth, bound, alpha, self.root_best)
        return alpha

    # -- full-width nodes -----------------------------------------------------------------
    def _search(self, depth: int, alpha: int, beta: int, ply: int, pv_node: bool) -> int:
        ended = self._enter(ply)
        if ended is not None:
            return ended
        pos = self.pos
        self.pv[ply] = ()
        key = pos.full_key()
        if pos.half >= 4 and self._repeated(key):
            return self._repetition_score(ply)
        if self.move_limit and pos.half >= self.move_limit:
            return 0
        info = self.att.safety(pos)          # in check, and what the move generator needs
        in_check = self._checked(info)
        if in_check and ply < self.extend_below:
            depth += 1
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce_body(alpha, beta, ply, info)
        entry = self.table.probe(key)
        tt_move = None
        if entry is not None:
            tt_move = entry[4]
            if not pv_node and entry[1] >= depth:
                score = _from_table(entry[3], ply)
                bound = entry[2]
                if bound == EXACT or (bound == LOWER and score >= beta) or \
                        (bound == UPPER and score <= alpha):
                    return score
        # the prunings below (none in check or at PV nodes) weigh the node's own evaluation,
        # computed only where one of them may apply: near the leaves, or for a null move
        prune = not pv_node and not in_check and -MATE_BOUND < beta < MATE_BOUND
        null = prune and self.null_moves and depth >= 3 and \
            self.null_floor != len(self.keys) and self._has_pieces(pos.stm)
        leaves = prune and depth < len(LATE_MOVES)
        stand = self.ev.relative(pos, self.static) if null or leaves else 0
        if prune and depth <= STATIC_DEPTH and stand - STATIC_MARGIN_CP * depth >= beta:
            return stand                     # far above beta: the side to move stays there
        if null and stand >= beta:
            score = self._null(depth, beta, ply, key)
            if score >= beta:
                return beta if score >= MATE_BOUND else score
        gen = self.gen
        board = pos.board
        staged = self.staged and not in_check and (tt_move is None or not _is_quiet(tt_move,
                                                                                   board))
        # staged: the table's move and the captures first, from the captures alone; the other
        # moves are generated only when those did not cut off (in the same order as ever)
        moves = gen.legal(pos, staged, info)
        if staged:
            keyed = self._keyed(moves, tt_move, ply)
            ordered = [mv for score, mv in keyed if score >= CAPTURE_BAND]
        elif not moves:
            return self._no_moves(ply, in_check)
        else:
            ordered = self._order(moves, tt_move, ply) if len(moves) > 1 else moves
        best, best_move = -INF, None
        alpha0 = alpha
        make, unmake, search = self._make, self._unmake, self._search
        # futility: at the last plies a quiet move that cannot bring the evaluation near alpha
        # is skipped unless it gives check; late-move pruning: past a number of quiet moves
        # the rest are skipped (both only once a move has been searched)
        futile = prune and depth < len(FUTILITY_CP) and stand + FUTILITY_CP[depth] <= alpha
        late = LATE_MOVES[depth] if prune and depth < len(LATE_MOVES) else 1 << 30
        reductions = REDUCTIONS[depth] if not in_check else REDUCTIONS[0]
        att = self.att
        i = 0
        quiets = 0
        cut = False
        while True:
            for mv in ordered:
                quiet = not board[mv[1]] and not mv[2] and not mv[4]
                make(mv, key)
                if quiet and i:
                    quiets += 1
                    if (futile or quiets > late) and not att.in_check(pos):
                        unmake()
                        continue
                if i == 0:
                    score = -search(depth - 1, -beta, -alpha, ply + 1, pv_node)
                else:
                    r = reductions[i if i < 64 else 63] if quiet else 0
                    if r and pv_node:
                        r -= 1
                    if r >= depth:
                        r = depth - 1
                    score = -search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, False)
                    if score > alpha and (r or (pv_node and score < beta)):
                        score = -search(depth - 1, -beta, -alpha, ply + 1, pv_node)
                unmake()
                i += 1
                if score > best:
                    best, best_move = score, mv
                    if score > alpha:
                        alpha = score
                        if pv_node:
                            self.pv[ply] = (mv,) + self.pv[ply + 1]
                        if score >= beta:
                            if quiet:
                                self._reward(mv, depth, ply)
                            cut = True
                            break
            if cut or not staged:
                break
            staged = False
            done = set(ordered)
            rest = [mv for mv in gen.legal(pos, False, info) if mv not in done]
            if not rest:
                if not i:
                    return self._no_moves(ply, in_check)
                break
            ordered = self._order(rest, tt_move, ply) if len(rest) > 1 else rest
        bound = LOWER if best >= beta else EXACT if best > alpha0 else UPPER
        self.table.store(key, depth, bound, _to_table(best, ply), best_move)
        return best

    def _null(self, depth: int, beta: int, ply: int, key: int) -> int:
        """Null-move pruning: let the other side move twice (the side to move passes on its
        royal piece's square, as the passing rules do); if a shallower search still reaches
        ``beta``, the node is taken to. The reduced search keeps at least one full-width ply
        (a threat of mate by a quiet move would escape the quiescence search); no repetition
        is looked for across the pass."""
        pos = self.pos
        us = pos.stm
        mine = pos.royals(us) or pos.col[us]
        square = (mine & -mine).bit_length() - 1
        floor = self.null_floor
        self._make(Move(square, square), key)
        self.null_floor = len(self.keys)
        r = min(3 if depth >= 7 else 2, depth - 2)   # a full-width ply stays: a quiet
        #                                               mate threat is seen
        score = -self._search(depth - 1 - r, -beta, 1 - beta, ply + 1, False)
        self._unmake()
        self.null_floor = floor
        return score

    def _has_pieces(self, colour: int) -> bool:
        """Whether ``colour`` has a piece other than royals and pawn-style promoters on the
        board or in hand (without one, zugzwang is likely: null moves are off)."""
        pos = self.pos
        byc = pos.byc
        n = pos.col[colour].bit_count()
        for code in self.minor_codes[colour]:
            n -= byc[code].bit_count()
        return n > 0 or (bool(self.hand_values) and any(pos.hands[colour]))

    def _checked(self, info: Safety) -> bool:
        """Whether the side to move is in check, from the position's ``Safety``: its checkers
        are exact unless it tests every move (several royals, hoppers, walker pieces), where
        they may include a piece that only might give check; then ``Attacks.in_check``
        decides."""
        return bool(info.checkers) and (not info.test_all or self.att.in_check(self.pos))

    # -- quiescence -------------------------------------------------------------------------
    def _quiesce(self, alpha: int, beta: int, ply: int) -> int:
        ended = self._enter(ply)
        if ended is not None:
            return ended
        return self._quiesce_body(alpha, beta, ply, self.att.safety(self.pos))

    def _enter(self, ply: int) -> int | None:
        """Count a node (``Stopped`` at the node limit or on the stop signal); the score of
        a rule family's immediate end, if the game ended here."""
        if self.nodes >= self.max_nodes or (not self.nodes % CHECK_EVERY and
                                            self.stop.is_set()):
            raise Stopped()
        self.nodes += 1
        if ply > self.seldepth:
            self.seldepth = ply
        return self._ended(ply) if self.enders else None

    def _quiesce_body(self, alpha: int, beta: int, ply: int, info: Safety) -> int:
        """Captures (and pawn-style promotions) until the position is quiet; every move when
        in check (``info``: the position's ``Attacks.safety``). A side not in check may stand
        on its evaluation."""
        pos = self.pos
        if self._checked(info):
            moves = self.gen.legal(pos, False, info)
            if not moves:
                return self._no_moves(ply, True)
            stand = best = -INF
            margin = -INF
        else:
            stand = best = self.ev.relative(pos, self.static)
            if stand >= beta or ply >= MAX_PLY:
                return stand
            if stand > alpha:
                alpha = stand
            margin = alpha - stand - DELTA_CP        # a capture must win more than this
            if margin >= self.most_gain:
                return stand                         # not even the best capture would do
            moves = self.gen.legal(pos, True, info)
            if not moves:
                return stand
        board = pos.board
        values = self.values
        index = self.index
        keyed = []
        # a capture by a dearer piece on a square the other side defends probably loses
        # material (a static exchange's first two steps): skipped when not in check
        guarded = margin > -INF
        them = pos.stm ^ 1
        occ = pos.occ
        attacked = self.att.attacked
        for mv in moves:
            o, t = mv[0], mv[1]
            if o < 0:                                # a drop (only when in check)
                keyed.append((-values[index[mv[3]]], mv))
                continue
            mover = values[board[o] >> 1]
            gain = values[board[t] >> 1] if o != t else 0
            for x in mv[4]:
                gain += values[board[x] >> 1]
            if mv[2]:
                gain += values[index[mv[2]]] - mover
            if gain <= margin:
                continue
            if guarded and gain < mover and attacked(pos, t, them, occ & ~(1 << o)):
                continue
            keyed.append((gain * 64 - mover, mv))
        keyed.sort(key=_first, reverse=True)
        make, unmake, quiesce = self._make, self._unmake, self._quiesce
        for _, mv in keyed:
            make(mv, 0)       # no full-width node lies below: its key is never compared
            score = -quiesce(-beta, -alpha, ply + 1)
            unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    # -- making moves -----------------------------------------------------------------------
    def _make(self, mv: Move, key: int) -> None:
        """Play ``mv`` and bring the static evaluation up to date by what the move changed, as
        the position's undo record lists it (the record ``Position.pop`` restores, so it
        holds every square and hand the move changed, a rule family's too: an explosion, a
        petrification). ``key``: the full key of the position before the move, kept for the
        repetition test."""
        pos = self.pos
        self.statics.append(self.static)
        self.keys.append(key)
        pos.push(mv)
        undo = pos.stack[-1]
        changes = undo[1]
        board = pos.board
        psq = self.psq
        if changes is None:                  # a plain move or capture (Position.push)
            t = mv[1]
            row = psq[board[t]]
            delta = row[t] - row[mv[0]]
            captured = undo[2]
            if captured:
                delta -= psq[captured][t]
            self.static += delta
            return
        delta = 0
        seen = 0
        for s, old in changes:               # a square's first record holds its old piece
            if not seen >> s & 1:
                seen |= 1 << s
                delta += psq[board[s]][s] - psq[old][s]
        if self.hand_values is not None:
            hv = self.hand_values
            for colour, kind, n in undo[2]:
                delta += -hv[kind] * n if colour else hv[kind] * n
        self.static += delta

    def _unmake(self) -> None:
        self.pos.pop()
        self.static = self.statics.pop()
        self.keys.pop()

    # -- move ordering ----------------------------------------------------------------------
    def _code(self, mv: Move, board: list[int]) -> int:
        o = mv[0]
        return board[o] if o >= 0 else 2 * self.index[mv[3]] + self.pos.stm

    def _order(self, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        """The table's move, captures (most valuable victim, least valuable attacker; a
        promotion's gain counted), the killers, then quiet moves by their history."""
        return [mv for _, mv in self._keyed(moves, tt_move, ply)]

    def _keyed(self, moves: list[Move], tt_move: Move | None, ply: int
               ) -> list[tuple[int, Move]]:
        """The moves with their ordering keys, best first (``_order``; the table's move and
        the captures at ``CAPTURE_BAND`` and above)."""
        board = self.pos.board
        history = self.history
        values = self.values
        index = self.index
        size = self.size
        stm = self.pos.stm
        k1, k2 = self.killers[ply]
        keyed = []
        for mv in moves:
            if mv == tt_move:
                keyed.append((1 << 40, mv))
                continue
            o, t = mv[0], mv[1]
            if o < 0:
                code = 2 * index[mv[3]] + stm
                gain = 0
            else:
                code = board[o]
                gain = values[board[t] >> 1] if o != t else 0
                for x in mv[4]:
                    gain += values[board[x] >> 1]
                if mv[2]:
                    gain += values[index[mv[2]]] - values[code >> 1]
            if gain:
                score = CAPTURE_BAND + gain * 64 - values[code >> 1]
            elif mv == k1:
                score = KILLER_BAND
            elif mv == k2:
                score = KILLER_BAND - 1
            else:
                score = history[code * size + t]
            keyed.append((score, mv))
        keyed.sort(key=_first, reverse=True)
        return keyed

    def _reward(self, mv: Move, depth: int, ply: int) -> None:
        """A quiet move cut off: remember it as a killer and in the history."""
        killers = self.killers[ply]
        if killers[0] != mv:
            killers[1] = killers[0]
            killers[0] = mv
        i = self._code(mv, self.pos.board) * self.size + mv[1]
        self.history[i] += depth * depth
        if self.history[i] > HISTORY_CAP:
            self.history = [h // 2 for h in self.history]

    # -- game ends --------------------------------------------------------------------------
    def _ended(self, ply: int) -> int | None:
        """The score of a rule family's immediate end (bare king, extinction), if one."""
        for family in self.enders:
            done = family.ended(self.pos)
            if done is not None:
                if done.winner is None:
                    return 0
                mine = (done.winner == "white") == (self.pos.stm == 0)
                return MATE - ply if mine else ply - MATE
        return None

    def _no_moves(self, ply: int, in_check: bool) -> int:
        value = self.checkmate if in_check else self.stalemate
        return value * (MATE - ply)

    def _repeated(self, key: int) -> bool:
        """Whether the position (``key``) occurred before with the same side to move, since
        the last irreversible move."""
        pos = self.pos
        keys = self.keys
        n = len(keys)
        for j in range(n - 4, max(self.null_floor - 1, n - pos.half - 1), -2):
            if keys[j] == key:
                return True
        return False

    def _repetition_score(self, ply: int) -> int:
        value = self.repetition
        if not value:
            return 0
        if self.rep_white and self.pos.stm:
            value = -value
        return value * (MATE - ply)


def _is_quiet(mv: Move, board: list[int]) -> bool:
    """No capture, no victim, no promotion: a move the captures alone do not hold."""
    return not (board[mv[1]] and mv[0] != mv[1]) and not mv[2] and not mv[4]


def _first(pair: tuple[int, Move]) -> int:
    return pair[0]


def _reductions() -> list[list[int]]:
    """Plies a late quiet move is searched shallower, by depth and move number: about
    ln(depth) * ln(number) / 2, as engines commonly reduce (one ply from the third move on,
    more for the late moves of deep nodes)."""
    out = []
    for depth in range(MAX_PLY + 2):
        row = []
        for i in range(64):
            if depth < 3 or i < 3:
                row.append(0)
            else:
                row.append(max(1, int(0.5 + math.log(depth) * math.log(i) / 2.0)))
        out.append(row)
    return out


REDUCTIONS: Final = _reductions()


def _to_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


__all__ = ["Search", "Thought", "Stopped", "StopSignal", "AnyOf", "MATE", "mate_in"]
