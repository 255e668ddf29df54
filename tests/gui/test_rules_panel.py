"""Variant > Rules: every option of the option table has an editor in the window, each change is
one undo step on the one document, and the Fairy-Stockfish section beside it follows."""

from __future__ import annotations

import pytest
from palette_helpers import sample
from rule_values import other_value

from designer.formats import fsf_ini
from designer.variant.derive import rules_for
from designer.rules.fields import present_at, text_of, value_at
from designer.rules.fsf_table import FSF_OPTIONS


@pytest.fixture
def panel_on(window):
    """The window's Rules tab, shown, on a sample variant."""
    def load(name: str):
        window.load_variant(sample(name))
        window.acts["rules"].trigger()
        panel = window.rules_panel
        assert window.central_tabs.currentWidget() is panel
        panel.refresh()
        return panel
    return load


def _type_into(editor, value) -> None:
    """Set ``value`` the way a user does it in this editor (click, arrows, choice, text)."""
    if hasattr(editor, "sides"):
        for one, side in zip(editor.sides, (value.white, value.black)):
            if _shown(one) != side:
                _type_into(one, side)
        return
    if hasattr(editor, "box") and hasattr(editor.box, "isChecked"):
        editor.box.click()
    elif hasattr(editor, "box") and hasattr(editor.box, "setSpecialValueText"):
        editor.box.setValue(-1 if value is None else value)
    elif hasattr(editor, "box"):
        editor.box.setCurrentIndex(editor.box.findText(value))
        editor.box.activated.emit(editor.box.currentIndex())
    else:
        editor.line.setText("-" if value == () else text_of(editor.field.kind, value))
        editor.line.editingFinished.emit()


def _shown(editor):
    try:
        return editor.value()
    except Exception:
        return object()


def _read(rules, field):
    return present_at(rules, field.path) if field.kind == "present" \
        else value_at(rules, field.path)


@pytest.mark.parametrize("name", ["shogi", "xiangqi"])
def test_every_option_of_the_table_is_edited_in_the_window_one_undo_step_each(panel_on, name):
    panel = panel_on(name)
    doc = panel.doc
    letters = doc.variant.letters
    options = [o for o, (place, _n) in FSF_OPTIONS.items() if place.startswith("rule_set.")]
    done: set[str] = set()
    for option in options:
        fields = [f for f in panel.fields.values() if option in f.options]
        assert fields, f"{option}: no editor in the Rules panel"
        for field in fields[:1] if field_count_ok(fields) else fields:
            if field.path in done:
                continue
            done.add(field.path)
            before, steps = doc.variant, doc.undo_stack.index()
            rules = rules_for(before)
            value = other_value(field, rules, letters)
            _type_into(panel.editor(field.path), value)
            after = doc.variant.rule_set
            assert after is not None and _read(after, field) == value, (option, field.path)
            assert doc.undo_stack.index() == steps + 1, (option, field.path)
            assert option.split("<")[0] in doc.undo_stack.text(steps) or \
                field.name.replace("_", " ") in doc.undo_stack.text(steps)
            doc.undo_stack.undo()
            assert doc.variant == before, (option, field.path)
            panel.refresh()
            assert _read(rules_for(doc.variant), field) == _shown_value(panel, field)


def field_count_ok(fields) -> bool:
    """Options set per piece type have one field per type: one of them stands for the rest."""
    return all(f.pattern == fields[0].pattern for f in fields)


def _shown_value(panel, field):
    return panel.editor(field.path).value()


def test_the_basics_form_and_the_table_edit_the_same_rule(panel_on):
    panel = panel_on("fide")
    doc = panel.doc
    form = panel.editor("ending.repetition.count", form=True)
    table = panel.editor("ending.repetition.count")
    assert form is not table and form.value() == 3
    form.box.setValue(5)
    assert doc.variant.rule_set.ending.repetition.count == 5
    panel.refresh()
    assert table.value() == 5                         # both read the document
    assert doc.undo_stack.text(doc.undo_stack.count() - 1) == "Rules: nFoldRule"
    doc.undo_stack.undo()
    panel.refresh()
    assert doc.variant.rule_set.ending.repetition.count == 3 and form.value() == 3


def test_the_basics_cover_the_tier_one_rules(panel_on):
    panel = panel_on("shogi")
    for path in ("royalty.checks", "castling", "promotions[0].zone", "promotions[0].choices",
                 "promotions[0].mandatory", "drops", "drops.region", "ending.stalemate",
                 "ending.repetition.count", "ending.move_limit", "ending.extinction",
                 "ending.extinction.pieces"):
        editor = panel.editor(path, form=True)
        assert editor.toolTip(), path


def test_text_that_does_not_read_changes_nothing_and_says_why(panel_on):
    panel = panel_on("shogi")
    doc = panel.doc
    before, steps = doc.variant, doc.undo_stack.index()
    editor = panel.editor("drops.region").sides[0]
    editor.line.setText("z99")
    editor.line.editingFinished.emit()
    assert doc.variant is before and doc.undo_stack.count() == steps
    assert "z99" in editor.line.toolTip() and "z99" in panel.message.text()
    letters = panel.editor("drops.no_doubled")
    letters.line.setText("P Q")
    letters.line.editingFinished.emit()
    assert doc.variant is before and "no piece type Q" in panel.message.text()


def test_a_derived_rule_set_is_written_out_by_the_first_edit_and_undone(window):
    from dataclasses import replace
    v = replace(sample("fide"), rule_set=None)
    window.load_variant(v)
    window.acts["rules"].trigger()
    panel = window.rules_panel
    panel.refresh()
    panel.editor("ending.stalemate", form=True).box.setCurrentText("loss")
    panel.editor("ending.stalemate", form=True).box.activated.emit(1)
    rules = window.doc.variant.rule_set
    assert rules is not None and rules.ending.stalemate == "loss"
    window.doc.undo_stack.undo()
    assert window.doc.variant.rule_set is None


def test_the_section_shows_what_the_export_writes_and_what_the_parent_brings(panel_on):
    panel = panel_on("xiangqi")
    written = fsf_ini.write(panel.doc.variant, with_designer=False)
    own = [line for line in written.splitlines()[2:] if line.strip()]
    text = panel.section.toPlainText()
    assert "[xiangqi-custom:xiangqi]" in text
    for line in own:
        assert f"variant │ {line}" in text
    # the parent's lines are named as the parent's (the built-in xiangqi's flying general)
    assert "xiangqi │ flyingGeneral = true" in text
    assert "xiangqi │ chasingRule = axf" in text
    # an edit shows at once: stalemate a draw is the variant's own line now
    editor = panel.editor("ending.stalemate", form=True)
    editor.box.setCurrentText("draw")
    editor.box.activated.emit(editor.box.currentIndex())
    panel.refresh()
    text = panel.section.toPlainText()
    assert "variant │ stalemateValue = draw" in text
    assert "stalemateValue = loss" not in text
    panel.doc.undo_stack.undo()
    panel.refresh()
    assert "xiangqi │ stalemateValue = loss" in panel.section.toPlainText()


def test_the_filter_finds_an_option_by_its_fairy_stockfish_name(panel_on):
    panel = panel_on("fide")
    panel.filter.setText("nfold")
    shown = [item.text(2) for item in panel._items.values() if not item.isHidden()]
    assert "ending.repetition.count" in shown and "drops.checks" not in shown


def test_the_panel_follows_undo_of_other_panels_and_piece_renames(panel_on):
    panel = panel_on("shogi")
    doc = panel.doc
    doc.rename_piece("R", "T")
    panel.refresh()
    assert "pieces[T].confined" in panel.fields and "pieces[R].confined" not in panel.fields
    doc.undo_stack.undo()
    panel.refresh()
    assert "pieces[R].confined" in panel.fields


def test_a_rule_added_to_the_model_gets_an_editor_without_a_change_to_the_panel(window):
    from dataclasses import dataclass, replace

    from designer.rules.model import RuleSet

    @dataclass(frozen=True)
    class Newer(RuleSet):
        sudden_death: bool = False
        sudden_moves: int = 0

    v = sample("fide")
    window.load_variant(replace(v, rule_set=Newer(**{f: getattr(v.rule_set, f)
                                                     for f in v.rule_set.__dataclass_fields__})))
    window.acts["rules"].trigger()
    panel = window.rules_panel
    panel.refresh()
    panel.editor("sudden_death").box.click()
    assert window.doc.variant.rule_set.sudden_death is True
    panel.editor("sudden_moves").box.setValue(7)
    assert window.doc.variant.rule_set.sudden_moves == 7
    window.doc.undo_stack.undo()
    window.doc.undo_stack.undo()
    assert window.doc.variant.rule_set == Newer(**{f: getattr(v.rule_set, f)
                                                   for f in v.rule_set.__dataclass_fields__})


def test_a_rule_that_names_a_missing_piece_is_shown_as_a_problem(panel_on):
    panel = panel_on("fide")
    assert panel.problems.isHidden()
    panel.editor("promotions[1]").box.click()           # a second promotion, without pieces
    panel.refresh()
    assert not panel.problems.isHidden()
    assert "promotions[1].pieces" in panel.problems.text()
    assert not panel._items["promotions[1].pieces"].icon(0).isNull()
    panel.doc.undo_stack.undo()
    panel.refresh()
    assert panel.problems.isHidden()


def test_a_kept_key_must_hold_json_under_a_name_of_its_own(panel_on, tmp_path):
    """The row of keys kept from a newer version took "R:+R": every save then failed with a
    JSON decoding error; "castling:1" would have been dropped by the next save."""
    from designer.formats import xboard_ini
    panel = panel_on("fide")
    doc = panel.doc
    before = doc.variant
    editor = panel.editor("extra")
    for text, why in (("R:+R", "'+R' is not a JSON value"),
                      ("castling:1", "castling is a rule of this version")):
        editor.line.setText(text)
        editor.line.editingFinished.emit()
        assert doc.variant is before and why in panel.message.text()
    editor.line.setText('future_rule:3, note:"x"')
    editor.line.editingFinished.emit()
    assert doc.variant.rule_set.extra == (("future_rule", "3"), ("note", '"x"'))
    path = tmp_path / "kept.ini"
    xboard_ini.save(path, doc.variant)
    assert xboard_ini.load(path) == doc.variant
