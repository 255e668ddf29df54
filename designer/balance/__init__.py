"""Balance: what each piece is worth, where it is strong, and where engines read it otherwise.

Qt-free. The public face::

    table = piece_values(variant, knight3=False)     # ValueTable: every piece, every estimate
    table.as_json()                                  # {"N": {"mobility": 3.0, ...}, ...}
    m = heat_map("distance", "B", "xbetza", 8, 8, origin=(2, 0))     # HeatMap
    svg = render_heat(m, "B")
    d = engine_differences("fK", "xbetza", position, (3, 3), "white")  # EngineDifferences
    fit = fit_logistic(samples); fitted_values(fit, "P")               # values from play

The estimates: mobility on a crowded board (``mobility``), H.G. Muller's leaper law
(``leaper_law``), Fairy-Stockfish's formula and table values (``fsf_value``, ported from its
``psqt.cpp``; ``fsf_estimate`` for a whole variant), values fitted from games (``fit``).
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .differences import (EngineDifferences, ProgramDifferences, SquareDifference,
                              engine_differences)
    from .estimates import (DISAGREEMENT, ESTIMATES, LABELS, Estimate, EstimateName, PieceValues,
                            ValueTable)
    from .fit import FitError, FittedValue, FittedValues, LogisticFit, fit_logistic, fitted_values
    from .heat import HEAT_KINDS, HEAT_LABELS, HeatCancelled, HeatKind, HeatMap, heat_map
    from .heat_svg import render_heat
    from .values import Cancelled, piece_values

# The window shows the estimates in a panel it builds when first shown, and heat maps when
# asked: none of it loads with the window (see designer.lazy).
_EXPORTS = {
    **dict.fromkeys(("EngineDifferences", "ProgramDifferences", "SquareDifference",
                     "engine_differences"), ".differences"),
    **dict.fromkeys(("DISAGREEMENT", "ESTIMATES", "LABELS", "Estimate", "EstimateName",
                     "PieceValues", "ValueTable"), ".estimates"),
    **dict.fromkeys(("FitError", "FittedValue", "FittedValues", "LogisticFit", "fit_logistic",
                     "fitted_values"), ".fit"),
    **dict.fromkeys(("HEAT_KINDS", "HEAT_LABELS", "HeatCancelled", "HeatKind", "HeatMap",
                     "heat_map"), ".heat"),
    "render_heat": ".heat_svg",
    **dict.fromkeys(("Cancelled", "piece_values"), ".values"),
}
__getattr__ = lazy_exports(__name__, _EXPORTS)

__all__ = ["Cancelled", "DISAGREEMENT", "ESTIMATES", "EngineDifferences", "Estimate",
           "EstimateName", "FitError", "FittedValue", "FittedValues", "HEAT_KINDS",
           "HEAT_LABELS", "HeatCancelled", "HeatKind", "HeatMap", "LABELS", "LogisticFit",
           "PieceValues", "ProgramDifferences", "SquareDifference", "ValueTable",
           "engine_differences", "fit_logistic", "fitted_values", "heat_map", "piece_values",
           "render_heat"]
