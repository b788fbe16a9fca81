"""MkDocs plugin: check every example before the build, render cards, bind prose numbers.

``mkdocs build`` fails with every problem listed; ``mkdocs serve`` keeps serving, shows an error
card in place of a broken example (and a banner for the page's other problems) and logs the
located message, then re-checks on the next save.

While serving, problems go to the ``rulecheck`` logger rather than MkDocs' own: with
``strict: true`` MkDocs counts its warnings and would abort the server on the first drift.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from rulecheck.errors import Problem
from rulecheck.examples import render
from rulecheck.examples.check import PageReport, Report, check_paths, display_path, language_of
from rulecheck.examples.references import find_references, resolve_reference
from rulecheck.hosts import cards
from rulecheck.hosts.anchors import anchor_index, relative_link
from rulecheck.hosts.build_cache import BuildCache, digest
from rulecheck.hosts.glossary import GLOSSARY, append_abbreviations
from rulecheck.hosts.typography import french_spacing

log = logging.getLogger("mkdocs.plugins.rulecheck")
#: Where ``mkdocs serve`` reports problems: outside ``mkdocs.*``, so strict mode does not count them.
serve_log = logging.getLogger("rulecheck.serve")
CSS = "assets/rulecheck.css"


def _serve_handler() -> None:
    if not any(getattr(h, "rulecheck", False) for h in serve_log.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        handler.rulecheck = True  # type: ignore[attr-defined]
        serve_log.addHandler(handler)


class RulecheckConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    #: Cards show the exact probability of their outcome (about a fifth of the build's CPU time).
    odds = c.Type(bool, default=True)


class RulecheckPlugin(BasePlugin[RulecheckConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._serving = False
        self._report: Report | None = None
        self._fingerprint: str | None = None
        self._cache: BuildCache | None = None
        self._anchors: dict[str, dict[str, str]] = {}  # the heading ids of each language, per check

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self._serving = command == "serve"
        self._fingerprint = None  # MkDocs keeps this plugin object between runs in one process
        if self._serving:
            _serve_handler()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        if CSS not in config.extra_css:  # on_config runs once per language with i18n
            config.extra_css.append(CSS)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        root = _root(config)
        docs = Path(config.docs_dir).resolve()
        config_file = Path(config.config_file_path) if config.config_file_path else None
        # By content: a same-size edit (24 → 23) saved within the clock's tick keeps its mtime.
        key = digest(docs.rglob("*.md"), config_file, (self.config.odds, config.use_directory_urls))
        if key == self._fingerprint and (self._report is not None or self._cache is not None):
            # Checked already: mkdocs-static-i18n builds each language with the same plugin, and
            # MkDocs keeps plugins between builds in one process. A failure still fails the build.
            if self._report is not None and self._report.all_problems and not self._serving:
                raise PluginError(_failure(self._report.all_problems))
            return
        self._fingerprint = key
        self._cache, self._report = BuildCache(root, key), None
        if self._cache.complete:  # the same pages, configuration and code as a build that passed
            log.info(f"rulecheck: {self._cache.examples} examples checked (unchanged since the last build)")
            return
        self._check(config)

    def _check(self, config: MkDocsConfig) -> None:
        root = _root(config)
        self._anchors = {}
        self._report = check_paths([Path(config.docs_dir).resolve()], root=root, odds=self.config.odds)
        problems = self._report.all_problems
        if not problems:
            log.info(f"rulecheck: {self._report.examples} examples checked")
            return
        self._cache = None  # only a passing check is kept for later builds
        lines = "\n".join(p.located() for p in problems)
        if self._serving:
            serve_log.warning(f"rulecheck: {len(problems)} problem(s); the pages show them in place:\n{lines}")
            return
        raise PluginError(_failure(problems))

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        found = language_of(Path(page.file.abs_src_path or "").as_posix())
        return french_spacing(html) if found and found[0] == "fr" else None

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        # Written here rather than added in on_files: mkdocs-static-i18n rejects generated files.
        target = Path(config.site_dir) / CSS
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(resources.files("rulecheck.hosts").joinpath(CSS).read_text("utf-8"), "utf-8")
        if self._cache is not None and self._report is not None:
            self._cache.save(self._report.examples)

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        path = Path(page.file.abs_src_path or "").resolve()
        found = language_of(path.as_posix())
        if found:  # tooltips from the page language's glossary, even with the checks disabled
            glossary = Path(config.docs_dir).resolve() / found[0] / GLOSSARY
            markdown = append_abbreviations(markdown, glossary)
        if not self.config.enabled or (self._report is None and self._cache is None):
            return markdown
        root = _root(config)
        shown = display_path(path, root)
        if self._cache is not None and (hit := self._cache.get(shown, markdown)) is not None:
            rendered, registry = hit
            cards.register(registry)
            return rendered
        if self._report is None:  # a page the cache does not know: check after all
            self._check(config)
        assert self._report is not None
        rendered, registry = self._render(markdown, shown, config)
        cards.register(registry)
        if self._cache is not None:
            self._cache.put(shown, markdown, rendered, registry)
        return rendered

    def _render(self, markdown: str, shown: str, config: MkDocsConfig) -> tuple[str, dict[str, str]]:
        """A page's Markdown with its prose references bound, and its cards by block source."""
        assert self._report is not None
        report = self._report.pages.get(shown)
        if report is None:
            return markdown, {}
        language, page_path = language_of(shown) or ("en", shown)
        if language not in self._anchors:  # once per check, not once per page
            self._anchors[language] = anchor_index(Path(config.docs_dir).resolve() / language)
        anchors = self._anchors[language]

        def link(anchor: str) -> str | None:
            target = anchors.get(anchor)
            return relative_link(page_path, target, anchor, config.use_directory_urls) if target else None

        registry = {cards.key(o.block.source): cards.card(o, language, link) for o in report.outcomes}
        outcomes = report.by_id()
        pieces, last = [], 0
        for ref in find_references(markdown):
            try:
                html = cards.reference(render.value(resolve_reference(outcomes, ref.example_id, ref.field), language))
            except LookupError as error:
                html = cards.broken_reference(f"{ref.example_id}.{ref.field}", str(error))
            pieces += [markdown[last:ref.start], html]
            last = ref.end
        pieces.append(markdown[last:])
        return _with_banner("".join(pieces), _page_problems(self._report, shown, report), language), registry


def _root(config: MkDocsConfig) -> Path:
    """The project folder: the one holding ``mkdocs.yml`` (problems name paths relative to it)."""
    return Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()


def _failure(problems: list[Problem]) -> str:
    lines = "\n".join(p.located() for p in problems)
    return f"rulecheck: {len(problems)} problem(s) in the examples:\n{lines}"


def _page_problems(report: Report, shown: str, page: PageReport) -> list[Problem]:
    """This page's problems that no card shows: parity of the page, prose references, unclosed fences."""
    return report.page_problems(shown, shown=[o for o in page.outcomes if o.block.closed])


def _with_banner(markdown: str, problems: list[Problem], language: str) -> str:
    """The page with a banner listing ``problems`` under its title (unchanged when there are none)."""
    if not problems:
        return markdown
    banner = cards.banner(problems, language)
    lines = markdown.split("\n")
    at = 1 if lines and lines[0].startswith("# ") else 0
    return "\n".join([*lines[:at], "", banner, "", *lines[at:]])
