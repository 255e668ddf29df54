"""The settings of a balance run in the window: how many games, who plays (the built-in
opponent or an engine such as Fairy-Stockfish, against itself), how far it looks per move
(a depth or a node count: counted work, so the run replays from its seed), the seed, where the
games run (this computer's processes, or a Dask cluster at a remembered address: the same
games), the random opening and the evaluation noise. ``config(variant)`` is the run's
``MatchConfig``, or ``ValueError`` saying what is missing."""

from __future__ import annotations

import os
import shlex

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QRadioButton, QSpinBox, QWidget)

from ...engines.players import PlayerSpec
from ...engines.settings import SettingsError
from ...match import DEFAULT_MARGIN, MatchConfig
from ...opponent import Limits
from ...opponent.settings import MAX_DEPTH, MAX_NODES
from ...report import REPORT_NOISE, REPORT_OPENING_PLIES, Precision, Rule, balance_settings
from ...variant.model import Variant

BUILTIN, ENGINE = 0, 1
DEFAULT_ENGINE = "fairy-stockfish"
#: Where the address of the last cluster used, and whether it was chosen, are remembered.
CLUSTER_KEY, ON_CLUSTER_KEY = "balance/cluster", "balance/onCluster"
DEFAULT_CLUSTER = "tcp://127.0.0.1:8786"


def _spin(low: int, high: int, value: int, tip: str, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setToolTip(tip)
    box.setSuffix(suffix)
    box.setAccelerated(True)
    return box


class ReportForm(QWidget):
    """The run's settings (see the module docstring)."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._settings = settings
        cores = os.cpu_count() or 1
        self.games = _spin(1, 100_000, 200, "How many games to play")
        self.player = QComboBox()
        self.player.addItems(["Built-in opponent", "Engine"])
        self.player.setToolTip("Who plays both sides: the built-in opponent plays every piece; "
                               "an engine (Fairy-Stockfish) plays the variants it can load, "
                               "which is checked before the first game")
        self.engine = QLineEdit(_engine_command(settings))
        self.engine.setToolTip("The engine's command line (UCI; xboard: in front for the "
                               "XBoard protocol)")
        self.browse = QPushButton("Browse…")
        self.browse.setToolTip("Choose the engine's program")
        self.by_depth = QRadioButton("Depth")
        self.by_nodes = QRadioButton("Nodes")
        self.by_depth.setChecked(True)
        self._limit_kind = QButtonGroup(self)
        self._limit_kind.addButton(self.by_depth)
        self._limit_kind.addButton(self.by_nodes)
        self.depth_box = _spin(1, MAX_DEPTH, 2,
                               "Plies searched per move (the same games on any machine)")
        self.nodes = _spin(1, MAX_NODES, 5000, "Positions searched per move")
        self.nodes.setSingleStep(1000)
        self.seed = _spin(0, 2_000_000_000, 1, "The run's seed: the same seed plays the same "
                          "games (at a fixed depth or node count)")
        self.jobs = _spin(1, max(1, 4 * cores), cores,
                          f"Games played at once, one process each (this machine has {cores} "
                          "cores); the games do not depend on it")
        self.on_here = QRadioButton("This computer")
        self.on_here.setToolTip("Play the games in processes on this computer")
        self.on_cluster = QRadioButton("A Dask cluster at")
        self.on_cluster.setToolTip("Play the games on the workers of a Dask cluster "
                                   "(started with 'dask scheduler' and 'dask worker'); the "
                                   "games are the same as on this computer")
        self._run_on = QButtonGroup(self)
        self._run_on.addButton(self.on_here)
        self._run_on.addButton(self.on_cluster)
        remembered = settings.value(CLUSTER_KEY, DEFAULT_CLUSTER) if settings else None
        self.cluster = QLineEdit(str(remembered or DEFAULT_CLUSTER))
        self.cluster.setPlaceholderText(DEFAULT_CLUSTER)
        self.cluster.setToolTip("The Dask scheduler's address (tcp://host:8786)")
        chosen = settings is not None and \
            settings.value(ON_CLUSTER_KEY, False, type=bool) is True
        (self.on_cluster if chosen else self.on_here).setChecked(True)
        self.opening = _spin(0, 40, REPORT_OPENING_PLIES,
                             "Random plies at the start of every game, drawn from the seed")
        self.noise = _spin(0, 1000, REPORT_NOISE, "Up to so many centipawns of seeded noise "
                           "in the built-in opponent's evaluation, so that games differ",
                           " cp")
        self.max_plies = _spin(10, 100_000, 600, "A game still going after so many plies is cut "
                               "(no result)")
        self.stop_early = QCheckBox("Stop once known to ±")
        self.stop_early.setToolTip("End the run as soon as the first-move advantage's 95 % "
                                   "interval is this narrow (or the games are all played)")
        self.precision = _spin(1, 1000, 20, "The precision wanted, in Elo", " Elo")
        self.balanced = QCheckBox("Keep the random opening plies level")
        self.balanced.setToolTip("A random opening ply is kept only when a shallow search finds "
                                 f"the position within {DEFAULT_MARGIN} cp of level, so that "
                                 "no game starts lost")

        engine_row = QHBoxLayout()
        engine_row.addWidget(self.player)
        engine_row.addWidget(self.engine, 1)
        engine_row.addWidget(self.browse)
        limit_row = QHBoxLayout()
        for w in (self.by_depth, self.depth_box, self.by_nodes, self.nodes):
            limit_row.addWidget(w)
        limit_row.addStretch(1)
        form = QFormLayout(self)
        form.addRow("&Games", self.games)
        player_label = QLabel("&Player (both sides)")   # a row of widgets: the label's buddy
        player_label.setBuddy(self.player)              # is set by hand, else '&' shows
        form.addRow(player_label, engine_row)
        form.addRow("Per move", limit_row)
        form.addRow("&Seed", self.seed)
        run_on_row = QHBoxLayout()
        run_on_row.addWidget(self.on_here)
        run_on_row.addWidget(self.on_cluster)
        run_on_row.addWidget(self.cluster, 1)
        form.addRow("Run on", run_on_row)
        form.addRow("P&rocesses", self.jobs)
        form.addRow("Random &opening plies", self.opening)
        form.addRow("Evaluation &noise", self.noise)
        form.addRow("Ply &limit", self.max_plies)
        precision_row = QHBoxLayout()
        precision_row.addWidget(self.stop_early)
        precision_row.addWidget(self.precision)
        precision_row.addStretch(1)
        form.addRow("First-move advantage", precision_row)
        form.addRow("", self.balanced)

        self.player.currentIndexChanged.connect(self._enable)
        self.by_depth.toggled.connect(self._enable)
        self.stop_early.toggled.connect(self._enable)
        self.on_cluster.toggled.connect(self._enable)
        self.browse.clicked.connect(self._browse)
        self._enable()

    def _enable(self, *_args: object) -> None:
        engine = self.player.currentIndex() == ENGINE
        self.engine.setEnabled(engine)
        self.browse.setEnabled(engine)
        self.noise.setEnabled(not engine)
        self.depth_box.setEnabled(self.by_depth.isChecked())
        self.nodes.setEnabled(not self.by_depth.isChecked())
        self.precision.setEnabled(self.stop_early.isChecked())
        self.cluster.setEnabled(self.on_cluster.isChecked())
        self.jobs.setEnabled(not self.on_cluster.isChecked())

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Engine program")
        if path:
            self.engine.setText(shlex.quote(path))

    def set_enabled(self, on: bool) -> None:
        """Settings are fixed while a run is under way."""
        for w in self.findChildren(QWidget):
            w.setEnabled(on)
        if on:
            self._enable()

    def player_spec(self) -> PlayerSpec:
        if self.player.currentIndex() == BUILTIN:
            return PlayerSpec("builtin")
        text = self.engine.text().strip()
        if not text:
            raise ValueError("Give the engine's command line, or choose the built-in opponent")
        try:
            return PlayerSpec.parse(text)
        except SettingsError as e:
            raise ValueError(f"The engine: {e}") from None

    def cluster_address(self) -> str | None:
        """The cluster's address when the games run on one (ValueError: none given, or the
        package that runs one is missing), remembered for the next run."""
        if not self.on_cluster.isChecked():
            self._remember(None)
            return None
        address = self.cluster.text().strip()
        if not address:
            raise ValueError("Give the Dask scheduler's address, e.g. " + DEFAULT_CLUSTER)
        import importlib.util
        if importlib.util.find_spec("distributed") is None:
            raise ValueError("Running on a cluster needs the 'distributed' package: "
                             "pip install 'variant-designer[cluster]'")
        self._remember(address)
        return address

    def _remember(self, address: str | None) -> None:
        if self._settings is not None:
            self._settings.setValue(ON_CLUSTER_KEY, address is not None)
            if address is not None:
                self._settings.setValue(CLUSTER_KEY, address)

    def config(self, variant: Variant) -> MatchConfig:
        """The run for ``variant`` (ValueError saying what is wrong)."""
        spec = self.player_spec()
        cluster = self.cluster_address()
        limits = Limits(depth=self.depth_box.value()) if self.by_depth.isChecked() else \
            Limits(nodes=self.nodes.value())
        return MatchConfig(variant, self.games.value(), spec, spec, limits, None,
                           self.seed.value(), self.opening.value(), self.max_plies.value(),
                           None, balance_settings(noise=self.noise.value()), self.jobs.value(),
                           cluster=cluster,
                           balanced_cp=DEFAULT_MARGIN if self.balanced.isChecked() else None)

    def rule(self) -> Rule | None:
        """The stopping rule asked for (None: play every game)."""
        return Precision(self.precision.value()) if self.stop_early.isChecked() else None


def _engine_command(settings: QSettings | None) -> str:
    """The engine book's Fairy-Stockfish (or its current engine), else ``fairy-stockfish``."""
    from ..engines import EngineStore
    book = EngineStore(settings).load()
    fsf = next((e for e in book.engines if "fairy" in " ".join(e.command).lower()), None)
    chosen = fsf or book.current
    if chosen is None:
        return DEFAULT_ENGINE
    prefix = "xboard:" if chosen.protocol == "xboard" else ""
    return prefix + " ".join(shlex.quote(c) for c in chosen.command)


__all__ = ["ReportForm"]
