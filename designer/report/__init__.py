"""The balance report: N self-play games of a variant and what they say about its fairness and
its pieces. Qt-free; above ``match`` (it plays its games through it).

    config = MatchConfig(variant, games=1000, limits=Limits(depth=2), seed=1, jobs=2,
                         opening_plies=REPORT_OPENING_PLIES, settings=balance_settings())
    run = run_report(config, on_game=progress, stop=event)      # ReportRun
    report = run.report            # BalanceReport: a function of the games, never of the clock
    print(report_text(report)); json.dump(report_json(report), out)
    svg = charts_svg(report)       # win/draw/loss bar and game-length histogram
    report.fitted.values           # balance.FittedValues for the Piece values' fitted column

The statistics (``stats``): Wilson intervals for the shares of White's wins, Black's wins and
draws, White's score with its interval turned into Elo (the first-move advantage), game length
median and spread; the fitted piece values (``fitting``): a logistic regression of results on
material over the games' stable positions, with intervals that count each game once.
"""

from .charts import charts_svg
from .compare import Comparison, Figure, compare, comparison_json, comparison_text
from .compare_chart import compare_svg
from .fitting import STABLE_PLIES, PlayFit, fit_games
from .render import report_from_json, report_json, report_text
from .run import (REPORT_NOISE, REPORT_OPENING_PLIES, Eta, ReportRun, balance_settings,
                  check_players, clock_text, ending_of, run_report, run_stopping)
from .sequential import Precision, Rule, Sprt, Verdict, Watch, judge, llr, pentanomial
from .stats import Histogram, Interval, Score, Spread, elo_of, histogram, score_of, spread_of, wilson
from .summary import BalanceReport, Ending, Results, RunInfo, build_report, run_info

__all__ = ["Comparison", "Figure", "compare", "compare_svg", "comparison_json",
           "comparison_text", "Ending", "Precision", "Rule", "Sprt", "Verdict", "Watch", "ending_of", "judge",
           "llr", "pentanomial", "run_stopping", "BalanceReport", "Eta", "Histogram", "Interval", "PlayFit", "REPORT_NOISE",
           "REPORT_OPENING_PLIES", "ReportRun", "Results", "RunInfo", "STABLE_PLIES", "Score",
           "Spread", "balance_settings", "build_report", "charts_svg", "check_players",
           "clock_text", "elo_of", "fit_games", "histogram", "report_from_json", "report_json",
           "report_text", "run_info", "run_report", "score_of", "spread_of", "wilson"]
