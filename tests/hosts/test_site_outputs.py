"""A file of the docs in the place of one the site writes (a theme's file, a static template such
as the 404 page, the search index, the web app's files, the PDFs, a page's examples) fails the
build at that file, in any language folder (rulecheck/hosts/site_outputs.py; a twenty-second hostile
round: `docs/fr/404.md` lost to the theme's 404 page, with twelve card links that landed on its
heading; `docs/fr/assets/javascripts/reader.js` replaced the script that loads the cards' sources)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from mkdocs.exceptions import Abort

from rulecheck.hosts import web_app
from rulecheck.hosts.site_outputs import taken_output, theme_outputs
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, fenced, mkdocs_build, parry_example

THEME = Path(__import__("mkdocs").__file__).parent / "themes" / "mkdocs"
TEMPLATES = ("404.html", "sitemap.xml")


def mkdocs_theme_files() -> frozenset[str]:
    """What MkDocs copies from its own theme into a site (:func:`theme_outputs`)."""
    from mkdocs.config import load_config

    return theme_outputs(load_config(config_file=io.StringIO("site_name: S\ntheme: mkdocs\n")))


THEME_FILES = mkdocs_theme_files()

#: A file of the docs (in a language folder), where MkDocs writes it, and what the refusal says.
TAKEN = [
    ("fr/404.md", "fr/404.html", "the theme writes its own `404.html`"),
    ("en/404.md", "en/404.html", "the theme writes its own `404.html`"),
    ("fr/sitemap.xml", "fr/sitemap.xml", "the theme writes its own `sitemap.xml`"),
    ("en/css/base.css", "en/css/base.css", "it would replace the theme's `css/base.css`"),
    ("fr/js/base.js", "fr/js/base.js", "it would replace the theme's `js/base.js`"),
    ("fr/sitemap.xml.gz", "fr/sitemap.xml.gz", "the site writes its own `sitemap.xml.gz`"),
    ("en/search/search_index.json", "en/search/search_index.json", "the site writes its own `search/"),
    ("fr/search/anything.txt", "fr/search/anything.txt", "the site writes its own `search/anything.txt`"),
    ("fr/manifest.webmanifest", "fr/manifest.webmanifest", "the site writes its own `manifest.webmanifest`"),
    ("en/service-worker.js", "en/service-worker.js", "the site writes its own `service-worker.js`"),
    ("fr/" + web_app.SCRIPT, "fr/" + web_app.SCRIPT, f"the site writes its own `{web_app.SCRIPT}`"),
    ("fr/" + web_app.RUNTIME + "/workbox-sw.js", "fr/" + web_app.RUNTIME + "/workbox-sw.js", "the site writes its own"),
    ("fr/regles-de-combat.pdf", "fr/regles-de-combat.pdf", "the site writes its own `regles-de-combat.pdf`"),
    ("en/combat-rules.pdf", "en/combat-rules.pdf", "the site writes its own `combat-rules.pdf`"),
    ("fr/assets/rulecheck-print.css", "fr/assets/rulecheck-print.css", "the site writes its own"),
    ("en/notes.examples.js", "en/notes.examples.js", "the site writes a page's examples"),
    ("404.md", "404.html", "the theme writes its own `404.html`"),  # outside the language folders
]
FREE = [("fr/guide.md", "fr/guide.html"), ("fr/images/map.png", "fr/images/map.png"),
        ("en/search.md", "en/search.html"), ("fr/css/site.css", "fr/css/site.css"),
        ("en/404-notes.md", "en/404-notes.html"), ("fr/sitemap.md", "fr/sitemap.html"),
        # the theme's templates, Python files and translations, which MkDocs never writes into a site
        # (a twenty-fifth hostile round refused these pages)
        ("fr/main.md", "fr/main.html"), ("en/base.md", "en/base.html"), ("fr/base.md", "fr/base/index.html"),
        ("en/404.html.md", "en/404.html.html"), ("fr/content.md", "fr/content.html"),
        ("fr/mkdocs_theme.yml", "fr/mkdocs_theme.yml"), ("en/__init__.py", "en/__init__.py"),
        ("fr/locales/pl/LC_MESSAGES/messages.mo", "fr/locales/pl/LC_MESSAGES/messages.mo")]


@pytest.mark.parametrize(("source", "written", "said"), TAKEN)
def test_a_file_in_the_place_of_one_the_site_writes_is_refused(source: str, written: str, said: str) -> None:
    why = taken_output(source, written, [str(THEME)], lambda: THEME_FILES, TEMPLATES, ["assets/rulecheck.css"])
    assert why is not None and why.startswith(said), why


@pytest.mark.parametrize(("source", "written"), FREE)
def test_a_file_of_a_name_of_its_own_is_free(source: str, written: str) -> None:
    assert taken_output(source, written, [str(THEME)], lambda: THEME_FILES, TEMPLATES, ["assets/rulecheck.css"]) is None


@pytest.mark.build
def test_the_build_fails_at_every_such_file_at_once(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for language in ("fr", "en"):
        (docs / language).mkdir(parents=True)
        (docs / language / "index.md").write_text("# Home\n\n" + fenced(parry_example() + "  outcome: parried\n"),
                                                  "utf-8")
        (docs / language / "404.md").write_text("# Lost\n\n## Three attacks { #poison-charges }\n", "utf-8")
        (docs / language / "css").mkdir()
        (docs / language / "css" / "base.css").write_text("body{display:none}\n", "utf-8")
        (docs / language / "manifest.webmanifest").write_text("{}\n", "utf-8")
        (docs / language / "map.png").write_bytes(b"\x89PNG\r\n")
        (docs / language / "main.md").write_text("# Main\n\nA page named like the theme's template.\n", "utf-8")
    # As the site's own: a page is written at `404.html`, not `404/index.html`.
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + "use_directory_urls: false\n", "utf-8")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(tmp_path)
    for language in ("fr", "en"):
        for name, said in (("404.md", "the theme writes its own `404.html`"),
                           ("css/base.css", "it would replace the theme's `css/base.css`"),
                           ("manifest.webmanifest", "the site writes its own `manifest.webmanifest`")):
            assert f"docs/{language}/{name}:1: {said}" in logs.text
    assert "map.png" not in logs.text and "/main.md:" not in logs.text


@pytest.mark.build
def test_every_file_the_site_writes_itself_is_one_a_file_of_the_docs_may_not_take(offline_site: Path) -> None:
    """The list of what the site writes is kept by hand: the web app's icons and the iframe-worker's
    LICENSE were missing from it, and a file of the docs in their place was lost unseen (a
    twenty-fourth hostile round). Every file of the real built site that no file of the docs makes
    is one that :func:`taken_output` refuses, in the language folder it is written for."""
    from mkdocs.config import load_config

    from tests.conftest import ROOT

    config = load_config(str(ROOT / "mkdocs.yml"))
    docs = ROOT / "docs"
    made_by_docs = {("" if language == "fr" else "en/") + str(page.relative_to(docs / language).with_suffix(".html"))
                    for language in ("fr", "en") for page in (docs / language).rglob("*.md")}
    free, theme_files = [], theme_outputs(config)
    for file in sorted(path for path in offline_site.rglob("*") if path.is_file()):
        built = file.relative_to(offline_site).as_posix()
        if built in made_by_docs:
            continue
        language, within = ("en", built[3:]) if built.startswith("en/") else ("fr", built)
        if taken_output(f"{language}/{within}", f"{language}/{within}", config.theme.dirs, lambda: theme_files,
                        config.theme.static_templates, ["assets/rulecheck.css"]) is None:
            free.append(built)
    assert free == []
