"""The UCI protocol (as Fairy-Stockfish speaks it, ``src/uci.cpp``): ``uci`` / ``id`` /
``option`` / ``uciok``, ``setoption``, ``isready``, ``ucinewgame``, ``position … moves …``,
``go``, ``info``, ``bestmove``, ``stop``, ``quit``.

Fairy-Stockfish specifics: the variant is the ``UCI_Variant`` option, whose combo values are
the variants it plays; a section file is loaded with ``VariantPath`` BEFORE ``UCI_Variant``
names it (the combo only learns the new name then); a variant it takes is confirmed by
``info string variant NAME files F ranks R …`` (``on_variant_change``, ``src/ucioption.cpp``),
while a name it does not know is ignored without a word — so a section we load must be
confirmed, or the session fails instead of playing another game.
"""

from __future__ import annotations

import re

from .capability import CHESS_NAMES
from .errors import EngineError
from .lines import BestMove, IdLine, Info, InfoLine, OptionLine, ReadyOk, UciOk, Unknown, \
    parse_uci
from .movetext import parse_move
from .options import EngineOption, OptionValue, uci_text
from .sections import SectionFile
from .session import Engine
from .values import Limit, PlayResult, EnginePosition

_VARIANT_INFO = re.compile(r"variant (\S+) files (\d+) ranks (\d+)")


class UciEngine(Engine):
    """A UCI engine session."""

    protocol = "uci"

    def _start(self) -> None:
        self._send("uci")
        deadline = self._deadline(self.timeouts.start)
        while True:
            line = self._receive(deadline)
            parsed = parse_uci(line)
            self._known(not isinstance(parsed, Unknown), line)
            if isinstance(parsed, UciOk):
                break
            if isinstance(parsed, IdLine):
                if parsed.key == "name":
                    self.id_name = parsed.value
                else:
                    self.author = parsed.value
            elif isinstance(parsed, OptionLine):
                self.options[parsed.option.name] = parsed.option
            elif isinstance(parsed, Unknown) and not self.banner and line.strip():
                self.banner = line.strip()       # Fairy-Stockfish greets before ``id``
        variant = self.option("UCI_Variant")
        self.variants = variant.choices if variant is not None and variant.choices else ("chess",)
        self._ready()

    def _ready(self) -> list[str]:
        """``isready`` -> ``readyok``; the info strings said on the way."""
        self._send("isready")
        deadline = self._deadline(self.timeouts.sync)
        strings: list[str] = []
        while True:
            line = self._receive(deadline)
            parsed = parse_uci(line)
            self._known(not isinstance(parsed, Unknown), line)
            if isinstance(parsed, ReadyOk):
                return strings
            if isinstance(parsed, InfoLine) and parsed.info.string:
                strings.append(parsed.info.string)

    def _set_option(self, option: EngineOption, value: OptionValue) -> None:
        self._send(f"setoption name {option.name}" if option.type == "button"
                   else f"setoption name {option.name} value {uci_text(value)}")

    def _wait_ready(self) -> None:
        self._ready()

    def select_variant(self, name: str, files: int, ranks: int,
                       section: SectionFile | None = None) -> None:
        if section is not None:
            self._load_section(section)
        elif name.lower() in CHESS_NAMES and self.option("UCI_Variant") is None:
            self.board = (files, ranks)
            return
        elif self.capabilities.known_name(name) is None:
            raise EngineError(f"does not play the variant {name!r}", "unsupported", self.name)
        variant = self.option("UCI_Variant")
        if variant is None:
            self._fail("has no UCI_Variant option to play another variant", "unsupported")
        # the combo's values are those of the handshake: a section's name is not among them
        self._set_option(variant, self.capabilities.known_name(name) or name)
        said = self._ready()
        taken = [m for m in (_VARIANT_INFO.search(s) for s in said) if m]
        if section is not None and not any(m[1] == name for m in taken):
            self._fail(f"did not load the section [{name}] from {section.path} (no "
                       "'info string variant' for it)", "refused")
        for m in taken:
            if m[1] == name and (int(m[2]), int(m[3])) != (files, ranks):
                self._fail(f"plays {name} on a {m[2]}x{m[3]} board, not {files}x{ranks}",
                           "refused")
        self.board = (files, ranks)

    def new_game(self) -> None:
        self._send("ucinewgame")
        self._ready()

    def _go(self, limit: Limit) -> str:
        words = ["go"]
        if limit.white_ms is not None or limit.black_ms is not None:
            words += [f"wtime {limit.white_ms or 0}", f"btime {limit.black_ms or 0}",
                      f"winc {limit.white_inc_ms}", f"binc {limit.black_inc_ms}"]
            if limit.moves_to_go is not None:
                words.append(f"movestogo {limit.moves_to_go}")
        if limit.movetime_ms is not None:
            words.append(f"movetime {limit.movetime_ms}")
        if limit.depth is not None:
            words.append(f"depth {limit.depth}")
        if limit.nodes is not None:
            words.append(f"nodes {limit.nodes}")
        return " ".join(words)

    def play(self, position: EnginePosition, limit: Limit) -> PlayResult:
        start = f"fen {position.fen}" if position.fen else "startpos"
        moves = f" moves {' '.join(position.moves)}" if position.moves else ""
        self._send(f"position {start}{moves}")
        self._searching()
        self._send(self._go(limit))
        soft = self._deadline(self.timeouts.for_move(limit, position.white_to_move))
        deadline = soft + self.timeouts.sync
        info = Info()
        while True:
            line = self._receive(deadline, lambda: self._send("stop"), soft)
            parsed = parse_uci(line)
            self._known(not isinstance(parsed, Unknown), line)
            if isinstance(parsed, InfoLine):
                if parsed.info.pv and parsed.info.multipv in (None, 1):
                    info = self._reported(info, parsed.info, lambda: self._send("stop"))
            elif isinstance(parsed, BestMove):
                break
        if parsed.move is None:
            return PlayResult(None, info=info)
        try:
            move = parse_move(parsed.move, *self.board)
        except ValueError as e:
            self._fail(f"answered `{line.strip()}`: {e}", "bad-move")
        ponder = parsed.ponder
        return PlayResult(move.text, ponder, info)

    def _goodbye(self) -> None:
        self._send("stop")
        self._send("quit")


__all__ = ["UciEngine"]
