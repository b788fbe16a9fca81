"""The engine's library API: every public name importable, described, and its objects documented."""

from __future__ import annotations

import importlib
import inspect
import re

import rulecheck.engine as engine


def test_every_public_name_is_importable_from_the_package() -> None:
    assert len(engine.__all__) == len(set(engine.__all__))
    module = importlib.import_module("rulecheck.engine")
    for name in engine.__all__:
        assert hasattr(module, name), name
        exec(f"from rulecheck.engine import {name}", {})


def test_every_public_constant_and_alias_is_described_in_the_package_docstring() -> None:
    """Data (``RULES``, ``MAX_RUNS``…) and type aliases (``Trace``) have no docstring of their own."""
    doc = engine.__doc__ or ""
    listed = set(re.findall(r"``(\w+)``", doc[doc.index("Public names"):]))
    data = {name for name in engine.__all__
            if not (inspect.isclass(getattr(engine, name)) or inspect.isfunction(getattr(engine, name)))}
    assert {"RULES", "MAX_RUNS", "Trace"} <= data
    assert data <= listed, sorted(data - listed)


def test_every_public_class_and_function_has_its_own_docstring() -> None:
    for name in engine.__all__:
        value = getattr(engine, name)
        if inspect.isclass(value):
            own = value.__dict__.get("__doc__")
            assert own and own.strip(), f"class {name} has no docstring of its own"
            for member, raw in value.__dict__.items():
                if member.startswith("_"):
                    continue
                if isinstance(raw, property | classmethod | staticmethod) or inspect.isfunction(raw):
                    documented = raw if isinstance(raw, property) else getattr(value, member)
                    assert inspect.getdoc(documented), f"{name}.{member} has no docstring"
        elif callable(value):
            assert inspect.getdoc(value), f"{name} has no docstring"


def test_the_package_docstring_example_runs() -> None:
    doc = engine.__doc__ or ""
    code = "\n".join(
        line[4:] for line in doc[: doc.index("Public names")].splitlines() if line.startswith("    ")
    )
    assert code.count("assert ") >= 1 and "resolve_attack" in code, "the docstring example was not found"
    exec(code, {})
