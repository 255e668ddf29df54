"""One record of the rules in the window: what the Pieces dock's promotion group edits is what
Play offers, the dock and *Rules > Basics* show one *must promote*, and the piece view marks
the zone the game promotes in after a Rules-panel edit."""

from __future__ import annotations

from PySide6.QtCore import Qt

from designer.variant.derive import rules_for, zone
from designer.game.game import Game
from palette_helpers import sample, shown_on_document


def _details(qtbot, variant, select):
    from designer.gui.workbench.piece_palette import PiecePalette
    doc, palette = shown_on_document(qtbot, PiecePalette, variant, select, (320, 760))
    return doc, palette


def _promotions_from_a7(variant) -> list[str]:
    """What the game offers the White pawn on a7 (Play's legal moves)."""
    game = Game(variant, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    return sorted(t for t in map(game.move_text, game.legal_moves()) if t.startswith("a7"))


def test_promotion_choices_edited_on_the_piece_are_what_play_offers(qtbot):
    doc, palette = _details(qtbot, sample("fide"), "P")
    d = palette.details
    for i in range(d.choices.count()):
        item = d.choices.item(i)
        if item.data(Qt.UserRole) != "N":
            item.setCheckState(Qt.Unchecked)       # the user leaves only the Knight ticked
    assert _promotions_from_a7(doc.variant) == ["a7a8n"]
    assert [d.choices.item(i).data(Qt.UserRole) for i in range(d.choices.count())
            if d.choices.item(i).checkState() == Qt.Checked] == ["N"]
    assert doc.undo_stack.undoText() == "Pawn promotes to N"
    doc.undo_stack.undo()                           # each change is one step, the rules with it
    assert _promotions_from_a7(doc.variant) == ["a7a8n", "a7a8q"]


def test_one_must_promote_for_the_dock_the_rules_panel_and_play(qtbot, window):
    """A new variant whose Archbishop promotes in a two-rank zone: the dock's box, the Rules
    panel's *Promotion is mandatory* and the game say the same, both ways."""
    from designer.variant.model import PieceType, Variant
    v = Variant(name="New", pieces=(PieceType("K", "King", "K", royal=True),
                                    PieceType("A", "Archbishop", "BN"),
                                    PieceType("Q", "Queen", "Q")),
                setup="k7/8/8/8/8/8/8/K7 w - - 0 1")
    window.load_variant(v)
    doc, d = window.doc, window.piece_palette.details
    doc.select("A")
    next(d.choices.item(i) for i in range(d.choices.count())
         if d.choices.item(i).data(Qt.UserRole) == "Q").setCheckState(Qt.Checked)
    d.zone.setValue(2)
    window.acts["rules"].trigger()
    panel = window.rules_panel
    panel.refresh()
    basics = panel.editor("promotions[0].mandatory", form=True)
    assert d.mandatory.isChecked() == basics.value() == rules_for(doc.variant).promotions[0] \
        .mandatory
    d.mandatory.click()                             # the dock's box ...
    panel.refresh()
    assert basics.value() is d.mandatory.isChecked()    # ... is the panel's rule
    basics.box.click()                              # and the panel's box is the dock's
    assert d.mandatory.isChecked() is rules_for(doc.variant).promotions[0].mandatory
    # Play follows: an Archbishop reaching the zone may stay only when promotion is optional
    must = rules_for(doc.variant).promotions[0].mandatory
    game = Game(doc.variant, "k7/8/8/8/8/8/8/A6K w - - 0 1")
    stays = [m for m in game.legal_moves() if game.move_text(m) == "a1f6"]
    assert bool(stays) is not must


def test_the_piece_views_zone_is_the_games_after_a_rules_panel_edit(window):
    from dataclasses import replace

    from designer.rules.regions import Region, Sided
    window.load_variant(sample("grand"))
    doc = window.doc
    doc.select("P")
    rules = rules_for(doc.variant)
    new = Sided(Region("*10 a9"), Region("*1 a2"))  # not a number of ranks: a region
    promotions = (replace(rules.promotions[0], zone=new),) + rules.promotions[1:]
    doc.set_rule_set(replace(rules, promotions=promotions), "Rules: promotionRegion")
    window.view.refresh()
    game_zone = rules_for(doc.variant).promotions[0].zone.white.squares(10, 10)
    assert window.view.canvas.zone == game_zone
    assert (0, 8) in window.view.canvas.zone and (1, 8) not in window.view.canvas.zone
    assert zone(3, 10) != rules_for(doc.variant).promotions[0].zone


def test_must_promote_on_a_variant_whose_rules_are_derived(qtbot):
    """The FIDE template carries no rule set: the dock shows the derived rule (the pawn must
    promote), and unticking it makes the game let the pawn stay, in one undo step."""
    from designer.gui.window.dialogs import fide
    doc, palette = _details(qtbot, fide(), "P")
    d = palette.details
    assert doc.variant.rule_set is None and d.mandatory.isChecked()
    d.mandatory.click()
    assert not d.mandatory.isChecked()
    assert rules_for(doc.variant).promotions[0].mandatory is False
    game = Game(doc.variant, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert "a7a8" in [game.move_text(m) for m in game.legal_moves()]
    doc.undo_stack.undo()
    assert doc.variant.rule_set is None
