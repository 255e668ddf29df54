"""The window's engine transport: the engine runs as a ``QProcess``, driven by the same
protocol code as on the command line (``designer.engines``), in the worker thread that owns
the session (never the UI thread: every call here may wait, within its bound).

``QProcess``'s blocking calls (``waitForStarted``, ``waitForReadyRead``, ``waitForFinished``)
work without an event loop, so one session lives in one worker thread from start to close. On
POSIX the engine gets a session of its own (``CreateNewSession``), so that closing it ends
whatever it started too.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
from typing import Sequence

from PySide6.QtCore import QByteArray, QProcess

from ...engines.transport import CRASHED, MAX_LINE, LineTooLong, signal_session

_STDERR_KEPT = 2000


class QProcessTransport:
    """``designer.engines.transport.Transport`` over a ``QProcess``; create, use and close it
    in one thread."""

    def __init__(self, command: Sequence[str], cwd: str | None = None):
        if not command:
            raise ValueError("an engine command needs at least the program")
        self._command = tuple(command)
        self._cwd = cwd or ""
        self._proc: QProcess | None = None
        self._buffer = b""
        self._stderr = ""
        self._ended = False
        self._pid: int | None = None

    @property
    def label(self) -> str:
        return " ".join(self._command)

    @property
    def pid(self) -> int | None:
        return self._pid

    def start(self) -> None:
        program = self._command[0]
        if os.sep in program:
            here = os.path.join(self._cwd, program) if self._cwd else program
            if not os.path.isfile(here) or not os.access(here, os.X_OK):
                code = errno.EACCES if os.path.exists(here) else errno.ENOENT
                raise OSError(code, os.strerror(code), program)
        elif shutil.which(program) is None:
            raise OSError(errno.ENOENT, os.strerror(errno.ENOENT), program)
        proc = QProcess()
        proc.setProgram(program)
        proc.setArguments(list(self._command[1:]))
        if self._cwd:
            proc.setWorkingDirectory(self._cwd)
        if os.name == "posix" and hasattr(proc, "setUnixProcessParameters"):
            proc.setUnixProcessParameters(QProcess.UnixProcessFlag.CreateNewSession)
        proc.start()
        if not proc.waitForStarted(10_000):
            why = proc.errorString()
            proc.kill()
            raise OSError(errno.EIO, why, program)
        self._proc = proc
        self._pid = int(proc.processId()) or None

    def _pull(self) -> None:
        proc = self._proc
        if proc is None:
            return
        data: QByteArray = proc.readAllStandardOutput()
        if data.size():
            self._buffer += bytes(data.data())
        err: QByteArray = proc.readAllStandardError()
        if err.size():
            self._stderr = (self._stderr + bytes(err.data()).decode("utf-8", "replace"))[
                -_STDERR_KEPT:]

    def _line(self) -> str | None:
        cut = self._buffer.find(b"\n")
        if cut < 0:
            if len(self._buffer) > MAX_LINE:
                self._buffer = b""
                raise LineTooLong(f"a line longer than {MAX_LINE} bytes")
            return None
        raw, self._buffer = self._buffer[:cut], self._buffer[cut + 1:]
        if len(raw) > MAX_LINE:
            raise LineTooLong(f"a line longer than {MAX_LINE} bytes")
        return raw.decode("utf-8", "replace").rstrip("\r")

    def send(self, line: str) -> None:
        proc = self._proc
        if proc is None or proc.state() != QProcess.ProcessState.Running:
            raise EOFError("the engine is not running")
        proc.write(QByteArray((line + "\n").encode("utf-8")))
        proc.waitForBytesWritten(1000)

    def receive(self, timeout: float) -> str | None:
        line = self._line()
        if line is not None:
            return line
        proc = self._proc
        if proc is None or self._ended:
            raise EOFError("the engine's output has ended")
        if proc.state() == QProcess.ProcessState.NotRunning:
            self._pull()
            line = self._line()
            if line is not None:
                return line
            if self._buffer:
                rest, self._buffer = self._buffer, b""
                return rest.decode("utf-8", "replace")
            self._ended = True
            raise EOFError("the engine's output has ended")
        proc.waitForReadyRead(max(1, int(timeout * 1000)))
        self._pull()
        return self._line()

    def exit_code(self) -> int | None:
        proc = self._proc
        if proc is None or proc.state() != QProcess.ProcessState.NotRunning:
            return None
        if proc.exitStatus() == QProcess.ExitStatus.CrashExit:
            return CRASHED
        return int(proc.exitCode())

    def stderr_tail(self) -> str:
        self._pull()
        return self._stderr

    def _kill_session(self) -> None:
        if os.name == "posix" and self._pid:
            signal_session(self._pid, signal.SIGKILL)

    def close(self, grace: float) -> None:
        proc = self._proc
        if proc is None:
            return
        if proc.state() != QProcess.ProcessState.NotRunning and \
                not proc.waitForFinished(max(1, int(grace * 1000))):
            proc.terminate()
            if not proc.waitForFinished(1000):
                proc.kill()
                proc.waitForFinished(5000)
        self._pull()
        self._kill_session()
        proc.closeReadChannel(QProcess.ProcessChannel.StandardOutput)
        proc.closeReadChannel(QProcess.ProcessChannel.StandardError)
        self._ended = True


__all__ = ["QProcessTransport"]
