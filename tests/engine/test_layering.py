"""Every package and top-level module of ``designer`` has its place in one bottom-up order, and
imports only what sits below it or in its own package: the modules import one another without
cycles (an import inside a function counts; one under ``if TYPE_CHECKING:`` does not, as it never
runs).

Reading a definition must not load the move generator (the editor reads on every keystroke),
and no engine module may import another that imports it back (the walker never imports the
handlers of special legs; ``generate`` wires them together).
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Bottom up. ``designer`` is the package's own face (its version); ``rules`` is the rules model
# the variant holds, ``game`` the game that plays it, above the file formats.
LAYERS = ("designer", "vocabulary", "errors", "paths", "lazy", "geometry", "notation", "engine",
          "rules", "variant", "formats", "balance", "publish", "game", "records", "opponent",
          "players", "engines", "play", "match", "report", "launch", "commands", "gui", "cli")


def _modules() -> dict[str, Path]:
    mods = {}
    for path in (ROOT / "designer").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Project modules ``name`` imports anywhere in its text (also inside functions), except
    under ``if TYPE_CHECKING:``."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(block.test)
                   for stmt in block.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue      # imported for annotations only, never at run time
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else [])) if node.level \
                else node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in mods]
            out.update(subs if len(subs) == len(node.names) else subs + [target])
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m in mods and m != name}


def _layer(module: str) -> str:
    """The entry of ``LAYERS`` a module belongs to: its top-level package or module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    return {m: _imports(m, p, mods) for m, p in mods.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(m: str) -> None:
        index[m] = low[m] = len(index)
        stack.append(m)
        for d in sorted(graph[m]):
            if d not in index:
                visit(d)
                low[m] = min(low[m], low[d])
            elif d in stack:
                low[m] = min(low[m], index[d])
        if low[m] == index[m]:
            part = []
            while True:
                d = stack.pop()
                part.append(d)
                if d == m:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return found


def test_every_package_and_top_level_module_has_a_layer():
    """A package or module added to ``designer`` must be given its place in ``LAYERS``."""
    package = ROOT / "designer"
    tree = {p.name for p in package.iterdir() if (p / "__init__.py").exists()} | \
        {p.stem for p in package.glob("*.py") if p.name != "__init__.py"} | {"designer"}
    assert sorted(tree - set(LAYERS)) == []
    assert sorted(set(LAYERS) - tree) == []


def test_the_packages_import_downwards_only():
    """No module imports one of a higher layer, even inside a function; so no two packages
    import each other."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    upward = sorted((a, b) for a, deps in _graph().items() for b in deps
                    if rank[_layer(b)] > rank[_layer(a)])
    assert upward == []


def test_no_modules_import_each_other():
    """No cycle between modules of any package, the window's included."""
    assert _cycles(_graph()) == []


def test_the_cycle_finder_sees_a_cycle_through_a_function_but_not_through_type_checking(
        tmp_path):
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    source = tmp_path / "x.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from .game import Game\ndef f():\n    from .moves import Move\n",
                      encoding="utf-8")
    mods = {"designer.game.x": source, "designer.game.game": source,
            "designer.game.moves": source}
    assert _imports("designer.game.x", source, mods) == {"designer.game.moves"}


def test_reading_a_definition_does_not_load_the_move_generator():
    code = ("import sys, pkgutil, importlib, designer.notation, designer.geometry\n"
            "for pkg in (designer.notation, designer.geometry):\n"
            "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
            "        importlib.import_module(info.name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('designer.engine')))\n")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_nothing_below_the_window_imports_it_and_nothing_imports_the_command_line():
    """The window (``designer.gui``) sits on the core and the command line (``designer.cli``)
    on both: no core module imports either, even lazily inside a function, and the window
    never imports the command line."""
    mods = _modules()
    wrong = []
    for name, path in mods.items():
        deps = _imports(name, path, mods)
        for dep in deps:
            into_gui = dep == "designer.gui" or dep.startswith("designer.gui.")
            into_cli = dep == "designer.cli"
            own_gui = name == "designer.gui" or name.startswith("designer.gui.")
            if into_cli and name != "designer.cli" or into_gui and not own_gui \
                    and name != "designer.cli":
                wrong.append((name, dep))
    assert wrong == []


def test_the_package_loads_nothing_from_the_checkout_by_path():
    """Benchmarks and test data are not part of an installed package: no module names the
    checkout's ``benchmarks`` or ``tests`` folders (the bench reads only shipped data)."""
    found = []
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in ("benchmarks", "tests"):
                found.append((name, node.value, node.lineno))
    assert found == []


def test_the_design_notes_module_table_is_true_to_the_tree():
    """docs/design.md's table names every package and top-level module of ``designer``, bottom
    up in the order of ``LAYERS`` (and the package-level modules it lists exist), so a newcomer
    finds each subsystem there and sees what it may use."""
    import re
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    start = text.index("| package or module | job |")
    table = text[start:text.index("\n\n", start)]
    named = set(re.findall(r"^\| `([^`]+)`", table, re.M))
    package = ROOT / "designer"
    tree = {p.name + "/" for p in package.iterdir() if (p / "__init__.py").exists()} | \
        {p.name for p in package.glob("*.py") if p.name != "__init__.py"} | \
        {f"{p.parent.name}/{p.name}/" for p in package.glob("*/*") if (p / "__init__.py").exists()
         and p.parent.name == "notation"}
    assert named == tree
    order = [n.rstrip("/").removesuffix(".py") for n in re.findall(r"^\| `([^`]+)`", table, re.M)
             if "/" not in n.rstrip("/")]
    assert order == [x for x in LAYERS if x != "designer"]      # bottom up, as the imports go
    for row in table.splitlines()[2:]:
        first = re.match(r"\| `([^`]+)`", row).group(1)
        for module in re.findall(r"`(_?[a-z_]+\.py)`", row):
            folder = package / first.rstrip("/") if first.endswith("/") else package
            assert (folder / module).exists(), (first, module)
