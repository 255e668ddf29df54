"""Engine settings: the engines the user plays against, each with its command, protocol, time
per move, depth and options, remembered across runs (``EngineStore``).

"Check" starts the engine in a worker thread (never the UI thread) and shows what it is
(Fairy-Stockfish and whether it loads our variants, the variants it names) and its options
with editors of their types; "Detect" finds whether it speaks UCI or the XBoard protocol. A
check in progress can be cancelled, and closing the dialog ends any engine it started.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from ...engines import (About, EngineBook, EngineSettings, OptionValue, ProtocolName,
                       SettingsError, Timeouts, detect_protocol)
from ._options_table import OptionsTable
from .store import EngineStore
from ..courier import slot
from ..jobs import Jobs, Ticket
from .worker import EngineWorker

ERROR_STYLE = "color: #c92a2a"
NOTE_STYLE = "color: #5c5f66"


@dataclass
class _Row:
    """One engine as edited (fields as the form holds them, checked on OK)."""

    name: str
    command: str = ""
    protocol: ProtocolName = "uci"
    movetime_ms: int = 1000
    depth: int = 0
    options: dict[str, OptionValue] = field(default_factory=dict)
    working_dir: str = ""
    about: About | None = None

    @classmethod
    def of(cls, s: EngineSettings) -> "_Row":
        return cls(s.name, s.command_line, s.protocol, s.movetime_ms or 0, s.depth or 0,
                   dict(s.options), s.working_dir)

    def settings(self) -> EngineSettings:
        try:
            command = tuple(shlex.split(self.command))
        except ValueError as e:
            raise SettingsError(f"cannot be read as a command line ({e})", "command") from None
        if not self.name.strip():
            raise SettingsError("an engine needs a name", "name")
        return EngineSettings(self.name.strip(), command, self.protocol,
                              self.movetime_ms or None, self.depth or None,
                              tuple(sorted(self.options.items())), self.working_dir)


class EngineSettingsDialog(QDialog):
    """Edit the engine book kept by ``store``; OK saves it. ``checked(ok)`` when a check ends
    (True: the engine answered and its options are shown)."""

    checked = Signal(bool)

    def __init__(self, store: EngineStore, parent: QWidget | None = None,
                 timeouts: Timeouts = Timeouts()):
        super().__init__(parent)
        self.setWindowTitle("Engine settings")
        self.store = store
        self.timeouts = timeouts
        book = store.load()
        self.rows = [_Row.of(s) for s in book.engines]
        self._current = -1
        self.worker: EngineWorker | None = None
        self._retiring: list[EngineWorker] = []      # shut down, their engines ending
        self.detections = Jobs(self, "engine-detect")     # the newest detection wins

        self.list = QListWidget()
        self.list.setToolTip("The engines you have set up; the selected one plays when a game "
                             "asks for an engine")
        self.add_button = QPushButton("Add")
        self.add_button.setToolTip("Set up another engine")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Forget the selected engine")
        self.name = QLineEdit()
        self.name.setAccessibleName("Name")
        self.command = QLineEdit()
        self.command.setAccessibleName("Command")
        self.command.setPlaceholderText("e.g. /usr/games/fairy-stockfish")
        self.command.setToolTip("The program and its arguments, as a shell would read them")
        self.browse = QPushButton("Browse…")
        self.protocol = QComboBox()
        self.protocol.addItem("UCI", "uci")
        self.protocol.addItem("XBoard (CECP)", "xboard")
        self.protocol.setToolTip("How the engine talks: UCI (Stockfish, Fairy-Stockfish) or "
                                 "the XBoard protocol (Fairy-Max, Fairy-Stockfish, XBoard "
                                 "engines)")
        self.detect = QPushButton("Detect")
        self.detect.setToolTip("Start the engine and find which protocol it speaks")
        self.movetime_box = QSpinBox()
        self.movetime_box.setRange(0, 3_600_000)
        self.movetime_box.setSingleStep(100)
        self.movetime_box.setSuffix(" ms")
        self.movetime_box.setSpecialValueText("no limit")
        self.movetime_box.setToolTip("Time the engine may think per move (XBoard engines get "
                                 "whole seconds)")
        self.depth_box = QSpinBox()
        self.depth_box.setRange(0, 99)
        self.depth_box.setSpecialValueText("no limit")
        self.depth_box.setToolTip("How deep the engine searches at most (plies)")
        self.check = QPushButton("Check engine")
        self.check.setToolTip("Start the engine, show what it is and its options")
        self.cancel_check = QPushButton("Cancel check")
        self.cancel_check.setVisible(False)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.PlainText)
        self.options = OptionsTable()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox.StandardButton
        self.buttons = QDialogButtonBox(buttons.Ok | buttons.Cancel)

        left = QVBoxLayout()
        left.addWidget(self.list)
        pair = QHBoxLayout()
        pair.addWidget(self.add_button)
        pair.addWidget(self.remove_button)
        left.addLayout(pair)
        command_row = QHBoxLayout()
        command_row.addWidget(self.command, 1)
        command_row.addWidget(self.browse)
        protocol_row = QHBoxLayout()
        protocol_row.addWidget(self.protocol, 1)
        protocol_row.addWidget(self.detect)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Command", command_row)
        form.addRow("Protocol", protocol_row)
        form.addRow("Time per move", self.movetime_box)
        form.addRow("Depth", self.depth_box)
        check_row = QHBoxLayout()
        check_row.addWidget(self.check)
        check_row.addWidget(self.cancel_check)
        check_row.addStretch(1)
        right = QVBoxLayout()
        right.addLayout(form)
        right.addLayout(check_row)
        right.addWidget(self.about)
        right.addWidget(self.options, 1)
        self.form_widgets = QWidget()
        self.form_widgets.setLayout(right)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addWidget(self.form_widgets, 3)
        lay = QVBoxLayout(self)
        lay.addLayout(body)
        lay.addWidget(self.status)
        lay.addWidget(self.buttons)
        self.resize(760, 480)

        for row in self.rows:
            self.list.addItem(row.name)
        self.list.currentRowChanged.connect(self._select)
        self.add_button.clicked.connect(self.add_engine)
        self.remove_button.clicked.connect(self.remove_engine)
        self.browse.clicked.connect(self._browse)
        self.detect.clicked.connect(self.detect_protocol)
        self.check.clicked.connect(self.check_engine)
        self.cancel_check.clicked.connect(self._stop_check)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textEdited.connect(self._renamed)
        if store.problem:
            self._say(store.problem, error=True)
        if self.rows:
            selected = next((i for i, r in enumerate(self.rows) if r.name == book.selected), 0)
            self.list.setCurrentRow(selected)
        else:
            self._select(-1)

    # -- the form --------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(ERROR_STYLE if error else NOTE_STYLE)

    def _store_form(self) -> None:
        """Keep what the form shows in its row."""
        if not 0 <= self._current < len(self.rows):
            return
        row = self.rows[self._current]
        row.name = self.name.text()
        row.command = self.command.text()
        row.protocol = "xboard" if self.protocol.currentData() == "xboard" else "uci"
        row.movetime_ms = self.movetime_box.value()
        row.depth = self.depth_box.value()
        row.options = self.options.values()

    def _select(self, index: int) -> None:
        self._store_form()
        self._stop_check()
        self._current = index
        has = 0 <= index < len(self.rows)
        self.form_widgets.setEnabled(has)
        self.remove_button.setEnabled(has)
        if not has:
            for edit in (self.name, self.command):
                edit.clear()
            self.about.setText("Add an engine: its command line, and whether it speaks UCI "
                               "or the XBoard protocol.")
            self.options.show_options(None, {})
            return
        row = self.rows[index]
        self.name.setText(row.name)
        self.command.setText(row.command)
        self.protocol.setCurrentIndex(0 if row.protocol == "uci" else 1)
        self.movetime_box.setValue(row.movetime_ms)
        self.depth_box.setValue(row.depth)
        self._show_about(row)

    def _show_about(self, row: _Row) -> None:
        about = row.about
        if about is None:
            self.about.setText("Not checked yet: \"Check engine\" shows what it is and its "
                               "options.")
            self.options.show_options(None, row.options)
            return
        caps = about.capabilities
        what = [f"{caps.name or 'The engine'} ({'UCI' if caps.protocol == 'uci' else 'XBoard'})"]
        if caps.fairy_stockfish:
            what.append("plays our own variants (custom pieces)" if caps.custom_pieces and
                        caps.loads_sections else
                        "too old for custom pieces: it plays only the variants it names")
            if not caps.large_boards:
                what.append("not the large-board build: boards up to 8x8")
        names = ", ".join(caps.variants[:8]) + (" …" if len(caps.variants) > 8 else "")
        what.append(f"{len(caps.variants)} variants by name ({names})")
        self.about.setText("; ".join(what) + ".")
        self.options.show_options(about.options, row.options)

    def _renamed(self, text: str) -> None:
        if 0 <= self._current < len(self.rows):
            self.list.item(self._current).setText(text)

    def add_engine(self) -> None:
        self._store_form()
        taken = {r.name for r in self.rows}
        n = 1
        while f"Engine {n}" in taken:
            n += 1
        self.rows.append(_Row(f"Engine {n}"))
        self.list.addItem(f"Engine {n}")
        self.list.setCurrentRow(len(self.rows) - 1)
        self.command.setFocus()

    def remove_engine(self) -> None:
        index = self._current
        if not 0 <= index < len(self.rows):
            return
        self._current = -1
        del self.rows[index]
        self.list.takeItem(index)
        self._select(self.list.currentRow())

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Engine program")
        if path:
            self.command.setText(shlex.quote(path))

    # -- engine jobs (never on the UI thread) ----------------------------------------------
    def _current_settings(self) -> EngineSettings | None:
        self._store_form()
        try:
            return self.rows[self._current].settings()
        except (SettingsError, IndexError) as e:
            self._say(f"{e}", error=True)
            return None

    def check_engine(self) -> None:
        settings = self._current_settings()
        if settings is None:
            return
        self._stop_check()              # an older check is heard no more
        index = self._current
        worker = EngineWorker(self, self.timeouts)
        # slots that hold the dialog weakly: a worker deleted once its check is over must not
        # take the last reference to the dialog with it (see ``courier``)
        worker.started.connect(slot(self._check_started, index))
        worker.failed.connect(slot(self._check_failed, index))
        self.worker = worker
        self.check.setEnabled(False)
        self.cancel_check.setVisible(True)
        self._say(f"Starting {settings.command_line} …")
        # options are checked against what the engine announces when a game starts; the check
        # only reads them, so a stored bad value does not hide what the engine is
        worker.start(EngineSettings(settings.name, settings.command, settings.protocol,
                                    settings.movetime_ms, settings.depth, (),
                                    settings.working_dir))

    def _check_started(self, index: int, about: About) -> None:
        self._checked(index, about, "")

    def _check_failed(self, index: int, _tag: object, message: str) -> None:
        self._checked(index, None, message)

    def _checked(self, index: int, about: About | None, message: str) -> None:
        self._stop_check()
        if about is None:
            self._say(message, error=True)
            self.checked.emit(False)
            return
        self._say("")
        if 0 <= index < len(self.rows):
            self.rows[index].about = about
            if index == self._current:
                self._store_form()
                self._show_about(self.rows[index])
        self.checked.emit(True)

    def _stop_check(self, wait: float = 0.0) -> None:
        """End a check in progress, whose answers are dropped from now on; the engine ends in
        its own thread (``wait`` seconds are given to it, none while the dialog is in use)."""
        worker, self.worker = self.worker, None
        if worker is not None:
            worker.shutdown(wait, drop=True)
            self._retiring.append(worker)
        for old in list(self._retiring):
            if not old.running:
                self._retiring.remove(old)
                old.deleteLater()
        self.check.setEnabled(True)
        self.cancel_check.setVisible(False)

    def detect_protocol(self) -> None:
        settings = self._current_settings()
        if settings is None:
            return
        self.detect.setEnabled(False)
        self._say(f"Finding the protocol of {settings.command_line} …")
        # the job holds neither the dialog nor its widgets, only what it needs
        timeouts = self.timeouts

        def run(_: Ticket) -> str:
            return detect_protocol(settings.command, timeouts, settings.working_dir or None)
        self.detections.submit(run, key="detect", done=self._detected,
                               failed=self._not_detected)

    def _detected(self, found: str) -> None:
        self.detect.setEnabled(True)
        self.protocol.setCurrentIndex(0 if found == "uci" else 1)
        self._say(f"It speaks {'UCI' if found == 'uci' else 'the XBoard protocol'}.")

    def _not_detected(self, error: str) -> None:
        self.detect.setEnabled(True)
        self._say(error, error=True)

    # -- closing ---------------------------------------------------------------------------
    def book(self) -> EngineBook:
        """The book as edited; ``SettingsError`` naming the engine and field at fault."""
        self._store_form()
        engines = []
        for i, row in enumerate(self.rows):
            try:
                engines.append(row.settings())
            except SettingsError as e:
                self.list.setCurrentRow(i)
                raise SettingsError(e.message, f"{row.name or f'engine {i + 1}'}: {e.where}") \
                    from None
        names = [e.name for e in engines]
        for name in names:
            if names.count(name) > 1:
                raise SettingsError("two engines have this name", name)
        selected = engines[self._current].name if 0 <= self._current < len(engines) else ""
        return EngineBook(tuple(engines), selected)

    def _accept(self) -> None:
        try:
            book = self.book()
        except SettingsError as e:
            self._say(str(e), error=True)
            return
        self.store.save(book)
        self.accept()

    def done(self, result: int) -> None:
        """Close, after every engine the dialog started has ended (bounded)."""
        self._stop_check()
        for worker in self._retiring:
            worker.wait(5.0)
        # a detection is given a moment to end; one that waits on a silent program longer
        # ends on its own within its timeouts: it holds nothing of the dialog, and nothing of
        # it is delivered once the jobs are shut
        self.detections.shutdown(self.timeouts.quit)
        super().done(result)


__all__ = ["EngineSettingsDialog"]
