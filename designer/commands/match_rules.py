"""How a ``match`` (and ``compare``) run is refereed beyond who plays: stopping rules
(``--precision ELO``, ``--sprt ELO0 ELO1`` with ``--alpha``/``--beta``), games in pairs
(``--pairs``: the same opening, colours reversed; ``--sprt`` implies it), the openings
(``--openings FILE`` of EPD/FEN lines or PGN games, ``--balanced [CP]`` random plies kept
within CP centipawns of level by a shallow search), and adjudication named after
cutechess-cli's options: ``--draw movenumber=M movecount=N score=S`` and
``--resign movecount=N score=S``.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"expected a finite number, not {text!r}")
    return value


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    from ..match import DEFAULT_MARGIN
    group = parser.add_argument_group(
        "stopping, openings and adjudication",
        "stop when the answer is known; openings that do not decide the game; end dead games")
    group.add_argument("--precision", type=_number, metavar="ELO",
                       help="stop once the first-move advantage's 95 %% interval is within "
                            "±ELO (or --games is reached)")
    group.add_argument("--sprt", type=_number, nargs=2, metavar=("ELO0", "ELO1"),
                       help="stop when an SPRT decides between ELO0 and ELO1 (the --white "
                            "player's advantage over --black, logistic Elo, games in pairs, "
                            "pentanomial statistics as fishtest computes them)")
    group.add_argument("--alpha", type=_number, default=0.05, help="the SPRT's alpha (0.05)")
    group.add_argument("--beta", type=_number, default=0.05, help="the SPRT's beta (0.05)")
    group.add_argument("--pairs", action="store_true",
                       help="play the games in pairs: the same opening, colours reversed")
    group.add_argument("--openings", metavar="FILE",
                       help="start the games from these positions in turn (EPD/FEN lines or "
                            "PGN games; no random plies unless --opening-plies is given)")
    group.add_argument("--balanced", type=int, nargs="?", const=DEFAULT_MARGIN, metavar="CP",
                       help="keep a random opening ply only when a shallow search finds the "
                            f"position within CP centipawns of level ({DEFAULT_MARGIN})")
    group.add_argument("--draw", nargs="+", metavar="KEY=VALUE",
                       help="adjudicate a draw: movenumber=M movecount=N score=S (both "
                            "evaluations within S cp for N moves after move M)")
    group.add_argument("--resign", nargs="+", metavar="KEY=VALUE",
                       help="adjudicate a loss: movecount=N score=S (a player's evaluation "
                            "S cp or more below zero for N moves)")


def _pairs(option: str, items: list[str] | None, keys: tuple[str, ...]) -> dict[str, int]:
    if not items:
        return {}
    out: dict[str, int] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or key not in keys:
            raise ValueError(f"{option}: expected {' '.join(k + '=N' for k in keys)}, not "
                             f"{item!r}")
        if not value.isascii() or not value.isdigit():
            raise ValueError(f"{option}: {key} is a whole number, not {value!r}")
        out[key] = int(value)
    missing = [k for k in keys if k not in out]
    if missing:
        raise ValueError(f"{option}: {', '.join(missing)} missing")
    return out


def with_rules(args: argparse.Namespace, config: Any) -> Any:
    """``config`` with the pairing, openings and adjudication the options ask for, or the
    message saying what is wrong."""
    from ..formats.errors import FormatError
    from ..match import Adjudication, read_openings
    try:
        draw = _pairs("--draw", getattr(args, "draw", None), ("movenumber", "movecount", "score"))
        resign = _pairs("--resign", getattr(args, "resign", None), ("movecount", "score"))
        adjudication = Adjudication(draw.get("movenumber"), draw.get("movecount"),
                                    draw.get("score"), resign.get("movecount"),
                                    resign.get("score")) if draw or resign else None
        openings = read_openings(args.openings, config.variant) if args.openings else ()
    except FormatError as e:
        return f"--openings: {e}"
    except ValueError as e:
        return str(e)
    if args.balanced is not None and args.balanced < 0:
        return "--balanced: the margin is 0 or more centipawns"
    plies = config.opening_plies
    if openings and getattr(args, "opening_plies", None) is None:
        plies = 0
    return replace(config, paired=bool(args.pairs or args.sprt), openings=openings,
                   balanced_cp=args.balanced, adjudication=adjudication, opening_plies=plies)


def rule_of(args: argparse.Namespace) -> Any:
    """The stopping rule the options name (None: play every game), or the message saying
    what is wrong."""
    from ..report import Precision, Sprt
    if args.precision is not None and args.sprt is not None:
        return "--precision and --sprt are two ways to stop: choose one"
    try:
        if args.precision is not None:
            return Precision(args.precision)
        if args.sprt is not None:
            return Sprt(args.sprt[0], args.sprt[1], args.alpha, args.beta)
    except ValueError as e:
        return f"--precision/--sprt: {e}"
    return None


__all__ = ["add_rule_arguments", "rule_of", "with_rules"]
