"""The package's import graph: acyclic, and every import of an MCCP module at a module's top.

A cycle, or an import hidden in a function to get around one, means two layers each reach
into the other; docs/architecture.md gives the layering this keeps.  Two modules import
inside functions on purpose, and their imports count in the graph like any other: the
package root (`mccp.Device` loads the device API on first use, so `import mccp` stays light)
and the command line (each command loads only its own layer).
"""

from __future__ import annotations

import ast
from pathlib import Path

import mccp

PACKAGE = Path(mccp.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
LAZY = {"mccp", "mccp.cli"}     # modules that may import inside a function (see above)


def _targets(node: ast.AST) -> list[str]:
    """The MCCP modules an import statement loads (a name imported from a package that is
    itself a module counts as that module)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "mccp"]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
            and node.module.split(".")[0] == "mccp":
        return [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module
                for a in node.names]
    return []


def _imports(path: Path) -> tuple[set[str], list[tuple[int, str]]]:
    """(modules imported at the top level, [(line, module)] imported inside a function or class)."""
    tree = ast.parse(path.read_text())
    top, nested = set(), []
    for stmt in tree.body:
        top.update(_targets(stmt))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for inner in ast.walk(node):
                nested += [(inner.lineno, t) for t in _targets(inner)]
    return top, nested


def _graph() -> dict[str, set[str]]:
    """module -> the modules it imports, at its top or inside a function."""
    graph = {}
    for name, path in MODULES.items():
        top, nested = _imports(path)
        graph[name] = {t for t in top | {t for _, t in nested} if t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of modules, or None."""
    state: dict[str, int] = {}          # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_every_import_target_exists():
    missing = {(name, t) for name, targets in _graph().items() for t in targets if t not in MODULES}
    assert not missing, sorted(missing)


def test_import_graph_is_acyclic():
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle)


def test_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_function_local_import_of_mccp_modules():
    local = [f"{MODULES[name].relative_to(PACKAGE.parent)}:{line} imports {t}"
             for name in MODULES if name not in LAZY for line, t in _imports(MODULES[name])[1]]
    assert not local, "\n".join(local)
