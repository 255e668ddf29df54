"""The two-file launcher save is one unit even when its process is killed between the two
renames: the save stops there (a hook pauses it and says so), the process gets SIGKILL, and the
next read finds the old pair or the new one, never a launcher of one save beside the section of
another. The test waits on the child's own word that it reached the point, never on a clock.
``VD_PAIR_KILLS=20`` repeats the kill so many times (one in the normal run)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from designer.formats import fsf_ini, xboard_fsf
from designer.formats.registry import read_any

ROOT = Path(__file__).resolve().parents[2]
FIDE = ROOT / "variants" / "fide.ini"

CHILD = """
import sys, time
from dataclasses import replace
from designer.formats import atomic, xboard_fsf
from designer.formats.registry import read_any

def pause(i):
    print("between", i, flush=True)     # the parent kills us now
    time.sleep(3600)

atomic.between_replaces = pause
v = read_any(sys.argv[2])
xboard_fsf.save(sys.argv[1], replace(v, name="After the save"))
print("finished", flush=True)
"""


def _pair(path: Path) -> tuple[str, str]:
    return path.read_text(), Path(xboard_fsf.ini_path_for(path)).read_text()


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
@pytest.mark.parametrize("run", range(int(os.environ.get("VD_PAIR_KILLS", "1"))))
def test_a_save_killed_between_its_renames_reads_back_as_one_pair(tmp_path, run):
    path = tmp_path / "pair.ini"
    ini = xboard_fsf.ini_path_for(path)
    old_variant = read_any(FIDE)
    xboard_fsf.save(path, old_variant)
    old = _pair(path)
    new_variant = replace(old_variant, name="After the save")
    new = (xboard_fsf.write(new_variant, ini), fsf_ini.write(new_variant))
    assert old != new and old[0] != new[0] and old[1] != new[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(FIDE)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        said = child.stdout.readline()           # blocks until the child reaches the point
        assert said.startswith("between 0"), said
        mixed = _pair(path)
        assert mixed in ((old[0], new[1]), (new[0], old[1]))    # a mixed pair on disk now
        child.send_signal(signal.SIGKILL)
        child.wait()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    assert read_any(path).name == "After the save"     # the read completes the save first
    assert _pair(path) == new
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".journal")]
    xboard_fsf.save(path, old_variant)                 # and a later save works as ever
    assert _pair(path) == old
    assert sorted(os.listdir(tmp_path)) == ["pair.ini", "pair.variants.ini"]
