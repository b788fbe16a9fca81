"""Example data is data, never markup: a value quoted by the prose reaches the page as text,
whatever Markdown, attribute list or HTML it holds, wherever the reference stands; and text output
never writes the input's terminal control sequences.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from rulecheck.hosts.mkdocs_plugin import markdown_text
from tests.hosts.run_hosts import MKDOCS_YML, mkdocs_build

LINK = "[click me](javascript:alert(document.domain))"
HANDLER = "*x*{: onmouseover=alert(2) }"
BREAKOUT = '</title><script>alert(1)</script>" onload="alert(3)'

PAGE = f"""\
# Attaque de {{{{ xss.given.defender.name }}}}

Prose : {{{{ xss.given.attacker.name }}}}, puis {{{{ xss.given.defender.name }}}}.

## Section {{{{ xss.given.attacker.name }}}} {{ #section }}

Sous-titre {{{{ xss.given.defender.name }}}}
-----------

![Portrait de {{{{ xss.given.defender.name }}}}](portrait.png)

Paragraphe {{{{ xss.given.defender.name }}}}
{{: title="{{{{ xss.given.defender.name }}}}" }}

<img alt="{{{{ xss.given.defender.name }}}}" src="portrait.png">

[Lien vers {{{{ xss.given.attacker.name }}}}](#section)

```rulecheck
id: xss
rule: attack
given:
  attacker: {{name: "{LINK}"}}
  defender: {{name: '{HANDLER} {BREAKOUT}', level: 2, str: 4}}
  attack: {{total: 15}}
  reaction: parry
dice:
  reaction: [17]
expect:
  outcome: parried
```
"""

#: Material, as the site uses it (its `<title>` goes through `striptags`), and the extensions
#: that read attribute lists and HTML.
CONFIG = MKDOCS_YML.replace("theme: {name: mkdocs}", "theme: {name: material}").replace(
    "  - admonition\n", "  - admonition\n  - attr_list\n  - md_in_html\n  - toc:\n      permalink: true\n")


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text of every script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self.title = ""
        self.text = ""  # what a reader sees, scripts aside
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "script":
            self.scripts.append(data)
        elif self._in == "title":
            self.title += data
        else:
            self.text += data


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Elements]:
    root = tmp_path_factory.mktemp("markup")
    (root / "docs").mkdir()
    (root / "docs" / "page.md").write_text(PAGE, encoding="utf-8")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    mkdocs_build(root)
    text = (root / "site" / "page" / "index.html").read_text(encoding="utf-8")
    parser = Elements()
    parser.feed(text)
    return text, parser


def test_no_value_becomes_a_link_a_handler_or_a_script(built: tuple[str, Elements]) -> None:
    _, page = built
    for tag, attributes in page.tags:
        assert not any(name.startswith("on") for name in attributes), (tag, attributes)
        assert not any((value or "").strip().lower().startswith("javascript:") for value in attributes.values())
    assert not any("alert" in script for script in page.scripts)
    assert ("em", {}) not in page.tags  # `*x*` stays two stars and an x


def test_prose_shows_each_value_as_its_own_characters(built: tuple[str, Elements]) -> None:
    _, page = built
    assert f"Prose : {LINK}, puis {HANDLER} {BREAKOUT}." in page.text
    assert f"Lien vers {LINK}" in page.text


def test_a_value_in_a_heading_reaches_the_title_as_text(built: tuple[str, Elements]) -> None:
    _, page = built
    assert page.title == f"Attaque de {HANDLER} {BREAKOUT} - Bad inputs"
    assert sum(1 for tag, _ in page.tags if tag == "title") == 1


def test_a_value_in_an_image_alt_or_an_attribute_is_plain_text(built: tuple[str, Elements]) -> None:
    _, page = built
    alts = [attributes["alt"] for tag, attributes in page.tags if tag == "img"]
    assert alts == [f"Portrait de {HANDLER} {BREAKOUT}", f"{HANDLER} {BREAKOUT}"]
    titles = [attributes["title"] for tag, attributes in page.tags  # a card's cast line has a title of its own
              if tag == "p" and "title" in attributes and "rc-cast" not in (attributes.get("class") or "")]
    assert titles == [f"{HANDLER} {BREAKOUT}"]  # the attribute list's value
    assert not any("<span" in (value or "") for _, attributes in page.tags for value in attributes.values())


def test_markdown_text_escapes_every_punctuation_character() -> None:
    assert markdown_text("Orc 12") == "Orc 12"
    assert markdown_text("[a](b)") == "&#91;a&#93;&#40;b&#41;"
    assert markdown_text("é\x1b") == "é&#27;"
