"""Pure Python or compiled (``designer.native``): a compiled module runs only when the build's
record has the hash of the source beside it; otherwise every module is imported from its
source, with the reason. A fake package stands in for a compiled build: its "extension
module" is not a shared library, so importing it fails, which shows whether it was used."""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import sys

import pytest

from designer import native
from designer.cli import main

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def fake_build(tmp_path, monkeypatch):
    """A package ``fakepkg`` whose ``sub.mod`` is "compiled" (a file that is no library) and
    has a source saying ``VALUE = 'source'``, with a record of the source's hash."""
    pkg = tmp_path / "fakepkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    source = pkg / "sub" / "mod.py"
    source.write_text("VALUE = 'source'\n")
    (pkg / "sub" / f"mod{SUFFIX}").write_bytes(b"not a shared library")
    (pkg / f"_native__mypyc{SUFFIX}").write_bytes(b"not a shared library")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    (pkg / "_native.json").write_text(json.dumps({"modules": {"fakepkg.sub.mod": digest}}))
    monkeypatch.syspath_prepend(str(tmp_path))
    before = list(sys.meta_path)
    yield pkg
    sys.meta_path[:] = before
    for name in [n for n in sys.modules if n == "fakepkg" or n.startswith("fakepkg.")]:
        del sys.modules[name]


def test_a_build_whose_record_matches_its_sources_runs_compiled(fake_build):
    build = native.choose(fake_build, "fakepkg", {})
    assert build.kind == "compiled" and not build.reason
    assert len(build.source) == 12
    assert build.describe().startswith("compiled (mypyc), built from sources ")


def test_a_source_edited_after_the_build_refuses_the_compiled_module(fake_build):
    (fake_build / "sub" / "mod.py").write_text("VALUE = 'edited'\n")
    build = native.choose(fake_build, "fakepkg", {})
    assert build.kind == "pure"
    assert "fakepkg/sub/mod.py changed since it was compiled" in build.reason
    assert "build_ext --inplace" in build.reason
    with pytest.warns(native.StaleBuildWarning, match="mod.py changed"):
        native.install(build, "fakepkg")
    # the edited source runs, not the stale extension (which would not even load)
    assert importlib.import_module("fakepkg.sub.mod").VALUE == "edited"


def test_without_the_sources_first_the_stale_extension_would_load(fake_build):
    # what the check prevents: Python picks the extension module over the source
    with pytest.raises(ImportError):
        importlib.import_module("fakepkg.sub.mod")


@pytest.mark.parametrize("damage, said", [
    ("no record", "no readable record"),
    ("unrecorded module", "fakepkg.sub.extra is compiled but not in the build's record"),
    ("missing module", "fakepkg.sub.mod is in the build's record but not compiled"),
])
def test_an_incomplete_build_is_refused(fake_build, damage, said):
    if damage == "no record":
        (fake_build / "_native.json").unlink()
    elif damage == "unrecorded module":
        (fake_build / "sub" / f"extra{SUFFIX}").write_bytes(b"")
    else:
        (fake_build / "sub" / f"mod{SUFFIX}").unlink()
        (fake_build / "sub" / f"other{SUFFIX}").write_bytes(b"")
        record = json.loads((fake_build / "_native.json").read_text())
        record["modules"]["fakepkg.sub.other"] = "0" * 64
        (fake_build / "_native.json").write_text(json.dumps(record))
    build = native.choose(fake_build, "fakepkg", {})
    assert build.kind == "pure" and said in build.reason


def test_the_pure_switch_runs_the_sources_without_a_warning(fake_build, recwarn):
    build = native.choose(fake_build, "fakepkg", {native.PURE_SWITCH: "1"})
    assert build.kind == "pure"
    native.install(build, "fakepkg")
    assert importlib.import_module("fakepkg.sub.mod").VALUE == "source"
    assert not [w for w in recwarn if issubclass(w.category, native.StaleBuildWarning)]


def test_version_says_which_build_runs(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("variant-designer 0.1.0, ")
    assert out.endswith(native.BUILD.describe())
    assert ("compiled (mypyc)" in out) == (native.BUILD.kind == "compiled")
