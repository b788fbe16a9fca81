"""Tools for the tests of the built site: build it with no network, read its pages, serve it."""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from tests.conftest import ROOT

BUILD_TIMEOUT = 300

# <link rel=…> values that make a browser fetch (or connect to) the href.
FETCHING_RELS = {
    "stylesheet", "icon", "shortcut", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon",
    "preload", "modulepreload", "prefetch", "prerender", "preconnect", "dns-prefetch", "manifest",
}
# tag -> attributes whose URL the browser loads by itself.
LOADING_ATTRS = {
    "script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"), "iframe": ("src",),
    "frame": ("src",), "embed": ("src",), "object": ("data",), "video": ("src", "poster"),
    "audio": ("src",), "track": ("src",), "input": ("src",), "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
CSS_URL = re.compile(r"""url\(\s*(['"]?)(.*?)\1\s*\)|@import\s+(['"])(.*?)\3""", re.IGNORECASE)


def build_without_network(site: Path, *, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the real site into ``site``, in a new network namespace.

    Not ``-q``: MkDocs counts the warnings it logs, and a quiet build logs none, so a strict one
    would pass with a broken link or anchor.

    ``unshare -rn`` gives the build a namespace of its own with only a loopback interface that is
    down: any request to another host fails at once instead of leaving the machine.
    """
    return subprocess.run(
        ["unshare", "--map-root-user", "--net", sys.executable, "-m", "mkdocs", "build", "--strict",
         "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
    )


def site_root_path() -> str:
    """The path of the site's address (``/combat-rules/`` for ``SITE_URL=https://example.org/combat-rules/``,
    ``/`` without one, as ``mkdocs.yml`` reads it): where absolute links of the 404 pages start."""
    return urlsplit(os.environ.get("SITE_URL", "")).path.rstrip("/") + "/"


def is_external(url: str) -> bool:
    """Whether a URL points to another host (``data:`` and page-relative URLs do not)."""
    parts = urlsplit(url.strip())
    return bool(parts.netloc) or parts.scheme not in ("", "data", "blob", "about", "javascript", "mailto", "tel")


def srcset_urls(value: str) -> list[str]:
    return [candidate.split()[0] for candidate in value.split(",") if candidate.strip()]


class Html(HTMLParser):
    """What the tests need from one HTML page: loaded resources, links and element ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.resources: list[tuple[str, str]] = []  # (what loads it, url)
        self.links: list[str] = []  # every href and src to resolve
        self.ids: set[str] = set()
        self.styles: list[str] = []  # <style> contents and style attributes
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for key in ("id", "name") if tag in ("a", "map") else ("id",):
            if values.get(key):
                self.ids.add(values[key])
        if "style" in values:
            self.styles.append(values["style"])
        self._in_style = tag == "style"
        for name in LOADING_ATTRS.get(tag, ()):
            if name in values:
                urls = srcset_urls(values[name]) if name == "srcset" else [values[name]]
                self.resources += [(f"{tag}[{name}]", url) for url in urls]
                self.links += urls
        if tag == "link" and "href" in values:
            rels = set(values.get("rel", "").lower().split())
            if rels & FETCHING_RELS:
                self.resources.append((f"link[rel={values.get('rel')}]", values["href"]))
                self.links.append(values["href"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False


@functools.cache
def read_html(path: Path) -> Html:
    page = Html()
    page.feed(path.read_text("utf-8"))
    page.close()
    return page


def css_urls(css: str) -> list[str]:
    return [match.group(2) or match.group(4) for match in CSS_URL.finditer(css)]


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@contextmanager
def serve(site: Path, *, under: str = "/", not_found_page: bool = False) -> Iterator[str]:
    """The site served over HTTP on 127.0.0.1, on a free port, for the duration of the block.

    ``under``: the path the site lives at (``/mirror/``). ``not_found_page``: answer a missing
    address with the site's ``404.html`` (status 404), as static hosts do.
    """
    handler = functools.partial(_QuietHandler, directory=str(site), under=under, not_found_page=not_found_page)
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{under}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class QuietServer(http.server.ThreadingHTTPServer):
    """A test server that keeps quiet when the browser drops a connection it no longer needs (a
    page left while its service worker still fetches): that is no failure of the site."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, under: str = "/", not_found_page: bool = False, **kwargs: Any) -> None:
        self.under, self.not_found_page = under, not_found_page
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.under):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.under):])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not self.not_found_page or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def resolve(site: Path, page: Path, link: str, root_path: str) -> tuple[Path, str] | None:
    """The built file and the fragment a link points to, or None if it is no file of the site
    (another host, ``data:``, ``mailto:``…)."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None
    path = unquote(parts.path)
    if path.startswith("/"):
        if not path.startswith(root_path):
            return (site / "__outside_the_site__" / path.lstrip("/"), parts.fragment)
        target = site / path[len(root_path):]
    elif path:
        target = page.parent / path
    else:
        target = page
    target = Path(os.path.normpath(target))
    if target.is_dir():
        target = target / "index.html"
    return target, unquote(parts.fragment)
