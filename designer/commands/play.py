"""``variant-designer play FILE [--white P] [--black P] [--fen FEN] [--movetime MS]
[--depth D] [--section NAME]``: open the window in Play mode with a game started.

A player P is ``human`` (the default: moves are made on the board), ``builtin`` (the built-in
opponent) or an engine's command line (``xboard:`` in front for the XBoard protocol, e.g.
``../shared/engines/fairy-stockfish``). An engine that cannot play the variant is refused in
the window with its reasons, and the built-in opponent offered instead. ``--screenshot OUT.png``
renders the window offscreen once the game is set up, and exits.
Exit codes: 0 the window closed, 1 the window could not start, 2 bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..engines.players import PlayerSpec
from ..engines.settings import SettingsError
from ..launch import PlayStart, window_size


def _positive(text: str) -> int:
    t = text.strip()
    if not t.isascii() or not t.isdigit() or int(t) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(t)


def _movetime(text: str) -> int:
    from ..engines.settings import MAX_MOVETIME_MS
    n = _positive(text)
    if n > MAX_MOVETIME_MS:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_MOVETIME_MS:,} ms (an hour), "
                                         f"not {text!r}")
    return n


def _depth(text: str) -> int:
    from ..opponent.settings import MAX_DEPTH
    n = _positive(text)
    if n > MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_DEPTH}, not {text!r}")
    return n


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="variant file (.ini, .variants.ini, .pgn, .eng)")
    parser.add_argument("--white", default="human", metavar="P",
                        help="human, builtin or an engine's command line (human)")
    parser.add_argument("--black", default="human", metavar="P", help="as --white (human)")
    parser.add_argument("--fen", help="start from this position instead of the setup")
    parser.add_argument("--movetime", type=_movetime, metavar="MS", default=2000,
                        help="milliseconds a computer player thinks per move (2000)")
    parser.add_argument("--depth", type=_depth, help="plies a computer player searches")
    parser.add_argument("--section", help="the section of a Fairy-Stockfish variants file")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window offscreen to a PNG and exit")
    parser.add_argument("--size", metavar="WxH", help="window size for --screenshot")


def players(args: argparse.Namespace) -> tuple[PlayerSpec, PlayerSpec]:
    """The two players the command line names (``SettingsError`` for one the window cannot
    seat: ``random`` plays only headless matches)."""
    out = []
    for side in ("white", "black"):
        spec = PlayerSpec.parse(getattr(args, side))
        if spec.kind == "random":
            raise SettingsError("a random mover plays only headless matches (variant-designer "
                                "match); here a player is human, builtin or an engine", side)
        out.append(spec)
    return out[0], out[1]


def read_start(args: argparse.Namespace) -> PlayStart:
    """What the window opens for these arguments (``SettingsError`` for a player it cannot
    seat, ``ValueError`` for a ``--size`` that is no size)."""
    white, black = players(args)
    return PlayStart(args.file, white, black, fen=args.fen, movetime_ms=args.movetime,
                     depth=args.depth, section=args.section, screenshot=args.screenshot,
                     size=window_size(args.size))


def run(args: argparse.Namespace, open_window: Callable[[PlayStart], int]) -> int:
    """Open ``open_window`` on what the arguments ask for (the command line hands in the
    window's launcher, ``designer.gui.play.launch.run_play``: no command imports Qt)."""
    try:
        start = read_start(args)
    except SettingsError as e:
        print(f"variant-designer play: --{e.where}: {e.message}" if e.where else
              f"variant-designer play: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"variant-designer play: {e}", file=sys.stderr)
        return 2
    return int(open_window(start))


__all__ = ["add_arguments", "run", "players", "read_start"]
