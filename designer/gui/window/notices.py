"""The session's notices about files: shown once, then kept in a list.

A save that tells what the target program will not use says the same thing on every save of
the same file; a modal box each time interrupts the work for nothing new. ``NoticeLog`` keeps
every notice of the session (its file, its kind, its time and its text) and answers whether a
notice is new for its file and kind, so the window shows it in a box only the first time and in
the status bar afterwards. ``NoticesDialog`` is *File > Notices*: the whole list, newest last.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)


@dataclass(frozen=True)
class Notice:
    """One notice: about ``file`` (empty: no file), of kind ``title``, said at ``when``."""

    when: datetime
    file: str
    title: str
    text: str

    @property
    def file_name(self) -> str:
        return os.path.basename(self.file) if self.file else "—"


class NoticeLog:
    """Every notice of the session, in the order they were given."""

    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self._seen: set[tuple[str, str, str]] = set()

    def add(self, file: str, title: str, text: str) -> bool:
        """Keep the notice; True when it is new for its file and kind (the same text about
        the same file was not given before), that is when it deserves a box of its own."""
        path = os.path.abspath(file) if file else ""
        self.notices.append(Notice(datetime.now(), path, title, text))
        key = (path, title, text)
        if key in self._seen:
            return False
        self._seen.add(key)
        return True


class NoticesDialog(QDialog):
    """*File > Notices*: every notice of the session with its file and time (not modal)."""

    def __init__(self, log: NoticeLog, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Notices")
        self.log = log
        layout = QVBoxLayout(self)
        self.empty = QLabel("No notices yet: what a save or an export could not carry, and "
                            "how a file was read, is listed here.")
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Time", "File", "Notice"])
        self.tree.setRootIsDecorated(True)
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        layout.addWidget(self.tree)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(760, 420)
        self.refresh()

    def refresh(self) -> None:
        """List the log again (newest last, the newest one selected and opened)."""
        self.tree.clear()
        item = None
        for n in self.log.notices:
            item = QTreeWidgetItem([n.when.strftime("%H:%M:%S"), n.file_name, n.title])
            item.setToolTip(1, n.file)
            for line in n.text.splitlines():
                if line.strip():
                    child = QTreeWidgetItem(["", "", line])
                    child.setToolTip(2, line)     # a long line is elided in its column
                    child.setFlags(child.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                    item.addChild(child)
            self.tree.addTopLevelItem(item)
        self.empty.setVisible(item is None)
        self.tree.setVisible(item is not None)
        if item is not None:
            item.setExpanded(True)
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)
        for column in (0, 1):
            self.tree.resizeColumnToContents(column)
