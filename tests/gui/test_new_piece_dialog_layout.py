"""The New piece dialog keeps its fields usable whatever the description's length: a long
reading scrolls in its own box instead of squeezing Letter, Name and Definition to slivers."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from designer.formats import xboard_ini
from designer.gui.workbench.new_piece_dialog import NewPieceDialog

ROOT = Path(__file__).resolve().parents[2]


def test_a_long_description_does_not_squeeze_the_fields(qtbot):
    dialog = NewPieceDialog(xboard_ini.load(ROOT / "variants" / "fide.ini"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.definition, "KNADcaKmcabK")          # the Chu Shogi Lion
    QCoreApplication.sendPostedEvents()      # the layout requests the new text posted, done
    assert len(dialog.reading.text()) > 300
    for field in (dialog.letter, dialog.name, dialog.definition):
        assert field.height() >= field.sizeHint().height(), field.accessibleName()
    # every word of the reading is there to scroll to
    area = dialog.reading_area
    assert area.widget() is dialog.reading
    assert dialog.reading.height() >= dialog.reading.heightForWidth(dialog.reading.width())
