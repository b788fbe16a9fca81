"""MkDocs plugin: check every example before the build, render cards, bind prose numbers.

``mkdocs build`` fails with every problem listed; ``mkdocs serve`` keeps serving, shows an error
card in place of a broken example (and a banner for the page's other problems) and logs the
located message, then re-checks on the next save.

While serving, problems go to the ``rulecheck`` logger rather than MkDocs' own: with
``strict: true`` MkDocs counts its warnings and would abort the server on the first drift.
"""

from __future__ import annotations

import functools
import logging
from collections import Counter
from html import escape, unescape
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from pathspec import PathSpec

from rulecheck.errors import Problem
from rulecheck.examples import maps, render
from rulecheck.examples.as_text import markdown_text
from rulecheck.examples.capped import Capped, not_listed
from rulecheck.examples.cast import CAST_FILE, MARKER, Cast, cast_file_for, cast_markdown
from rulecheck.examples.cast import anchor as cast_anchor
from rulecheck.examples.check import (
    PageReport,
    Report,
    check_paths,
    display_path,
    language_of,
    markdown_files,
    read_page,
    undecodable,
)
from rulecheck.examples.discovery import Exclusions, exposed, find_pages, reach_of, uncopyable
from rulecheck.examples.element_ids import element_ids, ids_written_at
from rulecheck.examples.finder import PREFIX_CHARS, find_blocks, split_lines
from rulecheck.examples.front_matter import lines_taken_off, located_keys
from rulecheck.examples.headings import file_heading_lines
from rulecheck.examples.line_index import LineIndex
from rulecheck.examples.locales import LANGUAGES
from rulecheck.examples.page_writes import finish_interrupted_update
from rulecheck.examples.references import Reference, find_outside_code, find_references, resolve_reference
from rulecheck.examples.schema import written_id
from rulecheck.examples.shown_cards import card_marks
from rulecheck.examples.snippets import APPENDED, SnippetSettings, find_snippets, snippet_files, snippet_texts
from rulecheck.examples.snippets import EXTENSION as SNIPPETS
from rulecheck.hosts import cards, example_sources
from rulecheck.hosts.anchors import (
    CARD_ANCHOR,
    anchor_index,
    built_link,
    card_links,
    link_targets,
)
from rulecheck.hosts.build_cache import BuildCache, Inputs
from rulecheck.hosts.card_views import search_view, served_view
from rulecheck.hosts.glossary import GLOSSARY, read_glossary, separate_definitions
from rulecheck.hosts.indentation import unindented
from rulecheck.hosts.inline_scans import MAX_HEADINGS, MAX_INLINE_WORK, MAX_SCANNED, InlineScanGuardExtension
from rulecheck.hosts.nesting import MAX_DEPTH, NestingGuardExtension, deepest_line
from rulecheck.hosts.page_meta import safe_meta
from rulecheck.hosts.site_address import site_address
from rulecheck.hosts.site_outputs import taken_output, theme_outputs
from rulecheck.hosts.stylesheets import (
    PALETTE_FOLDER,
    list_stylesheet,
    merged_with,
    theme_palette,
    write_stylesheet,
)
from rulecheck.hosts.tooltips import BoundedTooltipsExtension
from rulecheck.hosts.typography import french_spacing, unit_spacing

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
    #: Each page's folded examples in a file of their own, loaded when a reader opens one: a script
    #: of the theme's must load them (``example_sources``; this site's ``reader.js``).
    sources_in_files = c.Type(bool, default=False)


def made_rules(sources_in_files: bool) -> str:
    """The rules of our stylesheet made by the build, before the packaged ones: the battle maps'
    colours (light theme, by class: the packaged rules repaint them dark), and, with the folded
    examples in files, what an opened block says in each language when its file cannot load."""
    rules = f"/* battle maps (rulecheck.examples.maps.PAPER) */\n{maps.stylesheet()}"
    return rules + example_sources.stylesheet(LANGUAGES) if sources_in_files else rules


class RulecheckPlugin(BasePlugin[RulecheckConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._serving = False
        self._report: Report | None = None
        self._fingerprint: str | None = None
        self._inputs: Inputs | None = None  # as this build's key read them
        self._cache: BuildCache | None = None
        #: What the builds of the languages built so far found wrong, said after the last one.
        self._deferred: list[str] = []
        self._first_language: str | None = None
        self._anchors: dict[str, dict[str, str]] = {}  # the heading ids of each language, per check
        self._files: Files | None = None  # the pages this build makes: the cards' step links go to them alone
        #: Blocks the fence formatter showed as examples that the check never saw, this build, and
        #: front matter naming an icon or a template the theme lacks.
        self._unchecked: list[Problem] = []
        #: Pages not rendered, too deep (``nesting``) or too costly (``inline_scans``) for Markdown:
        #: a banner in their place.
        self._unrendered: list[Problem] = []
        #: The links of each page of cards, by its URL, to be landed once every page is rendered.
        self._card_links: dict[str, tuple[str, list[tuple[str, str]]]] = {}
        #: The element ids of each page rendered, by its URL: what a link lands on.
        self._built_ids: dict[str, Counter[str]] = {}
        self._page: Page | None = None  # the page being rendered, and its build's configuration
        self._config: MkDocsConfig | None = None
        self._page_source = ""  # the Markdown of the page being rendered, as read
        self._title_reference = False  # whether one of its headings quotes an example
        self._searching = False  # whether Material's search plugin indexes the pages
        #: The page whose content search is reading without its cards' unsearched parts: the page,
        #: its content in full, the view search reads.
        self._full_content: tuple[Page, str, str] | None = None
        #: Material's palette stylesheet (its path in the site and its rules), which ours is written
        #: after and linked in place of, and whether a page of this process's builds still names it
        #: (the site then keeps its file).
        self._palette: str | None = None
        self._palette_rules = ""
        self._palette_named = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self._serving = command == "serve"
        self._fingerprint = None  # MkDocs keeps this plugin object between runs in one process
        if self._serving:
            _serve_handler()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        try:  # the published address reaches scripts, links and sitemaps: checked even with the checks off
            config.site_url = site_address(config.site_url)
        except ValueError as error:
            raise PluginError(str(error)) from None
        # Glossary tooltips on the first uses of a term only, checks on or off (the abbr extension
        # gives one to every use: a page of a term repeated, each use a copy of its definition).
        config.markdown_extensions.append(BoundedTooltipsExtension())
        config.markdown_extensions.append(NestingGuardExtension(self._too_deep_page))  # checks on or off
        config.markdown_extensions.append(InlineScanGuardExtension(self._too_costly_page))
        if not self.config.enabled:
            return config
        if (missing := _card_fence_missing(config)) is not None:
            raise PluginError(missing)
        self._searching = "material/search" in config.plugins
        list_stylesheet(config, CSS)
        palette = theme_palette(config)  # again on each load: a server's reload may change the theme
        self._palette = None if palette is None else f"{PALETTE_FOLDER}/{palette.name}"
        self._palette_rules = "" if palette is None else palette.read_text("utf-8")
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        """Leave out of the site each file of the docs MkDocs could not copy (a link to nothing or
        looping, a FIFO, a device: :func:`~rulecheck.examples.discovery.uncopyable`) or must not (a
        link out of the project or into a hidden path of it, page or not:
        :func:`~rulecheck.examples.discovery.exposed`), checks on or off: the check reports it and
        a build fails; a server, which copies drafts too, renders the rest."""
        root, docs = _root(config), Path(config.docs_dir)
        reach = reach_of(docs, root)
        theme_files = functools.cache(lambda: theme_outputs(config))  # some 50 ms: only if a file may need it
        for file in [file for file in files if file.abs_src_path and Path(file.src_dir or "") == docs]:
            source = Path(file.abs_src_path or "")
            why = uncopyable(source)  # a page that cannot be read says why in its place
            if (why is not None and not file.is_documentation_page()) or (why is None and exposed(source, reach)):
                files.remove(file)
                continue
            # A file of the docs in the place of one the site writes: the build fails (on_env).
            if self.config.enabled and (why := taken_output(file.src_uri, file.dest_uri, config.theme.dirs, theme_files,
                                                            config.theme.static_templates, [CSS])) is not None:
                self._unchecked.append(Problem(path=display_path(source, root), line=1,
                                               message=f"{why}. Hint: rename this file"))
        return files

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self._unchecked, self._unrendered, self._card_links, self._built_ids = [], [], {}, {}
        i18n = config.plugins.get("i18n")
        if not getattr(i18n, "building", False):  # the first language's build, which builds the others
            self._deferred, self._first_language = [], getattr(i18n, "current_language", None)
        if not self.config.enabled:
            return
        root = _root(config)
        # An update killed between its renames is finished first, as `rulecheck check` does: the
        # check then sees the pages it meant, not a half-done update as drift.
        if said := finish_interrupted_update(root):
            (serve_log if self._serving else log).info("\n".join(said))
        inputs = _inputs(config, self.config.odds, self._serving)
        key = inputs.key
        if key == self._fingerprint and (self._report is not None or self._cache is not None):
            # Checked already: mkdocs-static-i18n builds each language with the same plugin, and
            # MkDocs keeps plugins between builds in one process. A failure still fails the build.
            # (What is kept is still compared with the inputs as that check's key read them.)
            if self._report is not None and self._report.all_problems and not self._serving:
                raise PluginError(_failure(self._report.all_problems))
            return
        self._fingerprint, self._inputs = key, inputs
        self._cache, self._report = BuildCache(root, key), None
        if self._cache.complete:  # the same pages, configuration and code as a build that passed
            log.info(f"rulecheck: {self._cache.examples} examples checked (unchanged since the last build)")
            return
        self._check(config)

    def _check(self, config: MkDocsConfig) -> None:
        root = _root(config)
        self._anchors = {}
        self._report = check_paths([Path(config.docs_dir).resolve()], root=root, odds=self.config.odds,
                                   skip=_exclusions(config, self._serving), snippets=_snippets(config))
        problems = self._report.all_problems
        if not problems:
            log.info(f"rulecheck: {self._report.examples} examples checked")
            return
        self._cache = None  # only a passing check is kept for later builds
        lines = "\n".join(p.located() for p in problems)
        if self._serving and not any(p.kind == APPENDED for p in problems):
            serve_log.warning(f"rulecheck: {len(problems)} problem(s){not_listed(problems)}; "
                              f"the pages show them in place:\n{lines}")
            return
        raise PluginError(_failure(problems))

    def on_page_read_source(self, *, page: Page, config: MkDocsConfig) -> str | None:
        """While serving, a page the check cannot read shows why instead of being handed to MkDocs,
        which would wait for ever on a FIFO, fill the memory from a device, raise on a page that
        is not UTF-8 or a link to nothing (and every request would wait for a build that never
        ends): not UTF-8, not a regular file, past the size limit, not there."""
        if not self._serving or not self.config.enabled or not page.file.abs_src_path:
            return None
        path = Path(page.file.abs_src_path)
        shown = display_path(page_source(page, config), _root(config))
        try:
            read_page(path)
        except UnicodeDecodeError as error:
            problem = undecodable(shown, error)
        except OSError as error:  # the check's own line for it
            problem = Problem(path=shown, line=1, message=f"cannot read page: {error.strerror or error}")
        else:
            return None
        language = (language_of(shown) or ("en", ""))[0]
        return f"# {escape(path.stem)}\n\n{cards.banner([problem], language)}\n"

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        path = page_source(page, config)
        shown = display_path(path, _root(config))
        sources = cards.take_unchecked()
        taken_off = _lines_taken_off(page) if sources else 0
        unchecked = [unchecked_problem(shown, self._page_source, source, taken_off) for source in sources]
        # A page Markdown could not render shows a banner in place of its cards: that is its problem,
        # not each of its examples' (a page too deep to render was said to hide them all).
        if not any(problem.path == shown for problem in self._unrendered):
            unchecked += unshown_problems(shown, page, cards.unshown(html))
        if unchecked and self._report is None:
            # Pages taken from the cache, and one shows a block the check never saw: what the cache
            # was made from is not all this page shows. Check now (a failure fails the build with
            # the check's own lines), and render the pages left from that check, with their cards.
            log.info(f"rulecheck: {shown} shows a block no build checked: checking every page again")
            self._cache = None
            self._check(config)
        unchecked += hidden_problems(shown, page, cards.hidden(html))
        unchecked += forged_problems(shown, page, cards.forged(html))
        if unchecked:
            self._unchecked += unchecked
            self._cache = None  # a build that showed an unchecked block is never reused
            if self._serving:
                lines = "\n".join(p.located() for p in unchecked)
                serve_log.warning(f"rulecheck: {len(unchecked)} block(s) shown but not checked:\n{lines}")
        if self._title_reference and "title" not in page.meta and page.title:
            # Material writes `page.title | striptags`, which decodes character references: a
            # title quoting an example is given as escaped text, which templates write as is.
            page.meta["title"] = escape(unescape(page.title), quote=False)
        # A card's anchor is a link's target like a heading's (« see the example »): MkDocs checks
        # links against the anchors it saw in the Markdown, where a card is not yet written.
        anchors = getattr(page, "present_anchor_ids", None)
        if anchors is not None:
            anchors.update(CARD_ANCHOR.findall(html))
        if 'class="rc-rule"' in html:
            self._card_links[page.file.url] = (shown, card_links(html))
        if self.config.sources_in_files:
            html, examples = example_sources.lifted(html, cards.registered(), page.file.dest_uri)
            if examples:
                target = Path(config.site_dir) / example_sources.sources_file(page.file.dest_uri)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(example_sources.script(examples), "utf-8")
        found = language_of(path.as_posix())
        html = french_spacing(html) if found and found[0] == "fr" else unit_spacing(html)
        self._built_ids[page.file.url] = element_ids(html)
        return html

    @event_priority(1)  # just before Material's search plugin (0) parses page.content
    def _show_search_view(self, context: Any, *, page: Page, config: MkDocsConfig, nav: Any) -> None:
        """Search reads a page of cards without their unsearched parts (``card_views.search_view``):
        the same index for a quarter fewer tags to parse; the page itself is written in full."""
        if self._searching and page.content:
            full = page.content
            page.content = search_view(full)
            if page.content is not full:  # a page without cards is given as it is
                self._full_content = (page, full, page.content)

    @event_priority(-1)  # after every plugin that reads page.content in this event (priority 0)
    def _restore_full_view(self, context: Any, *, page: Page, config: MkDocsConfig, nav: Any) -> None:
        if self._full_content is None or self._full_content[0] is not page:
            return
        (_, full, view), self._full_content = self._full_content, None
        if page.content is not view:
            raise PluginError(f"rulecheck: another plugin changed {page.file.src_uri} while search read its cards "
                              "without their unsearched parts; give that plugin's on_page_context a priority "
                              "outside 1 to -1")
        page.content = full

    on_page_context = CombinedEvent(_show_search_view, _restore_full_view)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        """A French page's frame as its content: the table of contents, the navigation, the header,
        the footer's previous and next pages and the window's title repeat the headings' and the
        titles' words, which Markdown and the theme wrote with plain spaces (« récupère-t-on ? »
        could end a line of the table of contents on its « ? »). Every page without the indentation
        of the theme's templates (``indentation``), nor the marks only search reads (``card_views``)."""
        found = language_of(page_source(page, config).as_posix())
        output = unindented(french_spacing(output) if found and found[0] == "fr" else unit_spacing(output))
        return self._one_stylesheet(served_view(output))

    def _one_stylesheet(self, output: str) -> str:
        """``output`` asking for Material's palette and our stylesheet as one file: one request fewer
        before the page's first paint."""
        if not self.config.enabled or self._palette is None:
            return output
        output = merged_with(output, self._palette, CSS)
        self._palette_named = self._palette_named or self._palette in output
        return output

    @event_priority(100)  # before rulecheck-i18n-search writes each language's 404 page from it
    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str | None:
        return self._one_stylesheet(unindented(output_content)) if template_name == "404.html" else None

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        """Fail the build, before any page is written, if a page showed a block the check never saw,
        or a card's step links to an id no page holds (``mkdocs serve`` says so and serves on)."""
        if self._serving:
            for problem in self._unlanded_card_links(files, config):
                serve_log.warning(f"rulecheck: {problem.located()}")
            return env
        failures = [_failure(self._unchecked)] if self._unchecked else []
        if unlanded_ids := self._unlanded_card_links(files, config):
            lines = "\n".join(p.located() for p in unlanded_ids)
            failures.append(f"rulecheck: {len(unlanded_ids)} id(s) that cards link to on no built page or on "
                            f"two, or that two elements of a built page hold:\n{lines}")
        if self._unrendered:
            lines = "\n".join(p.located() for p in self._unrendered)
            failures.append(f"rulecheck: {len(self._unrendered)} page(s) Markdown cannot render:\n{lines}")
        # Every language's problems at once: mkdocs-static-i18n builds the others from the first's
        # end, and a failure of the French build left the English one unbuilt, its problems unsaid.
        self._deferred += failures
        if self._languages_after(config):
            if failures:
                self._cache = None  # a build that failed is never reused
            return env
        if self._deferred:
            raise PluginError("\n".join(self._deferred))
        return env

    def _languages_after(self, config: MkDocsConfig) -> list[str]:
        """The languages mkdocs-static-i18n still builds after the one being built, in its order:
        the first language's build, then the others as listed."""
        i18n = config.plugins.get("i18n")
        languages, current = getattr(i18n, "build_languages", None), getattr(i18n, "current_language", None)
        if not isinstance(languages, list) or current not in languages:
            return []
        order = [self._first_language, *(language for language in languages if language != self._first_language)]
        return order[order.index(current) + 1:]

    def _unlanded_card_links(self, files: Files, config: MkDocsConfig) -> list[Problem]:
        """A problem at each id that cards link to (a step's rule, a cast member's entry) and that no
        built page holds (the check read it on a heading written in a way Markdown does not give it
        that id: located at that heading), or that two built pages of the language hold, or two
        elements of one page (a heading the check did not read as one: located at the first card
        linking to it); and at each card whose own id another element of its built page holds.
        The ids are read in the HTML MkDocs rendered (``element_ids``), not in the sources."""
        pages = {file.url: file for file in files.documentation_pages()}
        shown = {url: display_path(file_source(file, config), _root(config)) for url, file in pages.items()}
        ids = {url: found for url, found in self._built_ids.items() if url in pages}

        def language(url: str) -> str:
            return (language_of(shown.get(url, url)) or ("en", ""))[0]

        linked: dict[tuple[str, str], list[tuple[str, int, str]]] = {}  # {(page URL, id): the cards linking to it}
        problems = []
        for here, (path, links) in self._card_links.items():
            outcomes = self._report.pages[path].by_id() if self._report and path in self._report.pages else {}
            lines = {example_id: found.block.line if (found := outcomes.get(example_id)) else 1
                     for example_id, _ in links}
            for example_id, target, anchor in link_targets(here, links):
                linked.setdefault((target, anchor), []).append((path, lines[example_id], example_id))
        problems += self._ids_held_twice(ids, shown)
        for (target, anchor), cards_linking in linked.items():
            (path, line, example_id), count = cards_linking[0], len(cards_linking)
            first, page = f"{path}:{line} ({example_id})", shown.get(target, target)
            if not ids.get(target, Counter())[anchor]:
                report = self._report.pages.get(page) if self._report is not None else None
                headings = report.headings if report is not None else {}
                if anchor.startswith("cast-") and anchor not in headings:
                    hint = "the cast page lists every member of the cast file where it holds `<!-- rulecheck-cast -->`"
                else:
                    hint = f"write it `## Title {{ #{anchor} }}`, a space before the braces, outside raw HTML"
                problems.append(Problem(path=page, line=headings.get(anchor, 1), related=(first,), message=(
                    f"id `{anchor}`: no element of the page built here holds it (Markdown does not give it to a "
                    f"heading as it is written), and {count} link(s) of cards lead to it (the first: {first}). "
                    f"Hint: {hint}")))
                continue
            others = [shown[url] for url, held in ids.items()
                      if url != target and held[anchor] and url in shown and language(url) == language(target)]
            twice = ids[target][anchor] > 1
            if others or twice:
                where = "it holds two elements of that id" if twice else f"{others[0]} holds that id too"
                problems.append(Problem(path=path, line=line, related=(page, *others), message=(
                    f"this card links to `{anchor}` on {page}, and {where} ({count} link(s) of cards lead to it): a "
                    "reader's link lands on one of the two. Hint: give one of them another id")))
        return problems

    def _ids_held_twice(self, ids: dict[str, Counter[str]], shown: dict[str, str]) -> list[Problem]:
        """A problem at each id that two elements of one built page hold, whoever wrote them: a
        link, a map's ``url(#…)`` pattern or its label reaches only the first (a heading « Rcm parry
        map w » took a map's wall pattern, and the map drew no wall). A card's own id is located at
        its example; any other at the raw HTML of the page's source that gives it, else at the
        heading that does, where the check reads one."""
        problems = []
        for url, held in ids.items():
            twice = [(anchor, count) for anchor, count in held.items() if count > 1]
            if not twice:
                continue
            path = shown.get(url, url)
            report = self._report.pages.get(path) if self._report is not None else None
            headings, outcomes = (report.headings, report.by_id()) if report is not None else ({}, {})
            written = ids_written_at(_text_of(report)) if report is not None else {}  # the page read once
            page = Capped()  # a page of a thousand ids held twice says fifty, and how many more
            for anchor, count in twice:
                if anchor.startswith("ex-") and (card := outcomes.get(anchor[3:])) is not None:
                    page.add(Problem(path=path, line=card.block.line, example_id=card.id, message=(
                        f"the page built here holds another element of id `{anchor}`, this card's: the links "
                        "to the card land on the first. Hint: give the heading or element that makes it another id")))
                    continue
                page.add(Problem(path=path, line=written.get(anchor) or headings.get(anchor, 1), message=(
                    f"the page built here holds {count} elements of id `{anchor}`: the links, and the pictures "
                    "or labels that refer to it (a battle map's pattern, its title), reach only the first. Hint: "
                    "give the heading or element another id (ids starting `ex-`, `cast-` and `rcm-` are the "
                    "cards', the cast's and the maps' own)")))
            problems += page.problems
        return problems

    def _too_deep_page(self, source: str) -> str:
        """What the page being rendered shows when Markdown cannot render it for its nesting: a
        banner naming its most deeply nested line; the build fails in ``on_env``. The line is found in
        the page as read, not in ``source``, which the plugin's changes may have moved."""
        return self._unrendered_page(deepest_line(self._page_source), (
            "this page is nested too deep for Markdown to render it (lists, admonitions, tabs, quotes or "
            f"HTML blocks within one another: more than {MAX_DEPTH} levels of indentation or quotes, or some "
            "250 blocks, each level read again for every level within it); its most deeply nested "
            "line is here: nest it less"))

    def _too_costly_page(self, measure: str, counted: int, first_line: str) -> str:
        """What the page being rendered shows when its text would cost Markdown time the square of
        its size (``inline_scans``): a banner at its costliest paragraph; the build fails in ``on_env``."""
        lines = self._page_source.split("\n")
        line = lines.index(first_line) + 1 if first_line in lines else 1
        if measure == "inline":
            return self._unrendered_page(line, (
                f"this page's paragraphs hold {counted:,} units of inline work (escapes, entities, tags, emphasis "
                f"and code marks, each times its paragraph's length), past the {MAX_INLINE_WORK:,} a page may: "
                "Markdown rebuilds the rest of a paragraph for each of them; split the paragraph, or write "
                "fewer of them (the costliest paragraph starts here)"))
        if measure == "markup":
            return self._unrendered_page(line, (
                f"this page's HTML comments, instructions (<?) and declarations (<!) would make MkDocs read "
                f"{counted:,} characters, past the {MAX_SCANNED:,} a page may: it reads on from each to what "
                "closes it, to the end of the page when nothing does; close them (-->, >), or write them as code"))
        if measure == "unclosed":
            return self._unrendered_page(line, (
                f"this page's raw HTML leaves elements open, which would make the readers of the built page "
                f"(its search, the print edition) go over {counted:,} characters, past the {MAX_SCANNED:,} a page "
                "may: each reads on from an element to its end tag, to the end of the page when none closes it; "
                "close them (the first one open is here), or write them as code"))
        if measure == "headings":
            return self._unrendered_page(line, (
                f"this page holds {counted:,} headings, past the {MAX_HEADINGS:,} a page may: the search looks "
                "each one up among all of them; split the page (the first heading past them is here)"))
        return self._unrendered_page(line, (
            f"this page would make Markdown read {counted:,} characters, past the {MAX_SCANNED:,} a page may: "
            "it reads on from each [, ( and < of HTML to what closes it, to the end of the paragraph when "
            "nothing does; close them, or write them as code (the costliest paragraph starts here)"))

    def _unrendered_page(self, line: int, message: str) -> str:
        page, config = self._page, self._config
        if page is None or config is None:  # Markdown outside a page's rendering: nothing to locate
            raise PluginError(f"rulecheck: Markdown cannot render a text: {message}")
        path = page_source(page, config)
        shown = display_path(path, _root(config))
        problem = Problem(path=shown, line=line + _lines_taken_off(page), message=message)
        self._unrendered.append(problem)
        self._cache = None  # a build that failed to render a page is never reused
        if self._serving:
            serve_log.warning(f"rulecheck: {problem.located()}")
        found = language_of(path.as_posix())
        return cards.banner([problem], found[0] if found else "en")

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        write_stylesheet(config, CSS, rules=made_rules(self.config.sources_in_files), first=self._palette_rules)
        if self._palette is not None and not self._palette_named:  # no reader would download it
            (Path(config.site_dir) / self._palette).unlink(missing_ok=True)
        if self._cache is not None and self._report is not None:
            # Kept only if no input was edited while the build read it (after the key, before or
            # while the check and MkDocs read it): what it made could come from other bytes.
            if self._inputs is not None and _inputs(config, self.config.odds, self._serving) == self._inputs:
                self._cache.save(self._report.examples)
            else:
                log.info("rulecheck: a page, the cast or the configuration changed during the build: "
                         "what it made is not kept, the next build checks again")

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        self._page, self._config = page, config
        if files is not self._files:  # another language's build (i18n): its pages, its URLs
            self._files, self._anchors = files, {}  # an index made in another build links to its pages
        path = page_source(page, config)
        if missing := safe_meta(page.meta, config.theme.dirs):  # what the theme could not render, dropped
            self._meta_problems(located_keys(display_path(path, _root(config)), _source(page), missing))
        found = language_of(path.as_posix())
        if self._serving and self._report is not None:
            shown = display_path(path, _root(config))
            markdown = _unread_snippets_left_out(markdown, self._report.page_problems(shown), page)
        self._page_source = markdown
        # Until this page's cards are known, any block the formatter meets is unchecked.
        cards.register(None if not self.config.enabled else {}, found[0] if found else "en")
        markdown = separate_definitions(markdown)  # a glossary's: n definitions rendered in time n, not n²
        if not found:
            return self._rendered(markdown, path, config)
        # Tooltips from the page language's glossary, even with the checks disabled: its terms of
        # several words joined where the source breaks them, then the definitions of the terms the
        # page uses as it is rendered (a bound value, the cast list can hold one) put before it.
        glossary = read_glossary(Path(config.docs_dir).resolve() / found[0] / GLOSSARY)
        rendered = self._rendered(glossary.join_broken(markdown), path, config)
        return glossary.with_used(rendered, snippet_texts(rendered, path, _root(config), _snippets(config)))

    def _meta_problems(self, problems: list[Problem]) -> None:
        """Front matter the theme lacks a file for: it fails the build (:meth:`on_env`), a server says it."""
        self._unchecked += problems
        self._cache = None
        if self._serving:
            serve_log.warning("rulecheck: " + "\n".join(p.located() for p in problems))

    def _rendered(self, markdown: str, path: Path, config: MkDocsConfig) -> str:
        """The page's Markdown with its cards known, its prose references bound and its problems
        shown; taken from the build cache when that rendered the same Markdown."""
        found = language_of(path.as_posix())
        references = find_references(markdown)  # of the text Markdown reads: terms joined
        places = TextPlaces(markdown)  # the page's lines indexed once for all its references
        self._title_reference = any(places.in_heading(ref.start) for ref in references)
        if not self.config.enabled or (self._report is None and self._cache is None):
            return markdown
        root = _root(config)
        shown = display_path(path, root)
        if self._cache is not None and (hit := self._cache.get(shown, markdown)) is not None:
            rendered, registry = hit
            cards.register(registry, found[0] if found else "en")
            return rendered
        if self._report is None:  # a page the cache does not know: check after all
            self._check(config)
        assert self._report is not None
        rendered, shown_cards = self._render(markdown, references, places, shown, config)
        cards.register(shown_cards, found[0] if found else "en")
        if self._cache is not None and shown_cards is not None:  # a page over its cap fails: never kept
            self._cache.put(shown, markdown, rendered, shown_cards)
        return rendered

    def _render(self, markdown: str, references: list[Reference], places: TextPlaces, shown: str,
                config: MkDocsConfig) -> tuple[str, dict[str, str] | None]:
        """A page's Markdown with its prose ``references`` bound, and its cards by block source
        (``None``: its blocks show as plain code, the page holding more than it may)."""
        assert self._report is not None
        report = self._report.pages.get(shown)
        if report is None:
            return markdown, {}
        language, page_path = language_of(shown) or ("en", shown)
        if language not in self._anchors:  # once per check, not once per page
            docs = Path(config.docs_dir).resolve()
            built = self._built_pages(language, config)  # what MkDocs builds, at its URLs: no page left out
            root, pages = _root(config), self._report.pages
            self._anchors[language] = anchor_index(  # each page's ids as the check read them, if it did
                (url, found.headings if (found := pages.get(display_path(path, root))) else file_heading_lines(path))
                for url, path in built.values())
            cast = _cast_anchors(self._report, docs, language, _root(config))
            self._anchors[language] |= {anchor: built[page][0] for anchor, page in cast.items() if page in built}
        anchors = self._anchors[language]
        here = self._page.file.url if self._page is not None else page_path

        def link(anchor: str) -> str | None:
            target = anchors.get(anchor)
            return built_link(here, target, anchor) if target is not None else None

        # A page holding more examples than it may: its one problem says so, and its blocks show as
        # plain code, not as one error each.
        registry = None if report.too_many_examples else {
            cards.key(o.block.source): cards.card(o, language, link) for o in report.outcomes}
        outcomes = report.by_id()
        pieces, last = [], 0
        for ref in references:
            try:
                shown_value = render.value(resolve_reference(outcomes, ref.example_id, ref.field), language)
                text = markdown_text(shown_value)
                html = text if places.text_only(ref.start) else cards.reference_html(text)
            except LookupError as error:
                html = cards.broken_reference(f"{ref.example_id}.{ref.field}", str(error))
            pieces += [markdown[last:ref.start], html]
            last = ref.end
        pieces.append(markdown[last:])
        if MARKER in markdown:
            written = "".join(pieces)
            if (at := find_outside_code(written, MARKER)) >= 0:
                pieces = [written[:at], self._cast_list(language, page_path, config), written[at + len(MARKER):]]
        return _with_banner("".join(pieces), _page_problems(self._report, shown, report), language), registry

    def _built_pages(self, language: str, config: MkDocsConfig) -> dict[str, tuple[str, Path]]:
        """``{page: (URL, file)}`` of the pages of ``language`` this build makes, each page named in
        its language's folder, in the check's order (a page in no language's folder is English's)."""
        docs, built = Path(config.docs_dir).resolve(), {}
        for file in self._files.documentation_pages() if self._files is not None else ():
            path = file_source(file, config)
            if not file.abs_src_path or not path.is_relative_to(docs):
                continue
            shown = path.relative_to(docs).as_posix()
            found, page = language_of(shown) or ("en", shown)
            if found == language:
                built[page] = (file.url, path)
        return dict(sorted(built.items()))

    def _cast_list(self, language: str, page_path: str, config: MkDocsConfig) -> str:
        """The cast page's list, in its language, with links to the examples each member is in."""
        assert self._report is not None
        docs = Path(config.docs_dir).resolve()
        cast = _cast_of(self._report, docs / language / page_path, _root(config))
        if cast is None:
            return ""
        appearances: dict[str, list[tuple[str, str]]] = {}
        built, here = self._built_pages(language, config), self._page.file.url if self._page else page_path
        for path, page in sorted(self._report.pages.items()):
            found = language_of(path)
            if not found or found[0] != language or found[1] not in built:
                continue
            for outcome in page.outcomes:
                if outcome.parsed is None:
                    continue
                title = getattr(outcome.parsed.example, "title", None) or outcome.parsed.id
                url = built_link(here, built[found[1]][0], f"ex-{outcome.parsed.id}")
                for member_id in dict.fromkeys(member for member, _ in outcome.parsed.cast):
                    appearances.setdefault(member_id, []).append((title, url))
        return cast_markdown(cast, language, appearances)


def _cast_of(report: Report, page: Path, root: Path) -> Cast | None:
    return report.casts.get(display_path(cast_file_for(page), root))


def _cast_anchors(report: Report | None, docs: Path, language: str, root: Path) -> dict[str, str]:
    """``{cast-<id>: page}`` for each member of the cast a page of ``language`` lists."""
    if report is None:
        return {}
    folder = docs / language
    for page in sorted(p for p in markdown_files([folder] if folder.is_dir() else []) if p.suffix == ".md"):
        try:
            listed = find_outside_code(read_page(page), MARKER) >= 0
        except (OSError, UnicodeDecodeError):
            continue  # the check reports an unreadable page where it stands
        cast = _cast_of(report, page, root) if listed else None
        if cast is not None:
            page_path = page.relative_to(docs / language).as_posix()
            return {cast_anchor(member): page_path for member in cast.members}
    return {}


def _text_of(report: PageReport) -> str:
    """The text of a checked page, read again (only for a problem's line): empty if it cannot be."""
    try:
        return read_page(report.source) if report.source is not None else ""
    except (OSError, UnicodeDecodeError):
        return ""


def page_source(page: Page, config: MkDocsConfig) -> Path:
    """A page's file as the check names it: the docs folder resolved, and below it the folders
    MkDocs walked, a linked folder not resolved (the page is built at the link's path)."""
    return file_source(page.file, config)


def file_source(file: File, config: MkDocsConfig) -> Path:
    """:func:`page_source` of any file of the build."""
    docs, found = Path(config.docs_dir), Path(file.abs_src_path or "")
    try:
        return docs.resolve() / found.relative_to(docs)
    except ValueError:
        return found.resolve()


def _inputs(config: MkDocsConfig, odds: bool, serving: bool) -> Inputs:
    """What the site's pages are made from, as the build cache's key reads it: the pages (by
    content: a same-size edit, 24 → 23, saved within the clock's tick keeps its mtime), the cast
    files, the configuration, the options, and the folders not walked (a new link to a folder
    already walked makes the next build check, and fail, before MkDocs walks every way to it)."""
    docs = Path(config.docs_dir).resolve()
    found = find_pages([docs], _root(config), _exclusions(config, serving))
    pages = [*found.pages, *docs.rglob(CAST_FILE)]  # a cast member's numbers are on cards
    # What the pages' snippets pull in, transitively, and the names they look at where nothing is
    # yet: the check reads them (and refuses what they must not hold), Markdown shows them.
    pages += snippet_files(found.pages, _root(config), _snippets(config))
    config_file = Path(config.config_file_path) if config.config_file_path else None
    return Inputs.read(pages, config_file, (odds, config.use_directory_urls, found.problems))


def _exclusions(config: MkDocsConfig, serving: bool) -> Exclusions:
    """The pages MkDocs leaves out of this site: its defaults, the configuration's ``exclude_docs``,
    and its ``draft_docs`` but under ``mkdocs serve``, which shows them."""
    exclude_docs, draft_docs = config.exclude_docs, None if serving else config.draft_docs
    return Exclusions(Path(config.docs_dir).resolve(), exclude_docs if isinstance(exclude_docs, PathSpec) else None,
                      draft_docs if isinstance(draft_docs, PathSpec) else None)


def _snippets(config: MkDocsConfig) -> SnippetSettings:
    """Where this site's snippets are looked for, and what is appended to every page: the
    configuration MkDocs gives ``pymdownx.snippets``."""
    return SnippetSettings.from_options(config.mdx_configs.get(SNIPPETS))


#: What ``mkdocs.yml`` needs so that Markdown hands each ```rulecheck fence to the cards.
CARD_FENCE_SETTING = """markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: rulecheck
          class: rulecheck
          format: !!python/name:rulecheck.hosts.cards.format_fence"""


def _card_fence_missing(config: MkDocsConfig) -> str | None:
    """Why the pages' ```rulecheck fences would not become cards, if they would not: without the
    custom fence, Markdown reads each as plain code and every example fails as shown by no card."""
    fences = (config.mdx_configs.get("pymdownx.superfences") or {}).get("custom_fences") or []
    if "pymdownx.superfences" in config.markdown_extensions and any(
            isinstance(fence, dict) and fence.get("name") == "rulecheck" and fence.get("format") is cards.format_fence
            for fence in fences):
        return None
    return ("rulecheck: the examples' ```rulecheck fences are not handed to the cards: mkdocs.yml needs "
            f"pymdownx.superfences with the rulecheck custom fence:\n{CARD_FENCE_SETTING}")


def _root(config: MkDocsConfig) -> Path:
    """The project folder: the one holding ``mkdocs.yml`` (problems name paths relative to it)."""
    return Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()


def text_only(markdown: str, at: int) -> bool:
    """Whether offset ``at`` lies where an HTML element would show as text or break the page: a
    heading (its text becomes the page's ``<title>`` and the table of contents), an image's alt
    text, an attribute list (``{: … }``), a raw HTML tag (``<img alt="…">``) or an abbreviation's
    definition (its tooltip). For many offsets of one text, keep a :class:`TextPlaces`."""
    return TextPlaces(markdown).text_only(at)


def in_abbreviation(markdown: str, at: int) -> bool:
    """Whether offset ``at`` is on an abbreviation's definition (``*[HP]: hit points``), whose text
    becomes a tooltip, an attribute."""
    return TextPlaces(markdown).in_abbreviation(at)


def in_heading(markdown: str, at: int) -> bool:
    """Whether offset ``at`` is on a heading line: ``# …`` (in a blockquote too), or a line
    underlined with ``===`` or ``---``."""
    return TextPlaces(markdown).in_heading(at)


#: What opens a place where only text may stand, and what closes it, on one line.
_TEXT_ONLY_PAIRS = (("![", "]"), ("{", "}"), ("<", ">"))


class TextPlaces:
    """:func:`text_only`, :func:`in_heading` and :func:`in_abbreviation` for the offsets of one
    text: its lines indexed once, each line's facts (a heading? an abbreviation's definition?)
    computed once, and, for offsets that grow along a line, each character of it read once; so a
    page's n references cost n lookups, not n times the page."""

    def __init__(self, markdown: str) -> None:
        self.markdown = markdown
        self.lines = LineIndex(markdown)
        self._facts: dict[int, tuple[bool, int]] = {}  # line: (a heading, where its definition starts or -1)
        self._line, self._scanned = 0, 0  # the line read along, and up to where
        self._last: dict[str, int] = {}  # the last offset of each opener and closer read on that line
        self._open_tags: list[bool] | None = None  # per line: whether it starts inside an HTML tag

    def _text(self, line: int) -> str:
        return self.markdown[self.lines.start(line):self.lines.end(line)]

    def _line_facts(self, line: int) -> tuple[bool, int]:
        facts = self._facts.get(line)
        if facts is None:
            text = self._text(line)
            heading = text.lstrip(" >").startswith("#")
            if not heading and line < len(self.lines.starts):  # a line under it: `===` or `---`?
                underline = self._text(line + 1).strip()
                heading = bool(underline) and (set(underline) == {"="} or set(underline) == {"-"})
            colon = text.find("]:") if text.startswith("*[") else -1
            facts = self._facts[line] = (heading, self.lines.start(line) + colon + 2 if colon >= 0 else -1)
        return facts

    def in_heading(self, at: int) -> bool:
        return self._line_facts(self.lines.line(at))[0]

    def in_abbreviation(self, at: int) -> bool:
        definition = self._line_facts(self.lines.line(at))[1]
        return 0 <= definition <= at

    def text_only(self, at: int) -> bool:
        return self.in_heading(at) or self.in_abbreviation(at) or self._inside_markup(at)

    def _inside_markup(self, at: int) -> bool:
        """Whether, on ``at``'s line before it, an opener of :data:`_TEXT_ONLY_PAIRS` comes after
        its closer: read from where the last offset of the same line left off."""
        line = self.lines.line(at)
        start = self.lines.start(line)
        if line != self._line or at < self._scanned:
            self._line, self._scanned, self._last = line, start, {}
        read_from = max(start, self._scanned - 1)  # a two-character opener across the last offset
        for opener, closer in _TEXT_ONLY_PAIRS:
            for token in (opener, closer):
                found = self.markdown.rfind(token, read_from, at)
                if found >= 0:
                    self._last[token] = found
        self._scanned = at
        if self._starts_in_tag(line) and self._last.get(">", -1) < 0:
            return True  # a tag opened on a line above (`<img src="…"` then `alt="…"`), not closed yet
        return any(self._last.get(opener, -1) > self._last.get(closer, -1) for opener, closer in _TEXT_ONLY_PAIRS)

    def _starts_in_tag(self, line: int) -> bool:
        """Whether ``line`` begins inside a raw HTML tag opened on a line above it in its paragraph
        (Markdown reads a tag across lines, never across a blank one). Every line's answer is
        found at the first question, in one pass over the text."""
        if self._open_tags is None:
            self._open_tags, inside = [], False
            for number in range(1, len(self.lines.starts) + 1):
                self._open_tags.append(inside)
                text = self._text(number)
                if not text.strip():
                    inside = False
                elif (opened := text.rfind("<")) > text.rfind(">"):
                    inside = True
                elif opened >= 0 or ">" in text:
                    inside = False
        return self._open_tags[line - 1]


def unchecked_problem(shown: str, markdown: str, source: str, taken_off: int = 0) -> Problem:
    """A block the formatter showed without a card, located on its page where it can be found
    (``markdown``: the page as MkDocs gave it, the first ``taken_off`` lines, its front matter, taken off)."""
    example_id = written_id(source)
    lines = [line.strip() for line in source.split("\n") if line.strip()]
    wanted = next((line for line in lines if line.startswith("id:")), lines[0] if lines else "")
    line = next((number + taken_off for number, text in enumerate(split_lines(markdown), 1)
                 if wanted and text.lstrip(PREFIX_CHARS).rstrip() == wanted), None)
    where = "" if line is not None else " (it is not on the page itself: pulled in from another file?)"
    return Problem(
        path=shown, line=line or 1, example_id=example_id, kind="unchecked",
        message=f"shown as an example card but never checked: rulecheck does not read this block{where}. "
                "Hint: write the example on the page itself, in a plain ```rulecheck fence",
    )


def hidden_problems(shown: str, page: Page, hiding: dict[str, str]) -> list[Problem]:
    """A problem for each checked example whose card the page holds where a browser shows nothing."""
    return _at_their_blocks(shown, page, {key: (
        f"this example is checked, but its card stands inside {by}, which a browser does not show: a reader "
        "would never see it, while the prose may quote its numbers. Hint: take the example out of that "
        "element, or use a <details> block, which the reader can open") for key, by in hiding.items()})


def forged_problems(shown: str, page: Page, count: int) -> list[Problem]:
    """A problem where the page shows ``count`` elements of the cards' markup that no block made,
    at the first line of its Markdown outside its blocks that writes some (line 1 if none does:
    a snippet brought it)."""
    if count <= 0:
        return []
    text = _source(page)
    inside = {number for block in find_blocks(text, shown)
              for number in range(block.line, block.line + block.source.count("\n") + 2)}
    line = next((number for number, written in enumerate(text.splitlines(), 1)
                 if number not in inside and card_marks(written)), 1)
    return [Problem(path=shown, line=line, kind="forged-card", message=(
        f"the page shows {count} element(s) with the cards' markup (a class rc-card or rc-badge, a "
        "data-example) that no ```rulecheck block made: hand-written card markup, which Markdown let through "
        "where the check read code or text. Only a ```rulecheck block makes a card, which the check runs. "
        "Hint: write the example as a block; the page shows its card"))]


def unshown_problems(shown: str, page: Page, keys: list[str]) -> list[Problem]:
    """A problem for each checked example whose card the page did not show, located on its page."""
    return _at_their_blocks(shown, page, dict.fromkeys(keys, (
        "this example is checked, but the page shows no card for it: Markdown reads its fence as something "
        "else (an indented code block, a definition, a paragraph's text), so a reader would not see it. "
        "Hint: put the fence at the margin, or indented as the list item, admonition or tab around it")))


def _at_their_blocks(shown: str, page: Page, messages: dict[str, str]) -> list[Problem]:
    """A problem of kind ``unshown`` for each card key of ``messages``, at its block's line on the
    page as written (line 1 when the page no longer holds it)."""
    if not messages:
        return []
    text = _source(page)
    blocks = {cards.key(block.source): block for block in find_blocks(text, shown)}
    found = Capped()  # a card a problem: a few listed, the rest summed up
    found.extend(Problem(path=shown, line=blocks[key].line if key in blocks else 1,
                         example_id=written_id(blocks[key].source) if key in blocks else None, kind="unshown",
                         message=message)
                 for key, message in messages.items())
    return found.problems


def _unread_snippets_left_out(markdown: str, problems: list[Problem], page: Page) -> str:
    """While serving, the page with each snippet the check could not read escaped (``;--8<--``, a
    file name after ``;``: pymdownx then reads nothing there), so that Markdown never opens a FIFO,
    a device or a file past the limit; the page's banner says why. The check numbers the page's
    lines, ``markdown`` is the page without its front matter."""
    taken_off = _lines_taken_off(page) if any(p.kind == "snippet" for p in problems) else 0
    lines = {p.line - taken_off for p in problems if p.kind == "snippet"}
    if not lines:
        return markdown
    # Past the first few, the check sums them up (Capped): every snippet from the first it left
    # out is escaped, readable ones too; the page's banner says why.
    if summed := [p.line - taken_off for p in problems if p.kind == "snippet" and p.more]:
        lines |= {line for line, _, _ in find_snippets(markdown) if line >= min(summed)}
    split = markdown.split("\n")
    for number in lines:
        if 0 < number <= len(split):
            line = split[number - 1]
            at = len(line) - len(line.lstrip(" \t"))
            split[number - 1] = line[:at] + ";" + line[at:]
    return "\n".join(split)


def _source(page: Page) -> str:
    """The page's text as read (empty when it cannot be read again)."""
    try:
        return read_page(Path(page.file.abs_src_path or ""))
    except (OSError, UnicodeDecodeError):
        return ""


def _lines_taken_off(page: Page) -> int:
    """How many lines of the page's file MkDocs took off before giving its Markdown to the plugins:
    its front matter (:func:`~rulecheck.examples.front_matter.lines_taken_off`)."""
    return lines_taken_off(_source(page))


def _failure(problems: list[Problem]) -> str:
    lines = "\n".join(p.located() for p in problems)
    return f"rulecheck: {len(problems)} problem(s) in the examples{not_listed(problems)}:\n{lines}"


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
