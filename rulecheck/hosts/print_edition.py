"""MkDocs plugin: a print edition per language, every rules page on one page, in the nav's order.

The print page is an ordinary page of each language (``print.md`` by default) holding a marker
comment, ``<!-- rulecheck-print -->``. MkDocs turns every page's Markdown into HTML before it
renders any template, so when the print page reaches its template the plugin has every page of
its language (cards, bound numbers and tooltips included) and puts in place of the marker:

- a cover (site name and description) and a table of contents (pages and their sections);
- what the print page holds after the marker, as the edition's preface (how to read a card, on
  paper, where the home page that says it is not printed);
- each page, in the nav's order, as a section of its own: its element ids get the page's name as
  a prefix (two pages may share a heading id, and tab groups share generated ids), and links
  between pages become links inside the document (``criticals.html#natural-20`` →
  ``#criticals--natural-20``).

Each card keeps its trace, its outcome and its chance line; its YAML source, badge, damage
chart and § links, which paper never shows, are left out of the edition
(``card_views.print_view``). Print styles (``assets/rulecheck-print.css``) give A4 pages, no
navigation or search chrome, and a new sheet per page.
``make site`` prints the page with Chromium (``rulecheck/hosts/pdf.py``).

Written with mkdocs-static-i18n in mind: each language is a build of its own, with its own
nav, so the plugin collects pages per build and never mixes languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

from rulecheck.examples.as_text import html_text, plain_text
from rulecheck.examples.element_ids import element_ids
from rulecheck.examples.headings import page_headings
from rulecheck.examples.pages import display_path, read_page
from rulecheck.examples.raw_tags import ATTRIBUTE, Attribute, attributes, rewritten_start_tags, start_tags
from rulecheck.hosts.card_views import print_view
from rulecheck.hosts.stylesheets import list_stylesheet, write_stylesheet

MARKER = "<!-- rulecheck-print -->"
CSS = "assets/rulecheck-print.css"
#: What the print stylesheet styles on screen too (its rules outside ``@media print``): the print
#: edition, the quick reference, a sentence for paper only. A page holding none of these needs the
#: stylesheet only to be printed, and links it for print (``media="print"``): the browser fetches it
#: without holding the page's first paint for it (on a phone, a stylesheet that blocks rendering is
#: one request more before the first paint; bench/README.md, "Phones").
SCREEN_CLASSES = ("rc-print", "rc-quickref", "rc-paper-only")
#: The stylesheet's link as the theme writes it in a page's head, its address relative to the page.
CSS_LINK = re.compile(r'<link rel="stylesheet" href="((?:\.\./)*' + re.escape(CSS) + r')">')
# Attributes that hold an element id, or a list of them, within one page (HTML names them in any case).
ID_NAMES = frozenset({"id", "for", "name", "headers", "aria-controls", "aria-labelledby", "aria-describedby"})
# Attributes that link to an address, an element of the page or another's.
LINK_NAMES = frozenset({"href", "xlink:href", "usemap"})
# An SVG paint or marker that names an element of the page (a battle map's hatching, its arrow).
PAINT_NAMES = frozenset({"fill", "stroke", "marker-start", "marker-end", "clip-path", "mask", "filter"})
LOCAL_URL = re.compile(r'url\(#(?P<value>[^")]*)\)')
#: Where a section's heading ends.
H2_END = re.compile(r"</h2\s*>", re.IGNORECASE)
HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.DOTALL)
ANY_TAG = re.compile(r"<[^<>]*>")
#: A heading, the paragraph after it, and the set of tabs that paragraph leads into.
HEADING_LEAD = re.compile(
    r'(?P<kept><h(?P<level>[2-6])\b[^>]*>(?:(?!</h(?P=level)>).)*</h(?P=level)>\s*<p>(?:(?!</p>).)*</p>)'
    r'(?P<led>\s*<div class="(?:tabbed-set|rc-card)\b)', re.DOTALL)
WORDS = {
    "fr": {"contents": "Sommaire", "edition": "Édition imprimable",
           "pages": "Les numéros de page sont dans l'édition PDF, dont la mise en page est fixe\u00a0: "
                    "imprimées depuis un navigateur, les pages dépendent de ses polices et de son papier."},
    "en": {"contents": "Contents", "edition": "Print edition",
           "pages": "Page numbers are in the PDF edition, whose layout is fixed: printed from a browser, the pages "
                    "depend on its fonts and paper."},
}


class PrintEditionConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)
    #: The print page of each language, relative to the language's folder.
    page = c.Type(str, default="print.md")
    #: Pages of the nav left out of the print edition (the print page itself always is).
    exclude = c.ListOfItems(c.Type(str), default=[])


@dataclass(frozen=True)
class Chapter:
    """One page of the print edition: its name (the id prefix), title and rewritten HTML; the
    title and each section's text are plain text (the contents escape them)."""

    name: str
    title: str
    html: str
    sections: tuple[tuple[str, str], ...]  # (id, text) of each h2


#: An attribute name that can be written ``name="value"`` (the browser reads ``"x"`` or ``=x`` as a
#: name too; it means nothing to it).
WRITABLE_NAME = re.compile(r'[^\s"\'<>/=]+')
#: A start tag's attributes as Markdown writes them: each after one space, its value double-quoted.
WRITTEN = re.compile(rf'(?: {WRITABLE_NAME.pattern}+(?:="[^"]*+")?)*+(?: ?/)?')


def double_quoted(html: str) -> str:
    """``html`` with every start tag written as Markdown writes one, each attribute after a space,
    ``name="value"``: an author's raw HTML may quote a value with ``'`` or not at all, put a ``/``
    or nothing between two attributes, or give one a name of quotes, all of which the browser reads
    (:mod:`rulecheck.examples.raw_tags`), and the edition's rewriting of ids and links (and the PDF's
    headings) would pass by (hostile rounds 22 and 25: `<h2 id='x'>`, `<div "x" id="y">` and
    `<div/id=y>` kept their ids unprefixed, and links of the edition led nowhere). The first
    attribute of each name is kept, as the browser keeps it, and one whose name cannot be written
    goes."""

    def tag(match: re.Match[str]) -> str:
        attrs = match["attrs"]
        if WRITTEN.fullmatch(attrs):
            return match.group(0)
        written_tag = match.group()
        found = attributes(written_tag)
        last = list(ATTRIBUTE.finditer(written_tag, match.start("attrs") - match.start()))[-1:]
        in_value = bool(last and last[0]["bare"] and last[0].end() == len(written_tag) - 1)  # `<a x=z/>`: `z/`
        closing = "/" if written_tag.endswith("/>") and not in_value else ""  # `<br />`
        written = "".join(f" {attribute.written_name}" if attribute.value is None
                          else f' {attribute.written_name}="{attribute.value.replace(chr(34), "&quot;")}"'
                          for attribute in found if WRITABLE_NAME.fullmatch(attribute.name))
        return f"<{match['name']}{written}{closing}>"

    return rewritten_start_tags(html, tag)


def page_name(url: str) -> str:
    """A page's name in the print edition: its file name without ``.html`` (``reactions``)."""
    return PurePosixPath(url.split("#")[0]).name.removesuffix(".html") or "index"


def prefixed(html: str, name: str, pages: set[str], address: str = "") -> str:
    """``html`` with every id (and id reference) prefixed by ``name--`` and inter-page links internal.

    ``pages`` are the file names (``reactions.html``) of the pages in the edition: a link to one
    of them becomes a link to its chapter, or to the prefixed id inside it. A link to a page of
    the site that the edition leaves out is marked ``data-off-paper``: paper says it is on the site,
    and, when the page's published ``address`` is known (``site_url``), at which address.
    """
    off_paper: str | None = None  # in the tag being read: where a link off the edition leads ("": unknown)

    def href(value: str) -> str:
        nonlocal off_paper
        target, _, fragment = value.partition("#")
        if not target and fragment:
            value = f"#{name}--{fragment}"
        elif "/" not in target and ":" not in target and target.endswith(".html"):
            if target in pages:
                other = page_name(target)
                value = f"#{other}--{fragment}" if fragment else f"#chapter-{other}"
            else:  # where a reader types it: the page, without its scheme or the section's anchor
                off_paper = urljoin(address, unescape(target)).partition("://")[2] if address else ""
        return value

    def rewritten(attribute: Attribute) -> str | None:
        value = attribute.value or ""
        if attribute.name in ID_NAMES:
            return " ".join(f"{name}--{token}" for token in value.split())
        if attribute.name in LINK_NAMES:
            return href(value)
        local = LOCAL_URL.fullmatch(value) if attribute.name in PAINT_NAMES else None
        return f"url(#{name}--{local['value']})" if local else None

    def tag(match: re.Match[str]) -> str:
        """The tag with the values of its attributes that name ids rewritten, each read as the
        browser reads it: a value that only holds `id="` is no attribute (a twenty-sixth hostile
        round: `<p title="x id=" id="z">` lost its id on paper)."""
        nonlocal off_paper
        written = match.group()
        if not match["attrs"]:
            return written
        off_paper = None
        pieces, at = [], 0
        for attribute in attributes(written):
            if attribute.value is not None and (value := rewritten(attribute)) is not None:
                pieces += [written[at:attribute.start], value]
                at = attribute.end
        written = "".join(pieces) + written[at:]
        if off_paper is not None and match["name"].lower() == "a":
            written = (written[:-1].removesuffix("/") + " data-off-paper"
                       + (f'="{escape(off_paper)}"' if off_paper else "") + ">")
        return written

    return rewritten_start_tags(html, tag)


def kept_with_heading(html: str) -> str:
    """Each heading and the paragraph leading from it into a set of tabs or a card, as one block.

    On paper a heading keeps with what follows, a lead-in with its set, and the set's first
    lead-in with its card: three breaks to avoid in a row, more than Chromium honours (it split
    the card under its title at a page's foot). A heading, its lead-in and a card kept whole are
    three too (the card's title and cast on one page, its steps on the next). One block for the
    heading and its lead-in leaves two.
    """
    return HEADING_LEAD.sub(r'<div class="rc-keep">\g<kept></div>\g<led>', html)


def headings_of(html: str) -> list[tuple[str, str]]:
    """The id and inner HTML of each ``<h2>`` of ``html`` that has an id, its attributes read as the
    browser reads them (a twenty-sixth hostile round: a value holding ``id="`` passed for the id)."""
    found = []
    for tag in start_tags(html):
        if tag["name"].lower() != "h2":
            continue
        ident = next((attribute.value for attribute in attributes(tag.group()) if attribute.name == "id"), None)
        end = H2_END.search(html, tag.end())
        if ident and end is not None:
            found.append((ident, html[tag.end():end.start()]))
    return found


def chapter(page: Page, html: str, pages: set[str], site_url: str = "") -> Chapter:
    name = page_name(page.url)
    html = double_quoted(html)
    sections = tuple((f"{name}--{ident}", plain_text(ANY_TAG.sub("", HEADERLINK.sub("", text))).strip())
                     for ident, text in headings_of(html))
    # MkDocs gives a page's title as HTML (a heading's `&amp;`, or a bound value's references):
    # the chapter keeps its characters, which the contents escape once.
    address = urljoin(site_url, page.url) if site_url else ""
    return Chapter(name, plain_text(page.title or name),
                   prefixed(kept_with_heading(print_view(html)), name, pages, address), sections)


def edition(chapters: list[Chapter], *, site_name: str, description: str, language: str,
            preface: str = "") -> str:
    """The print edition's HTML: cover, table of contents, the preface (HTML), then every chapter."""
    words = WORDS.get(language, WORDS["en"])
    preface = double_quoted(preface)
    toc = "".join(
        f'<li><a href="#chapter-{ch.name}">{html_text(ch.title)}</a>'
        + ("<ol>" + "".join(f'<li><a href="#{sid}">{html_text(text)}</a></li>' for sid, text in ch.sections) + "</ol>"
           if ch.sections else "")
        + "</li>"
        for ch in chapters
    )
    body = "".join(
        f'<section class="rc-print-chapter" id="chapter-{ch.name}">{ch.html}</section>' for ch in chapters
    )
    return (
        '<div class="rc-print">'
        f'<section class="rc-print-cover"><p class="rc-print-cover__title">{html_text(site_name)}</p>'
        f'<p class="rc-print-cover__subtitle">{html_text(words["edition"])}</p>'
        f'<p class="rc-print-cover__description">{html_text(description)}</p></section>'
        f'<nav class="rc-print-toc" aria-labelledby="print-contents">'
        f'<h2 id="print-contents">{html_text(words["contents"])}</h2>'
        # on paper, where no entry has its page (a browser's printing, not the PDF's: pdf_pages)
        f'<p class="rc-print-toc__pages">{html_text(words["pages"])}</p><ol>{toc}</ol></nav>'
        + (f'<section class="rc-print-preface">{preface}</section>' if preface.strip() else "")
        + f"{body}</div>"
    )


class PrintEditionPlugin(BasePlugin[PrintEditionConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self._contents: dict[str, tuple[Page, str]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        list_stylesheet(config, CSS)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self._contents = {}  # one language per build with mkdocs-static-i18n

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        """An option naming no page fails the build: `page: ""` made the edition vanish, and an
        `exclude` with a typo (`author.md`) printed the page it meant to leave out."""
        if not self.config.enabled:
            return None
        names = {PurePosixPath(file.src_uri).name for file in files.documentation_pages()}
        unknown = [name for name in [self.config.page, *self.config.exclude] if name not in names]
        if unknown:
            raise PluginError(f"print edition: {', '.join(f'`{name}`' for name in unknown)} names no page of the "
                              "site (`page` and `exclude` name pages by their file name, such as `print.md`)")
        return None

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if self.config.enabled:
            self._contents[page.file.src_uri] = (page, html)
        return None

    def _is_print_page(self, page: Page) -> bool:
        return PurePosixPath(page.file.src_uri).name == self.config.page

    def on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext | None:
        if not self.config.enabled or not self._is_print_page(page):
            return None
        if page.content is None or MARKER not in page.content:
            raise PluginError(f"print edition: {page.file.src_uri} must hold the marker {MARKER}")
        excluded = {self.config.page, *self.config.exclude}
        chosen = [p for p in nav.pages if PurePosixPath(p.file.src_uri).name not in excluded]
        missing = [p.file.src_uri for p in chosen if p.file.src_uri not in self._contents]
        if missing:
            raise PluginError(f"print edition: no content for {', '.join(missing)}")
        named: dict[str, list[str]] = {}
        for chosen_page in chosen:
            named.setdefault(page_name(chosen_page.url), []).append(chosen_page.file.src_uri)
        if shared := {name: sources for name, sources in named.items() if len(sources) > 1}:
            # A chapter is named, and linked to, by its page's file name: two would share one id.
            raise PluginError("print edition: " + "; ".join(
                f"{' and '.join(sources)} would both be the chapter `{name}`" for name, sources in shared.items())
                + ": give each page of the edition its own file name, or leave one out (`exclude`)")
        names = {PurePosixPath(p.url).name for p in chosen}
        site_url = config.site_url or ""
        chapters = [chapter(p, self._contents[p.file.src_uri][1], names, site_url) for p in chosen]
        language = str(config.theme.get("language") or "en")
        before, _, after = page.content.partition(MARKER)
        page.content = before + edition(chapters, site_name=config.site_name,
                                        description=config.site_description or "", language=language, preface=after)
        # The page's own table of contents on screen listed « Lire ce livret » alone, for a booklet of
        # sixteen chapters: it lists them too, after the preface's headings, where they follow it.
        headings = page.toc.items
        if headings and headings[0].level == 1:  # the page's title: the theme lists what it holds
            headings = headings[0].children
        headings.extend(AnchorLink(html_text(ch.title), f"chapter-{ch.name}", 2) for ch in chapters)
        # An id the page's own text holds (its preface) that the edition gives again (a chapter, a
        # chapter's heading, the contents); ids a chapter's page holds twice are said at that page.
        own, made = element_ids(before + after), element_ids(page.content)
        if twice := sorted(anchor for anchor, count in own.items() if made[anchor] > count):
            source = Path(page.file.abs_src_path or page.file.src_uri)
            shown = display_path(source, Path(config.config_file_path).parent)
            raise PluginError("print edition: " + "; ".join(_held_twice(page, shown, anchor) for anchor in twice))
        return context

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str | None:
        return for_print_only(output) if self.config.enabled else None

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        write_stylesheet(config, CSS)


def _held_twice(page: Page, shown: str, anchor: str) -> str:
    """Where the edition's page gives ``anchor`` itself (a heading of its preface, whose id one of
    the chapters' takes: ``chapter-<page>``, ``<page>--<id>``), and what that costs."""
    source = page.file.abs_src_path
    headings = page_headings(read_page(Path(source))) if source else []
    found = next((heading.line for heading in headings if anchor in (heading.id, heading.made)), 1)
    return (f"{shown}:{found}: the edition holds two elements of id `{anchor}` (its preface and a "
            "chapter): its contents and links land on the first. Hint: give the preface's heading another id "
            "(`chapter-<page>`, `<page>--<id>` and `print-contents` are the edition's own)")



def for_print_only(page_html: str) -> str:
    """``page_html`` with the print stylesheet linked for print only, unless the page holds one of
    :data:`SCREEN_CLASSES` (anywhere: a false alarm keeps the link as it was, which costs only time)."""
    if any(name in page_html for name in SCREEN_CLASSES):
        return page_html
    head_end = page_html.find("</head>")
    if head_end < 0:
        return page_html
    head = CSS_LINK.sub(r'<link rel="stylesheet" href="\1" media="print">', page_html[:head_end], count=1)
    return head + page_html[head_end:]
