"""The site's address (``SITE_URL``) is an http(s) address of the site or nothing: a value that
would act where it is written (a quote in the 404 pages' script, an ``href`` ending early, a
``javascript:`` link) is one configuration error naming SITE_URL, before anything is built."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from rulecheck.hosts.mkdocs_plugin import RulecheckPlugin
from rulecheck.hosts.site_address import site_address
from tests.conftest import ROOT

LEGITIMATE = [
    ("https://rules.example.org/", "https://rules.example.org/"),
    ("https://example.github.io/combat-rules/", "https://example.github.io/combat-rules/"),
    ("https://example.github.io/combat-rules", "https://example.github.io/combat-rules/"),  # `/` added
    ("http://localhost:8000", "http://localhost:8000/"),
    ("https://example.org/r%C3%A8gles/v1.2/", "https://example.org/r%C3%A8gles/v1.2/"),
    ("http://127.0.0.1:8000/a-b_c~d/", "http://127.0.0.1:8000/a-b_c~d/"),
    ("https://[2001:db8::1]/site/", "https://[2001:db8::1]/site/"),
    ("", ""),
    (None, None),
]

HOSTILE = [
    ('https://example.org/x");alert(document.domain);("/', "not a letter"),
    ('https://example.org/a"b<i>c/', "not a letter"),
    ("javascript://example.org/%0aalert(1)//", "`javascript:`"),
    ("JAVASCRIPT://example.org/", "`javascript:`"),
    ("data:text/html,<script>alert(1)</script>", "`data:`"),
    ("file:///etc/", "`file:`"),
    ("//example.org/", "no http"),
    ("example.org/rules/", "no http"),
    ("https:///rules/", "no host"),
    ("https://", "no host"),
    ("https://user:pass@example.org/", "user name"),
    ("https://example.org/?q=1", "query or fragment"),
    ("https://example.org/#top", "query or fragment"),
    ("https://example.org/a b/", "not a letter"),
    ("https://example.org/a'b/", "not a letter"),
    ("https://example.org/a&quot;b/", "not a letter"),
    ("https://example.org/\x1b]0;owned\x07/", "not a letter"),
    ("https://exa\u202emple.org/", "not a letter"),
    ("https://example.org/\u00e9/", "not a letter"),  # as is: a browser escapes it, the 404 script not
    ("https://example.org/../", "`..`"),
    ("https://-bad-.org/", "not a letter"),
    ("https://example.org:99999999/", "not a letter"),
]


@pytest.mark.parametrize(("value", "address"), LEGITIMATE)
def test_a_web_address_is_taken_with_its_slash(value: str | None, address: str | None) -> None:
    assert site_address(value) == address


@pytest.mark.parametrize(("value", "why"), HOSTILE)
def test_anything_else_is_one_line_naming_site_url(value: str, why: str) -> None:
    with pytest.raises(ValueError, match=r"^SITE_URL") as refused:
        site_address(value)
    message = str(refused.value)
    assert why in message and "\n" not in message and "\x1b" not in message and "\u202e" not in message
    assert "Hint: set SITE_URL to an address like https://" in message


def plugin_config(monkeypatch: pytest.MonkeyPatch, address: str) -> tuple[RulecheckPlugin, MkDocsConfig]:
    monkeypatch.setenv("SITE_URL", address)
    config = load_config(str(ROOT / "mkdocs.yml"))
    plugin = next(p for p in config.plugins.values() if isinstance(p, RulecheckPlugin))
    return plugin, config


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize(("value", "why"), HOSTILE[:4])
def test_the_plugin_refuses_a_hostile_address_when_the_site_reads_it(
        monkeypatch: pytest.MonkeyPatch, value: str, why: str, enabled: bool) -> None:
    plugin, config = plugin_config(monkeypatch, value)
    plugin.config.enabled = enabled  # `RULECHECK_ENABLED=false make site` reads it too
    with pytest.raises(PluginError, match=r"^SITE_URL"):
        plugin.on_config(config)


def test_the_plugin_gives_the_site_its_address_with_a_slash(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin, config = plugin_config(monkeypatch, "https://example.github.io/combat-rules")
    plugin.config.enabled = False
    result = plugin.on_config(config)
    assert result is not None and result.site_url == "https://example.github.io/combat-rules/"


def test_a_build_with_a_hostile_address_stops_before_writing_anything(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
         "-d", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": 'https://example.org/x");alert(1);("/'})
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and "SITE_URL (site_url) `https://example.org/x\");alert(1);(\"/`" in errors[0]
    assert not (tmp_path / "site" / "404.html").exists()
