"""Speed and weight of the site: build times, the cost of the checks, the CLI, one page's bytes.

Run: ``.venv/bin/python bench/site.py [runs]`` (default 3; best of the runs is kept; CPU times
are steadier than wall times on a shared machine), or ``bench/site.py --against COMMIT [runs]``
to compare the cold build's CPU time with that of an earlier commit, side by side. Prints a
Markdown table for bench/README.md; nothing is asserted (speed is measured
here, never inside a test). Needs what ``make test`` installs (Debian's Chromium for the bytes).

- bilingual build: ``mkdocs build --strict`` of the whole site, French and English, wall time;
- one-language build: the same with the English pages not built (the checks still read both);
- checks' cost: CPU time of the bilingual build with rulecheck on, over the same build with
  ``RULECHECK_ENABLED=false`` (user + system time of the build process), measured cold (no build
  cache, as in a fresh clone) and with the pages unchanged since the last build (cache reused);
- ``rulecheck check docs``: every example of both languages, in a new process (cold start);
- one rules page: every byte Chromium downloads for ``reactions.html`` from a local server (page,
  styles, scripts, icon, shim), then what its first search adds (worker, lunr, index); gzip
  figures estimate what a compressing host would send.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
PAGE = "reactions.html"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the process and its children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, timeout=600)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(command: list[str], runs: int, cold: bool = False, **env: str) -> tuple[float, float]:
    """The best wall time and the best CPU time over ``runs`` runs (after one warm-up run).

    ``cold``: each run starts without the plugin's build cache, as a fresh clone in CI does.
    """
    def run() -> tuple[float, float]:
        if cold:
            shutil.rmtree(ROOT / ".cache" / "rulecheck", ignore_errors=True)
        return timed(command, {**ENV, **env})

    run()
    results = [run() for _ in range(runs)]
    return min(wall for wall, _ in results), min(cpu for _, cpu in results)


def build(config: Path, site: Path) -> list[str]:
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(site)]


@contextmanager
def one_language_config() -> Iterator[Path]:
    """mkdocs.yml with the English pages not built, next to it (its paths are relative to it)."""
    text = (ROOT / "mkdocs.yml").read_text("utf-8")
    changed, count = re.subn(r"(- locale: en\n(?:[ \t]+[^\n]*\n)*?[ \t]+build:) true", r"\1 false", text)
    assert count == 1, "no 'build: true' under the en language of mkdocs.yml"
    with tempfile.NamedTemporaryFile("w", dir=ROOT, prefix=".bench-", suffix=".yml", delete=False) as file:
        file.write(changed)
    try:
        yield Path(file.name)
    finally:
        Path(file.name).unlink()


@contextmanager
def serve(site: Path) -> Iterator[str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def page_weight(site: Path) -> tuple[dict[str, bytes], dict[str, bytes], list[str]]:
    """Bytes of each file Chromium downloads for one page, then for its first search; failures."""
    from playwright.sync_api import Response, sync_playwright

    loads: dict[str, bytes] = {}
    problems: list[str] = []

    def record(response: Response) -> None:
        if response.status != 200:
            problems.append(f"{response.status} {response.url}")
        else:
            loads[response.url] = response.body()

    with serve(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, timeout=60_000)
        page = browser.new_page()
        page.set_default_timeout(15_000)
        page.on("response", record)
        page.on("requestfailed", lambda request: problems.append(f"failed {request.url}"))
        page.goto(url + PAGE, wait_until="networkidle")
        first = dict(loads)
        page.locator("input.md-search__input").click()
        page.locator("input.md-search__input").press_sequentially("parade", delay=30)
        page.locator(".md-search-result__item").first.wait_for()
        page.wait_for_load_state("networkidle")
        browser.close()
    problems += [u for u in loads if not u.startswith(url)]
    search = {u: body for u, body in loads.items() if u not in first}
    return ({u.removeprefix(url): b for u, b in first.items()}, {u.removeprefix(url): b for u, b in search.items()},
            problems)


def kib(size: int) -> str:
    return f"{size / 1024:,.1f} KiB"


def side_by_side(commit: str, runs: int) -> None:
    """Cold-build CPU time of this tree and of ``commit``, run in turns (the machine is shared:
    alternating spreads its load over both); prints each side's best and median, and their ratio.

    ``commit``'s files are exported to a temporary folder and built with its own ``rulecheck``
    package first on the path, by the same Python and the same pinned dependencies.
    """
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        before.mkdir()
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive, check=True)
        sides = {"before": (before, {"PYTHONPATH": str(before)}), "after": (ROOT, {})}
        cpu: dict[str, list[float]] = {name: [] for name in sides}
        for turn in range(runs + 1):  # the first turn warms the disk cache and is not counted
            for name, (tree, env) in sides.items():
                shutil.rmtree(tree / ".cache" / "rulecheck", ignore_errors=True)
                command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(tree / "mkdocs.yml"),
                           "-d", str(Path(tmp) / f"site-{name}")]
                before_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run(command, cwd=tree, env={**ENV, **env}, check=True, capture_output=True, timeout=600)
                after_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
                if turn:
                    cpu[name].append(after_usage.ru_utime - before_usage.ru_utime
                                     + after_usage.ru_stime - before_usage.ru_stime)
    best_of = {name: min(times) for name, times in cpu.items()}
    median = {name: sorted(times)[len(times) // 2] for name, times in cpu.items()}
    print(f"| cold bilingual build, CPU time ({runs} runs in turns) | best | median |")
    print("|---|---:|---:|")
    for name in sides:
        shown = commit if name == "before" else "this tree"
        print(f"| {name} ({shown}) | {best_of[name]:.2f} s | {median[name]:.2f} s |")
    print(f"| after / before | {best_of['after'] / best_of['before']:.3f} | {median['after'] / median['before']:.3f} |")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--against":  # bench/site.py --against COMMIT [runs]
        side_by_side(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
        return
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        cold_wall, cold_cpu = best(build(ROOT / "mkdocs.yml", site), runs, cold=True)
        both_wall, both_cpu = best(build(ROOT / "mkdocs.yml", site), runs)
        _, unchecked_cpu = best(build(ROOT / "mkdocs.yml", Path(tmp) / "unchecked"), runs, RULECHECK_ENABLED="false")
        with one_language_config() as config:
            one_wall, one_cpu = best(build(config, Path(tmp) / "one"), runs)
        check_wall, _ = best([str(ROOT / ".venv/bin/rulecheck"), "check", "docs"], runs)
        summary = subprocess.run([str(ROOT / ".venv/bin/rulecheck"), "check", "docs"],
                                 cwd=ROOT, capture_output=True, text=True, timeout=600).stdout.strip()
        loads, search, problems = page_weight(site)
        site_bytes = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())

    def total(files: dict[str, bytes]) -> tuple[int, int]:
        return sum(len(b) for b in files.values()), sum(len(gzip.compress(b, 6)) for b in files.values())

    page_raw, page_gz = total(loads)
    search_raw, search_gz = total(search)
    print(f"| measure (best of {runs}, 2-core machine) | result |")
    print("|---|---:|")
    print(f"| bilingual site build, cold (no build cache, as in CI): wall time, CPU time | {cold_wall:.2f} s, "
          f"{cold_cpu:.2f} s |")
    print(f"| bilingual site build, pages unchanged since the last build: wall time, CPU time | {both_wall:.2f} s, "
          f"{both_cpu:.2f} s |")
    print(f"| one-language build (English pages not built): wall time, CPU time | {one_wall:.2f} s, {one_cpu:.2f} s |")
    print(f"| bilingual / one-language build: by wall time, by CPU time | {both_wall / one_wall:.2f}, "
          f"{both_cpu / one_cpu:.2f} |")
    print(f"| build CPU time with rulecheck / with `RULECHECK_ENABLED=false`, cold | {cold_cpu / unchecked_cpu:.3f} "
          f"({cold_cpu:.2f} s / {unchecked_cpu:.2f} s) |")
    print(f"| the same, pages unchanged since the last build | {both_cpu / unchecked_cpu:.3f} "
          f"({both_cpu:.2f} s / {unchecked_cpu:.2f} s) |")
    print(f"| `rulecheck check docs` ({summary}), new process, wall time | {check_wall:.2f} s |")
    print(f"| `{PAGE}`: bytes downloaded on load ({len(loads)} files) | {kib(page_raw)} ({kib(page_gz)} gzipped) |")
    print(f"| its first search adds ({len(search)} files: the index and worker load with the page) "
          f"| {kib(search_raw)} ({kib(search_gz)} gzipped) |")
    print(f"| whole site on disk | {kib(site_bytes)} |")
    print()
    for name, body in sorted({**loads, **search}.items(), key=lambda item: -len(item[1])):
        print(f"- {name}: {kib(len(body))}{' (search)' if name in search else ''}")
    if problems:
        print("\nproblems:", *problems, sep="\n- ")


if __name__ == "__main__":
    main()
