"""The core imports in one direction: vocabulary <- geometry <- notation <- engine <- variant <-
formats <- balance <- opponent <- engines <- match <- play <- commands, without cycles between
modules.

Reading a definition must not load the move generator (the editor reads on every keystroke),
and no engine module may import another that imports it back (the walker never imports the
handlers of special legs; ``generate`` wires them together).
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("designer.vocabulary", "designer.paths", "designer.geometry", "designer.notation",
          "designer.engine", "designer.variant", "designer.formats", "designer.balance",
          "designer.opponent", "designer.engines", "designer.match", "designer.play",
          "designer.commands")


def _modules() -> dict[str, Path]:
    mods = {}
    for path in (ROOT / "designer").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Project modules ``name`` imports anywhere in its text (also inside functions)."""
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


def test_reading_a_definition_does_not_load_the_move_generator():
    code = ("import sys, pkgutil, importlib, designer.notation, designer.geometry\n"
            "for pkg in (designer.notation, designer.geometry):\n"
            "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
            "        importlib.import_module(info.name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('designer.engine')))\n")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


def test_the_core_packages_import_in_one_direction_without_cycles():
    mods = _modules()
    graph = {m: _imports(m, p, mods) for m, p in mods.items() if m.startswith(LAYERS)}
    rank = {layer: i for i, layer in enumerate(LAYERS)}

    def layer(m: str) -> str:
        return next(x for x in LAYERS if m == x or m.startswith(x + "."))

    upward = [(a, b) for a, deps in graph.items() for b in deps
              if b in graph and rank[layer(b)] > rank[layer(a)]]
    assert upward == []
    # no cycle between modules (depth-first search with colours)
    colour: dict[str, int] = {}
    cycles = []

    def visit(m: str, stack: list[str]) -> None:
        colour[m] = 1
        for d in sorted(graph.get(m, ())):
            if d not in graph:
                continue
            if colour.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d] if d in stack else [m, d])
            elif d not in colour:
                visit(d, stack + [d])
        colour[m] = 2

    for m in sorted(graph):
        if m not in colour:
            visit(m, [m])
    assert cycles == []


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
    """docs/design.md's table names every package and top-level module of ``designer`` (and
    the package-level modules it lists exist), so a newcomer finds each subsystem there."""
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
    for row in table.splitlines()[2:]:
        first = re.match(r"\| `([^`]+)`", row).group(1)
        for module in re.findall(r"`(_?[a-z_]+\.py)`", row):
            folder = package / first.rstrip("/") if first.endswith("/") else package
            assert (folder / module).exists(), (first, module)
