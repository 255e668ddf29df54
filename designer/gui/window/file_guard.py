"""Files the way a desktop tool handles them: never lose the user's work.

Adds to the main window: New variant, Save (back into the format the file came from), Save As,
Export (every format of ``designer.formats``, the XBoard + Fairy-Stockfish launcher pair
included), a recent-files menu, an unsaved-changes prompt before anything replaces or closes the
document, the notice of what the target program will not be able to use (the file is still
saved completely), and autosave with recovery.

Autosave and recovery after a crash are ``recovery.Recovery``'s part of the class.

Dialogs go through ``ask``/``notify``/``choose_path``/``choose_section``/``run_dialog``/
``offer_save_as`` so tests can answer them without a modal loop.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from ...errors import DesignerError
from ...formats.errors import FileNote, ReadOnlyError, error_text
from ...formats.registry import FORMATS, format_named
from ...variant.model import Variant
from ..document import NATIVE
from .notices import NoticeLog, NoticesDialog
from .recovery import (AUTOSAVE_MS, CANCEL, DISCARD, FIRST_AUTOSAVE_MS, RETRY_MS, SAVE,
                       Recovery, lock_file)

if TYPE_CHECKING:   # annotations only: the window imports this module
    from PySide6.QtCore import QSettings

    from .main_window import MainWindow

MAX_RECENT = 8


def recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation) or \
        os.path.join(os.path.expanduser("~"), ".variant-designer")
    return Path(base) / "recovery"


def _kind_label(fmt: str) -> str:
    """A format's name in a sentence: "an XBoard options file"."""
    if fmt == "unreadable":
        return "a file that does not read as a variant"
    try:
        label = format_named(fmt).label
    except DesignerError:
        return fmt
    return ("an " if label[0] in "AEIOUX" else "a ") + label


class FileGuard(Recovery, QObject):
    """Owns the window's file commands, the recent list and this instance's autosave."""

    def __init__(self, window: MainWindow, settings: QSettings | None = None,
                 autosave_ms: int = AUTOSAVE_MS,
                 folder: Path | None = None):
        super().__init__(window)
        self.w = window
        self.doc = window.doc
        self.settings = settings
        self.folder = folder or recovery_dir()
        token = f"{os.getpid()}-{os.urandom(4).hex()}"   # unique per window
        self.recovery = self.folder / f"autosave-{token}.ini"
        self.lock = lock_file(self.folder / f"autosave-{token}.lock")
        self.autosave_error = ""
        self.notices = NoticeLog()
        self.notices_dialog: NoticesDialog | None = None
        self.ask = self._ask_dialog
        self.notify = self._notify_dialog
        self.choose_path = self._choose_dialog
        self.choose_section = self._section_dialog
        self.offer_save_as: Callable[[str, str], bool] = self._offer_dialog
        self.run_dialog: Callable[[QDialog], bool] = \
            lambda dialog: dialog.exec() == QDialog.DialogCode.Accepted
        self._start_autosave(autosave_ms)
        self._build_menu()

    # -- menu ------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        from ._actions import _action
        acts = self.w.acts
        menu = self.w.menus["file"]
        first = menu.actions()[0] if menu.actions() else None
        new = acts.add("new", _action(self.w, "&New variant…", lambda: self.new_variant(),
                                      QKeySequence.StandardKey.New,
                                      "Start a new variant: board size and a template (asks "
                                      "about unsaved changes)"))
        menu.insertAction(first, new)
        quit_act = acts["quit"]
        save_as = acts.add("save_as", _action(self.w, "Save &As…", lambda: self.save_as(),
                                              QKeySequence.StandardKey.SaveAs,
                                              "Save the variant under a new name (XBoard "
                                              "options file)"))
        menu.insertAction(quit_act, save_as)
        self.export_menu = self.w.menus.add("export", menu.addMenu("&Export"))
        for f in FORMATS:   # the export menu lists every format, in the registry's order
            act = acts.add(acts.name(f"export:{f.name}"),
                           _action(self.w, f.label + "…", self._exporter(f.name),
                                   tip=f"Write the variant as {f.label}"))
            self.export_menu.addAction(act)
        menu.insertMenu(quit_act, self.export_menu)
        publish = acts.add("publish_page", _action(
            self.w, "&Publish rules page…", lambda: self.publish_page(),
            tip="Write the variant's rules page: one HTML file with the setup, every piece "
            "with its move diagram, the rules in words and the files to download"))
        menu.insertAction(quit_act, publish)
        self.recent_menu = self.w.menus.add("recent", menu.addMenu("Open &Recent"))
        menu.insertMenu(quit_act, self.recent_menu)
        notices = acts.add("notices", _action(
            self.w, "&Notices…", lambda: self.show_notices(),
            tip="Every notice of this session about files (what a save or an export could "
            "not carry, how a file was read), with its file and time"))
        menu.insertAction(quit_act, notices)
        menu.insertSeparator(quit_act)
        self.refresh_recent()

    # -- state -----------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self.doc.modified

    def variant(self) -> Variant:
        return self.doc.variant

    def maybe_save(self) -> bool:
        """True when it is fine to replace or close the document (saved or discarded)."""
        for check in self.w.may_close:   # e.g. an unsaved game (Play mode)
            if not check():
                return False
        if not self.doc.modified:
            return True
        answer = self.ask(f"{self.doc.file_name} has unsaved changes. Save them first?")
        if answer == CANCEL:
            return False
        if answer == SAVE:
            return self.save()
        return True

    # -- commands --------------------------------------------------------------------------
    def new_variant(self) -> bool:
        """File > New variant: ask board size and template, start a new untitled document."""
        from .dialogs import NewVariantDialog, template_variant
        if not self.maybe_save():
            return False
        dialog = NewVariantDialog(self.w)
        if not self.run_dialog(dialog):
            return False
        choice = dialog.choice()
        try:
            variant = template_variant(choice.template, choice.files, choice.ranks)
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot use this template", error_text("New variant", e))
            return False
        self.doc.replace_all(variant, None, NATIVE, None)
        self.discard_recovery()
        return True

    def open(self, path: str | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            path = self.choose_path(False, "Variant files (*.ini *.pgn *.eng);;All files (*)")
            if not path:
                return False
        try:
            variant, fmt, section, notes = self.read(path)
        except (DesignerError, OSError, ValueError) as e:   # shown, never a traceback
            self.notify("Cannot open", error_text(path, e))
            self.forget_recent(path)
            return False
        if variant is None:
            return False
        self.doc.replace_all(variant, path, fmt, section)
        self.discard_recovery()
        self.add_recent(path)
        if notes:
            # a file edited by hand, old line ends, a letter given twice: said, with the line
            lines = "\n".join(f"• {n}" for n in notes[:20])
            self.notice(path, "Opened — how the file was read",
                        f"{os.path.basename(path)} was opened. What to know about it:\n"
                        f"{lines}\nThe next save writes the file so that it says one thing.")
            self.w.statusBar().showMessage(f"{os.path.basename(path)}: {len(notes)} "
                                           f"note{'s' if len(notes) > 1 else ''} on how it "
                                           f"was read", 15000)
        return True

    def read(self, path: str) -> tuple[Variant | None, str, str | None, tuple[FileNote, ...]]:
        """The variant in ``path``, its format, (Fairy-Stockfish) section and the notes on how
        it was read; no variant when the user chose no section. Raises the reader's error
        (``open`` shows it; the command line prints it)."""
        from ...formats import fsf_ini
        from ...formats.errors import FormatError, read_text
        from ...formats.registry import detect, read_any_noted
        text = read_text(path)
        fmt = detect(text, path)
        section = None
        if fmt == "fsf":
            names = fsf_ini.sections(text, path)
            if not names:       # an empty file: nothing to choose from (said, not a chooser)
                raise FormatError("no [section] found: not a variants.ini file", path, 1)
            section = names[-1] if len(names) == 1 else self.choose_section(path, names)
            if not section:
                return None, fmt, None, ()
        variant, notes = read_any_noted(path, section)
        return variant, fmt, section, notes

    def _exporter(self, fmt: str) -> Callable[[], object]:
        """The menu's slot for exporting in ``fmt`` (takes no ``checked`` argument)."""
        return lambda: self.export(fmt)

    def save(self) -> bool:
        """Save into the file and format the document came from (or ask, and say why)."""
        doc = self.doc
        if not doc.path:
            return self.save_as()
        lossy = format_named(doc.fmt).lossy
        if lossy:
            # a format that holds less than the variant (names, notes, exact notation) is not
            # saved back into: Save proposes the native format instead
            self.notify("Saving as an XBoard options file",
                        f"{doc.file_name} is a {doc.fmt.upper()} file: {lossy}. The "
                        f"variant is saved as an XBoard options file (.ini) instead; "
                        f"{doc.file_name} stays as it was.")
            return self.save_as(os.path.splitext(doc.path)[0] + ".ini")
        found = self._kind_on_disk(doc.path)
        if found is not None and found != doc.fmt:
            # never replace a file of another kind than the one it was read as without asking
            # (it changed on disk, or was read otherwise than it is)
            if self.offer_save_as(
                    "The file is of another kind",
                    f"{doc.file_name} was opened as {_kind_label(doc.fmt)}, but the file "
                    f"there is {_kind_label(found)} now. Saving would replace it with "
                    f"{_kind_label(doc.fmt)}, so it was not replaced. Save the variant under "
                    f"another name?"):
                return self.save_as(os.path.splitext(doc.path)[0] + " (designer).ini")
            return False
        if doc.fmt == "xboard-fsf" and not self._own_pair(doc.path):
            self.notify("Saving as an XBoard options file",
                        f"{doc.file_name} starts Fairy-Stockfish on a variants.ini that is not "
                        f"its own; that file is left alone and the variant is saved as an "
                        f"XBoard options file (.ini) instead.")
            return self.save_as(os.path.splitext(doc.path)[0] + " (designer).ini")
        return self.save_to(doc.path, doc.fmt, doc.section)

    @staticmethod
    def _kind_on_disk(path: str) -> str | None:
        """The format of the file at ``path`` as it is now (``unreadable`` when it cannot be
        read as any; None when there is no file)."""
        from ...formats.errors import read_text
        from ...formats.registry import detect
        if not os.path.lexists(path):
            return None
        try:
            return detect(read_text(path), path)
        except (DesignerError, OSError, ValueError):
            return "unreadable"

    @staticmethod
    def _own_pair(path: str) -> bool:
        """Whether a launcher loads the variants.ini written beside it (ours to rewrite)."""
        from ...formats import xboard_fsf
        ini = xboard_fsf.ini_path_for(path)
        try:
            text = Path(path).read_text("utf-8", errors="replace")
        except OSError:
            return False
        return os.path.basename(ini) in text

    def proposed_path(self, ext: str = ".ini") -> str:
        """The file name a save dialog proposes: the document's own file (with ``ext``), or
        for a new variant its name as a file name, in the folder of the file used last."""
        doc = self.doc
        if doc.path:
            stem = doc.path[:-len(".variants.ini")] if doc.path.lower().endswith(
                ".variants.ini") else os.path.splitext(doc.path)[0]
            return stem + ext
        recent = self.recent()
        folder = os.path.dirname(recent[0]) if recent else os.path.expanduser("~")
        return os.path.join(folder, file_stem(doc.variant.name) + ext)

    def save_as(self, proposed: str | None = None) -> bool:
        path = self.choose_path(True, "XBoard options (*.ini)", proposed or self.proposed_path())
        if not path:
            return False
        if path.lower().endswith(".variants.ini"):
            from ...formats import fsf_ini
            return self.save_to(path, "fsf-new", fsf_ini.section_name(self.doc.variant))
        if not path.lower().endswith(".ini"):
            path += ".ini"
        return self.save_to(path)

    def save_to(self, path: str, fmt: str = NATIVE, section: str | None = None) -> bool:
        """Write the document to ``path`` in ``fmt``; the document then lives there."""
        from ...formats import fsf_ini, fsf_rewrite, xboard_fsf, xboard_ini
        from ...formats.atomic import write_atomic
        from ...formats.registry import problems_for
        v = self.doc.variant
        try:
            problems = problems_for(v, "fsf" if fmt.startswith("fsf") else fmt)
            if fmt == "fsf":
                assert section is not None
                fsf_rewrite.save_section(path, section, v)
            elif fmt == "fsf-new":
                write_atomic(path, fsf_ini.write(v))
                fmt = "fsf"
            elif fmt == "xboard-fsf":
                xboard_fsf.save(path, v)
            else:
                xboard_ini.save(path, v)
                fmt = NATIVE
        except ReadOnlyError as e:
            # never replaced without a word: say why, offer another name
            if self.offer_save_as("Read-only file", f"{e.file or path} is read-only: it was "
                                  "not replaced (its permissions allow no writing; make it "
                                  "writable first to save into it). Save the variant under "
                                  "another name?"):
                stem = os.path.splitext(path)[0]
                return self.save_as(f"{stem} (copy).ini")
            return False
        except (DesignerError, OSError, ValueError, AssertionError) as e:
            self.notify("Cannot save", error_text(path, e))
            return False
        self.doc.mark_saved(path, fmt, section)
        self.add_recent(path)
        self.discard_recovery()
        if problems:
            program = "XBoard 4.9" if fmt == NATIVE else "Fairy-Stockfish"
            lines = "\n".join(f"• {p}" for p in problems[:20])
            self.notice(path, f"Saved — what {program} will not be able to use",
                        f"{os.path.basename(path)} was saved completely. {program} will not "
                        f"use:\n{lines}")
        return True

    def notice(self, path: str, title: str, text: str) -> None:
        """Tell the user something about ``path`` that does not stop the work: in a box the
        first time this file gets this notice, afterwards in the status bar only; every one
        is kept in *File > Notices*."""
        if self.notices.add(path, title, text):
            self.notify(title, text)
        else:
            last = self.notices.notices[-1]
            self.w.statusBar().showMessage(f"{last.file_name}: {last.title} (the same as "
                                           "before; File > Notices lists it)", 15000)
        if self.notices_dialog is not None:
            self.notices_dialog.refresh()

    def show_notices(self) -> NoticesDialog:
        """File > Notices: the list of the session's notices (one window, raised)."""
        if self.notices_dialog is None:
            self.notices_dialog = NoticesDialog(self.notices, self.w)
        self.notices_dialog.refresh()
        self.notices_dialog.show()
        self.notices_dialog.raise_()
        return self.notices_dialog

    def export(self, fmt: str, path: str | None = None) -> bool:
        from ...formats import pgn_tags, xboard_fsf
        from ...formats.atomic import write_atomic
        from ...formats.registry import problems_for, render
        target = format_named(fmt)
        label, pattern = target.label, target.pattern
        if path is None:
            ext = pattern.lstrip("*")
            path = self.choose_path(True, f"{label} ({pattern})", self.proposed_path(ext))
            if not path:
                return False
        v = self.doc.variant
        try:
            problems = problems_for(v, fmt)
            if fmt == "xboard-fsf":
                xboard_fsf.save(path, v)
            elif fmt == "pgn":
                # with the options file XBoard needs when the variant is not one of its own
                if len(pgn_tags.save(path, v)) > 1:
                    self.notify("Exported with its options file",
                                f"XBoard needs {os.path.basename(pgn_tags.companion_path(path))}"
                                " beside the game to know this variant. Open both with:\n"
                                f"{pgn_tags.companion_command(path)}")
                    problems = [p for p in problems if p.field != "parent"]
            else:
                write_atomic(path, render(v, fmt, piece=self.doc.selected or None))
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot export", error_text(path, e))
            return False
        if problems:
            lines = "\n".join(f"• {p}" for p in problems[:20])
            self.notice(path, "Exported — with differences",
                        f"{os.path.basename(path)} was written. The target program will not "
                        f"use:\n{lines}")
        return True

    def publish_page(self, path: str | None = None) -> bool:
        """File > Publish rules page…: the variant's rules page (``designer.publish``), the
        page ``export --to page`` writes."""
        from ...formats.atomic import write_atomic
        from ...publish import write_page
        if path is None:
            path = self.choose_path(True, "Rules page (*.html)", self.proposed_path(".html"))
            if not path:
                return False
        try:
            write_atomic(path, write_page(self.doc.variant))
        except (DesignerError, OSError, ValueError) as e:
            self.notify("Cannot publish the rules page", error_text(path, e))
            return False
        self.w.statusBar().showMessage(f"Rules page written: {path}", 10000)
        return True

    # -- recent files ----------------------------------------------------------------------
    def recent(self) -> list[str]:
        if self.settings is None:
            return []
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else []

    def _store_recent(self, paths: list[str]) -> None:
        if self.settings is not None:
            self.settings.setValue("files/recent", paths[:MAX_RECENT])
        self.refresh_recent()

    def add_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self._store_recent([path] + [p for p in self.recent() if p != path])

    def forget_recent(self, path: str) -> None:
        path = os.path.abspath(path)
        self._store_recent([p for p in self.recent() if p != path])

    def refresh_recent(self) -> None:
        self.recent_menu.clear()
        paths = self.recent()
        for p in paths:
            act = self.recent_menu.addAction(os.path.basename(p))
            act.setToolTip(p)
            act.triggered.connect(lambda _=False, q=p: self.open(q))
        self.recent_menu.setEnabled(bool(paths))

    # -- real dialogs ----------------------------------------------------------------------
    def _ask_dialog(self, text: str, recovery: bool = False) -> str:
        box = QMessageBox(self.w)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Variant Designer")
        box.setText(text)
        if recovery:
            yes = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
            no = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
            box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
        else:
            yes = box.addButton(QMessageBox.StandardButton.Save)
            no = box.addButton(QMessageBox.StandardButton.Discard)
            box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return SAVE if clicked is yes else DISCARD if clicked is no else CANCEL

    def _offer_dialog(self, title: str, text: str) -> bool:
        box = QMessageBox(self.w)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(title)
        box.setText(text)
        yes = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def _notify_dialog(self, title: str, text: str) -> None:
        QMessageBox.information(self.w, title, text)

    def _choose_dialog(self, saving: bool, filters: str, proposed: str | None = None) -> str:
        start = proposed or self.doc.path or ""
        what = "game" if filters.startswith("PGN") else "variant"   # the Game menu's files
        if saving:
            path, _ = QFileDialog.getSaveFileName(self.w, f"Save {what}", start, filters)
        else:
            path, _ = QFileDialog.getOpenFileName(self.w, f"Open {what}", start, filters)
        return path

    def _section_dialog(self, path: str, names: list[str]) -> str:
        name, ok = QInputDialog.getItem(self.w, "Open variant",
                                        f"{os.path.basename(path)} defines several variants. "
                                        f"Which one?", names, len(names) - 1, False)
        return name if ok else ""


def file_stem(name: str) -> str:
    """A variant's name as a file name: the characters file systems refuse (or shells mangle)
    become '-', spaces kept; "Untitled" when nothing is left."""
    out = "".join("-" if c in '/\\:*?"<>|' or ord(c) < 32 else c for c in name).strip(" .-")
    return out[:80] or "Untitled"
