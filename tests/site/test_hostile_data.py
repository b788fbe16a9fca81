"""Example data is text everywhere it reaches: a copy of the real site whose examples' free-text
fields (titles, creatures' names, capability names, the cast's names and roles) hold hostile
Markdown and HTML is built, and the whole built site (pages, search indexes, sitemaps, service
workers, manifests, and the PDFs) holds no ``javascript:`` URL and no event handler from them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.site_tools import BUILD_TIMEOUT

#: Each variant tries another way for a text to become a link, a handler or a tag. Every handler
#: calls ``alert`` and every URL is a ``javascript:`` one, so whatever got through is found.
VARIANTS = (
    "[click me](javascript:alert(document.domain))",
    "*x*{: onmouseover=alert(2) }",
    '<a href="javascript:alert(3)">three</a>',
    "<img src=x onerror=alert(4)>",
    "&lt;img src=x onerror=alert(5)&gt;",
    "[six](<javascript:alert(6)>)",
    "<javascript:alert(7)>",
    "![eight](javascript:alert(8))",
    "[nine](&#106;avascript:alert(9))",
    "ten {: onclick=\"alert(10)\" }",
    "<svg onload=alert(11)>",
    "__x__{ onfocus=alert(12) #id }",
    "[ref][js]\n\n[js]: javascript:alert(13)",
    "<details open ontoggle=alert(14)>",
    "JaVaScRiPt&#58;alert(15) [x](JAVASCRIPT:alert(16))",
    "[x](java\tscript:alert(17)) <b onclick='alert(18)'>b</b>",
    "&#x3C;img src=x onerror=alert(19)&#x3E; &amp;lt;b onclick=alert(20)&amp;gt;",
    "`code` </p><p onclick=alert(21)>",
    "{{ nope }} <!-- x --> <x-a onpointerenter=alert(22)>",
    "[x]( javascript:alert(23) \"title\")",
)
#: Where a data value may go, and how long it may be there.
NAME_LENGTH, TITLE_LENGTH = 80, 200

TITLE = re.compile(r"^(?P<lead>[ \t>]*)title: .*$", re.MULTILINE)
NAME = re.compile(r"\{name: [A-Za-zÀ-ÿ' ]+(?P<end>[,}])")
#: Capability cards whose name, made hostile, is free text: the rules then know nothing of them.
CARD_NAME = re.compile(r'card: "(?P<name>(?:Provocation|Téléportation) )\|')
CAST_TEXT = re.compile(r"^(?P<lead>  (?:name|role)): .*$", re.MULTILINE)


#: Prose that quotes a hostile name wherever a reference may stand, added to a page of each language.
NAME_REFERENCE = "{{ short-sword-critical.given.defender.name }}"
PROSE = f"""

## {NAME_REFERENCE} {{ #hostile-names }}

Prose {NAME_REFERENCE}, **{NAME_REFERENCE}** and [a link: {NAME_REFERENCE}](#hostile-names).

A paragraph with an attribute {NAME_REFERENCE}
{{: title="{NAME_REFERENCE}" }}

<span title="{NAME_REFERENCE}">{NAME_REFERENCE}</span>

| {NAME_REFERENCE} |
|---|
| {NAME_REFERENCE} |

*[Prose]: {NAME_REFERENCE}
"""


def _variants() -> Iterator[str]:
    while True:
        yield from VARIANTS


#: Display text (titles, names) is translated, its numbers are not: twins must write the same
#: numbers, and a twin's hostile values are not the same ones. Theirs are written with letters.
_NO_DIGITS = str.maketrans("0123456789", "abcdefghij")


def _hostile(text: str, variants: Iterator[str], length: int) -> str:
    return json.dumps(next(variants)[:length].translate(_NO_DIGITS))  # a JSON string is a YAML double-quoted scalar


def _counted(number: int) -> str:
    """``number`` in letters (``bah`` for 107): unique, and no number for twins to compare."""
    return str(number).translate(_NO_DIGITS)


def poison(root: Path) -> int:
    """Write hostile values into every free-text field of the copy at ``root``; how many."""
    count = 0
    variants = _variants()
    cast = root / "docs" / "cast.yml"
    text = cast.read_text(encoding="utf-8")
    done = 0

    def cast_text(match: re.Match[str]) -> str:
        nonlocal done
        done += 1
        # Names stay distinct (a name is one member's, and two that read alike are refused): three
        # letters of the counter's each, so that two members' names are three slips apart at least.
        token = chr(97 + done % 26) * 3 + chr(97 + done // 26 % 26) * 3
        return f"{match['lead']}: {json.dumps(f'{token} ' + next(variants)[:NAME_LENGTH - 8])}"

    cast.write_text(CAST_TEXT.sub(cast_text, text), encoding="utf-8")
    count += done
    # A plain name is nobody's of the cast: "someone" keeps it far from every member's name; the
    # counter, over every page, keeps one name to one creature of a language (namesakes with other
    # statistics are refused).
    numbered = iter(range(1, 10**6))
    for page in sorted((root / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8") + (PROSE if page.name == "criticals.md" else "")
        new, titles = TITLE.subn(lambda m: f"{m['lead']}title: {_hostile(m[0], variants, TITLE_LENGTH)}", text)
        new, names = NAME.subn(lambda m: "{name: " + json.dumps(
            f"someone {_counted(next(numbered))} " + next(variants)[:NAME_LENGTH - 15].translate(_NO_DIGITS))
            + m["end"], new)
        # A card is rules data, the same in both twins: its variant depends on its place in the page.
        on_page = iter(range(len(VARIANTS) * 10))
        new, cards = CARD_NAME.subn(lambda m, on_page=on_page: 'card: "' + json.dumps(
            VARIANTS[next(on_page) % len(VARIANTS)].replace("|", "/").replace("\n", " ")[:60] + " "
            + m["name"].strip())[1:-1] + ' |', new)
        if cards:  # renamed, the rules' own card is a card of the author's: the rules know it no more
            new = new.replace("      known: true\n", "      known: false\n")
        page.write_text(new, encoding="utf-8")
        count += titles + names + cards
    return count


class Live(HTMLParser):
    """What a browser would act on: attributes holding a ``javascript:`` URL, handler attributes."""

    URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset",
                                "background", "cite", "ping"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            shown = f"<{tag} {name}={value!r}>"
            # Only what the data brought: every hostile handler and URL calls `alert` (the theme's
            # own share button is a `javascript:void(0)` link).
            handler = name.startswith("on") and len(name) > 2 and "alert" in (value or "") + name
            if handler or (name in self.URL_ATTRIBUTES and value and _is_script_url(value)):
                self.found.append(shown)

    handle_startendtag = handle_starttag


def _is_script_url(value: str) -> bool:
    # As a browser reads a URL: entities decoded, tabs, line breaks and spaces around dropped.
    compact = re.sub(r"[\x00-\x20]", "", unescape(value)).lower()
    return compact.startswith(("javascript:", "vbscript:", "data:text/html")) and "alert" in compact


def live_in_html(html: str) -> list[str]:
    parser = Live()
    parser.feed(html)
    parser.close()
    return parser.found


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


#: The search index as the offline plugin inlines it for ``file://``: a script holding its JSON.
INLINED_INDEX = re.compile(r"var __index = ")


#: A page's examples file (rulecheck/hosts/example_sources.py).
EXAMPLES_FILE = re.compile(r"rulecheckExamples\((.*)\);\n", re.DOTALL)


def live_in_site(site: Path) -> list[str]:
    """Everything live in the built site: HTML pages, the HTML of every JSON string (search
    indexes hold HTML), a page's examples file that is more than their text, and a
    ``javascript:`` URL in any other text file (sitemaps, scripts)."""
    found = []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in {".pdf", ".png", ".ico", ".svg", ".gz", ".woff2"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(site).as_posix()
        inlined = INLINED_INDEX.match(text) if path.suffix == ".js" else None
        examples = EXAMPLES_FILE.fullmatch(text) if path.name.endswith(".examples.js") else None
        if examples:  # one call on one object of strings, which become a block's text, never markup
            given = json.loads(examples.group(1))
            if "<" in text or not isinstance(given, dict) or not all(isinstance(v, str) for v in given.values()):
                found.append(f"{where}: not one call on the examples' text: {text[:120]}")
        elif path.suffix == ".html":
            found += [f"{where}: {item}" for item in live_in_html(text)]
        elif path.suffix in {".json", ".webmanifest"} or inlined:
            for string in _strings(json.loads(text[inlined.end():].rstrip().rstrip(";") if inlined else text)):
                found += [f"{where}: {item}" for item in live_in_html(string)]
        elif path.suffix in {".xml", ".js", ".txt"}:
            found += [f"{where}: {line.strip()[:120]}" for line in text.splitlines()
                      if re.search(r"javascript:[^'\"]*alert", line, re.IGNORECASE)]
    return found


def live_in_pdf(path: Path) -> list[str]:
    """Every link, launch or script action of a PDF whose target is a script (pypdf)."""
    from pypdf import PdfReader

    found = []
    for number, page in enumerate(PdfReader(path).pages, 1):
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action is None:
                continue
            action = action.get_object()
            uri = str(action.get("/URI", ""))
            if action.get("/S") in ("/JavaScript", "/Launch") or _is_script_url(uri):
                found.append(f"{path.name} page {number}: {action}")
    return found


def test_the_live_finders_find_what_they_are_for() -> None:
    assert live_in_html('<a href=" JaVa&#x09;script:alert(1)">x</a><p onclick="alert(2)">') == [
        "<a href=' JaVa\\tscript:alert(1)'>", "<p onclick='alert(2)'>"]
    assert live_in_html("<p>[x](javascript:alert(1)) onclick=alert(2) &lt;img onerror=alert(3)&gt;</p>") == []


def test_poison_reaches_every_kind_of_free_text_field(site_copy: Callable[[], Path]) -> None:
    root = site_copy()
    assert poison(root) > 100
    text = "\n".join(p.read_text(encoding="utf-8") for p in (root / "docs").rglob("*.md"))
    assert "title: \"[click me](javascript:" in text and "{name: \"" in text and 'card: "' in text
    assert "onmouseover" in (root / "docs" / "cast.yml").read_text(encoding="utf-8")
    assert NAME_REFERENCE in (root / "docs" / "en" / "criticals.md").read_text(encoding="utf-8")


#: Nav titles with the characters HTML escapes. MkDocs reads a title as HTML (`&amp;` is `&`):
#: each place shows the same characters, escaped once.
#: (what mkdocs.yml writes, what the copy writes instead), for the nav and its translations.
TITLES_WRITTEN = [
    ("      - Attaques et défenses: attack.md", "      - 'Attaques & défenses 1d8+2': attack.md"),
    ("      - Critiques: criticals.md", "      - 'Critiques &amp; co': criticals.md"),
    ("            Attaques et défenses: Attacks and defences",
     "            'Attaques & défenses 1d8+2': 'Attacks & defences 1d8+2'"),
    ("            Critiques: Criticals", "            'Critiques &amp; co': 'Crits ''n'' \"fails\" &amp; more'"),
]
TITLES_SHOWN = {"fr": ["Attaques & défenses 1d8+2", "Critiques & co"],
                "en": ["Attacks & defences 1d8+2", "Crits 'n' \"fails\" & more"]}


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site with hostile free text, built (``mkdocs build --strict``): it must pass."""
    from tests.conftest import ROOT

    root = tmp_path_factory.mktemp("hostile")
    for folder in ("docs", "overrides"):
        subprocess.run(["cp", "-r", str(ROOT / folder), str(root / folder)], check=True)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for old, new in TITLES_WRITTEN:
        assert old in config
        config = config.replace(old, new)
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    poison(root)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(root / "site")],
                          cwd=root, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
                          env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin", "HOME": str(root)})
    assert done.returncode == 0, done.stderr[-3000:]
    return root / "site"


@pytest.mark.build
def test_no_hostile_value_is_live_anywhere_in_the_built_site(hostile_site: Path) -> None:
    assert (hostile_site / "cast.html").is_file() and (hostile_site / "en" / "print.html").is_file()
    assert live_in_site(hostile_site) == []


@pytest.mark.build
def test_hostile_values_are_shown_as_their_own_characters(hostile_site: Path) -> None:
    for page in ("cast.html", "en/cast.html", "print.html", "en/print.html"):
        shown = unescape(re.sub(r"<[^>]*>", "", (hostile_site / page).read_text(encoding="utf-8")))
        assert "[click me](javascript:alert(document.domain))" in shown, page
        assert "*x*{: onmouseover=alert(2) }" in shown, page


class Footer(HTMLParser):
    """Each footer link's ``aria-label`` and the title it shows, as a reader gets them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.labels: list[str] = []
        self.titles: list[str] = []
        self._title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and "md-footer__link" in (found.get("class") or ""):
            self.labels.append(found.get("aria-label") or "")
        self._title = tag == "div" and found.get("class") == "md-ellipsis"

    def handle_data(self, data: str) -> None:
        if self._title and data.strip():
            self.titles.append(data.strip())
            self._title = False


@pytest.mark.build
@pytest.mark.parametrize("language", ["fr", "en"])
def test_titles_with_markup_characters_are_escaped_once_in_footers_and_print_contents(
        hostile_site: Path, language: str) -> None:
    folder = hostile_site / ("en" if language == "en" else "")
    labels, titles = [], []
    for page in sorted(folder.glob("*.html")):
        footer = Footer()
        footer.feed(page.read_text(encoding="utf-8"))
        labels += [label.split(": ", 1)[1] for label in footer.labels]
        titles += footer.titles
    for title in TITLES_SHOWN[language]:
        assert title in labels and title in titles
    assert labels == titles  # each link's label names the page it shows, character for character
    contents = (folder / "print.html").read_text(encoding="utf-8").split('class="rc-print-toc"', 1)[1]
    shown = unescape(re.sub(r"<[^>]*>", "\n", contents.split("</nav>", 1)[0])).splitlines()
    for title in TITLES_SHOWN[language]:
        assert title in shown


@pytest.mark.build
@pytest.mark.browser
def test_no_hostile_value_is_live_in_the_pdfs(hostile_site: Path, browser: object) -> None:
    from rulecheck.hosts.pdf import write_pdfs

    written = write_pdfs(hostile_site, browser=browser)
    assert written
    assert [item for pdf in written for item in live_in_pdf(pdf)] == []
