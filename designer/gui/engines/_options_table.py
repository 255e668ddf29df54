"""The options an engine announced, each with an editor of its type (a check box, a number
within its range, its choices, a line of text), and the values the user set apart from the
defaults. Options the game sets itself (``UCI_Variant``, ``VariantPath``) are not shown."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHeaderView, QLineEdit, QSpinBox,
                               QTableWidget, QTableWidgetItem, QWidget)

from ...engines import EngineOption, OptionValue

#: Set by the game itself, never by the user.
MANAGED = {"uci_variant", "variantpath", "uci_chess960"}


class OptionsTable(QTableWidget):
    """Two columns, option and value; ``values()`` are the values that differ from the
    engine's defaults (or, before the engine was checked, the stored ones)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels(["Option", "Value"])
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setVisible(False)
        self.setToolTip("The engine's own options, as it announced them; a value that differs "
                        "from the engine's default is set each time the engine starts")
        self._options: dict[str, EngineOption | None] = {}
        self._editors: dict[str, QWidget] = {}

    def show_options(self, options: tuple[EngineOption, ...] | None,
                     values: dict[str, OptionValue]) -> None:
        """The engine's options (None: not known yet: the stored values as text)."""
        self.setRowCount(0)
        self._options.clear()
        self._editors.clear()
        rows: list[tuple[str, EngineOption | None]] = []
        if options is None:
            rows = [(name, None) for name in sorted(values)]
        else:
            rows = [(o.name, o) for o in options
                    if o.type != "button" and o.name.lower() not in MANAGED]
            known = {name.lower() for name, _ in rows}
            rows += [(name, None) for name in sorted(values) if name.lower() not in known]
        for name, option in rows:
            row = self.rowCount()
            self.insertRow(row)
            label = QTableWidgetItem(name)
            label.setFlags(label.flags() & ~Qt.ItemFlag.ItemIsEditable)
            if option is None and options is not None:
                label.setToolTip("The engine does not announce this option any more")
            self.setItem(row, 0, label)
            editor = self._editor(option, values.get(name))
            self.setCellWidget(row, 1, editor)
            self._options[name] = option
            self._editors[name] = editor

    def _editor(self, option: EngineOption | None, value: OptionValue | None) -> QWidget:
        if option is None and value is not None and not isinstance(value, str):
            # a stored value of an option not (yet) announced keeps its type
            option = EngineOption("", "check" if isinstance(value, bool) else "spin")
        if option is not None and option.type == "check":
            box = QCheckBox()
            box.setChecked(bool(value if value is not None else option.default))
            box.toggled.connect(lambda _b: self.changed.emit())
            return box
        if option is not None and option.type == "spin":
            spin = QSpinBox()
            spin.setRange(option.min if option.min is not None else -2**31,
                          option.max if option.max is not None else 2**31 - 1)
            start = value if isinstance(value, int) and not isinstance(value, bool) else \
                option.default
            spin.setValue(int(start) if isinstance(start, int) else spin.minimum())
            spin.setToolTip(f"{option.min} to {option.max}, the engine's default "
                            f"{option.default}")
            spin.valueChanged.connect(lambda _v: self.changed.emit())
            return spin
        if option is not None and option.type == "combo":
            combo = QComboBox()
            combo.addItems(list(option.choices))
            pick = value if isinstance(value, str) else option.default
            if isinstance(pick, str) and pick in option.choices:
                combo.setCurrentText(pick)
            combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
            return combo
        line = QLineEdit("" if value is None else str(value))
        if option is not None and isinstance(option.default, str):
            line.setPlaceholderText(option.default or "(empty)")
        line.textChanged.connect(lambda _t: self.changed.emit())
        return line

    def values(self) -> dict[str, OptionValue]:
        """Values the user set apart from the defaults, by option name."""
        out: dict[str, OptionValue] = {}
        for name, editor in self._editors.items():
            option = self._options[name]
            value: OptionValue
            if isinstance(editor, QCheckBox):
                value = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                value = editor.value()
            elif isinstance(editor, QComboBox):
                value = editor.currentText()
            else:
                assert isinstance(editor, QLineEdit)
                value = editor.text()
                if option is None and value == "":
                    continue
            if option is None or value != option.default:
                out[name] = value
        return out


__all__ = ["OptionsTable", "MANAGED"]
