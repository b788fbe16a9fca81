"""`mkdocs serve`: a broken example never stops the server; the page shows it; a save re-checks.

The events run as `mkdocs serve` runs them: `on_startup(command="serve")` once, then a build per
change, each with a freshly loaded config (MkDocs keeps our plugin object between them). One test
runs a real `mkdocs serve` on the project's own configuration, bounded and always killed.
"""

from __future__ import annotations

import html
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.exceptions import Abort

from tests.conftest import CORPUS
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build, mkdocs_config
from tests.hosts.test_three_hosts import DRIFT_PAGES

SERVE_URL = "http://127.0.0.1:8000/"


def project(tmp_path: Path, case: str) -> Path:
    shutil.copytree(CORPUS / case / "docs", tmp_path / "docs")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return tmp_path


def rebuild(root: Path) -> None:
    """What `mkdocs serve` does after a save: load the config again and build."""
    build(mkdocs_config(root), serve_url=SERVE_URL)


def page(root: Path, path: str = "page") -> str:
    """A built page, with directory URLs (``page/index.html``) or without (``page.html``)."""
    flat = root / "site" / f"{path}.html"
    return (flat if flat.exists() else root / "site" / path / "index.html").read_text(encoding="utf-8")


def error_items(text: str) -> list[str]:
    """The located messages listed by the error cards in ``text``."""
    return [html.unescape(item.split("</li>")[0]) for item in text.split("<li>")[1:]]


def test_a_drifted_example_shows_an_error_card_logs_and_is_rechecked_on_save(tmp_path: Path) -> None:
    root = project(tmp_path, "drift-expect")
    message = "docs/page.md:17: elara-parry: expect.reaction_total: expected 24, got 23"
    with capture_logs("rulecheck", "mkdocs") as logs:
        mkdocs_build(root, command="serve")  # no exception: the server would keep running
    assert message in logs.text.splitlines()
    text = page(root)
    card = text[text.index('<div class="rc-card rc-card--error" id="ex-elara-parry"'):]
    assert f"<li>{html.escape(message)}</li>" in card
    assert text.index("Un paragraphe.") < text.index("rc-card--error")  # in place of the block
    assert "rc-unchecked" not in text

    file = root / "docs" / "page.md"
    file.write_text(file.read_text(encoding="utf-8").replace("reaction_total: 24", "reaction_total: 23"),
                    encoding="utf-8")
    with capture_logs("rulecheck", "mkdocs") as logs:
        rebuild(root)
    assert "problem" not in logs.text
    assert "rulecheck: 1 examples checked" in logs.text
    text = page(root)
    assert "rc-card--error" not in text and 'class="rc-card" id="ex-elara-parry"' in text

    file.write_text(file.read_text(encoding="utf-8").replace("level: 2", "level: -2"), encoding="utf-8")
    with capture_logs("rulecheck", "mkdocs") as logs:
        rebuild(root)
    assert "docs/page.md:11:27: elara-parry: given.defender.level: Input should be greater than or equal to 0" \
        in logs.text
    assert "rc-card--error" in page(root)


def test_a_parity_break_shows_on_the_cards_of_both_twins(tmp_path: Path) -> None:
    root = project(tmp_path, "parity-dice-differ")
    mkdocs_build(root, command="serve")
    line = ("docs/en/page.md:15: elara-parry: dice.reaction[0]: differs from its twin docs/fr/page.md:15: "
            "18 here, 17 there")
    for language in ("fr", "en"):
        text = page(root, f"{language}/page")
        assert "rc-card rc-card--error" in text, language
        assert line in error_items(text), language


def test_a_duplicated_id_shows_on_both_cards(tmp_path: Path) -> None:
    root = project(tmp_path, "duplicate-id-same-page")
    mkdocs_build(root, command="serve")
    text = page(root)
    assert text.count('class="rc-card rc-card--error" id="ex-elara-parry"') == 2
    line = "docs/page.md:25: elara-parry: id: duplicate id: already used at docs/page.md:6"
    assert error_items(text).count(line) == 2


@pytest.mark.parametrize(("case", "line"), [
    ("unclosed-fence", "docs/page.md:5: unclosed ```rulecheck fence: the example runs to the end of the page"),
    ("reference-missing-field", "docs/page.md:22:15: elara-parry: reaction_sum: prose reference: "
                                "example `elara-parry` has no field `reaction_sum`"),
    ("parity-missing-twin-page", "docs/fr/other.md:1: no English twin: docs/en/other.md does not exist"),
])
def test_problems_no_card_can_show_go_in_a_banner_under_the_title(tmp_path: Path, case: str, line: str) -> None:
    root = project(tmp_path, case)
    mkdocs_build(root, command="serve")
    where = line.split(":")[0].removeprefix("docs/").removesuffix(".md")
    text = page(root, where)
    banner = text[text.index('<div class="rc-card rc-card--error rc-page-problems"'):]
    assert f"<li>{html.escape(line)}</li>" in banner.split("</ul>")[0]


@pytest.mark.parametrize(("case", "line"), [
    ("empty-page", "docs/en/page.md:5: elara-parry: example missing from its twin page docs/fr/page.md"),
    ("parity-missing-example", "docs/fr/page.md:22: second: example missing from its twin page docs/en/page.md"),
    ("parity-extra-example", "docs/en/page.md:22: english-only: example missing from its twin page docs/fr/page.md"),
])
def test_an_example_missing_from_its_twin_shows_on_its_own_card(tmp_path: Path, case: str, line: str) -> None:
    root = project(tmp_path, case)
    mkdocs_build(root, command="serve")
    example_id = line.split(": ")[1]
    text = page(root, line.split(":")[0].removeprefix("docs/").removesuffix(".md"))
    card = text[text.index(f'<div class="rc-card rc-card--error" id="ex-{example_id}"'):]
    assert line in error_items(card.split("</ul>")[0] + "</ul>")
    assert "rc-page-problems" not in text


def test_build_still_fails_after_serving_in_the_same_process(tmp_path: Path) -> None:
    root = project(tmp_path, "drift-expect")
    mkdocs_build(root, command="serve")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort):
        mkdocs_build(root, command="build")
    assert "docs/page.md:17: elara-parry: expect.reaction_total: expected 24, got 23" in logs.text


def drifted(root: Path) -> Path:
    """The project's own site (strict, i18n, Material), copied to ``root``, with one drifted example
    in each language."""
    for language in ("fr", "en"):
        file = root / "docs" / language / "reactions.md"
        text = file.read_text(encoding="utf-8")
        assert "reaction_total: 23" in text
        file.write_text(text.replace("reaction_total: 23", "reaction_total: 25", 1), encoding="utf-8")
    return root


def drift_message(root: Path) -> str:
    """The located drift that :func:`drifted` causes on the French page."""
    text = (root / "docs" / "fr" / "reactions.md").read_text(encoding="utf-8")
    line = text[: text.index("reaction_total: 25")].count("\n") + 1
    return f"docs/fr/reactions.md:{line}: elara-parry: expect.reaction_total: expected 25, got 23"


@pytest.mark.build
def test_serving_the_strict_i18n_site_with_a_drift_does_not_abort(site_copy: Callable[..., Path]) -> None:
    root = drifted(site_copy(pages=DRIFT_PAGES))
    with capture_logs("rulecheck", "mkdocs") as logs:
        mkdocs_build(root, command="serve")
    assert "Aborted" not in logs.text
    assert drift_message(root) in logs.text
    for where in ("reactions", "en/reactions"):
        assert 'class="rc-card rc-card--error" id="ex-elara-parry"' in page(root, where)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:  # a local test server
        return str(response.read().decode("utf-8"))


def _poll(url: str, want: str, timeout: float) -> str:
    deadline, last = time.monotonic() + timeout, ""
    while time.monotonic() < deadline:
        try:
            last = _get(url)
            if want in last:
                return last
        except OSError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"{want!r} not served at {url} within {timeout} s")


@pytest.mark.build
def test_a_real_mkdocs_serve_keeps_serving_and_rechecks_on_save(site_copy: Callable[..., Path]) -> None:
    root = drifted(site_copy(pages=DRIFT_PAGES))
    message = drift_message(root)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/reactions.html"  # no SITE_URL: served at the root
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve",
         "--dev-addr", f"127.0.0.1:{port}"],
        cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        first = _poll(url, "rc-card--error", timeout=90)
        assert "expected 25, got 23" in html.unescape(first)
        for language in ("fr", "en"):
            file = root / "docs" / language / "reactions.md"
            file.write_text(file.read_text(encoding="utf-8").replace("reaction_total: 25", "reaction_total: 23", 1),
                            encoding="utf-8")
        fixed = _poll(url, 'class="rc-card" id="ex-elara-parry"', timeout=90)
        assert "rc-card--error" not in fixed
        assert server.poll() is None, "the server stopped"
    finally:
        server.terminate()
        try:
            output, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            output, _ = server.communicate()
    assert message in output
    assert "Traceback" not in output and "Aborted" not in output
