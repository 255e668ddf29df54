"""``variant-designer``: no sub-command (or a file) opens the window; sub-commands run headless.

Each sub-command lives in ``designer.commands.<name>`` with ``add_arguments(parser)`` and
``run(args) -> int``; they are imported only when used so that ``targets`` starts fast and no
headless command ever imports Qt.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from typing import Any

from .launch import PlayStart, WindowStart
from .vocabulary import DIALECTS, SIDES
from types import ModuleType

COMMANDS = {
    "describe": "Explain a Betza string in English, with its canonical form and warnings",
    "targets": "Answer JSON-line move queries on stdin (see docs/cli-contract.md)",
    "bench": "Run the benchmarks and print one JSON object of figures",
    "export": "Write a variant file in another format",
    "check": "Validate a variant file; exit 1 with positioned problems",
    "convert": "Convert a variant file to another format chosen by extension",
    "grammar": "Print a dialect's reference grammar, or draw it as railroad diagrams (--html)",
    "perft": "Count the leaf nodes of a variant's legal-move tree (perft), last line",
    "values": "Estimate what each piece of a variant is worth, several ways side by side",
    "match": "Play games headless (built-in opponent, random mover, engines) and write PGN",
    "compare": "Two versions of a variant side by side: the balance figures of both and "
               "their difference",
    "play": "Open the window in Play mode on a variant file, with its players seated",
    "legal": "Print the legal moves and the result of positions read from stdin",
}
_MODULE = {"export": "files", "check": "files", "convert": "files"}


_COUNT = re.compile(r"[0-9]{1,4}")
_PAIR = re.compile(r"([0-9]{1,5})[xX]([0-9]{1,5})")


def _count(text: str) -> int:
    """A small whole number written in ASCII digits (argparse reports the error)."""
    if not _COUNT.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected a number such as 0 or 2, not {text!r}")
    return int(text)


def _pair(text: str) -> str:
    """``WxH`` in ASCII digits, e.g. 16x16 or 1400x900 (argparse reports the error)."""
    if not _PAIR.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 16x16, not {text!r}")
    return text.strip().lower()


def _gui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="variant-designer",
                                description="Variant Designer: invent chess variants. "
                                f"Sub-commands: {', '.join(COMMANDS)} (use SUBCOMMAND -h).")
    p.add_argument("file", nargs="?", help="a variant file to open (.ini, variants.ini, .pgn)")
    p.add_argument("--screenshot", metavar="OUT.png",
                   help="render the window offscreen to a PNG and exit")
    p.add_argument("--select", metavar="PIECE", help="piece letter to select at start")
    p.add_argument("--size", metavar="WxH", type=_pair, help="window size for --screenshot, e.g. 1400x900")
    p.add_argument("--betza", help="start with this definition in the editor")
    p.add_argument("--dialect", choices=DIALECTS, default=None)
    scene = p.add_argument_group("scene", "set up the board (for screenshots and demonstrations)")
    scene.add_argument("--board", metavar="WxH", type=_pair, help="board size, e.g. 16x16")
    scene.add_argument("--origin", metavar="SQUARE", help="where the selected piece stands")
    scene.add_argument("--probes", nargs="*", metavar="ROLE:SQUARE[=LETTER]",
                       help="pieces to test against: friend:d5 foe:e6=P neutral:c4")
    scene.add_argument("--side", choices=SIDES, help="side to move")
    scene.add_argument("--target", metavar="SQUARE", help="open the leg debugger on this target")
    scene.add_argument("--path", type=_count, metavar="N", help="which path to the target (0-based)")
    scene.add_argument("--step", type=_count, metavar="N", help="leg step shown in the debugger")
    scene.add_argument("--compare", nargs="+", metavar="TEXT",
                       help="compare two definitions: A B [DIALECT_A DIALECT_B]")
    scene.add_argument("--safe", action="store_true", help="colour-blind-safe palette")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        name = argv[0]
        module = importlib.import_module(f"designer.commands.{_MODULE.get(name, name)}")
        parser = argparse.ArgumentParser(prog=f"variant-designer {name}", description=COMMANDS[name])
        module.add_arguments(parser, name) if _takes_name(module) else module.add_arguments(parser)
        args = parser.parse_args(argv[1:])
        args.command = name
        if name in ("match", "values", "compare"):
            args.svg_to_png = _svg_to_png
        if name == "bench":
            args.gui_figures = _gui_figures
        try:
            if name == "play":        # the window's launcher, typed, beside the arguments
                return int(module.run(args, _play_window))
            return int(module.run(args) or 0)
        except BrokenPipeError:   # output piped into `head` and closed early: not an error
            import os
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    args = _gui_parser().parse_args(argv)
    try:
        start = _window_start(args)
    except ValueError as e:
        print(f"variant-designer: {e}", file=sys.stderr)
        return 1
    from designer.gui.app import run_gui  # Qt only from here on
    return int(run_gui(start) or 0)


def _window_start(args: argparse.Namespace) -> WindowStart:
    """What the window opens: the parsed arguments as the window's typed start (the window
    never sees the argparse namespace)."""
    return WindowStart.from_words(
        file=args.file, betza=args.betza, dialect=args.dialect, select=args.select,
        screenshot=args.screenshot, size=args.size, board=args.board, origin=args.origin,
        probes=args.probes, side=args.side, target=args.target, path=args.path,
        step=args.step, compare=args.compare, safe=args.safe)


def _play_window(start: PlayStart) -> int:
    """``play``'s window (the commands never import the window; this layer may)."""
    from designer.gui.play.launch import run_play   # Qt only from here on
    return int(run_play(start))


def _svg_to_png(svg: str, path: str) -> None:
    """A chart as PNG, through Qt (the commands never import the window; this layer may)."""
    try:
        from designer.gui.balance.charts import save_png   # Qt only when asked for
    except ImportError as e:
        raise RuntimeError(f"PNG needs Qt (PySide6): {e}") from None
    save_png(svg, path)


def _gui_figures() -> dict[str, Any]:
    """The window's figures for ``bench`` (the commands never import the window; this layer
    may). None of them without Qt."""
    try:
        from designer.gui.bench import gui_figures   # Qt only when asked for
    except ImportError:
        return {}
    return gui_figures()


def _takes_name(module: ModuleType) -> bool:
    import inspect
    return len(inspect.signature(module.add_arguments).parameters) > 1


if __name__ == "__main__":
    sys.exit(main())
