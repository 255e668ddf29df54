"""Saves never lose the user's data: the xboard-fsf pair is replaced together or not at all,
temporary files left by interrupted saves are cleaned up, saved files get the umask's mode.

A full disk is simulated by making the system call that commits a file's bytes (``fsync``, or
``write``) fail with ENOSPC, as it does on a full disk."""

import errno
import os
import stat
import subprocess
import sys
import time

import pytest

from designer.formats import atomic, xboard_fsf, xboard_ini
from designer.formats.atomic import STALE_SECONDS, clean_stale, write_atomic, write_atomic_all
from designer.formats.errors import FormatError
from designer.formats.registry import read_any

from format_samples import SAMPLES

FIDE = next(p for p in SAMPLES if p.stem == "fide")
CAPA = next(p for p in SAMPLES if p.stem == "capablanca")


def _fail_on_call(monkeypatch, name, which):
    """Make ``os.<name>`` fail with ENOSPC on its ``which``-th call (1-based)."""
    real = getattr(os, name)
    calls = []

    def fake(*args, **kwargs):
        calls.append(args)
        if len(calls) == which:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, fake)
    return calls


def _pair(tmp_path):
    """A saved xboard-fsf pair of the FIDE sample, and the texts of its two files."""
    launcher = tmp_path / "Game.ini"
    ini = xboard_fsf.save(launcher, xboard_ini.load(FIDE))
    return launcher, ini, launcher.read_text(), open(ini).read()


@pytest.mark.parametrize("call", ["fsync", "write"])
def test_full_disk_on_the_second_file_of_the_pair_leaves_both_old_files(tmp_path, monkeypatch,
                                                                         call):
    launcher, ini, old_launcher, old_ini = _pair(tmp_path)
    before = sorted(os.listdir(tmp_path))
    capa = xboard_ini.load(CAPA)
    # the pair's first file (variants.ini) is written in one call of each; the second fails
    _fail_on_call(monkeypatch, call, 2)
    with pytest.raises(FormatError) as e:
        xboard_fsf.save(launcher, capa)
    monkeypatch.undo()
    assert "No space left" in e.value.reason
    assert launcher.read_text() == old_launcher and open(ini).read() == old_ini
    assert sorted(os.listdir(tmp_path)) == before           # no temporary file left
    assert read_any(launcher).name == xboard_ini.load(FIDE).name


def test_full_disk_on_the_first_file_of_the_pair_leaves_both_old_files(tmp_path, monkeypatch):
    launcher, ini, old_launcher, old_ini = _pair(tmp_path)
    _fail_on_call(monkeypatch, "fsync", 1)
    with pytest.raises(FormatError):
        xboard_fsf.save(launcher, xboard_ini.load(CAPA))
    monkeypatch.undo()
    assert launcher.read_text() == old_launcher and open(ini).read() == old_ini


def test_a_failed_replace_puts_back_the_file_already_replaced(tmp_path, monkeypatch):
    launcher, ini, old_launcher, old_ini = _pair(tmp_path)
    before = sorted(os.listdir(tmp_path))
    _fail_on_call(monkeypatch, "replace", 2)
    with pytest.raises(FormatError) as e:
        xboard_fsf.save(launcher, xboard_ini.load(CAPA))
    monkeypatch.undo()
    assert e.value.file == str(launcher)
    assert launcher.read_text() == old_launcher and open(ini).read() == old_ini
    assert sorted(os.listdir(tmp_path)) == before


def test_a_failed_replace_of_a_new_pair_leaves_no_half(tmp_path, monkeypatch):
    launcher = tmp_path / "New.ini"
    _fail_on_call(monkeypatch, "replace", 2)
    with pytest.raises(FormatError):
        xboard_fsf.save(launcher, xboard_ini.load(FIDE))
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []


def test_the_pair_reads_back_after_a_save(tmp_path):
    launcher = tmp_path / "Capa.ini"
    xboard_fsf.save(launcher, xboard_ini.load(CAPA))
    assert read_any(launcher) == xboard_ini.load(CAPA)
    assert sorted(os.listdir(tmp_path)) == ["Capa.ini", "Capa.variants.ini"]


# -- stale temporary files ------------------------------------------------------------------
def _dead_pid():
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _age(path, seconds):
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_next_save_removes_what_interrupted_saves_left(tmp_path):
    target = tmp_path / "Game.ini"
    dead = _dead_pid()
    leftovers = [f".Game.ini.vd{dead}-0a1b2c3d.tmp",            # process gone
                 f".Other.ini.vd{dead}-99.tmp",                 # another file, process gone
                 f".Game.ini.vd{os.getpid()}-77.tmp",          # ours, but an hour old
                 ".Game.ini.k3j_x9a2.tmp"]                      # an earlier version's, old
    kept = [f".Game.ini.vd{os.getpid()}-88.tmp",               # a save in progress
            ".Game.ini.ab12cd34.tmp",                           # earlier version's, fresh
            ".Other.ini.ab12cd34.tmp",                          # earlier version's, not ours
            ".cache.tmp", "notes.tmp", "Game.ini.bak"]          # not temporary files of ours
    for name in leftovers + kept:
        (tmp_path / name).write_text("x" * 100)
    for name in leftovers[2:] + kept[1:3]:
        _age(tmp_path / name, 0 if name in kept else STALE_SECONDS + 60)
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert sorted(os.listdir(tmp_path)) == sorted(kept + ["Game.ini"])


def test_cleanup_of_many_orphans_at_the_next_save(tmp_path):
    dead = _dead_pid()
    for k in range(148):
        (tmp_path / f".Game.ini.vd{dead}-{k:08x}.tmp").write_text("x")
    write_atomic(tmp_path / "Game.ini", "new")
    assert os.listdir(tmp_path) == ["Game.ini"]


def test_cleanup_never_follows_or_removes_links_and_folders(tmp_path):
    dead = _dead_pid()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep").write_text("x")
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / f".a.vd{dead}-1.tmp").symlink_to(outside / "keep")
    (folder / f".b.vd{dead}-2.tmp").mkdir()
    assert clean_stale(str(folder)) == []
    assert (outside / "keep").exists() and len(os.listdir(folder)) == 2


# -- file modes -----------------------------------------------------------------------------
@pytest.fixture
def umask():
    """Set the process umask for one test; the original one comes back after it."""
    original = os.umask(0o022)
    os.umask(original)
    yield os.umask
    os.umask(original)


@pytest.mark.parametrize("mask,mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_new_files_get_the_umask_mode(tmp_path, umask, mask, mode):
    umask(mask)
    write_atomic(tmp_path / "v.ini", "x")
    launcher = tmp_path / "Pair.ini"
    ini = xboard_fsf.save(launcher, xboard_ini.load(FIDE))
    for path in (tmp_path / "v.ini", launcher, ini):
        assert stat.S_IMODE(os.stat(path).st_mode) == mode, path


def test_a_replaced_file_keeps_its_mode(tmp_path, umask):
    umask(0o022)
    path = tmp_path / "v.ini"
    path.write_text("old")
    os.chmod(path, 0o640)
    write_atomic(path, "new")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640 and path.read_text() == "new"


def test_texts_that_cannot_be_encoded_fail_before_any_file_is_touched(tmp_path):
    a, b = tmp_path / "a.ini", tmp_path / "b.ini"
    a.write_text("old a")
    with pytest.raises(FormatError) as e:
        write_atomic_all([(a, "new a"), (b, "bad \udc80")])
    assert e.value.file == str(b)
    assert a.read_text() == "old a" and os.listdir(tmp_path) == ["a.ini"]


def test_temporary_names_carry_the_process_and_the_target(tmp_path):
    name = os.path.basename(atomic._temp_name(str(tmp_path / "Game.ini")))
    assert name.startswith(f".Game.ini.vd{os.getpid()}-") and name.endswith(".tmp")
