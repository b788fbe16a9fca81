from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rulecheck.engine import AttackInput, ScriptedDice, resolve_attack
from rulecheck.engine.attack import AttackResult

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "bad_inputs"  # the malformed pages and their expected messages
pytest_plugins = ["pytester"]


@pytest.fixture
def site_copy(tmp_path: Path) -> Callable[[], Path]:
    """A copy of the real site (mkdocs.yml and docs/) in a temporary folder, to break on purpose."""

    def make() -> Path:
        target = tmp_path / "site-copy"
        shutil.copytree(ROOT / "docs", target / "docs")
        shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
        return target

    return make


@pytest.fixture(scope="session")
def offline_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site, built once per session by ``mkdocs build --strict`` in a namespace without network."""
    from .site_tools import build_without_network

    site = tmp_path_factory.mktemp("offline") / "site"
    result = build_without_network(site)
    assert result.returncode == 0, f"the site does not build without network:\n{result.stderr}"
    return site


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one for the whole session: every browser test
    module shares it (a second sync Playwright cannot start while the first one runs)."""
    from playwright.sync_api import sync_playwright

    from .test_site_browser import CHROMIUM, CHROMIUM_ARGS, LAUNCH_MS

    assert CHROMIUM.is_file(), f"{CHROMIUM} is missing: `make test` installs Debian's chromium package"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, timeout=LAUNCH_MS)
        yield chromium
        chromium.close()


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
