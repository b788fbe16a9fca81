"""Fixtures shared by the hosts' tests."""

from __future__ import annotations

from typing import Any

import pytest

from rulecheck.hosts import mkdocs_plugin


@pytest.fixture
def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per check a MkDocs build runs (a build that reuses its cache runs none)."""
    calls: list[int] = []
    real = mkdocs_plugin.check_paths

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(mkdocs_plugin, "check_paths", counting)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    return calls
