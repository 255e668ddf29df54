"""How lines reach an engine and come back: the ``Transport`` interface the protocols speak
through, and ``ProcessTransport``, a subprocess with reader threads for headless use (the
window has a ``QProcess`` transport of its own in ``designer.gui``).

Every wait is bounded: ``receive`` returns None when its timeout passes, and ``close`` ends
the process (and anything it started) whether or not it obeys ``quit``.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from collections import deque
from typing import IO, Protocol, Sequence

#: A line longer than this is no protocol line: the engine is sending garbage.
MAX_LINE = 1 << 16
#: Lines the reader keeps ahead of the protocol before the engine has to wait for us.
_BACKLOG = 4096
_STDERR_KEPT = 2000
#: ``exit_code`` of a process that ended abnormally by a signal the transport cannot name.
CRASHED = -256


def signal_session(pid: int, sig: int) -> None:
    """Send ``sig`` to the session an engine was started in (POSIX: the engine and whatever
    it started); nothing when it is gone already."""
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError, OSError):
        pass


class LineTooLong(Exception):
    """The engine sent a line longer than ``MAX_LINE`` bytes."""


class Transport(Protocol):
    """A running engine as lines in and lines out. Used from one thread at a time."""

    @property
    def label(self) -> str:
        """The engine's name for messages (its command)."""

    def start(self) -> None:
        """Run the engine; ``OSError`` when it cannot be run."""

    def send(self, line: str) -> None:
        """Write one line; ``EOFError`` when the engine is gone."""

    def receive(self, timeout: float) -> str | None:
        """The next line without its end, or None when ``timeout`` seconds pass first;
        ``EOFError`` when the engine's output has ended, ``LineTooLong`` for an endless line."""

    def exit_code(self) -> int | None:
        """The exit status once the process has ended, else None; negative: the signal that
        ended it (``CRASHED``: a signal the transport cannot name)."""

    def stderr_tail(self) -> str:
        """The last characters it wrote to its error output (for crash messages)."""

    def close(self, grace: float) -> None:
        """Wait up to ``grace`` seconds for the process to end, then end it (and its children)."""


class ProcessTransport:
    """An engine run with ``subprocess``: one thread reads its output into a bounded queue,
    one keeps the tail of its error output. On POSIX it runs in a session of its own, so that
    ``close`` ends whatever the engine started too (a shell script's children)."""

    _END = "\x00end"
    _LONG = "\x00long"

    def __init__(self, command: Sequence[str], cwd: str | None = None):
        if not command:
            raise ValueError("an engine command needs at least the program")
        self._command = tuple(command)
        self._cwd = cwd or None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[str] = queue.Queue(_BACKLOG)
        self._stderr: deque[str] = deque()
        self._stderr_size = 0
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._threads: list[threading.Thread] = []
        self._ended = False

    @property
    def label(self) -> str:
        return " ".join(self._command)

    @property
    def pid(self) -> int | None:
        """The process id once started (for tests that check the process is gone)."""
        return self._proc.pid if self._proc is not None else None

    def start(self) -> None:
        self._proc = subprocess.Popen(
            self._command, cwd=self._cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, start_new_session=os.name == "posix")
        assert self._proc.stdout is not None and self._proc.stderr is not None
        for target, stream in ((self._read_out, self._proc.stdout),
                               (self._read_err, self._proc.stderr)):
            t = threading.Thread(target=target, args=(stream,), daemon=True,
                                 name=f"engine-{target.__name__}")
            t.start()
            self._threads.append(t)

    def _put(self, item: str) -> None:
        while not self._closing.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def _read_out(self, stream: IO[bytes]) -> None:
        try:
            while not self._closing.is_set():
                raw = stream.readline(MAX_LINE + 1)
                if not raw:
                    break
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    self._put(self._LONG)
                    continue
                self._put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self._put(self._END)

    def _read_err(self, stream: IO[bytes]) -> None:
        try:
            while True:
                chunk = stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096)
                if not chunk:
                    break
                text = chunk.decode("utf-8", "replace")
                with self._lock:
                    self._stderr.append(text)
                    self._stderr_size += len(text)
                    while self._stderr_size > _STDERR_KEPT and len(self._stderr) > 1:
                        self._stderr_size -= len(self._stderr.popleft())
        except (OSError, ValueError):
            pass

    def send(self, line: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None or self._ended:
            raise EOFError("the engine is not running")
        try:
            proc.stdin.write((line + "\n").encode("utf-8"))
            proc.stdin.flush()
        except (OSError, ValueError) as e:
            raise EOFError(str(e)) from e

    def receive(self, timeout: float) -> str | None:
        if self._ended:
            raise EOFError("the engine's output has ended")
        try:
            line = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None
        if line == self._END:
            self._ended = True
            raise EOFError("the engine's output has ended")
        if line == self._LONG:
            raise LineTooLong(f"a line longer than {MAX_LINE} bytes")
        return line

    def exit_code(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    def stderr_tail(self) -> str:
        with self._lock:
            return "".join(self._stderr)[-_STDERR_KEPT:]

    def _signal(self, sig: int) -> None:
        proc = self._proc
        if proc is None:
            return
        if os.name == "posix":
            signal_session(proc.pid, sig)
        elif proc.poll() is None:
            proc.kill()

    def close(self, grace: float) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            proc.wait(timeout=max(grace, 0.0))
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGTERM)
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        # whatever is left of its session (children of a script) goes with it
        self._signal(getattr(signal, "SIGKILL", signal.SIGTERM))
        try:
            proc.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            pass
        self._closing.set()
        for t in self._threads:
            t.join(timeout=1.0)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass
        self._ended = True


__all__ = ["Transport", "ProcessTransport", "LineTooLong", "MAX_LINE", "CRASHED",
           "signal_session"]
