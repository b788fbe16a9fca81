"""The files the site writes itself, which no file of the docs may take.

MkDocs lets a file of the docs folder take the place of a theme's file of the same name, and
writes over it what its theme or a plugin makes at the same address: a twenty-second hostile round
wrote `docs/fr/404.md` (the theme's 404 page replaced it, and twelve card links that landed on its
heading landed on nothing), `docs/fr/assets/javascripts/reader.js` (it replaced the script that
loads the cards' sources) and `docs/fr/manifest.webmanifest` (the site's own replaced it, unseen).
Each such file is refused at its place: the build fails, a server says so.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable
from pathlib import PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from rulecheck.examples.twins import language_of
from rulecheck.hosts import example_sources, i18n_search, offline_site, print_edition, stylesheets, web_app
from rulecheck.hosts.pdf import EDITIONS

#: What the site's plugins write in each language's folder (MkDocs' sitemap, the web app, the print
#: stylesheet, the PDFs), each a file, or a folder with all it holds (Material's search, its index
#: for ``file://`` pages included, Workbox's runtime, the palettes).
WRITTEN = frozenset({
    "sitemap.xml", "sitemap.xml.gz", web_app.MANIFEST, web_app.SERVICE_WORKER, web_app.SCRIPT,
    *web_app.ICONS.values(), *offline_site.SHIM_FILES.values(), print_edition.CSS,
    *(PurePosixPath(edition.target).name for edition in EDITIONS),
})
FOLDERS = (PurePosixPath(i18n_search.INDEX).parent.as_posix(), web_app.RUNTIME, i18n_search.WORKERS,
           i18n_search.LUNR_DIR, stylesheets.PALETTE_FOLDER)


def theme_outputs(config: MkDocsConfig) -> frozenset[str]:
    """The files of the theme's folders that MkDocs copies into the site, as MkDocs itself picks
    them: not its templates (``main.html``, ``partials/…``), Python files or translations, which a
    page may share a name with (a twenty-fifth hostile round: `docs/fr/main.md` was refused)."""
    files = Files([])
    files.add_files_from_theme(config.theme.get_env(), config)
    return frozenset(file.dest_uri for file in files)


def taken_output(src_uri: str, dest_uri: str, theme_dirs: Iterable[str], theme_files: Callable[[], Collection[str]],
                 static_templates: Iterable[str], own: Iterable[str] = ()) -> str | None:
    """Why a file of the docs (``src_uri`` in the docs, written to ``dest_uri``) takes the place of
    one the site writes, or ``None``: one of the theme's (a static template such as ``404.html``, a
    file of its folders that MkDocs copies: ``theme_files()``, :func:`theme_outputs`, asked only of a
    file one of ``theme_dirs`` holds), of the plugins' (:data:`WRITTEN`, :data:`FOLDERS`, ``own``), or
    a page's examples (``*.examples.js``). Compared within the file's language folder, where each
    language's site is written."""
    found = language_of(src_uri)
    language = found[0] if found else None
    written = dest_uri.split("/", 1)[1] if language and dest_uri.startswith(f"{language}/") else dest_uri
    if written in set(static_templates):
        return f"the theme writes its own `{written}` there: one of the two would be lost"
    if any(os.path.isfile(os.path.join(folder, written)) for folder in theme_dirs) and written in theme_files():
        return f"it would replace the theme's `{written}`, which the site's pages load"
    if written in WRITTEN or written in set(own) or any(written.startswith(f"{folder}/") for folder in FOLDERS):
        return f"the site writes its own `{written}` there: one of the two would be lost"
    if written.endswith(example_sources.SUFFIX):
        return f"the site writes a page's examples to files named *{example_sources.SUFFIX}"
    return None
