"""Lighthouse mobile on rules pages, the site side by side with the same site without its cards.

Run: ``.venv/bin/python bench/lighthouse.py [runs] [--identity] [--applied] [--keep FILE] [page …]`` (default 3 runs of
``reactions.html``, ``attack.html`` and ``en/reactions.html``). It builds the site twice, with
rulecheck (cards) and with ``RULECHECK_ENABLED=false`` (the examples left as code blocks), serves
each on 127.0.0.1, its text gzipped as GitHub Pages (where the site is deployed) and every common
host serve it (``--identity``: uncompressed, as Python's own server does), and runs Lighthouse's
mobile performance audit (npm ``lighthouse``, pinned in ``package.json``) on each page of each
build in turns, with Debian's Chromium (``CHROME_PATH``, default ``/usr/bin/chromium``). No
request leaves the machine: every host name but 127.0.0.1 fails to resolve in the audited browser.

``--applied`` has Lighthouse throttle the page's load as it happens (``--throttling-method=devtools``:
the phone's slowed CPU and network applied in the browser) instead of simulating it from an unthrottled
load (the default): its blocking time is then what the slowed main thread did, not the simulation's
replay of a faster trace, which reorders tasks of some tens of milliseconds from one run to the next.

``--padded BYTES`` compares instead the site without cards with a copy of it whose audited pages
end with an HTML comment of ``BYTES`` random bytes in base64 (incompressible, read by no one): what
the page's bytes alone cost, apart from the elements, styles and scripts the cards bring.

Prints a Markdown table per page: the median over the runs of the performance score, total
blocking time, largest contentful paint, the number of elements (DOM size), the bytes
transferred, the page's own (a simulated phone gets 14,600 bytes in its first round trip), and
the files the page fetched more than once (the service worker's own requests
are not in Lighthouse's trace: ``tests/site/test_web_app.py`` counts those at the server);
``--keep FILE`` also writes every run's figures there as JSON, to pool the rounds of several runs. Speed
is measured here, never inside a test; on a shared machine the figures move by tens of percent
from one run to the next: compare the two builds within one run only.
"""

from __future__ import annotations

import base64
import functools
import gzip
import http.server
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
PAGES = ["reactions.html", "attack.html", "en/reactions.html"]
BUILDS = {"cards": {}, "no cards": {"RULECHECK_ENABLED": "false"}}
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run "
                "--host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'")
TIMEOUT = 300


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


#: What a static host gzips (GitHub Pages: text, scripts, styles, data, SVG).
COMPRESSED = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".webmanifest")


class _Gzipped(_Quiet):
    """Serves a text file gzipped to a client that accepts it, as a static host does; the rest as
    Python's server does."""

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))  # without its query and fragment
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if ("gzip" not in self.headers.get("Accept-Encoding", "") or path.suffix not in COMPRESSED
                or not path.is_file()):
            return super().send_head()  # a folder without its slash is redirected there
        body = _gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


@functools.cache
def _gzipped(path: Path) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


@contextmanager
def served(site: Path, compress: bool = True) -> Iterator[str]:
    """``site`` on 127.0.0.1, on a free port, for the duration of the block; its text gzipped
    unless ``compress`` is false."""
    handler = _Gzipped if compress else _Quiet
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def build(site: Path, env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=ROOT,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env}, check=True, capture_output=True,
                   timeout=TIMEOUT)


def audit(url: str, report: Path, applied: bool = False) -> dict[str, Any]:
    """One Lighthouse mobile performance run of ``url``; its JSON report."""
    throttling = ["--throttling-method=devtools"] if applied else []
    subprocess.run(["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                    f"--output-path={report}", f"--chrome-flags={CHROME_FLAGS}", "--quiet", *throttling],
                   cwd=ROOT, env={**os.environ, "CHROME_PATH": CHROME}, check=True, capture_output=True,
                   timeout=TIMEOUT)
    result: dict[str, Any] = json.loads(report.read_text("utf-8"))
    return result


def figures(report: dict[str, Any]) -> dict[str, float]:
    """What the table shows of one report."""
    audits = report["audits"]
    requests = audits["network-requests"]["details"]["items"]
    fetched = Counter(item["url"].split("#")[0] for item in requests if not item["url"].startswith("data:"))
    return {
        "score": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "elements": audits["dom-size"]["numericValue"],
        "kib": sum(item.get("transferSize", 0) for item in requests) / 1024,
        # The page itself, headers included: a phone's first round trip brings 14,600 bytes of it
        # (Lighthouse's simulated connection: ten segments of 1,460), each later one 29,200 more.
        "document": next((item.get("transferSize", 0) for item in requests
                          if item.get("resourceType") == "Document"), 0),
        "twice": sum(1 for count in fetched.values() if count > 1),
        # Lighthouse's own measure of this machine's speed at the time of the run (higher: faster).
        "speed": report.get("environment", {}).get("benchmarkIndex") or 0,
    }


def table(page: str, runs: dict[str, list[dict[str, float]]]) -> str:
    medians = {name: {key: statistics.median(run[key] for run in each) for key in each[0]}
               for name, each in runs.items()}
    cards, plain = medians["cards"], medians["no cards"]
    rows = [
        ("performance score", "{:.0f}", "score"), ("total blocking time (ms)", "{:.0f}", "tbt"),
        ("largest contentful paint (ms)", "{:.0f}", "lcp"), ("elements", "{:.0f}", "elements"),
        ("transferred (KiB)", "{:.0f}", "kib"), ("the page's own bytes, transferred", "{:.0f}", "document"),
        ("files fetched twice", "{:.0f}", "twice"),
    ]
    lines = [f"`{page}`, median of {len(runs['cards'])} runs", "",
             "| measure | cards | no cards | ratio |", "|---|---:|---:|---:|"]
    for label, shape, key in rows:
        ratio = f"{cards[key] / plain[key]:.2f}" if plain[key] else "–"
        lines.append(f"| {label} | {shape.format(cards[key])} | {shape.format(plain[key])} | {ratio} |")
    # The builds ran in turns: each round's two runs shared the machine's state of the moment, so
    # the median of the rounds' own comparisons moves less than the ratio of two medians.
    pairs = list(zip(runs["cards"], runs["no cards"], strict=True))
    points = [c["score"] - p["score"] for c, p in pairs]
    ratios = [c["tbt"] / p["tbt"] for c, p in pairs if p["tbt"]]
    speeds = [run["speed"] for run in runs["cards"] + runs["no cards"]]
    lines += ["", f"Round by round ({len(pairs)} rounds): score {statistics.median(points):+.0f} points with cards "
              f"(median; {min(points):+.0f} to {max(points):+.0f}), blocking time "
              + (f"{statistics.median(ratios):.2f} times (median)" if ratios else "– (none without cards)")
              + f"; Lighthouse's benchmark index of the machine {min(speeds):.0f} to {max(speeds):.0f}."]
    return "\n".join(lines)


def padded_copy(site: Path, target: Path, pages: list[str], size: int) -> None:
    """``site`` copied to ``target``, each of ``pages`` ending with ``size`` random bytes in an HTML
    comment (base64: gzip cannot shrink it, and no browser shows or parses anything in it)."""
    shutil.copytree(site, target)
    padding = base64.b64encode(random.Random(size).randbytes(size)).decode()
    for page in pages:
        file = target / page
        file.write_text(file.read_text("utf-8").replace("</body>", f"<!-- {padding} -->\n</body>", 1), "utf-8")


def main(argv: list[str]) -> int:
    keep = None
    if "--keep" in argv:
        at = argv.index("--keep")
        keep, argv = Path(argv[at + 1]), argv[:at] + argv[at + 2:]
    padded = None
    if "--padded" in argv:
        at = argv.index("--padded")
        padded, argv = int(argv[at + 1]), argv[:at] + argv[at + 2:]
    runs = int(argv[0]) if argv and argv[0].isdigit() else 3
    compress, applied = "--identity" not in argv, "--applied" in argv
    pages = [arg for arg in argv if not arg.isdigit() and arg not in ("--identity", "--applied")] or PAGES
    if not LIGHTHOUSE.is_file():
        print("lighthouse is missing: run `npm ci` (package.json pins it)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="rulecheck-lighthouse-") as scratch:
        folder = Path(scratch)
        if padded is None:
            for name, env in BUILDS.items():
                build(folder / name.replace(" ", "-"), env)
        else:  # "cards" is then the site without cards, its pages padded
            build(folder / "no-cards", BUILDS["no cards"])
            padded_copy(folder / "no-cards", folder / "cards", pages, padded)
            print(f"\"cards\" below: the site without cards, each page padded with {padded:,} random bytes")
        results: dict[str, dict[str, list[dict[str, float]]]] = {page: {name: [] for name in BUILDS} for page in pages}
        print(f"served {'gzipped, as GitHub Pages serves it' if compress else 'uncompressed (--identity)'}; "
              f"throttling {'applied (--applied)' if applied else 'simulated'}\n")
        with served(folder / "cards", compress) as with_cards, served(folder / "no-cards", compress) as without:
            roots = {"cards": with_cards, "no cards": without}
            for run in range(runs):
                for page in pages:
                    for name in (BUILDS if run % 2 == 0 else reversed(list(BUILDS))):  # in turns
                        report = audit(roots[name] + page, folder / "report.json", applied)
                        results[page][name].append(figures(report))
        for page in pages:
            print(table(page, results[page]))
            print()
        if keep is not None:
            keep.write_text(json.dumps(results, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
