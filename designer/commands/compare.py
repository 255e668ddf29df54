"""``variant-designer compare A.ini B.ini [--games N] [play options] [--json] [--chart OUT]``:
two versions of a variant side by side. The same run (players, limits, seed, number of games)
is played on each, with balanced openings generated for each version (``--balanced``, on by
default here), and the balance report's figures are printed for both with the difference
B - A and its 95 % interval (White's score, draws, decisive games, mean length, first-move
advantage in Elo): as text, as JSON (``--json``), and as a chart (``--chart OUT.svg|.png``).
``--precision ELO`` plays each version until its first-move advantage is known that well.
Exit codes: 0 done, 2 bad input, 130 stopped by Ctrl+C.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .match import _config, add_play_arguments, play
from .match_rules import add_rule_arguments, rule_of, with_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", help="the first version's variant file (A)")
    parser.add_argument("b", help="the second version's variant file (B)")
    add_play_arguments(parser)
    add_rule_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    parser.add_argument("--chart", metavar="OUT",
                        help="draw both result bars and the differences to OUT.svg or OUT.png")


def run(args: argparse.Namespace) -> int:
    from ..match import DEFAULT_MARGIN
    from ..report import ReportRun, build_report, compare, compare_svg, comparison_json
    from ..report import comparison_text, ending_of
    if args.sprt is not None:
        print("error: --sprt tests two players; compare plays the same players on two "
              "versions (use --precision or --games)", file=sys.stderr)
        return 2
    if args.chart and Path(args.chart).suffix.lower() not in (".svg", ".png"):
        print(f"error: --chart: {args.chart}: the picture is .svg or .png", file=sys.stderr)
        return 2
    if args.balanced is None and not args.openings:
        args.balanced = DEFAULT_MARGIN
    rule = rule_of(args)
    if isinstance(rule, str):
        print(f"error: {rule}", file=sys.stderr)
        return 2
    reports = []
    stopped = False
    for path in (args.a, args.b):
        args.file, args.section, args.fen = path, None, None
        config: Any = _config(args, report=True)
        if not isinstance(config, str):
            config = with_rules(args, config)
        if isinstance(config, str):
            print(f"error: {config}", file=sys.stderr)
            return 2
        print(f"{Path(path).name}: {config.variant.name}", file=sys.stderr)
        result = play(config, None, True, rule=rule)
        if isinstance(result, str):
            print(f"error: {path}: {result}", file=sys.stderr)
            return 2
        reports.append(ReportRun(result, build_report(result.records, config, result.stopped,
                                                      ending=ending_of(result, config, rule))))
        if result.stopped:
            stopped = True
            break
    if stopped:
        print("stopped: no comparison without both versions' games", file=sys.stderr)
        return 130
    comparison = compare(reports[0].report, reports[1].report)
    if args.chart:
        svg = compare_svg(comparison)
        try:
            if Path(args.chart).suffix.lower() == ".png":
                args.svg_to_png(svg, args.chart)
            else:
                Path(args.chart).write_text(svg, encoding="utf-8")
        except (OSError, RuntimeError) as e:
            print(f"error: --chart: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(comparison_json(comparison), indent=1))
    else:
        print(comparison_text(comparison))
    return 0
