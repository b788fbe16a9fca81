"""What the browser tests share: Debian's Chromium driven by Playwright, the site opened from
``file://`` and from a local HTTP server, tabs that record every request, and the reader's
gestures (search, switch language).

Registered as a pytest plugin by ``conftest.py``, so that every browser test module uses the
same session browser (Playwright's sync API allows one at a time).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.site.site_tools import ROOT, serve

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # no name resolves: nothing can leave
]
ARTIFACTS = ROOT / "test-artifacts"
ACTION_MS, NAVIGATION_MS, LAUNCH_MS = 10_000, 15_000, 60_000
# An assertion waits as long as an action: Playwright's own 5 s for `expect` was too short for a
# phone page of cards to scroll to a link's target on a machine running two suites at once.
expect.set_options(timeout=ACTION_MS)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
HOME = {"fr": "", "en": "en/"}  # where each language's pages are
#: Two of the page's frames, or one second at most: a page the browser stops painting (a tab it
#: deems hidden) never gives a frame, and a wait for one would hold the test for ever.
TWO_FRAMES = ("() => new Promise(done => { requestAnimationFrame(() => requestAnimationFrame(done)); "
              "setTimeout(done, 1000); })")

SETTLED = """() => Promise.race([
    Promise.all(document.getAnimations().map(animation => animation.finished.catch(() => null))),  // or cancelled
    new Promise(resolve => setTimeout(resolve, 2000)),
])"""


def keep_picture(element: Locator, name: str) -> None:
    """A screenshot of one element, kept for a person to look at (``test-artifacts/``).

    The screen clipped to the element, not ``Locator.screenshot``: that one waits for the element
    to keep the same box for two frames, which a loaded machine's starved frames (cards above it
    laid out as they scroll into view) denied it for longer than a test waits. Not a full-page
    picture either: on a phone that scrolls back to the top, where the cards off screen are not
    painted (content-visibility). A picture taken a frame early is still the picture, and no
    assertion rests on it.
    """
    page = element.page
    screen = page.viewport_size
    assert screen is not None
    # Room above and below for the page's sticky header and its "back to top" button.
    height = element.evaluate("e => Math.ceil(e.getBoundingClientRect().height)") + 2 * 80
    if height > screen["height"]:  # a card taller than the screen is taken whole on a taller one
        page.set_viewport_size({"width": screen["width"], "height": height})
    try:
        element.evaluate("e => e.scrollIntoView({block: 'center'})")
        page.evaluate(SETTLED)
        # Two frames: a card skipped while off screen is painted once it is in view.
        page.evaluate(TWO_FRAMES)
        box = element.bounding_box()
        assert box is not None, f"{name}: the element is not shown"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / f"{name}.png", clip=box)
    finally:
        page.set_viewport_size(screen)


def click_still(target: Locator) -> None:
    """Click ``target`` once it has stopped moving, as a reader's eye waits for a page to settle.

    A card off screen is laid out only when it nears the screen (content-visibility), so scrolling
    to one changes the height of those above it and may move it between Playwright's own checks and
    its click: a folded block then stayed shut, in a loaded run. It is scrolled to here first, and
    its box read until two reads a tenth of a second apart agree (some three seconds at most), from
    Python: a page without scripts runs no timer a wait in the page could use."""
    target.scroll_into_view_if_needed()
    box = None
    for _ in range(30):
        time.sleep(0.1)
        now = target.bounding_box()
        if now == box:
            break
        box = now
    target.click()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.is_file(), f"{CHROMIUM} is missing: `make test` installs Debian's chromium package"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, timeout=LAUNCH_MS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module", params=["file", "http"])
def site_url(request: pytest.FixtureRequest, offline_site: Path) -> Iterator[str]:
    """The root of the built site, opened from the file system or served on 127.0.0.1."""
    if request.param == "file":
        yield offline_site.as_uri() + "/"
    else:
        with serve(offline_site) as url:
            yield url


@dataclass
class Tab:
    """One browser tab on the site, with every request it made."""

    page: Page
    root: str
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # failed requests and HTTP errors

    @property
    def mode(self) -> str:
        return "file" if self.root.startswith("file:") else "http"

    def open(self, path: str) -> None:
        self.page.goto(self.root + path, wait_until="load")

    def shot(self, name: str) -> None:
        """A screenshot once the page's transitions (drawer, tooltip) are over, or after 2 s, and
        two frames later: a card just scrolled to, skipped while off screen, is painted by then."""
        self.page.evaluate(SETTLED)
        self.page.evaluate(TWO_FRAMES)
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=ARTIFACTS / f"{name}-{self.mode}.png")

    def foreign_requests(self) -> list[str]:
        return [url for url in self.requests if not self.is_local(url)]

    def is_local(self, url: str) -> bool:
        return url.startswith((self.root, "data:", "blob:", "about:"))


@pytest.fixture(scope="module")
def served(offline_site: Path) -> Iterator[str]:
    """The built site on 127.0.0.1, for tests that need one mode only (``tab`` runs a test from
    ``file://`` and over HTTP both)."""
    with serve(offline_site) as url:
        yield url


@pytest.fixture
def http(browser: Browser, served: str) -> Iterator[Callable[..., Tab]]:
    """Tabs on the served site, with the same guards as ``tab``: no foreign request, no failure."""
    yield from guarded_tabs(browser, served)


@pytest.fixture
def tab(browser: Browser, site_url: str) -> Iterator[Callable[..., Tab]]:
    """Opens tabs on the site; after the test, checks that none asked another host for anything."""
    yield from guarded_tabs(browser, site_url)


def guarded_tabs(browser: Browser, site_url: str) -> Iterator[Callable[..., Tab]]:
    """What the ``tab`` fixture yields, for a site at ``site_url``: a tab opener, then the checks
    that no tab asked another host for anything and that no request failed."""
    contexts: list[BrowserContext] = []
    tabs: list[Tab] = []

    def open_tab(viewport: dict[str, int] = DESKTOP, *, phone: bool = False) -> Tab:
        # No service worker: its copy of the whole site, fetched beside every first page, is the
        # offline app's behaviour, which tests/site/test_web_app.py drives in contexts of its own.
        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, color_scheme="light",
                                      service_workers="block")
        context.set_default_timeout(ACTION_MS)
        context.set_default_navigation_timeout(NAVIGATION_MS)
        contexts.append(context)
        new = Tab(context.new_page(), site_url)
        context.on("request", lambda request: new.requests.append(request.url))
        context.on("requestfailed", lambda request: request.failure == "net::ERR_ABORTED"  # left the page
                   or new.failures.append(f"{request.failure} {request.url}"))
        context.on("response", lambda response: response.status < 400 or new.failures.append(
            f"{response.status} {response.url}"))
        context.route(lambda url: not new.is_local(url), lambda route, _request: route.abort())
        tabs.append(new)
        return new

    yield open_tab
    for context in contexts:
        context.close()
    assert [url for each in tabs for url in each.foreign_requests()] == []
    assert [failure for each in tabs for failure in each.failures] == []  # nothing missing, no 404


def search(tab: Tab, query: str) -> list[str]:
    """Type a query in the search box as a reader does; the addresses of the results."""
    box = tab.page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=30)
    expect(tab.page.locator(".md-search-result__item").first).to_be_visible()
    links: list[str] = tab.page.locator("a.md-search-result__link").evaluate_all("links => links.map(a => a.href)")
    return links


def switch_language(tab: Tab, locale: str) -> None:
    """Follow the switcher's link to ``locale``, and wait until that page is the one shown.

    Over http the page also registers its language's service worker; on a busy machine its first
    takeover may land while the click's navigation starts, and the browser drops one of the two:
    then the reader clicks again, as a reader would."""
    link = tab.page.locator(f"a.md-select__link[hreflang='{locale}']")
    for attempt in range(2):
        tab.page.locator(".md-header__option .md-select").hover()
        target = link.evaluate("a => a.href").split("#")[0]
        link.click()
        try:
            tab.page.wait_for_url(lambda url, target=target: url.split("#")[0] == target, timeout=5_000)
            break
        except PlaywrightTimeoutError:
            if attempt:
                raise
    tab.page.wait_for_load_state("load")
