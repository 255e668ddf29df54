"""The XBoard protocol (CECP, protocol version 2, as Fairy-Stockfish speaks it in
``src/xboard.cpp``): ``xboard`` / ``protover 2`` and ``feature`` negotiation (each feature
``accepted`` or ``rejected``), ``new``, ``variant NAME``, ``force``, ``setboard FEN``,
``usermove``, ``sd`` / ``st`` / ``level`` / ``time`` / ``otim``, ``go``, ``move X``, results,
``?`` (move now), ``ping``/``pong``, ``option NAME=VALUE``, ``quit``.

The engine keeps ``st`` and ``sd`` between moves, as the protocol does: a game uses one
``Limit``. The engine is kept in force mode except while it thinks: after its ``move`` we send ``force``,
so it never starts a search of its own. Before every ``go`` a ``ping`` makes sure it has read
the position and accepted our moves (an ``Illegal move`` then fails the session, saying which).
A variant file is loaded with ``option VariantPath=FILE``; Fairy-Stockfish confirms a variant
it takes with a ``setup`` line (``on_variant_change``) and ignores a name it does not know.
"""

from __future__ import annotations

from .capability import CHESS_NAMES
from .errors import EngineError
from .lines import DrawOffer, ErrorLine, Features, IllegalMoveLine, Info, MoveLine, Pong, Resign, \
    ResultLine, Thinking, Unknown, XBoardLine, parse_xboard
from .movetext import parse_move, rank_base_for, write_move
from .options import EngineOption, OptionValue, xboard_text
from .sections import SectionFile
from .session import Engine
from .transport import Transport
from .values import Limit, PlayResult, EnginePosition, Timeouts

#: Features we act on and accept; any other is rejected, so the engine keeps the protocol's
#: default behaviour (``san=1`` is rejected: moves stay in coordinates).
_ACCEPTED = {"ping", "setboard", "playother", "usermove", "time", "draw", "sigint", "sigterm",
             "reuse", "analyze", "myname", "variants", "colors", "ics", "name", "pause", "nps",
             "debug", "memory", "smp", "egt", "option", "done", "exclude", "setscore",
             "highlight"}


class XBoardEngine(Engine):
    """An XBoard (CECP) engine session."""

    protocol = "xboard"

    def __init__(self, transport: Transport, timeouts: Timeouts = Timeouts()):
        super().__init__(transport, timeouts)
        self.features: dict[str, str] = {}
        self._ping = 0
        self._variant = "normal"

    def _line(self, line: str) -> XBoardLine:
        parsed = parse_xboard(line)
        known = not isinstance(parsed, Unknown) or line.startswith(("setup ", "piece ", "#",
                                                                    "Hint:", "highlight "))
        self._known(known, line)
        return parsed

    def _start(self) -> None:
        self._send("xboard")
        self._send("protover 2")
        deadline = self._deadline(self.timeouts.start)
        while self.features.get("done") != "1":
            line = self._receive(deadline)
            parsed = self._line(line)
            if isinstance(parsed, Features):
                for key, value in parsed.pairs:
                    if key != "option":
                        self.features[key] = value
                    if key != "done":
                        ok = key in _ACCEPTED and not (key == "san" and value == "1")
                        self._send(f"{'accepted' if ok else 'rejected'} {key}")
                for option in parsed.options:
                    self.options[option.name] = option
            elif isinstance(parsed, Unknown) and not self.banner and line.strip():
                self.banner = line.strip()
        self.id_name = self.features.get("myname", "")
        names = self.features.get("variants", "")
        self.variants = tuple(n for n in names.split(",") if n) or ("normal",)
        self._sync()

    def _sync(self, confirm_setup: bool = False) -> bool:
        """``ping`` -> ``pong``; True when a ``setup`` line came before it. An ``Illegal
        move`` or ``Error`` on the way fails the session. Without the ping feature nothing
        can be waited for."""
        if self.features.get("ping") != "1":
            return False
        self._ping += 1
        self._send(f"ping {self._ping}")
        deadline = self._deadline(self.timeouts.sync)
        setup = False
        while True:
            line = self._receive(deadline)
            parsed = self._line(line)
            if isinstance(parsed, Pong) and parsed.number == str(self._ping):
                return setup
            if isinstance(parsed, IllegalMoveLine):
                self._fail(f"rejects the move {parsed.move}"
                           f"{f' ({parsed.reason})' if parsed.reason else ''}", "refused")
            if isinstance(parsed, ErrorLine) and not confirm_setup:
                self._fail(f"rejects `{parsed.command}`: {parsed.reason}", "refused")
            setup = setup or line.startswith("setup ")

    def _set_option(self, option: EngineOption, value: OptionValue) -> None:
        self._send(f"option {option.name}" if option.type == "button"
                   else f"option {option.name}={xboard_text(value)}")

    def _wait_ready(self) -> None:
        self._sync()

    def select_variant(self, name: str, files: int, ranks: int,
                       section: SectionFile | None = None) -> None:
        if section is not None:
            self._load_section(section)
            spelled = name
        else:
            known = self.capabilities.known_name(name)
            if known is None:
                raise EngineError(f"does not play the variant {name!r}", "unsupported",
                                  self.name)
            spelled = known
        self._variant = "normal" if spelled.lower() in CHESS_NAMES else spelled
        self.board = (files, ranks)
        if section is not None:
            self._send("new")
            self._send(f"variant {self._variant}")
            self._send("force")
            if self.features.get("ping") == "1" and not self._sync(confirm_setup=True):
                self._fail(f"did not load the section [{name}] from {section.path} (no "
                           "'setup' line for it)", "refused")

    def new_game(self) -> None:
        """Nothing to do: every ``play`` starts the engine's game afresh (``new``)."""

    def _send_move(self, text: str) -> None:
        base = rank_base_for("xboard", self.board[1])
        try:
            move = write_move(parse_move(text, *self.board), base)
        except ValueError as e:
            raise EngineError(f"cannot send {text!r}: {e}", "refused", self.name) from None
        self._send(f"usermove {move}" if self.features.get("usermove") == "1" else move)

    def _limits(self, limit: Limit, position: EnginePosition) -> None:
        if limit.nodes is not None and limit.depth is None and limit.movetime_ms is None \
                and limit.white_ms is None:
            raise EngineError("the XBoard protocol has no node limit: give a depth or a time",
                              "unsupported", self.name)
        if limit.white_ms is not None or limit.black_ms is not None:
            ours, theirs = (limit.white_ms, limit.black_ms) if position.white_to_move else \
                (limit.black_ms, limit.white_ms)
            inc = limit.white_inc_ms if position.white_to_move else limit.black_inc_ms
            minutes, seconds = divmod(max((ours or 0) // 1000, 1), 60)
            self._send(f"level {limit.moves_to_go or 0} {minutes}:{seconds:02d} {inc // 1000}")
            self._send(f"time {(ours or 0) // 10}")
            self._send(f"otim {(theirs or 0) // 10}")
        if limit.xboard_seconds is not None:
            self._send(f"st {limit.xboard_seconds}")
        if limit.depth is not None:
            self._send(f"sd {limit.depth}")

    def _set_position(self, position: EnginePosition) -> None:
        """Bring the engine to ``position`` from the game's start, every time.

        Sending only the new moves would rely on the engine having made its own last move,
        and Fairy-Stockfish does not always: its ``go`` sets ``moveAfterSearch`` after the
        search has started (``src/xboard.cpp``), so a search quicker than that step prints its
        move without making it. Replaying the game keeps both sides of the board equal."""
        self._send("new")
        if self._variant != "normal":
            self._send(f"variant {self._variant}")
        self._send("force")
        if position.fen:
            if self.features.get("setboard") != "1":
                raise EngineError("cannot start from a position (no setboard feature)",
                                  "unsupported", self.name)
            self._send(f"setboard {position.fen}")
        for text in position.moves:
            self._send_move(text)

    def play(self, position: EnginePosition, limit: Limit) -> PlayResult:
        self._set_position(position)
        self._limits(limit, position)
        self._sync()
        self._searching()
        self._send("go")
        own = self.timeouts.for_move(limit, position.white_to_move)
        if limit.xboard_seconds is not None:
            own = max(own, limit.xboard_seconds + self.timeouts.grace)
        deadline = self._deadline(own) + self.timeouts.sync
        # ``st`` takes whole seconds (the protocol's "exact number of seconds per move", as
        # XBoard sends it and Fairy-Stockfish reads it: an integer). A time per move that is
        # no whole number of seconds goes as ``st`` rounded up, the most the engine may take,
        # and ``?`` (move now) when our own clock reaches it: 100 ms is 100 ms, not a second.
        # An engine that ignores ``?`` (the protocol allows it) moves within the ``st`` time.
        ms = limit.movetime_ms
        soft = self._deadline(ms / 1000 if ms is not None and ms % 1000 else own)
        info = Info()
        draw = False
        while True:
            line = self._receive(deadline, lambda: self._send("?"), soft)
            parsed = self._line(line)
            if isinstance(parsed, Thinking):
                info = self._reported(info, parsed.info, lambda: self._send("?"))
            elif isinstance(parsed, DrawOffer):
                draw = True
            elif isinstance(parsed, (MoveLine, Resign, ResultLine)):
                break
            elif isinstance(parsed, IllegalMoveLine):
                self._fail(f"rejects the move {parsed.move}", "refused")
            elif isinstance(parsed, ErrorLine):
                self._fail(f"rejects `{parsed.command}`: {parsed.reason}", "refused")
        self._send("force")
        if isinstance(parsed, Resign):
            return PlayResult(None, info=info, resigned=True, draw_offered=draw)
        if isinstance(parsed, ResultLine):
            return PlayResult(None, info=info, claim=f"{parsed.result} {{{parsed.comment}}}",
                              draw_offered=draw)
        assert isinstance(parsed, MoveLine)
        try:
            move = parse_move(parsed.move, *self.board, rank_base_for("xboard", self.board[1]))
        except ValueError as e:
            self._fail(f"answered `{line.strip()}`: {e}", "bad-move")
        return PlayResult(move.text, None, info, draw_offered=draw)

    def _goodbye(self) -> None:
        self._send("force")
        self._send("quit")


__all__ = ["XBoardEngine"]
