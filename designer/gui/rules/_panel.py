"""The window's Rules panel: every rule of play of the document's variant, editable.

Two views of the same fields (``rules.fields``): *Basics*, a form of the rules most variants
set (``_basics``), and *All options*, a table of every field the model has, each under the
Fairy-Stockfish options that set it, with an editor by the kind of its value. Because both are
built from the model's own fields, a rule added to the model appears here without a change.
Beside them, the Fairy-Stockfish section the export writes now (``_fsf_pane``).

The panel keeps no copy of the rules: it reads the document whenever the document changes and
each committed edit is one ``VariantDocument.set_rule_set`` step, so Undo takes back exactly
one change. A variant whose rules were derived from its parent (``rule_set`` None) shows the
derived rules; its first edit writes them out with the change.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QShowEvent
from PySide6.QtWidgets import (QFormLayout, QGroupBox, QHeaderView, QLabel, QLineEdit,
                               QScrollArea, QSplitter, QStyle, QTabWidget, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from ...variant.derive import rules_for
from ...rules.fields import RuleField, present_at, rule_fields, value_at, with_value
from ...rules.model import RuleSet
from ...rules.validate import rule_problems
from ...variant.aspects import Aspect
from ...variant.model import Variant
from ..document import VariantDocument
from ._basics import BASICS
from ._editors import FieldEditor, editor_for
from ._fsf_pane import FsfSectionPane

__all__ = ["RulesPanel"]

_GROUPS = {"pieces": "Pieces (confinement, moves in a region)", "promotions": "Promotion",
           "promoted_forms": "Promoted forms (Shogi style)", "drops": "Drops and the hand",
           "castling": "Castling", "royalty": "Royalty and check", "ending": "End of the game",
           "initial_moves": "Initial moves", "triple_steps": "Triple steps",
           "en_passant_region": "En passant",
           "blast": "Atomic captures", "walls": "Walls", "gating": "Gating",
           "lion": "Chu Shogi's Lion", "extra": "Kept from a newer version"}
_OFF = QColor("#8a8a8a")


def label_of(field: RuleField) -> str:
    """The name a field is listed under: its Fairy-Stockfish options, else its own name; a
    field of one piece type's rules or of one of several promotions names it first."""
    if field.options:
        shown = field.options[:3]
        name = ", ".join(shown) + (" …" if len(field.options) > 3 else "")
    else:
        name = re.sub(r"\[[^\]]*\]$", "", field.name).replace("_", " ")
        if field.kind == "present":
            name += " (on/off)"
    key = re.match(r"pieces\[([^\]]+)\]|promotions\[(\d+)\]", field.path)
    if key is None:
        return name
    return f"{key.group(1)}: {name}" if key.group(1) else f"#{int(key.group(2)) + 1}: {name}"


def _table_order(field: RuleField) -> int:
    """The table lists the rules of the whole game first, those of single piece types last."""
    return _LAST.index(field.group) + 1 if field.group in _LAST else 0


_LAST = ("pieces", "extra")


def tooltip_of(field: RuleField) -> str:
    lines = [f"{o}: {n}" for o, n in zip(field.options, field.notes)]
    if not field.options:
        lines.append("Not a Fairy-Stockfish option (kept in our files; XBoard or the game "
                     "engine plays it)")
    side = ", per side" if field.sided else ""
    lines.append(f"Rule: rule_set.{field.path} ({field.kind}{side})")
    return "\n".join(lines)


def _parent_path(path: str) -> str:
    return path.rsplit(".", 1)[0] if "." in path else ""


class RulesPanel(QWidget):
    """The rules of the document's variant: a form, the full table, the engine's section."""

    def __init__(self, doc: VariantDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.fields: dict[str, RuleField] = {}
        self.table_editors: dict[str, FieldEditor] = {}
        self.form_editors: dict[str, FieldEditor] = {}
        self._form_labels: dict[str, QLabel] = {}
        self._items: dict[str, QTreeWidgetItem] = {}
        self._groups: dict[QTreeWidgetItem, list[QTreeWidgetItem]] = {}   # heading -> rows
        self._signature: object = None
        self._dirty = True
        self._shown: Variant | None = None     # the variant the editors show
        self._off: dict[str, bool] = {}        # rows shown greyed (their part is off)

        self.tabs = QTabWidget()
        self.form_area = QScrollArea()
        self.form_area.setWidgetResizable(True)
        self.tabs.addTab(self.form_area, "Basics")
        table_page = QWidget()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter: an option or a rule (e.g. drop, nFold)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Option", "Value", "Rule"])
        self.tree.setUniformRowHeights(False)
        self.tree.setAlternatingRowColors(True)
        lay = QVBoxLayout(table_page)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.filter)
        lay.addWidget(self.tree, 1)
        self.tabs.addTab(table_page, "All options")

        self.section = FsfSectionPane()
        right = QWidget()
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        title = QLabel("<b>Fairy-Stockfish section</b> — what the engine will be told")
        rlay.addWidget(title)
        rlay.addWidget(self.section, 1)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.tabs)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        self.tabs.setMinimumWidth(420)
        right.setMinimumWidth(260)
        self.splitter = splitter
        self._sized = False
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #8a4b00")
        self.problems.setToolTip("Problems of these rules: the game and the exports refuse or "
                                 "leave out what they name")
        self.problems.hide()
        self._warning = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c0392b")
        outer = QVBoxLayout(self)
        outer.addWidget(splitter, 1)
        outer.addWidget(self.problems)
        outer.addWidget(self.message)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        # a burst of changes (typing a definition in the Definition panel) is read once
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        doc.changed.connect(self._changed)
        self.tree.itemExpanded.connect(self._fill_group)

    # -- document -> panel -------------------------------------------------------------------
    def rules(self) -> RuleSet:
        """The rules the panel shows: the variant's own, or those derived from its parent."""
        return rules_for(self.doc.variant)

    def _changed(self, _aspects: frozenset[Aspect]) -> None:
        # every aspect may change the section (pieces, setup, board), so all of them count
        self._dirty = True
        if self.isVisible():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:                   # the rules first, the section beside them
            self._sized = True
            total = max(self.splitter.width(), 700)
            self.splitter.setSizes([total * 2 // 3, total - total * 2 // 3])
        if self._dirty:
            self.refresh()

    def refresh(self) -> None:
        """Read the document again: the editors' values and the Fairy-Stockfish section."""
        self._dirty = False
        v = self.doc.variant
        if v is self._shown:
            return                            # a probe board or the selection: nothing here
        self._shown = v
        rules = self.rules()
        fields = rule_fields(rules, v.letters)
        signature = (tuple(fields), v.letters, v.files, v.ranks)
        if signature != self._signature:
            self._signature = signature
            self._build(fields)
        for path, field in self.fields.items():
            value = present_at(rules, path) if field.kind == "present" else value_at(rules, path)
            for editors in (self.table_editors, self.form_editors):
                if path in editors:
                    editors[path].show_value(value)
            parent = _parent_path(path)
            off = bool(parent) and not present_at(rules, parent)
            item = self._items.get(path)
            if item is not None and self._off.get(path, False) != off:
                self._off[path] = off
                self._shade(item, off)
            label = self._form_labels.get(path)
            if label is not None:             # a rule of a part that is off: greyed
                label.setEnabled(not off)
        self.section.show_variant(v)
        self._show_problems(rules)

    def _show_problems(self, rules: RuleSet) -> None:
        """What is wrong with the rules (a letter no piece has, a region off the board, a
        promotion without pieces), under the rules; each problem's row is marked too."""
        v = self.doc.variant
        problems = rule_problems(rules, set(v.letters), v.files, v.ranks)
        lines = [f"{p.field.removeprefix('rule_set.')}: {p.message}" for p in problems]
        self.problems.setText("\n".join(lines[:6] + ([f"… and {len(lines) - 6} more"]
                                                        if len(lines) > 6 else [])))
        self.problems.setVisible(bool(lines))
        bad = {p.field.removeprefix("rule_set.") for p in problems}
        for path, item in self._items.items():
            item.setIcon(0, self._warning if path in bad else QIcon())

    def _shade(self, item: QTreeWidgetItem, off: bool) -> None:
        font = QFont(self.tree.font())
        font.setItalic(off)
        for col in (0, 2):
            item.setFont(col, font)
            item.setForeground(col, QBrush(_OFF) if off else QBrush())

    # -- building ----------------------------------------------------------------------------
    def _editor(self, field: RuleField) -> FieldEditor:
        v = self.doc.variant
        editor = editor_for(field, v.letters, (v.files, v.ranks))
        editor.setToolTip(tooltip_of(field))
        editor.committed.connect(lambda value, f=field: self.commit(f, value))
        editor.problem.connect(self.message.setText)
        return editor

    def _build(self, fields: list[RuleField]) -> None:
        self.fields = {f.path: f for f in fields}
        self._off = {}
        self._build_table(fields)
        self._build_form()
        self._apply_filter(self.filter.text())

    def _build_table(self, fields: list[RuleField]) -> None:
        scroll = self.tree.verticalScrollBar().value()
        expanded = {head.text(0) for head in self._groups if head.isExpanded()}
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        self.table_editors, self._items, self._groups = {}, {}, {}
        groups: dict[str, QTreeWidgetItem] = {}
        for field in sorted(fields, key=_table_order):
            group = field.group
            if group not in groups:
                title = _GROUPS.get(group, group.replace("_", " ").capitalize())
                head = QTreeWidgetItem(self.tree, [title])
                font = QFont(self.tree.font())
                font.setBold(True)
                head.setFont(0, font)
                head.setExpanded(title in expanded if expanded else group not in _LAST)
                groups[group] = head
                self._groups[head] = []
            item = QTreeWidgetItem(groups[group], [label_of(field), "", field.path])
            item.setToolTip(0, tooltip_of(field))
            item.setToolTip(2, tooltip_of(field))
            self._items[field.path] = item
            self._groups[groups[group]].append(item)
        for head in self._groups:
            if head.isExpanded():
                self._fill_group(head, show=False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(60)
        self.tree.setColumnWidth(0, 230)
        self.tree.setColumnWidth(2, 170)
        self.tree.setUpdatesEnabled(True)
        self.tree.verticalScrollBar().setValue(scroll)

    def _fill_group(self, head: QTreeWidgetItem, show: bool = True) -> None:
        """Give the rows of a group their editors (when the group is first opened: the rules
        of every piece type are many rows that are mostly never looked at)."""
        for item in self._groups.get(head, ()):
            path = item.text(2)
            if path in self.table_editors:
                continue
            editor = self._editor(self.fields[path])
            self.tree.setItemWidget(item, 1, editor)
            self.table_editors[path] = editor
            if show:
                editor.show_value(self._value(path))

    def _value(self, path: str) -> Any:
        rules = self.rules()
        field = self.fields[path]
        return present_at(rules, path) if field.kind == "present" else value_at(rules, path)

    def _build_form(self) -> None:
        page = QWidget()
        lay = QVBoxLayout(page)
        self.form_editors, self._form_labels = {}, {}
        for heading, lines in BASICS:
            box = QGroupBox(heading)
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            for path, label, tip in lines:
                field = self.fields.get(path)
                if field is None:
                    continue                  # the model has no such rule (any more)
                editor = self._editor(field)
                editor.setToolTip(f"{tip}\n\n{tooltip_of(field)}")
                text = QLabel(label)
                text.setToolTip(editor.toolTip())
                text.setBuddy(editor)
                form.addRow(text, editor)
                self.form_editors[path] = editor
                self._form_labels[path] = text
            lay.addWidget(box)
        lay.addStretch(1)
        scroll = self.form_area.verticalScrollBar().value()
        self.form_area.setWidget(page)
        self.form_area.verticalScrollBar().setValue(scroll)

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        for head, items in self._groups.items():
            shown = 0
            for item in items:
                hay = " ".join((item.text(0), item.text(2), item.toolTip(0))).lower()
                hide = bool(words) and not all(w in hay for w in words)
                item.setHidden(hide)
                shown += not hide
            head.setHidden(shown == 0)
            if words and shown:
                head.setExpanded(True)

    # -- panel -> document -------------------------------------------------------------------
    def commit(self, field: RuleField, value: Any) -> None:
        """One undo step: the rules with ``field`` set to ``value``."""
        self.message.clear()
        self._shown = None                    # the editor shows the value now: read again
        old = self.rules()
        new = with_value(old, field, value)
        if new == old:
            return                            # nothing changes: no step, rules stay derived
        self.doc.set_rule_set(new, f"Rules: {label_of(field)}")
        if not self.isVisible():
            self.refresh()

    def reveal(self, path: str) -> None:
        """Show the rule at ``path`` in the table of every option, its editor focused."""
        if self._dirty:
            self.refresh()
        item = self._items[path]
        self.tabs.setCurrentIndex(1)
        self.filter.clear()
        head = item.parent()
        if head is not None:
            head.setExpanded(True)
        self.tree.scrollToItem(item, QTreeWidget.ScrollHint.PositionAtTop)
        self.tree.setCurrentItem(item)
        self.editor(path).setFocus()

    def editor(self, path: str, form: bool = False) -> FieldEditor:
        """The editor of the field at ``path`` in the table (or in the Basics form)."""
        if self._dirty:
            self.refresh()
        if not form and path not in self.table_editors:
            head = self._items[path].parent()
            if head is not None:
                head.setExpanded(True)        # opening a group makes its editors
        return (self.form_editors if form else self.table_editors)[path]
