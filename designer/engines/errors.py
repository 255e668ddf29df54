"""The one error an engine session raises: what went wrong, with which engine, after which
command, and the engine's last lines, so the user reads what happened instead of a hang."""

from __future__ import annotations

from typing import Literal

from ..notation.errors import DesignerError

#: What went wrong, for callers that react differently (a test, the window's status line):
#: ``not-started`` the program could not be run; ``no-answer`` nothing within the bounded wait;
#: ``crashed`` the process ended; ``garbage`` output that is no protocol; ``bad-move`` move text
#: that is no move on this board; ``refused`` the engine rejected what we sent (an option, a
#: variant, a move); ``unsupported`` it lacks what the game needs; ``aborted`` we gave up on it.
Failure = Literal["not-started", "no-answer", "crashed", "garbage", "bad-move", "refused",
                  "unsupported", "aborted"]


class EngineError(DesignerError):
    """An engine misbehaved or cannot do what was asked; the session is unusable afterwards
    (its process is gone) unless ``kind`` is ``refused`` or ``unsupported``.

    ``engine`` names it (its command), ``sent`` is the command it was answering (its location in
    the conversation), ``said`` its last lines, oldest first.
    """

    def __init__(self, message: str, kind: Failure, engine: str = "", sent: str = "",
                 said: tuple[str, ...] = ()):
        self.kind: Failure = kind
        self.engine = engine
        self.sent = sent
        self.said = said
        # the base keeps ``message`` as given: ``__str__`` adds the engine, the command and
        # its last lines once
        super().__init__(message)

    def __str__(self) -> str:
        where = f"{self.engine}: " if self.engine else ""
        after = f" (after `{self.sent}`)" if self.sent else ""
        text = f"{where}{self.message}{after}"
        if self.said:
            shown = [s if len(s) <= 120 else s[:117] + "..." for s in self.said[-5:]]
            text += "; its last lines: " + " | ".join(shown)
        return text


__all__ = ["EngineError", "Failure"]
