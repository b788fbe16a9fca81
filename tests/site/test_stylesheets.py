"""The built site's stylesheets: Material's palette and ours asked for as one file, rule for rule
the same as the two files they were made from, without their comments."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import material
import pytest
import yaml
from playwright.sync_api import Browser

from rulecheck.hosts.mkdocs_plugin import CSS, made_rules
from rulecheck.hosts.print_edition import CSS as PRINT_CSS
from rulecheck.hosts.stylesheets import PALETTE_FOLDER
from tests.site.site_tools import html_files

ROOT = Path(__file__).resolve().parents[2]
STYLESHEET = re.compile(r'<link rel="stylesheet" href="(?:\.\./)*([^"]*)"( media="print")?>')
COMMA = re.compile(r"\s*,\s*")
#: Each top-level rule of a stylesheet as Chromium reads it (comments and spacing gone).
RULES = """css => {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const rules = [...style.sheet.cssRules].map(rule => rule.cssText);
  style.remove();
  return rules;
}"""


def palette() -> Path:
    """Material's palette stylesheet, as the theme ships it."""
    found = list((Path(material.__file__).parent / "templates" / PALETTE_FOLDER).glob("palette.*.min.css"))
    assert len(found) == 1, found
    return found[0]


@pytest.mark.build
def test_every_page_waits_for_two_stylesheets_material_s_and_ours_with_the_palette(offline_site: Path) -> None:
    pages = html_files(offline_site)
    assert len(pages) > 40 and {"404.html", "en/404.html"} <= {p.relative_to(offline_site).as_posix() for p in pages}
    for page in pages:
        head = page.read_text("utf-8").split("</head>", 1)[0]
        blocking = [path for path, media in STYLESHEET.findall(head) if not media]
        assert re.fullmatch(r"assets/stylesheets/main\.[0-9a-f]+\.min\.css", blocking[0]), (page, blocking)
        assert blocking[1:] in ([CSS], [CSS, PRINT_CSS]), (page, blocking)  # print pages: the print styles too
        assert "palette." not in head, page
    assert not (offline_site / PALETTE_FOLDER / palette().name).exists(), "no page asks for it"
    ours = (offline_site / CSS).read_text("utf-8")
    assert ours.startswith(palette().read_text("utf-8").split("/*#", 1)[0].rstrip() + "\n")
    assert "/*" not in ours


@pytest.mark.browser
def test_our_stylesheet_holds_the_palette_s_rules_and_ours_as_their_sources_say(
        browser: Browser, offline_site: Path) -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=yaml.BaseLoader)
    options = next(plugin["rulecheck"] for plugin in config["plugins"] if isinstance(plugin, dict)
                   and "rulecheck" in plugin)
    sources = (palette().read_text("utf-8") + "\n"
               + made_rules(options.get("sources_in_files") == "true")
               + resources.files("rulecheck.hosts").joinpath(CSS).read_text("utf-8"))
    page = browser.new_page()
    try:
        expected = page.evaluate(RULES, sources)
        written = page.evaluate(RULES, (offline_site / CSS).read_text("utf-8"))
    finally:
        page.close()
    assert len(expected) > 150
    # A value with var() keeps its blanks as written (Chromium cannot read it before it is used);
    # rcssmin takes out those around commas, which no value's meaning depends on.
    assert [COMMA.sub(",", rule) for rule in written] == [COMMA.sub(",", rule) for rule in expected]
