"""The piece palette through its widgets (buttons, fields, dialogs filled in as a person would):
each action is one undo step with a readable name, and undo gives back exactly the variant."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtCore import Qt

from designer.formats import xboard_ini
from designer.formats.registry import read_any
from designer.variant.model import PieceType
from palette_helpers import retype, retype_number, sample, shown_on_document, undo_restores


@pytest.fixture
def make_palette(qtbot):
    def make(variant, select: str | None = None):
        from designer.gui.workbench.piece_palette import PiecePalette
        doc, widget = shown_on_document(qtbot, PiecePalette, variant, select, (320, 760))
        widget.ask = lambda text: pytest.fail(f"unexpected question: {text}")
        return doc, widget
    return make


def _filled(qtbot, fill):
    """A ``run_dialog`` that shows the dialog, lets ``fill`` use its widgets, returns its result."""
    def run(dialog):
        dialog.show()
        qtbot.waitExposed(dialog)
        fill(dialog)
        return dialog.result()
    return run


def test_add_a_piece_from_the_library(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"))
    before = doc.variant

    def fill(d):
        qtbot.keyClicks(d.search, "archb")
        assert d.current().name == "Archbishop"
        assert "BN" in d.about.text()
        retype(qtbot, d.letter, "A")
        qtbot.mouseClick(d.add_button, Qt.LeftButton)

    palette.run_dialog = _filled(qtbot, fill)
    qtbot.mouseClick(palette.add_button, Qt.LeftButton)
    assert doc.variant.piece("A") == PieceType("A", "Archbishop", "BN", "xbetza")
    assert doc.selected == "A" and palette.list.currentItem().data(Qt.UserRole) == "A"
    assert doc.undo_stack.undoText() == "Add Archbishop (A) from the library"
    undo_restores(doc, before)


def test_the_library_refuses_a_taken_letter(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"))

    def fill(d):
        qtbot.keyClicks(d.search, "Nightrider")
        retype(qtbot, d.letter, "N")
        assert not d.add_button.isEnabled() and "Knight" in d.letter_note.text()
        d.reject()

    palette.run_dialog = _filled(qtbot, fill)
    assert not palette.add_from_library()
    assert doc.variant.piece("N").name == "Knight"


def test_add_a_new_piece_with_its_own_definition(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"))
    before = doc.variant

    def fill(d):
        retype(qtbot, d.letter, "h")
        qtbot.keyClicks(d.name, "Nightrider")
        qtbot.keyClicks(d.definition, "NN(")
        assert not d.ok.isEnabled() and d.reading.text().startswith("column 3")
        qtbot.keyClick(d.definition, Qt.Key_Backspace)
        assert d.ok.isEnabled()
        qtbot.mouseClick(d.ok, Qt.LeftButton)

    palette.run_dialog = _filled(qtbot, fill)
    palette.new_act.trigger()
    assert doc.variant.piece("H") == PieceType("H", "Nightrider", "NN", "xbetza")
    undo_restores(doc, before)


def test_duplicate_takes_a_free_letter(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="N")
    before = doc.variant
    qtbot.mouseClick(palette.duplicate_button, Qt.LeftButton)
    # N is taken; the next initials of "Knight" are K (taken), N, I: I is free
    copy = doc.variant.piece("I")
    assert copy is not None and (copy.name, copy.notation) == ("Knight (copy)", "N")
    assert doc.selected == "I"
    undo_restores(doc, before)


def test_deleting_a_piece_in_the_setup_asks_and_takes_it_off_in_one_step(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="N")
    before = doc.variant
    questions = []
    palette.ask = lambda text: questions.append(text) or False
    qtbot.mouseClick(palette.delete_button, Qt.LeftButton)
    assert doc.variant == before                              # answered no: nothing changed
    assert "4 on the board" in questions[0] and "Pawn promotes to it" in questions[0]
    palette.ask = lambda text: True
    qtbot.mouseClick(palette.delete_button, Qt.LeftButton)
    v = doc.variant
    assert v.piece("N") is None
    assert v.setup == "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1"
    assert v.piece("P").promotions == ("B", "R", "Q")
    assert doc.undo_stack.undoText() == "Delete Knight (N)"
    undo_restores(doc, before)


def test_deleting_a_piece_not_in_the_setup_does_not_ask(make_palette, qtbot):
    v = sample("fide").with_piece(PieceType("H", "Nightrider", "NN"))
    doc, palette = make_palette(v, select="H")
    qtbot.mouseClick(palette.delete_button, Qt.LeftButton)
    assert doc.variant == sample("fide")


def test_deleting_a_shogi_piece_takes_its_promoted_form_too(make_palette, qtbot):
    doc, palette = make_palette(sample("shogi"), select="L")
    palette.ask = lambda text: "+L is deleted with it" in text
    qtbot.mouseClick(palette.delete_button, Qt.LeftButton)
    assert doc.variant.piece("L") is None and doc.variant.piece("+L") is None
    assert doc.variant.setup.split()[0] == "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/" \
                                           "1NSGKGSN1[-]"


def test_renaming_a_piece_is_one_undo_step(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="N")
    before = doc.variant
    retype(qtbot, palette.details.name, "Horse")
    assert doc.variant.piece("N").name == "Horse"
    assert doc.undo_stack.undoText() == "Rename piece N to Horse"
    undo_restores(doc, before)


def test_changing_the_letter_renames_it_everywhere(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="N")
    before = doc.variant
    retype(qtbot, palette.details.letter, "h", enter=True)
    v = doc.variant
    assert v.piece("N") is None and v.piece("H").name == "Knight"
    assert v.setup == "rhbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBHR w KQkq - 0 1"
    assert v.piece("P").promotions == ("H", "B", "R", "Q")
    assert doc.selected == "H"
    assert doc.undo_stack.undoText() == "Change letter of Knight from N to H"
    undo_restores(doc, before)


def test_a_taken_letter_is_refused_and_a_dressed_one_says_what_formats_make_of_it(
        make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="N")
    before = doc.variant
    retype(qtbot, palette.details.letter, "B", enter=True)
    assert doc.variant == before
    assert "Bishop" in palette.details.letter_note.text()
    retype(qtbot, palette.details.letter, "N'")
    assert "Fairy-Stockfish" in palette.details.letter_note.text()
    qtbot.keyClick(palette.details.letter, Qt.Key_Escape)
    assert palette.details.letter.text() == "N"


def test_renaming_a_shogi_piece_renames_its_promoted_form(make_palette, qtbot):
    doc, palette = make_palette(sample("shogi"), select="S")
    retype(qtbot, palette.details.letter, "V", enter=True)
    v = doc.variant
    assert v.piece("V").promotes_to == "+V" and v.piece("+V").name == "Promoted Silver"
    assert v.piece("S") is None and v.piece("+S") is None
    assert v.validate() == [] or all(p.severity == "warning" for p in v.validate())


def test_royal_and_promotion_fields(make_palette, qtbot):
    doc, palette = make_palette(sample("fide"), select="P")
    before = doc.variant
    d = palette.details
    d.royal.click()
    assert doc.variant.piece("P").royal
    item = next(d.choices.item(i) for i in range(d.choices.count())
                if d.choices.item(i).data(Qt.UserRole) == "N")
    item.setCheckState(Qt.Unchecked)                       # the user unticks the knight
    assert doc.variant.piece("P").promotions == ("B", "R", "Q")
    retype_number(qtbot, d.zone, "2")
    assert doc.variant.piece("P").promotion_zone == 2
    d.turns_into.setCurrentIndex(d.turns_into.findData("Q"))
    d.turns_into.activated.emit(d.turns_into.currentIndex())
    assert doc.variant.piece("P").promotes_to == "Q"
    was = doc.variant.piece("P").mandatory_promotion   # the pawn's promotion: mandatory
    assert was and d.mandatory.isChecked()
    d.mandatory.click()
    assert doc.variant.piece("P").mandatory_promotion is not was
    for _ in range(5):
        doc.undo_stack.undo()
    assert doc.variant == before


def test_choose_a_builtin_drawing(make_palette):
    doc, palette = make_palette(sample("fide"), select="N")
    d = palette.details
    d.picture_menu.aboutToShow.emit()
    builtin = next(a.menu() for a in d.picture_menu.actions() if a.text() == "Built-in drawing")
    next(a for a in builtin.actions() if a.text() == "Camel").trigger()
    assert doc.variant.piece("N").image == "camel"
    assert "camel" in d.picture_why.text()


def test_a_chosen_picture_file_is_saved_with_thesample(make_palette, tmp_path):
    png = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAADklEQVR4nGP4DwUM"
                           "MAYAj4IP8TylVlEAAAAASUVORK5CYII=")
    picture = tmp_path / "horse.png"
    picture.write_bytes(png)
    doc, palette = make_palette(sample("fide"), select="N")
    palette.details.choose_picture = lambda: str(picture)
    palette.details.picture_menu.aboutToShow.emit()
    next(a for a in palette.details.picture_menu.actions()
         if a.text().startswith("Picture file")).trigger()
    image = doc.variant.piece("N").image
    assert image == "data:image/png;base64," + base64.b64encode(png).decode()
    picture.unlink()                                   # the variant carries it, not the path
    out = tmp_path / "fide.ini"
    xboard_ini.save(out, doc.variant)
    assert read_any(out).piece("N").image == image


def test_choosing_a_row_selects_the_piece_and_the_document_selects_the_row(make_palette):
    doc, palette = make_palette(sample("fide"))
    palette.list.setCurrentRow(2)
    assert doc.selected == "B"
    doc.select("K")
    assert palette.list.currentItem().data(Qt.UserRole) == "K"
    assert palette.details.name.text() == "King"


def test_a_palette_row_drags_out_as_that_piece(make_palette):
    from designer.gui.workbench.piece_mime import letter_of
    doc, palette = make_palette(sample("fide"))
    item = palette.list.item(3)
    assert letter_of(palette.list.mimeData([item])) == "R"




def test_typing_a_definition_updates_the_row_and_its_picture(make_palette, qtbot):
    """The editor's typing reaches the palette: the row shows the new moves and the picture
    follows them (BN is drawn as the Archbishop)."""
    from designer.gui.workbench.piece_images import piece_icon
    v = sample("fide").with_piece(PieceType("X", "Mystery", "W"))
    doc, palette = make_palette(v, select="X")
    doc.set_notation("X", "BN")
    row = list(doc.variant.letters).index("X")
    item = palette.list.item(row)
    assert item.text().splitlines()[1] == "BN"
    want = piece_icon(doc.variant.piece("X"), doc.variant, None, 40).pixmap(40, 40).toImage()
    assert item.icon().pixmap(40, 40).toImage() == want
    assert "Archbishop" in palette.details.picture_why.text()
