from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.attack import AttackResult

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "bad_inputs"  # the malformed pages and their expected messages
pytest_plugins = ["pytester", "tests.site.browsing"]  # the browser tests' fixtures


@pytest.fixture
def site_copy(tmp_path: Path) -> Callable[[], Path]:
    """A copy of the real site (mkdocs.yml and docs/) in a temporary folder, to break on purpose."""

    def make() -> Path:
        target = tmp_path / "site-copy"
        shutil.copytree(ROOT / "docs", target / "docs")
        shutil.copytree(ROOT / "overrides", target / "overrides")  # mkdocs.yml's theme custom_dir
        shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
        return target

    return make


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site, built once per session by ``mkdocs build --strict`` in a namespace without network."""
    from tests.site.site_tools import build_without_network

    site = tmp_path_factory.mktemp("offline") / "site"
    result = build_without_network(site)
    assert result.returncode == 0, f"the site does not build without network:\n{result.stderr}"
    return site


def copy_tree(source: Path, target: Path) -> None:
    """Copy every file under ``source`` to the same relative place under ``target``."""
    for path in source.rglob("*"):
        if path.is_file():
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(path.read_bytes())


def attack(given: dict[str, Any], **dice: list[int]) -> AttackResult:
    """Resolve an attack with scripted dice, every one of which the rules must use."""
    source = ScriptedDice(dice)
    result = resolve_attack(AttackInput.model_validate(given), source)
    assert source.unused() == {}, "every scripted die must be used"
    return result
