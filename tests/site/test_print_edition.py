"""The print edition and the GM's quick reference: one page per language, then PDFs of them.

Unit tests pin how a page's HTML is folded into the edition (ids prefixed, links made internal);
build tests read the built print pages; the PDF tests print them with Chromium (``make site``'s
own code), read the PDFs back with pypdf and keep screenshots of the print preview.
"""

from __future__ import annotations

import functools
import html
import re
import shutil
import statistics
from collections import Counter
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser

from rulecheck.hosts.pdf import EDITIONS, PdfError, write_pdfs
from rulecheck.hosts.pdf_pages import NUMBER_LINKS, NUMBER_POINTERS, anchor_pages
from rulecheck.hosts.print_edition import CSS, SCREEN_CLASSES, WORDS, kept_with_heading, page_name, prefixed
from tests.site.browsing import ARTIFACTS
from tests.site.site_tools import ROOT, html_files, read_html

LANGUAGES = {"fr": "", "en": "en/"}
#: The print edition leaves these out; everything else in the nav is printed, in the nav's order.
NOT_PRINTED = {"index.md", "authors.md", "fields.md", "quick-reference.md", "print.md"}


def page_title(page: Path) -> str:
    """A built page's title as a reader sees it: the text of its first heading."""
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page.read_text("utf-8"), re.DOTALL)
    assert heading, f"{page} has no title"
    return visible_text(heading[1])


def visible_text(fragment: str) -> str:
    """The words of an HTML fragment, without tags or permalink signs."""
    fragment = re.sub(r'<a class="headerlink".*?</a>', "", fragment, flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", fragment)).split())


def nav_pages() -> list[str]:
    """The nav's pages (file names), in order, as mkdocs.yml lists them."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.BaseLoader)

    def walk(items: object) -> list[str]:
        if isinstance(items, str):
            return [items]
        if isinstance(items, list):
            return [page for item in items for page in walk(item)]
        if isinstance(items, dict):
            return [page for value in items.values() for page in walk(value)]
        return []

    return walk(config["nav"])


def nav_titles() -> dict[str, dict[str, str]]:
    """Each nav page's title in each language: mkdocs.yml's, and its English translation."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.BaseLoader)
    english = next(plugin["i18n"] for plugin in config["plugins"] if isinstance(plugin, dict) and "i18n" in plugin)
    translations = next(language["nav_translations"] for language in english["languages"]
                        if language["locale"] == "en")

    def walk(items: object) -> list[tuple[str, str]]:
        if isinstance(items, list):
            return [pair for item in items for pair in walk(item)]
        if isinstance(items, dict):
            return [pair for title, value in items.items()
                    for pair in ([(title, value)] if isinstance(value, str) else walk(value))]
        return []

    return {page: {"fr": title, "en": translations.get(title, title)} for title, page in walk(config["nav"])}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_chapter_s_heading_is_its_title_in_the_contents(language: str) -> None:
    """The printed contents list the nav's titles and each chapter opens on its page's heading:
    « Unconsciousness and death » in the contents opened on « Unconsciousness, deterioration and
    death », « La surprise » on « Surprise »."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.BaseLoader)
    printing = next(plugin["rulecheck-print"] for plugin in config["plugins"]
                    if isinstance(plugin, dict) and "rulecheck-print" in plugin)
    left_out = {*printing["exclude"], printing.get("page", "print.md")}
    headed = 0
    for page, title in nav_titles().items():
        if page in left_out:
            continue
        source = ROOT / "docs" / language / page
        first = source.read_text("utf-8").lstrip().splitlines()[0]
        if first.startswith("# "):
            assert first[2:].strip() == title[language], (language, page, first, title[language])
            headed += 1
    assert headed >= 16


def test_page_names_are_file_names_without_html() -> None:
    assert [page_name(u) for u in ("reactions.html", "en/reactions.html", "a/b.html#x", "")] == [
        "reactions", "reactions", "b", "index"]


def test_ids_and_id_references_get_the_page_prefix() -> None:
    html = ('<h2 id="parry">P</h2><input id="__tabbed_1_1" name="__tabbed_1">'
            '<label for="__tabbed_1_1">T</label><div aria-labelledby="a b">x</div>')
    assert prefixed(html, "reactions", set()) == (
        '<h2 id="reactions--parry">P</h2><input id="reactions--__tabbed_1_1" name="reactions--__tabbed_1">'
        '<label for="reactions--__tabbed_1_1">T</label><div aria-labelledby="reactions--a reactions--b">x</div>')


def test_links_between_printed_pages_stay_inside_the_document() -> None:
    html = ('<a href="#parry">1</a><a href="criticals.html#natural-20">2</a><a href="criticals.html">3</a>'
            '<a href="authors.html#x">4</a><a href="https://example.org/criticals.html">5</a>'
            '<a href="../criticals.html">6</a>')
    assert prefixed(html, "reactions", {"criticals.html", "reactions.html"}) == (
        '<a href="#reactions--parry">1</a><a href="#criticals--natural-20">2</a><a href="#chapter-criticals">3</a>'
        '<a href="authors.html#x" data-off-paper>4</a><a href="https://example.org/criticals.html">5</a>'
        '<a href="../criticals.html">6</a>')


@pytest.mark.parametrize(("link", "off_paper"), [
    ('<a href="quick-reference.html#ex-qr-parry">', True),
    ('<a class="rc-cast__member" href="index.html#ex-home-card-demo" title="t">', True),
    ('<A HREF="authors.html">', True),
    ('<a href="criticals.html#x">', False),  # in the edition: a page number instead
    ('<a href="#x">', False),
    ('<a href="https://example.org/index.html">', False),
    ('<link rel="next" href="authors.html">', False),  # not a link a reader follows
    ('<a href="assets/rulecheck.css">', False),
])
def test_paper_says_which_links_lead_off_the_edition(link: str, off_paper: bool) -> None:
    """A cast's "appears in" list names examples of the home page and the quick reference, which
    the rulebook leaves out: on paper such a link says it is on the site, instead of a page number
    a reader would look for in vain (the print stylesheet writes the words)."""
    printed = prefixed(f"{link}words</a>", "cast", {"criticals.html", "cast.html"})
    assert ("data-off-paper" in printed) is off_paper, printed
    assert printed.count("data-off-paper") <= 1


def test_text_that_looks_like_an_attribute_is_left_alone() -> None:
    assert prefixed('<p>write id="x" in a tag</p>', "page", set()) == '<p>write id="x" in a tag</p>'


@pytest.mark.build
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_print_page_holds_every_rules_page_in_nav_order(offline_site: Path, language: str) -> None:
    page = offline_site / LANGUAGES[language] / "print.html"
    text = page.read_text("utf-8")
    chapters = re.findall(r'<section class="rc-print-chapter" id="chapter-([a-z0-9-]+)">', text)
    expected = [p.removesuffix(".md") for p in nav_pages() if p not in NOT_PRINTED]
    assert chapters == expected
    for name in expected:  # each chapter starts with its page's title, in the page's language
        chapter = text.split(f'id="chapter-{name}">', 1)[1]
        assert visible_text(chapter[:3000]).startswith(page_title(offline_site / LANGUAGES[language] / f"{name}.html"))
    ids = Counter(re.findall(r'\sid="([^"]+)"', text))
    assert [i for i, n in ids.items() if n > 1] == [], "the print edition repeats element ids"
    assert "<!-- rulecheck-print -->" not in text
    assert 'class="rc-card"' in text and "rc-print-toc" in text
    # What paper never shows of a card is not in the edition: its YAML, badge, chart, § links.
    assert 'class="rc-trace"' in text and 'class="rc-odds"' in text
    assert 'class="rc-source"' not in text and 'class="rc-spread"' not in text and 'class="rc-badge' not in text
    assert 'class="rc-rule"' not in text  # a step's § link: paper shows none


@pytest.mark.build
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_print_page_s_own_contents_on_screen_list_its_chapters(offline_site: Path, language: str) -> None:
    """The table of contents beside the print page listed « Lire ce livret » alone, for a booklet of
    sixteen chapters: it lists the preface's headings, then each chapter, linked to it."""
    text = (offline_site / LANGUAGES[language] / "print.html").read_text("utf-8")
    beside = text.split('class="md-nav md-nav--secondary"', 1)[1].split("</nav>", 1)[0]
    listed = re.findall(r'<a href="#([^"]+)" class="md-nav__link">', beside)
    chapters = re.findall(r'<section class="rc-print-chapter" id="(chapter-[a-z0-9-]+)">', text)
    assert listed[0] == "reading-this-edition" and listed[1:] == chapters and len(chapters) >= 15


@pytest.mark.build
def test_the_print_pages_are_not_in_the_search_index(offline_site: Path) -> None:
    for folder in LANGUAGES.values():
        index = (offline_site / folder / "search" / "search_index.json").read_text("utf-8")
        assert '"location":"print.html' not in index.replace(" ", "")



def test_the_quick_reference_s_checked_examples_are_not_search_results(offline_site: Path) -> None:
    """The examples that check the sheet's numbers (printed nowhere) kept coming up first in a
    player's search, for "coup de grace" among others: the sheet's other sections stay findable."""
    import json

    for folder in LANGUAGES.values():
        docs = json.loads((offline_site / folder / "search" / "search_index.json").read_text("utf-8"))["docs"]
        sheet = [doc["location"] for doc in docs if doc["location"].startswith("quick-reference.html")]
        assert len(sheet) >= 10 and not [location for location in sheet if "qr-sources" in location]


#: The tests that read the PDFs run on one pytest-xdist worker, which prints them once for them all.
ON_THE_PDF_WORKER = pytest.mark.xdist_group("pdfs")


@pytest.fixture(scope="module")
def pdfs(offline_site: Path, tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Path:
    """A copy of the built site with the PDFs that ``make site`` writes (with the tests' Chromium)."""
    site = tmp_path_factory.mktemp("print") / "site"
    shutil.copytree(offline_site, site)
    written = write_pdfs(site, browser=browser)
    assert [p.relative_to(site).as_posix() for p in written] == [e.target for e in EDITIONS]
    return site


@functools.cache
def page_texts(path: Path) -> tuple[tuple[str, tuple[float, float]], ...]:
    """Each page's text and size (pt), read once per PDF for all the tests that read it."""
    from pypdf import PdfReader

    return tuple((page.extract_text() or "", (float(page.mediabox.width), float(page.mediabox.height)))
                 for page in PdfReader(path).pages)


def pdf_text(path: Path) -> tuple[int, str, list[tuple[float, float]]]:
    pages = page_texts(path)
    return len(pages), " ".join("\n".join(text for text, _ in pages).split()), [size for _, size in pages]


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language", "must_hold", "must_not_hold"), [
    # a refused plan prints its steps, the refused one marked in words
    ("regles-de-combat.pdf", "fr", ["Esquive et parade", "Inconscience et mort", "Sommaire", "refusé ici"],
     ["Dodge and parry"]),
    ("en/combat-rules.pdf", "en", ["Dodge and parry", "Unconsciousness and death", "Contents", "refused here"],
     ["Esquive et parade"]),
])
@ON_THE_PDF_WORKER
def test_the_rulebook_pdf_holds_every_page_and_the_seed_examples(
        pdfs: Path, pdf: str, language: str, must_hold: list[str], must_not_hold: list[str]) -> None:
    pages, text, sizes = pdf_text(pdfs / pdf)
    # A bound on what "every page" can print to, not a budget: 124 and 123 A4 pages on 2 December 2026,
    # 161 in French on 6 December, the cards' maps and every reader's and player's answer since.
    assert 40 <= pages <= 220, f"{pdf}: {pages} pages"
    assert all(abs(w - 595.3) < 2 and abs(h - 841.9) < 2 for w, h in sizes), "A4 portrait"
    for phrase in must_hold:
        assert phrase in text
    assert " ".join(WORDS[language]["pages"].split()[:4]) not in text  # its contents are numbered
    for phrase in must_not_hold:
        assert phrase not in text
    printed = [p for p in nav_pages() if p not in NOT_PRINTED]
    lines = "\n".join(page for page, _ in page_texts(pdfs / pdf)).replace("\u00a0", " ")
    for number, page in enumerate(printed, 1):  # every page's title, in this language, numbered as listed
        title = page_title(pdfs / LANGUAGES[language] / page.replace(".md", ".html"))
        assert title in text, f"{pdf} lacks the page {page} ({title})"
        # on the chapter's own page: a line of its own (the contents give the page number after it)
        assert re.search(rf"^{number}\. {re.escape(title)}[ \t]*$", lines, re.M), f"{pdf}: no « {number}. {title} »"
    # The seed's worked examples, with their numbers: Elara's parry of 23, Alice's +5, Kael and Def PHY 24.
    assert re.search(r"Elara.{0,700}?\b23\b", text)
    assert re.search(r"Alice.{0,900}?\b5\b", text)
    assert re.search(r"Kael.{0,900}?\b24\b", text)
    assert "rulecheck" not in text, "the YAML source of the cards is not printed"
    # Every page numbered once, by the print stylesheet (as a browser's own printing numbers it).
    for number, (page, _) in enumerate(page_texts(pdfs / pdf), 1):
        footer = re.findall(rf"(?<!\d){number} / {pages}(?!\d)", page)
        assert len(footer) == 1, f"{pdf}, page {number}: numbered {len(footer)} times"


def outline_of(path: Path) -> list[tuple[int, str, int]]:
    """A PDF's bookmarks: each one's depth, title and page (from 1), in order."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    found: list[tuple[int, str, int]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, str(item.title), reader.get_destination_page_number(item) + 1))  # type: ignore[arg-type,attr-defined]
    walk(reader.outline, 0)
    return found


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language"), [("regles-de-combat.pdf", "fr"), ("en/combat-rules.pdf", "en"),
                                               ("aide-memoire-mj.pdf", "fr"), ("en/gm-quick-reference.pdf", "en")])
@ON_THE_PDF_WORKER
def test_a_pdf_s_bookmarks_list_its_headings_each_on_the_page_it_prints_on(
        pdfs: Path, pdf: str, language: str) -> None:
    """A 159-page rulebook had no bookmarks: a reader's sidebar was empty, and « Coup de grâce »,
    a section, was in no list."""
    outline = outline_of(pdfs / pdf)
    texts = [" ".join(text.split()) for text, _ in page_texts(pdfs / pdf)]
    assert len(outline) >= (100 if "quick" not in pdf and "aide" not in pdf else 8), outline
    for depth, title, page in outline:
        assert " ".join(title.split()) in texts[page - 1], (title, page)  # printed on the page it opens
        assert depth <= 2
    assert outline[0][0] == 0
    if "quick" in pdf or "aide" in pdf:
        return
    chapters = [title for depth, title, _ in outline if depth == 0]
    printed = [page_title(pdfs / LANGUAGES[language] / page.replace(".md", ".html"))
               for page in nav_pages() if page not in NOT_PRINTED]
    assert [title for title in chapters if title in printed] == printed  # every chapter, in the book's order
    assert any(title == "Coup de grâce" and depth == 2 for depth, title, _ in outline)
    pages = [page for *_, page in outline]
    assert pages == sorted(pages)  # in the order they print


def map_captions(page: Path) -> list[str]:
    """The result line of every battle map a built page draws, as its words."""
    found = re.findall(r'<p class="rc-map__result">(.*?)</p>', page.read_text("utf-8"), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]*>", "", caption)).split()) for caption in found]


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language"), [("regles-de-combat.pdf", "fr"), ("en/combat-rules.pdf", "en")])
@ON_THE_PDF_WORKER
def test_every_battle_map_of_the_printed_pages_is_in_the_pdf_with_its_result(
        pdfs: Path, pdf: str, language: str) -> None:
    printed = [p for p in nav_pages() if p not in NOT_PRINTED]
    on_screen = [caption for page in printed
                 for caption in map_captions(pdfs / LANGUAGES[language] / page.replace(".md", ".html"))]
    assert len(on_screen) >= 29, "every grid example draws its map"  # 43 in each language, 2 December 2026
    assert map_captions(pdfs / LANGUAGES[language] / "print.html") == on_screen, "the print page, in nav order"
    _, text, _ = pdf_text(pdfs / pdf)
    searched_from = 0
    for caption in on_screen:  # on paper too, each in its place
        found = text.find(caption, searched_from)
        assert found >= 0, f"{pdf}: no map says {caption!r} after character {searched_from}"
        searched_from = found + len(caption)


def text_on_sheets(path: Path) -> list[tuple[float, float]]:
    """Each page's text: the share of the page's height it spans, and its median type size (pt)."""
    from pypdf import PdfReader

    found = []
    for page in PdfReader(path).pages:
        heights: list[float] = []
        sizes: list[float] = []

        def seen(text: str, cm: list[float], tm: list[float], _font: object, size: float,
                 heights: list[float] = heights, sizes: list[float] = sizes) -> None:
            if text.strip():
                heights.append(cm[5] + tm[5] * cm[3])
                sizes.append(size * (tm[3] or 1) * cm[3])

        page.extract_text(visitor_text=seen)
        found.append(((max(heights) - min(heights)) / float(page.mediabox.height), statistics.median(sizes)))
    return found


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "title"), [
    ("aide-memoire-mj.pdf", "Aide-mémoire du MJ"), ("en/gm-quick-reference.pdf", "GM's quick reference")])
@ON_THE_PDF_WORKER
def test_the_quick_reference_prints_on_two_landscape_sheets(pdfs: Path, pdf: str, title: str) -> None:
    pages, text, sizes = pdf_text(pdfs / pdf)
    assert pages <= 2, f"{pdf}: {pages} pages"
    assert all(w > h for w, h in sizes), "landscape"
    assert title in text
    assert "qr-" not in text, "the examples behind the numbers are not printed"
    # Both sheets used, in type a GM reads at the table (at 9 pt the second sheet was two-thirds empty).
    for number, (spanned, size) in enumerate(text_on_sheets(pdfs / pdf), 1):
        assert spanned >= 0.6, f"{pdf}, sheet {number}: its text spans {spanned:.0%} of its height"
        assert size >= 10, f"{pdf}, sheet {number}: type of {size:.1f} pt"
    # A table's notes (¹ ² ³) print on its sheet: its heading row and its notes' first words together.
    sheets = [" ".join(text.replace("\u00a0", " ").split()) for text, _ in page_texts(pdfs / pdf)]
    page = (pdfs / pdf.replace("aide-memoire-mj.pdf", "quick-reference.html")
            .replace("gm-quick-reference.pdf", "quick-reference.html")).read_text("utf-8")
    # On screen the page links its own PDF, a GM's first question there; on paper the link is not printed.
    own = re.search(rf'<p class="rc-screen-only"><a href="{re.escape(Path(pdf).name)}">(.*?)</a>', page)
    assert own, f"{pdf}: the quick reference's page does not link it"
    assert visible_text(own[1]) not in " ".join(text.split()), f"{pdf}: the link to itself is printed"
    noted = re.findall(r"<table>\s*<thead>\s*<tr>\s*<th[^>]*>(.*?)</th>.*?</table>\s*<p>(¹.*?)</p>", page, re.DOTALL)
    assert len(noted) >= 3, "the modifiers and cover tables have notes"
    for heading, notes in noted:
        first_words = " ".join(visible_text(notes).split()[:4])
        on = [number for number, sheet in enumerate(sheets, 1)
              if visible_text(heading) in sheet and first_words in sheet]
        assert on, f"{pdf}: the notes « {first_words} » are not on the sheet of their table « {visible_text(heading)} »"


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language"), [("aide-memoire-mj.pdf", "fr"), ("en/gm-quick-reference.pdf", "en")])
@ON_THE_PDF_WORKER
def test_the_quick_reference_s_pointers_give_the_rulebook_page_of_their_section(
        pdfs: Path, pdf: str, language: str) -> None:
    """A separate PDF cannot link into the rulebook: "→ The turn, p. 6" says where to turn, and
    page 6 of the rulebook of its language holds the section it points to."""
    folder = LANGUAGES[language]
    rulebook = next(e.pages_of for e in EDITIONS if e.target == pdf)
    at = anchor_pages(pdfs / rulebook)
    rulebook_pages = [" ".join(text.replace("\u00a0", " ").split()) for text, _ in page_texts(pdfs / rulebook)]
    _, text, _ = pdf_text(pdfs / pdf)
    text = text.replace("\u00a0", " ")
    page = (pdfs / folder / "quick-reference.html").read_text("utf-8")
    # The sheets, not the site's header and menus (not printed), nor the examples behind the numbers.
    sheet = page[page.index('class="rc-quickref-page"'):page.index('class="rc-quickref-sources"')]
    links = re.findall(r'<a\b[^>]*href="([\w-]+)\.html(?:#([^"]+))?"[^>]*>(.*?)</a>', sheet, re.DOTALL)
    pointers = re.findall(r'<a class="rc-see" href="([\w-]+)\.html#([^"]+)"', sheet)
    assert len(pointers) >= 15 and len(links) >= 30, (len(pointers), len(links))
    for target, anchor, words in links:  # every link to the rules says its page, after its words
        number = at[f"{target}--{anchor}" if anchor else f"chapter-{target}"]
        assert f"{visible_text(words)}, p. {number}" in text, f"{pdf}: « {visible_text(words)} » without p. {number}"
    words_of = {(target, anchor): visible_text(words) for target, anchor, words in links if anchor}
    for target, anchor in pointers:  # and that page holds the section: its heading is printed there
        chapter = (pdfs / folder / f"{target}.html").read_text("utf-8")
        heading = re.search(rf'<h(\d) id="{re.escape(anchor)}"[^>]*>(.*?)</h\1>', chapter, re.DOTALL)
        assert heading, f"{target}.html#{anchor} is not a section"
        number = at[f"{target}--{anchor}"]
        assert visible_text(heading[2]) in rulebook_pages[number - 1], (pdf, target, anchor, number)
        # A pointer that does not name its section names its chapter: it leads to where the chapter begins.
        first = re.search(r'<h2 id="([^"]+)"', chapter)
        said, titled = words_of[target, anchor].lower(), visible_text(heading[2]).lower()
        assert said in titled or titled in said or (first and first[1] == anchor), \
            f"{pdf}: « {words_of[target, anchor]} » leads to the section « {visible_text(heading[2])} », mid-chapter"
    note = {"fr": "Les numéros de page (p.) renvoient à l'édition imprimée de ce site",
            "en": "Page numbers (p.) are those of this site's print edition"}
    assert note[language] in text, "the sheet says whose pages they are"


@ON_THE_PDF_WORKER
@pytest.mark.browser
def test_the_print_pages_link_to_the_pdfs_of_their_language(pdfs: Path) -> None:
    links = {folder: read_html(pdfs / folder / "print.html").links for folder in LANGUAGES.values()}
    for edition in EDITIONS:
        folder, _, name = edition.target.rpartition("/")
        folder = f"{folder}/" if folder else ""
        assert name in links[folder], f"{folder}print.html does not link to {name}"
        assert (pdfs / edition.target).stat().st_size > 10_000


@ON_THE_PDF_WORKER
@pytest.mark.browser
def test_print_previews_are_kept_as_screenshots(pdfs: Path, browser: Browser) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1123, "height": 794})
    page.emulate_media(media="print")
    for folder in LANGUAGES.values():
        for name in ("print", "quick-reference"):
            page.goto((pdfs / folder / f"{name}.html").as_uri())
            assert page.locator(".md-header").is_hidden() and page.locator(".md-sidebar").first.is_hidden()
            shot = ARTIFACTS / f"print-preview-{(folder or 'fr/').rstrip('/')}-{name}.png"
            page.screenshot(path=shot)
            assert shot.stat().st_size > 0
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_browser_s_printing_says_where_the_page_numbers_are_and_the_pdf_does_not(
        offline_site: Path, browser: Browser, language: str) -> None:
    """A browser cannot number a link's target page (no ``target-counter()`` in Chromium) and
    paginates by its own fonts and paper: printed from it, the contents say that the PDF has the
    page numbers; numbered, as ``make site`` numbers them, they say nothing of it; on screen, never."""
    note = WORDS[language]["pages"]
    page = browser.new_page()
    page.goto((offline_site / LANGUAGES[language] / "print.html").as_uri(), wait_until="load")
    said = page.locator(".rc-print-toc__pages")
    assert said.count() == 1 and said.text_content() == note
    assert said.is_hidden()  # on screen
    page.emulate_media(media="print")
    assert said.is_visible()
    first = page.locator(".rc-print-toc a").first.get_attribute("href")
    assert first is not None and page.evaluate(NUMBER_LINKS, {first[1:]: 3}) == 1
    assert said.is_hidden()
    # The quick reference: no page numbers from a browser, nor the note that speaks of them.
    page.goto((offline_site / LANGUAGES[language] / "quick-reference.html").as_uri(), wait_until="load")
    rulebook_pages = page.locator(".rc-quickref-rulebook-pages")
    assert rulebook_pages.count() == 1 and rulebook_pages.is_hidden()
    pointer = page.locator(".rc-quickref a.rc-see").first
    assert pointer.evaluate("a => getComputedStyle(a, '::after').content") == "none"
    assert page.evaluate(NUMBER_POINTERS, {}) == 0 and rulebook_pages.is_hidden()
    # A table's notes keep with it, wherever the sheet's columns end (the PDF test sees today's end).
    notes = page.locator(".rc-quickref table + p, .rc-quickref .md-typeset__scrollwrap + p")
    assert notes.count() >= 3
    assert set(notes.evaluate_all("ps => ps.map(p => getComputedStyle(p).breakBefore)")) == {"avoid"}
    anchor = (pointer.get_attribute("href") or "").replace(".html#", "--")
    assert page.evaluate(NUMBER_POINTERS, {anchor: 7}) >= 1 and rulebook_pages.is_visible()
    assert pointer.evaluate("a => getComputedStyle(a, '::after').content") == '",\u00a0p.\u00a07"'
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_on_paper_a_page_number_inside_parentheses_follows_a_comma(
        offline_site: Path, browser: Browser, language: str) -> None:
    """« (une lecture (p. 112)) » printed nested parentheses: inside a parenthesis a link's page
    reads « (une lecture, p. 112) »; elsewhere « Surprise (p. 12) ». And an abbreviation, whose
    meaning paper cannot show on hover, prints without the screen's dotted underline."""
    page = browser.new_page()
    page.goto((offline_site / LANGUAGES[language] / "print.html").as_uri(), wait_until="load")
    page.emulate_media(media="print")
    anchors = page.evaluate("""() => [...document.querySelectorAll('.rc-print a[href^="#"]')]
        .map(a => decodeURIComponent(a.getAttribute('href').slice(1)))""")
    assert page.evaluate(NUMBER_LINKS, dict.fromkeys(anchors, 9)) > 100
    printed = page.evaluate("""() => {
        for (const link of document.querySelectorAll('.rc-print a[data-page]')) {
            const after = getComputedStyle(link, '::after').content;
            link.after(document.createTextNode(JSON.parse(after)));
        }
        return [...document.querySelectorAll('.rc-print p, .rc-print li')].map(block => block.textContent);
    }""")
    inside = outside = 0
    for text in printed:
        for found in re.finditer(r"(,\u00a0|\u00a0\()p\.\u00a09", text):
            before = text[:found.start()]
            depth = before.count("(") - before.count(")")
            if found[1] == ",\u00a0":
                assert depth > 0, text
                inside += 1
            else:
                assert depth == 0, text
                outside += 1
    assert inside and outside, (inside, outside)
    abbr = page.locator(".rc-print abbr[title]").first
    assert abbr.evaluate("a => getComputedStyle(a).borderBottomStyle + ' ' + getComputedStyle(a).textDecorationLine") \
        == "none none"
    page.close()


#: What a reader does with a screen, not with paper.
SCREEN_GESTURES = re.compile(r"(?i)\b(survol\w*|hover\w*|cliqu\w*|click\w*|tap|tapping|touchez|appuyez|bouton\w*|"
                             r"buttons?|onglets?|tabs?|menus?|pointe[rz]?|pointer)\b")


@pytest.mark.browser
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_on_paper_no_sentence_asks_for_a_screen_s_gestures(offline_site: Path, browser: Browser, language: str) -> None:
    """The glossary's "shows its meaning on hover" has a sentence for paper; nothing printed
    speaks of hovering, clicking, tapping, tabs or buttons (the print edition and the quick reference)."""
    page = browser.new_page()
    try:
        for name in ("print.html", "quick-reference.html"):
            page.goto((offline_site / LANGUAGES[language] / name).as_uri(), wait_until="load")
            screen = page.evaluate("() => document.querySelector('.md-content').innerText")
            page.emulate_media(media="print")
            paper = page.evaluate("() => document.querySelector('.md-content').innerText")
            page.emulate_media(media="screen")
            said = [m.group(0) for m in SCREEN_GESTURES.finditer(paper)]
            assert said == [], f"{language}/{name} on paper: {said}"
            if name == "print.html":  # the glossary speaks of hovering on screen only
                assert SCREEN_GESTURES.search(screen), "the glossary's on-screen sentence"
                on_paper = {"fr": "Sur le papier, chaque abréviation", "en": "On paper, every abbreviation"}
                assert on_paper[language] in paper
    finally:
        page.close()


def test_pdfs_need_a_built_site(tmp_path: Path) -> None:
    with pytest.raises(PdfError, match="build the site first"):
        write_pdfs(tmp_path)


@pytest.mark.browser
def test_a_quick_reference_printed_alone_needs_its_rulebook_printed(offline_site: Path, tmp_path: Path,
                                                                   browser: Browser) -> None:
    site = tmp_path / "site"
    shutil.copytree(offline_site, site)
    quick = tuple(e for e in EDITIONS if e.pages_of)
    assert len(quick) == 2
    with pytest.raises(PdfError, match="print the rulebook first"):
        write_pdfs(site, quick, browser=browser)


@pytest.mark.browser
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_on_paper_every_table_fits_the_page_and_a_card_s_lead_in_stays_with_it(
        offline_site: Path, browser: Browser, language: str) -> None:
    """Paper has no sideways scroll: every table of the print edition, the cast's eight-column
    ones included, lies within the text's width, each cell whole; and a sentence that leads into a
    card, or a cast member's line into their table, does not break from it."""
    page = browser.new_page(viewport={"width": 700, "height": 1000})  # about A4's text width in CSS px
    page.goto((offline_site / LANGUAGES[language] / "print.html").as_uri(), wait_until="load")
    page.emulate_media(media="print")
    overflowing = page.evaluate("""() => [...document.querySelectorAll('.rc-print table')].flatMap(table => {
        const box = table.closest('.rc-print').getBoundingClientRect();
        return [...table.querySelectorAll('th, td')].filter(cell => {
          const r = cell.getBoundingClientRect();
          return r.right > box.right + 0.5 || r.left < box.left - 0.5 || cell.scrollWidth > cell.clientWidth + 1;
        }).map(cell => cell.textContent.trim());
      })""")
    assert overflowing == []
    kept = page.evaluate("""() => [...document.querySelectorAll(
        '.rc-print p:has(+ .rc-card), .rc-print p:has(+ .md-typeset__scrollwrap), .rc-print p:has(+ table), '
        + '.rc-print p:has(+ .tabbed-set)')]
        .map(p => getComputedStyle(p).breakAfter + ' ' + getComputedStyle(p).breakInside)""")
    assert len(kept) > 100 and set(kept) == {"avoid avoid"}
    # A set of tabs (pages long) breaks between its cards, so that its lead-in can keep with the first.
    sets = page.evaluate("() => [...document.querySelectorAll('.rc-print .tabbed-set')]"
                         ".map(s => getComputedStyle(s).breakInside)")
    assert len(sets) >= 10 and set(sets) == {"auto"}
    page.close()


def squeezed(text: str) -> str:
    """Text as a PDF's page and the HTML can both be compared: no spaces, nor the page numbers
    paper gives links (« (p. 25) », and inside parentheses « , p. 25 », before its close or the
    semicolon of a second link)."""
    return re.sub(r"\(p\.\d+\)|,p\.\d+(?=[);])", "", re.sub(r"\s", "", text))


def lead_ins(page: Path) -> list[tuple[str, str]]:
    """The sentences of a built page that lead into a card, a set of tabs or a table (« Each degree
    of cover, and a wall in melee: »), each with the first words of what it leads into: the
    card's title (the first card of a set of tabs), or the table's first heading."""
    # a heading kept with its lead-in on paper is wrapped with it (print_edition.kept_with_heading)
    text = re.sub(r'<div class="rc-keep">((?:(?!</?div).)*)</div>', r"\1", page.read_text("utf-8"), flags=re.DOTALL)
    found = []
    for lead in re.finditer(r'<p>((?:(?!</p>).)*?)</p>\s*<(div class="(?:rc-card|tabbed-set)|table)', text, re.DOTALL):
        after = text[lead.end():]
        first = (re.search(r"<th[^>]*>(.*?)</th>", after, re.DOTALL) if lead[2] == "table"
                 else re.search(r'<p class="rc-card__title">(.*?)</p>', after, re.DOTALL))
        assert first is not None, lead[1]
        on_paper = re.sub(r'<span class="rc-screen-only">.*?</span>', "", lead[1], flags=re.DOTALL)
        found.append((visible_text(on_paper), visible_text(first[1])))
    return found


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language"), [("regles-de-combat.pdf", "fr"), ("en/combat-rules.pdf", "en")])
@ON_THE_PDF_WORKER
def test_no_page_of_the_rulebook_ends_on_a_lead_in(pdfs: Path, pdf: str, language: str) -> None:
    """A sentence that leads into a card, a set of tabs or a table is printed on the page of what
    it introduces, and whole: some page holds both it and the first words of what follows."""
    pages = [squeezed(text) for text, _ in page_texts(pdfs / pdf)]
    pairs = lead_ins(pdfs / LANGUAGES[language] / "print.html")
    assert len(pairs) > 100
    stranded = [f"« {lead} » → « {first} »" for lead, first in pairs
                if not any(squeezed(lead) in page and squeezed(first) in page for page in pages)]
    assert stranded == []


def cards_and_first_steps(page: Path) -> list[tuple[str, str]]:
    """Each card of a built page that has steps: its title, and its first step that no other card
    of the page shares (two dying cards open on the same « Seuil de mort … = 16 »: a page holding
    one card's steps would pass for the other's)."""
    cards = []
    for card in re.split(r'<div class="rc-card[ "]', page.read_text("utf-8"))[1:]:
        title = re.search(r'<p class="rc-card__title">(.*?)</p>', card, re.DOTALL)
        trace = re.search(r'<ol class="rc-trace[^"]*">(.*?)</ol>', card, re.DOTALL)
        if title and trace:
            steps = [visible_text(re.sub(r'<span class="rc-screen-only">.*?</span>', "", step, flags=re.DOTALL))
                     for step in re.findall(r"<li[^>]*>(.*?)</li>", trace[1], re.DOTALL)]
            cards.append((visible_text(title[1]), steps))
    shared = Counter(squeezed(step) for _, steps in cards for step in set(steps))
    return [(title, next((step for step in steps if shared[squeezed(step)] == 1), steps[0]))
            for title, steps in cards if steps]


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "language"), [("regles-de-combat.pdf", "fr"), ("en/combat-rules.pdf", "en")])
@ON_THE_PDF_WORKER
def test_no_card_of_the_rulebook_is_split_from_its_title(pdfs: Path, pdf: str, language: str) -> None:
    """A card is kept whole on paper: its title and its first step on one page. Chromium had split
    one under its title at a page's foot (a heading, a set's lead-in and a card's lead-in before it)."""
    pages = [squeezed(text) for text, _ in page_texts(pdfs / pdf)]
    cards = cards_and_first_steps(pdfs / LANGUAGES[language] / "print.html")
    assert len(cards) > 150
    assert split_from_their_titles(cards, pages) == []


def split_from_their_titles(cards: list[tuple[str, str]], pages: list[str]) -> list[str]:
    """The cards whose first step is not on their title's page, after the title (a step's words
    may begin another card's step too, on the page before: « Tour 1 : … »)."""
    split = []
    for title, step in cards:
        where = [(page, page.index(squeezed(title))) for page in pages if squeezed(title) in page]
        if not any(squeezed(step) in page[at:] for page, at in where):
            split.append(title)
    return split


def test_a_card_is_split_when_its_step_is_only_on_the_next_page_even_if_its_words_open_another() -> None:
    pages = [squeezed("Tour 1 : 3 (2d4). Elara soigne Aldric"), squeezed("Tour 1 : 4 (2d4) then more")]
    assert split_from_their_titles([("Elara soigne Aldric", "Tour 1 :")], pages) == ["Elara soigne Aldric"]
    assert split_from_their_titles([("Elara soigne Aldric", "Tour 1 :")],
                                   [pages[0], squeezed("Elara soigne Aldric Tour 1 : 4")]) == []


@pytest.mark.parametrize("led", ['<div class="rc-card" id="ex-x">', '<div class="rc-card rc-card--refused" id="ex-y">'])
def test_a_heading_and_its_lead_into_a_card_are_one_block_on_paper(led: str) -> None:
    page = f'<h3 id="s">Stabilise</h3>\n<p>Aldric fell <abbr title="x">6 HP</abbr> under.</p>\n{led}<p>t</p></div>'
    kept = kept_with_heading(page)
    assert kept == ('<div class="rc-keep"><h3 id="s">Stabilise</h3>\n<p>Aldric fell <abbr title="x">6 HP</abbr> '
                    f'under.</p></div>\n{led}<p>t</p></div>')
    for other in ('<div class="rc-cardigan">', '<div class="admonition">', '<p>more</p><div class="rc-card">'):
        assert kept_with_heading(page.replace(led, other)) == page.replace(led, other)  # led into no card


def test_a_heading_and_its_lead_into_a_set_of_tabs_are_one_block_on_paper() -> None:
    page = ('<h3 id="a">Approach</h3>\n<p>Lead <em>in</em>.</p>\n<div class="tabbed-set"><p>x</p></div>'
            '<h3 id="b">Other</h3><p>Plain.</p><p>Then tabs.</p><div class="tabbed-set"></div>'
            '<h2 id="c">Two</h2><div class="tabbed-set"></div>')
    kept = kept_with_heading(page)
    assert kept.count('<div class="rc-keep">') == 1
    assert kept.startswith('<div class="rc-keep"><h3 id="a">Approach</h3>\n<p>Lead <em>in</em>.</p></div>')
    assert re.sub(r'<div class="rc-keep">|</div>(?=\s*<div class="tabbed-set"><p>x)', "", kept) == page


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_abbreviation_a_page_underlines_has_its_row_in_the_glossary(language: str) -> None:
    """On paper the glossary says each dotted abbreviation of the book is explained there: each
    one it defines for the tooltips (``*[MM]: …``) is in the first column of its table (« MM » and
    « d20 » were underlined with no row)."""
    text = (ROOT / "docs" / language / "glossary.md").read_text("utf-8")
    defined = re.findall(r"^\*\[([^\]]+)\]:", text, re.MULTILINE)
    rows = {term.strip() for line in re.findall(r"^\| ([^|]+) \|", text, re.MULTILINE)[1:]  # after the header
            for term in line.split(",")}
    assert len(defined) >= 15
    assert [term for term in defined if term not in rows] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_list_of_bullets_runs_on_as_the_numbered_notes_before_it(language: str) -> None:
    """Markdown makes one list of a numbered list and the bullets that follow it after a blank
    line: the cover table's note « 1. » swallowed the six degrees of cover below it, printed as
    notes 2 to 7. Something else always stands between them."""
    merged = []
    for page in sorted((ROOT / "docs" / language).glob("*.md")):
        previous = ""  # the last non-blank line's kind: numbered item, its continuation, other
        for number, line in enumerate(page.read_text("utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            kind = ("numbered" if re.match(r"\d+\. ", line) else
                    "bullet" if re.match(r"[-*+] ", line) else
                    previous if line.startswith("   ") and previous == "numbered" else "other")
            if kind == "bullet" and previous == "numbered":
                merged.append(f"{page.name}:{number}")
            previous = kind
    assert merged == []



@pytest.mark.parametrize(("address", "link", "said"), [
    ("https://example.org/rules/en/cast.html", "quick-reference.html#ex-qr-parry",
     "example.org/rules/en/quick-reference.html"),
    ("https://example.org/rules/cast.html", "index.html#ex-home-card-demo", "example.org/rules/index.html"),
    ("http://localhost:8000/fr/cast.html", "authors.html", "localhost:8000/fr/authors.html"),
    ("https://example.org/cast.html", "a%20b.html", "example.org/a%20b.html"),
    ("https://example.org/x/cast.html", "a&amp;b.html", "example.org/x/a&amp;b.html"),  # escaped once, as written
])
def test_with_the_sites_address_known_paper_gives_the_page_to_type(address: str, link: str, said: str) -> None:
    """A reader of the PDF cannot follow a link: where the site's address is known (site_url), paper
    prints the page's address (no scheme, no section), which the print stylesheet writes after it."""
    printed = prefixed(f'<a href="{link}">words</a>', "cast", {"criticals.html", "cast.html"}, address)
    assert printed == f'<a href="{link}" data-off-paper="{said}">words</a>'
    assert prefixed(f'<a href="{link}">words</a>', "cast", {"cast.html"}) \
        == f'<a href="{link}" data-off-paper>words</a>'


@pytest.mark.browser
@pytest.mark.parametrize(("pdf", "heading", "marks"), [
    ("regles-de-combat.pdf", "Lire ce livret", "« une lecture »"), ("en/combat-rules.pdf", "Reading this edition",
                                                                   '"A reading"')])
@ON_THE_PDF_WORKER
def test_the_rulebook_says_how_to_read_a_card_before_its_first_chapter(
        pdfs: Path, pdf: str, heading: str, marks: str) -> None:
    """The home page that explains the cards is not printed: the edition opens with it on paper."""
    # each page's text, without the page number its footer prints first (« 4 / 148 »)
    pages = [re.sub(r"^\d+ / \d+ ", "", " ".join(text.split())) for text, _ in page_texts(pdfs / pdf)]
    preface = next(number for number, text in enumerate(pages) if text.startswith(heading))
    first_chapter = next(number for number, text in enumerate(pages) if re.match(r"1\. \w", text))
    assert 0 < preface < first_chapter and marks in pages[preface]


@pytest.mark.build
def test_only_the_pages_that_show_print_styles_on_screen_wait_for_them(offline_site: Path) -> None:
    blocking, for_print = [], []
    for path in html_files(offline_site):
        page = path.read_text("utf-8")
        head = page[:page.find("</head>")]
        if re.search(r'<link rel="stylesheet" href="(\.\./)*' + re.escape(CSS) + '" media="print">', head):
            for_print.append(path.relative_to(offline_site).as_posix())
            assert not any(name in page for name in SCREEN_CLASSES), path
        else:
            assert re.search(r'<link rel="stylesheet" href="(\.\./)*' + re.escape(CSS) + '">', head), path
            blocking.append(path.relative_to(offline_site).as_posix())
    assert sorted(blocking) == sorted(f"{folder}{name}.html" for folder in ("", "en/")
                                      for name in ("404", "glossary", "print", "quick-reference"))
    assert len(for_print) > 30


@pytest.mark.browser
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_rules_page_printed_from_a_browser_gets_the_print_styles(
        offline_site: Path, browser: Browser, language: str) -> None:
    page = browser.new_page()
    page.goto((offline_site / LANGUAGES[language] / "reactions.html").as_uri(), wait_until="load")
    source = page.locator("#ex-elara-parry details.rc-source")
    assert source.is_visible()  # on screen
    page.emulate_media(media="print")
    assert source.is_hidden() and page.locator(".md-header").is_hidden()
    page.close()


def test_make_site_writes_the_pdfs_its_print_pages_link_to() -> None:
    """`make site` built the pages without the PDFs their print pages link to: a newcomer's link led nowhere."""
    import subprocess

    # run by `make test`, the make below prints the folders it enters unless told not to
    planned = subprocess.run(["make", "-n", "--no-print-directory", "site"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.splitlines()
    built = next(index for index, line in enumerate(planned) if " build --strict" in line)
    assert any("-m rulecheck.hosts.pdf site" in line for line in planned[built + 1:]), planned
    for edition in EDITIONS:
        language = "en" if edition.target.startswith("en/") else "fr"
        assert f'href="{Path(edition.target).name}"' in (ROOT / "docs" / language / "print.md").read_text()
