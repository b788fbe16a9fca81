"""The main thread's blocking time of a page as Chromium runs it on a slowed phone, with its cards
and without them: what Lighthouse simulates (``bench/lighthouse.py``), measured instead.

Run: ``.venv/bin/python bench/blocking_time.py [runs] [page …]`` (default 6 runs of
``reactions.html``, ``attack.html`` and ``turn.html``). It builds the site with rulecheck (cards) and
with ``RULECHECK_ENABLED=false`` (the examples left as code blocks), serves both on 127.0.0.1, and
loads each page in turns in the tests' Chromium (Debian's, ``CHROME_PATH``) at a phone's size, its
CPU slowed four times as Lighthouse's mobile audit assumes, no service worker. Each load's blocking
time is the sum over the page's long tasks, until 2.5 s after its load event, of what each takes
past 50 ms (the definition of Lighthouse's total blocking time, from the browser's own long task
entries). Prints the median and every run's figure per build. Speed is measured here, never inside
a test; compare the builds within one run only.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lighthouse import BUILDS, build, served  # a script beside this one

CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
PAGES = ["reactions.html", "attack.html", "turn.html"]
PHONE = {"width": 412, "height": 823}
SLOWED = 4  # Lighthouse's mobile CPU throttling
SETTLE_MS = 2500
LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver(list => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
  .observe({type: "longtask", buffered: true});"""


def blocking_time(browser: Browser, url: str) -> float:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWED})
        page.add_init_script(LONG_TASKS)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(SETTLE_MS)
        return float(sum(max(0.0, duration - 50) for duration in page.evaluate("window.__longTasks")))
    finally:
        context.close()


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv and argv[0].isdigit() else 6
    pages = [arg for arg in argv if not arg.isdigit()] or PAGES
    with tempfile.TemporaryDirectory(prefix="rulecheck-blocking-") as scratch, ExitStack() as servers:
        roots = {}
        for name, env in BUILDS.items():
            site = Path(scratch) / name.replace(" ", "-")
            build(site, env)
            roots[name] = servers.enter_context(served(site, compress=False))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROME, headless=True, args=["--no-sandbox"])
            print("| page | blocking time, cards | without cards | ratio | every run: cards / without |")
            print("|---|---:|---:|---:|---|")
            for page in pages:
                found: dict[str, list[float]] = {name: [] for name in BUILDS}
                for run in range(runs):
                    for name in (BUILDS if run % 2 == 0 else reversed(list(BUILDS))):  # in turns
                        found[name].append(blocking_time(browser, roots[name] + page))
                cards, plain = (statistics.median(found[name]) for name in BUILDS)
                each = " · ".join(f"{c:.0f} / {p:.0f}" for c, p in zip(*found.values(), strict=True))
                print(f"| `{page}` | {cards:.0f} ms | {plain:.0f} ms | {cards / plain:.2f} | {each} |")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
