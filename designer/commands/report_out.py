"""The balance report's side of ``variant-designer match``: ``--report`` prints the report of
the games played (text, or JSON with ``--json``) and ``--chart OUT.svg|OUT.png`` draws its
charts; and the run behind ``values --fitted``.

PNG needs Qt: the command line hands in a converter (``args.svg_to_png``; this layer never
imports the window); without one a .png chart is refused with the reason and SVG offered.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..report import ReportRun, charts_svg, report_json, report_text

SvgToPng = Callable[[str, str], None]


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "balance report", "with --report: 4 random opening plies and 10 cp of evaluation "
        "noise unless given, so that the games differ")
    group.add_argument("--report", action="store_true",
                       help="print the balance report (results with 95 %% intervals, "
                            "first-move advantage in Elo, lengths, endings, fitted values)")
    group.add_argument("--json", action="store_true",
                       help="print the report as JSON (implies --report)")
    group.add_argument("--chart", metavar="OUT",
                       help="draw the win/draw/loss bar and the game-length histogram to "
                            "OUT.svg or OUT.png (implies --report)")


def wants_report(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "report", False) or getattr(args, "json", False) or
                getattr(args, "chart", None))


def chart_problem(args: argparse.Namespace) -> str:
    """Why ``--chart`` cannot be written (before any game is played), or ''."""
    chart = getattr(args, "chart", None)
    if not chart:
        return ""
    suffix = Path(chart).suffix.lower()
    if suffix not in (".svg", ".png"):
        return f"--chart: {chart}: the picture is .svg or .png"
    if suffix == ".png" and getattr(args, "svg_to_png", None) is None:
        return "--chart: PNG needs Qt (PySide6), which is not available; write .svg"
    return ""


def write_report(args: argparse.Namespace, run: ReportRun) -> str:
    """Print the report and draw the chart; the error message, or ''."""
    report = run.report
    if args.chart:
        svg = charts_svg(report)
        try:
            if Path(args.chart).suffix.lower() == ".png":
                convert: SvgToPng = args.svg_to_png
                convert(svg, args.chart)
            else:
                Path(args.chart).write_text(svg, encoding="utf-8")
        except (OSError, RuntimeError) as e:
            return f"--chart: {e}"
    if args.json:
        data: dict[str, Any] = report_json(report)
        print(json.dumps(data, indent=1))
    else:
        print(report_text(report))
    sys.stdout.flush()
    return ""


__all__ = ["add_report_arguments", "chart_problem", "wants_report", "write_report"]
