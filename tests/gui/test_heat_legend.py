"""The heat map's legend shows every part whole at any width: parts wrap, nothing is cut."""

from __future__ import annotations

import pytest

from designer.balance.heat import HeatMap
from designer.gui.balance._legend import HeatLegend

UNIT = "squares it checks a king here from, not next to it"


def _legend(qtbot, width: int) -> HeatLegend:
    legend = HeatLegend()
    qtbot.addWidget(legend)
    heat = HeatMap("checks", 3, 1, (8.0, None, 18.0), "Safe checks by Archbishop", UNIT,
                   "none: the square is off limits")
    legend.set_state(heat, True, "none here")
    legend.resize(width, 30)
    legend.show()
    qtbot.waitExposed(legend)
    return legend


@pytest.mark.parametrize("width", [1400, 560, 300])
def test_every_part_of_the_legend_is_whole_and_inside_it(qtbot, width):
    legend = _legend(qtbot, width)
    items, height = legend.layout_items(legend.width())
    assert legend.height() == height                      # the widget took the height it needs
    texts = [i.text for i in items if i.text]
    assert f"({UNIT})" in texts and "8" in texts and "18" in texts
    assert any("moves this piece differently here — none here" in t for t in texts)
    for item in items:
        assert 0 <= item.rect.left() and item.rect.right() <= legend.width(), item
        assert 0 <= item.rect.top() and item.rect.bottom() <= legend.height(), item
        if item.kind == "text":                           # one-line texts fit their box
            assert legend.fontMetrics().horizontalAdvance(item.text) <= item.rect.width()
