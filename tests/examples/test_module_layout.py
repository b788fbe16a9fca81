"""The package's layering, read from its source: hosts → examples → engine, and no import circle.

Every ``import`` counts, those under ``TYPE_CHECKING`` and inside functions too: a circle that
only type checkers follow still ties two modules into one idea.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "rulecheck"
LAYERS = ["engine", "examples", "hosts"]  # each may import those before it, never those after


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The rulecheck modules ``path`` imports (a name imported from a package counts as its module
    when it is one)."""
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name in MODULES and name != module_name(path)}


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
GRAPH = {name: imports_of(path) for name, path in MODULES.items()}
PACKAGE_INITS = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def cycle_from(start: str) -> list[str] | None:
    """An import path from ``start`` back to itself, if there is one. A package's ``__init__``
    re-exports its modules' names: a path through one is no circle of ideas, and is not followed."""
    stack, seen = [(start, [start])], set()
    while stack:
        name, path = stack.pop()
        for imported in sorted(GRAPH[name] - PACKAGE_INITS):
            if imported == start:
                return [*path, start]
            if imported not in seen:
                seen.add(imported)
                stack.append((imported, [*path, imported]))
    return None


def test_the_graph_sees_the_imports_it_must() -> None:
    assert "rulecheck.examples.outcome" in GRAPH["rulecheck.examples.chances"]  # under TYPE_CHECKING
    assert "rulecheck.examples.check" in GRAPH["rulecheck.hosts.pytest_plugin"]  # inside a function
    assert "rulecheck.engine.rules" in GRAPH["rulecheck.examples.example_check"]


@pytest.mark.parametrize("module", sorted(set(MODULES) - PACKAGE_INITS))
def test_no_module_imports_itself_through_others(module: str) -> None:
    cycle = cycle_from(module)
    assert cycle is None, " → ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(MODULES))
def test_dependencies_point_from_hosts_to_examples_to_the_engine(module: str) -> None:
    layer = module.split(".")[1] if module.count(".") else ""
    if layer not in LAYERS:
        return
    later = {f"rulecheck.{name}" for name in LAYERS[LAYERS.index(layer) + 1:]}
    wrong = sorted(name for name in GRAPH[module] if any(name == top or name.startswith(top + ".") for top in later))
    assert wrong == []


def test_the_check_is_split_into_modules_of_one_idea_each() -> None:
    sizes = {name: len(MODULES[name].read_text("utf-8").splitlines()) for name in MODULES
             if name.startswith("rulecheck.examples.")}
    assert sizes["rulecheck.examples.check"] < 200, sizes["rulecheck.examples.check"]
    for name in ("outcome", "pages", "twins", "parity", "snippets", "compare", "example_check"):
        assert f"rulecheck.examples.{name}" in MODULES
