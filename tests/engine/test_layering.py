"""The core imports in one direction: vocabulary <- geometry <- notation <- engine <- variant <-
formats <- balance <- opponent <- engines <- match <- commands, without cycles between modules.

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
          "designer.opponent", "designer.engines", "designer.match",
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
