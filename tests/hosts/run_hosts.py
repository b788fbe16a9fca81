"""Helpers to run pages through the three hosts: the command line, a MkDocs build, pytest."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner, Result
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from rulecheck.hosts.cli import main

#: A small MkDocs project around a case's pages: the extensions our pages use, no theme extras.
MKDOCS_YML = """\
site_name: Bad inputs
site_url: https://example.org/
docs_dir: docs
theme: {name: mkdocs}
plugins:
  - rulecheck
markdown_extensions:
  - admonition
  - pymdownx.details
  - pymdownx.snippets
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.superfences:
      custom_fences:
        - name: rulecheck
          class: rulecheck
          format: !!python/name:rulecheck.hosts.cards.format_fence
"""


def parry_example(example_id: str = "elara-parry", total: int = 23, title: str | None = None) -> str:
    """The YAML of the tests' usual example, Elara's parry (its reaction total is 23 when right)."""
    return (f"id: {example_id}\n" + (f"title: {title}\n" if title else "") + """\
rule: attack
given:
  defender: {name: Elara, level: 2, str: 4, def_phy: 16}
  attack: {kind: melee, total: 15, damage: 1d8+2}
  reaction: parry
dice:
  reaction: [17]
expect:
""" + f"  reaction_total: {total}\n")


def fenced(example: str) -> str:
    return f"```rulecheck\n{example}```\n"


def huge_page(count: int, broken: frozenset[int] = frozenset()) -> str:
    parts = ["# Une très longue page\n"]
    for n in range(count):
        example = parry_example(f"parry-{n}", 24 if n in broken else 23, title=f"Parade {n}")
        parts.append(f"Exemple {n}.\n\n" + fenced(example + "  outcome: parried\n"))
    return "\n".join(parts)


def copy_case(source: Path, target: Path) -> Path:
    """The case's ``docs/`` and an ``mkdocs.yml`` in ``target``."""
    shutil.copytree(source / "docs", target / "docs")
    (target / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return target


def cli(project: Path, *args: str, color: bool = False) -> Result:
    runner = CliRunner()
    with _chdir(project):
        return runner.invoke(main, list(args), color=color, catch_exceptions=True)


class LogCapture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @property
    def text(self) -> str:
        return "\n".join(f"{r.levelname} {r.getMessage()}" for r in self.records)


@contextmanager
def capture_logs(*names: str) -> Iterator[LogCapture]:
    handler = LogCapture()
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)


def small_site(root: Path, pages: dict[str, str], extensions: tuple[str, ...] = ()) -> Path:
    """A small MkDocs project in ``root``: :data:`MKDOCS_YML` with ``extensions`` added to its
    Markdown extensions, and ``pages`` (names under ``docs/``, and their text)."""
    (root / "docs").mkdir(parents=True)
    (root / "mkdocs.yml").write_text(MKDOCS_YML + "".join(f"  - {name}\n" for name in extensions), "utf-8")
    for name, text in pages.items():
        (root / "docs" / name).write_text(text, "utf-8")
    return root


def mkdocs_config(project: Path, **overrides: object) -> MkDocsConfig:
    return load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / "site"), **overrides)


def mkdocs_build(project: Path, command: str = "build") -> MkDocsConfig:
    """Build as ``mkdocs build`` (or ``serve``) does: ``on_startup``, then one build."""
    config = mkdocs_config(project)
    config.plugins.on_startup(command=command, dirty=False)
    build(config, serve_url="http://127.0.0.1:8000/" if command == "serve" else None)
    return config


@contextmanager
def _chdir(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)
