"""Security and determinism: safe YAML, escaped HTML, byte-identical builds of one commit."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from rulecheck.examples.yamlsrc import MAX_CHARS, MAX_DEPTH, YamlError, load
from tests.conftest import ROOT
from tests.hosts.run_hosts import MKDOCS_YML, capture_logs, mkdocs_build

SCRIPT = "<script>alert(1)</script>"

XSS_PAGE = f"""\
# Page

Le défenseur s'appelle {{{{ xss.given.defender.name }}}} et pare avec {{{{ xss.reaction_total }}}}.

```rulecheck
id: xss
title: "{SCRIPT} pare"
rule: attack
given:
  attacker: {{name: "{SCRIPT}"}}
  defender: {{name: "{SCRIPT}", level: 2, str: 4}}
  attack: {{total: 15}}
  reaction: parry
dice:
  reaction: [17]
expect:
  outcome: parried
```
"""


def test_the_loader_is_safe_and_builds_no_object() -> None:
    for text in ("a: !!python/object/apply:os.system [echo owned]\n",
                 "a: !!python/name:os.system\n", "a: !!python/object/new:dict {}\n"):
        with pytest.raises(YamlError, match="is not allowed in examples"):
            load(text)


def test_a_billion_laughs_is_refused_at_its_first_anchor_without_expanding() -> None:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    with pytest.raises(YamlError, match="anchors and aliases are not allowed") as caught:
        load("\n".join(lines))
    assert (caught.value.line, caught.value.col) == (1, 5)


@pytest.mark.parametrize("text", [
    "a: " + "[" * 5000 + "]" * 5000,
    "a: " + "{b: " * 1000 + "1" + "}" * 1000,
    "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)),
])
def test_deep_nesting_is_refused_with_a_clear_error(text: str) -> None:
    with pytest.raises(YamlError, match=f"nested deeper than {MAX_DEPTH} levels"):
        load(text)


def test_nesting_up_to_the_limit_is_accepted() -> None:
    assert load("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)).data is not None


def test_an_oversized_example_is_refused_before_parsing() -> None:
    with pytest.raises(YamlError, match="characters long; the limit is"):
        load("a: " + "x" * MAX_CHARS)


def test_libyaml_and_pyyaml_are_both_safe_loaders() -> None:
    from rulecheck.examples import yamlsrc

    assert issubclass(yamlsrc._FAST, yaml.SafeLoader) or yamlsrc._FAST.__name__ == "CSafeLoader"
    assert "Unsafe" not in yamlsrc._FAST.__name__ and "Full" not in yamlsrc._FAST.__name__


def _site(tmp_path: Path, text: str) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return tmp_path


def _all_html(site: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html")))


def test_strings_from_examples_render_as_text_never_as_html(tmp_path: Path) -> None:
    root = _site(tmp_path, XSS_PAGE)
    mkdocs_build(root)
    page = (root / "site" / "page" / "index.html").read_text(encoding="utf-8")
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert f'<p class="rc-card__title"><span class="rc-card__name">{escaped} pare' in page  # the card's title
    # The prose: every punctuation character as a character reference (see test_hardening_markup).
    quoted = "&#60;script&#62;alert&#40;1&#41;&#60;&#47;script&#62;"
    assert f'<span class="rc-ref">{quoted}</span>' in page
    assert "<script>alert" not in _all_html(root / "site")


def test_an_error_card_escapes_what_the_example_wrote(tmp_path: Path) -> None:
    root = _site(tmp_path, XSS_PAGE.replace("reaction: parry", f'reaction: parry\n  "{SCRIPT}": 1')
                 .replace("{{ xss.reaction_total }}", f"{{{{ xss.given.{'x' * 3} }}}}"))
    with capture_logs("rulecheck"):
        mkdocs_build(root, command="serve")
    page = (root / "site" / "page" / "index.html").read_text(encoding="utf-8")
    assert "unknown key `&lt;script&gt;alert(1)&lt;/script&gt;`" in page
    assert "<script>alert" not in _all_html(root / "site")


def _build(root: Path, site: Path, epoch: str) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoch}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr


def _differences(left: Path, right: Path) -> list[str]:
    found: list[str] = []

    def walk(cmp: filecmp.dircmp[str], where: Path) -> None:
        found.extend(str(where / name) for name in cmp.left_only + cmp.right_only + cmp.funny_files)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        found.extend(str(where / name) for name in mismatch + errors)
        for name, sub in sorted(cmp.subdirs.items()):
            walk(sub, where / name)

    walk(filecmp.dircmp(left, right), Path())
    return sorted(found)


@pytest.mark.build
def test_two_builds_of_one_commit_are_byte_identical(tmp_path: Path, site_copy: Callable[[], Path]) -> None:
    root = site_copy()
    _build(root, tmp_path / "one", "1700000000")
    _build(root, tmp_path / "two", "1700000000")
    assert _differences(tmp_path / "one", tmp_path / "two") == []
    # What a build stamps from the clock, and so what SOURCE_DATE_EPOCH pins: the sitemaps only.
    _build(root, tmp_path / "later", "1800000000")
    assert _differences(tmp_path / "one", tmp_path / "later") == ["sitemap.xml", "sitemap.xml.gz"]


def test_make_dates_builds_by_the_last_commit() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    last = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True,
                          check=False, env=env)
    shown = subprocess.run(
        ["make", "-s", "--no-print-directory", "--eval", "show-epoch: ; @echo \"[$$SOURCE_DATE_EPOCH]\"",
         "show-epoch"], cwd=ROOT, capture_output=True, text=True, check=True, env=env, timeout=60,
    )
    assert shown.stdout.strip() == f"[{last.stdout.strip() if last.returncode == 0 else ''}]"
