"""A small driver for a Fairy-Stockfish binary over UCI, for the tools that record its facts.

One engine process answers many questions: load a variants.ini once (``VariantPath``), pick a
variant (``UCI_Variant``: the engine answers ``info string variant NAME ...`` when it knows it),
set a position, count ``go perft N`` (its per-move lines are the legal moves), read ``d``
(``Fen:``). Every wait has a time limit, so a misbehaving engine cannot hang a tool.
"""

from __future__ import annotations

import queue
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass

TIMEOUT = 120.0


class EngineError(RuntimeError):
    """The engine died, did not answer in time, or answered something unreadable."""


@dataclass(frozen=True)
class Perft:
    """The answer to ``go perft N``: the total and the count under each first move."""

    nodes: int
    divide: dict[str, int]


class Engine:
    """A running Fairy-Stockfish; use as a context manager."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.banner = ""
        self.known: set[str] = set()
        self._options(self.until(lambda s: s == "uciok"))

    def _options(self, lines: list[str]) -> None:
        """Read the banner and the variant names the ``UCI_Variant`` option offers."""
        for line in lines:
            if line.startswith("id name "):
                self.banner = line[len("id name "):]
            if line.startswith("option name UCI_Variant "):
                self.known = set(line.split(" var ")[1:])

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired, EngineError):
            self.proc.kill()

    def send(self, text: str) -> None:
        if self.proc.stdin is None or self.proc.poll() is not None:
            raise EngineError("the engine is not running")
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, done: Callable[[str], bool], timeout: float = TIMEOUT) -> list[str]:
        """Lines up to and including the first for which ``done`` is true."""
        out: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise EngineError(f"no answer within {timeout} s") from None
            if line is None:
                raise EngineError("the engine stopped")
            out.append(line)
            if done(line):
                return out

    def sync(self) -> list[str]:
        """Everything the engine said before it answers ``isready``."""
        self.send("isready")
        return self.until(lambda s: s == "readyok")[:-1]

    def load(self, path: str) -> list[str]:
        """Load a variants.ini; what the engine said (the variants it offers are re-read)."""
        self.send(f"setoption name VariantPath value {path}")
        said = self.sync()
        self.send("uci")
        self._options(self.until(lambda s: s == "uciok"))
        return said

    def variant(self, name: str) -> bool:
        """Select ``name``; False when the engine does not offer it (not loaded)."""
        if name not in self.known:
            return False
        self.send(f"setoption name UCI_Variant value {name}")
        self.sync()
        return True

    def position(self, fen: str | None = None, moves: tuple[str, ...] = ()) -> None:
        head = f"position fen {fen}" if fen else "position startpos"
        self.send(head + (" moves " + " ".join(moves) if moves else ""))

    def fen(self) -> str:
        self.send("d")
        lines = self.until(lambda s: s.startswith("Checkers:"))
        return next(s[len("Fen: "):] for s in lines if s.startswith("Fen: "))

    def perft(self, depth: int) -> Perft:
        self.send(f"go perft {depth}")
        lines = self.until(lambda s: s.startswith("Nodes searched:"))
        divide = {}
        for s in lines[:-1]:
            move, sep, count = s.partition(": ")
            if sep and count.isdigit() and " " not in move:
                divide[move] = int(count)
        return Perft(int(lines[-1].split(":")[1]), divide)
