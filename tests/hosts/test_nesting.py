"""A page nested deeper than Python-Markdown can render is a located problem in every build, checks
on or off, never a ``RecursionError`` traceback; a server shows it in the page's place
(:mod:`rulecheck.hosts.nesting`)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import markdown
import pytest
from mkdocs.exceptions import Abort, PluginError

from rulecheck.hosts.mkdocs_plugin import RulecheckPlugin
from rulecheck.hosts.nesting import MAX_DEPTH, NestingGuardExtension, deepest_line, line_depth
from tests.hosts.run_hosts import capture_logs, fenced, mkdocs_build, parry_example, small_site


def nested(kind: str, depth: int) -> tuple[str, int]:
    """A page nesting ``depth`` blocks of ``kind``, and the line nested deepest (1-based)."""
    head = "# Deep\n\n"
    if kind == "list":
        body = "".join("    " * level + "- item\n" for level in range(depth))
        return head + body, 2 + depth
    if kind == "ordered list, tabs":
        body = "".join("\t" * level + "1. item\n" for level in range(depth))
        return head + body, 2 + depth
    if kind == "html blocks":
        body = '<div markdown="1">\n' * depth + "text\n" + "</div>\n" * depth
        return head + body, 3 + depth
    if kind == "admonitions":
        body = "".join("    " * level + "!!! note\n" for level in range(depth)) + "    " * depth + "text\n"
        return head + body, 3 + depth
    if kind == "details":
        body = "".join("    " * level + '??? note "Open"\n' for level in range(depth)) + "    " * depth + "text\n"
        return head + body, 3 + depth
    if kind == "tabs":
        body = "".join("    " * level + '=== "Tab"\n\n' for level in range(depth)) + "    " * depth + "text\n"
        return head + body, 3 + 2 * depth
    if kind == "quotes":
        body = "".join(">" * (level + 1) + " quoted\n" for level in range(depth))
        return head + body, 2 + depth
    raise ValueError(kind)


KINDS = ["list", "ordered list, tabs", "html blocks", "admonitions", "details", "tabs", "quotes"]
#: The kinds nested by indentation or quote markers, which the depth bound measures.
INDENTED = [kind for kind in KINDS if kind != "html blocks"]
EXTENSIONS = ["admonition", "pymdownx.details", "pymdownx.tabbed", "pymdownx.superfences", "md_in_html"]


def counted(reads: list[int], parse: Callable[..., Any], lines: list[str]) -> Any:
    reads.append(1)
    return parse(lines)


def at_depth(kind: str, levels: int) -> str:
    """A page of ``kind`` whose deepest line is indented or quoted exactly ``levels`` levels."""
    for depth in (levels, levels + 1):
        text = nested(kind, depth)[0]
        if max(line_depth(line) for line in text.splitlines()) == levels:
            return text
    raise AssertionError(kind)
#: Levels past what Python-Markdown reads, for each kind it reads by recursion (lists from 249 levels,
#: HTML blocks and admonitions from 331); details and tabs stop nesting before that, and render.
TOO_DEEP = {"list": 300, "ordered list, tabs": 300, "html blocks": 400, "admonitions": 400,
            "details": MAX_DEPTH + 1, "tabs": MAX_DEPTH + 1, "quotes": MAX_DEPTH + 1}


@pytest.mark.parametrize(("text", "line"), [
    ("", 1), ("# Title\n", 1), ("a\n    b\n        c\n    d\n", 3), ("a\n> > b\n> c\n", 2),
    ("\tx\n\t\ty\n", 2), ("<div>\n<div>\nx\n</div>\n</div>\ny\n", 3), ("<p>one line</p>\nx\n", 1),
    ("  - a\n  - b\n", 1), ("<div>\r\n<div>\rx\r\n", 3),
])
def test_the_deepest_line_is_the_first_of_the_most_indented_quoted_or_opened(text: str, line: int) -> None:
    assert deepest_line(text) == line


@pytest.mark.parametrize("kind", KINDS)
def test_the_deepest_line_of_a_nested_page_is_its_innermost_block(kind: str) -> None:
    text, line = nested(kind, 7)
    assert deepest_line(text) == line


def project(tmp_path: Path, pages: dict[str, str]) -> Path:
    return small_site(tmp_path, {"index.md": "# Home\n\n- a list\n    - within a list\n", **pages},
                      extensions=("md_in_html",))


@pytest.mark.build
@pytest.mark.parametrize("enabled", [True, False])
def test_a_build_lists_every_page_too_deep_at_its_deepest_line(tmp_path: Path, enabled: bool,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    pages, lines = {}, []
    for number, (kind, depth) in enumerate(TOO_DEEP.items()):
        text, line = nested(kind, depth)
        front = "---\ntitle: Deep\n---\n" if number % 2 else ""  # lines MkDocs takes off, counted back
        pages[f"deep-{number}.md"] = front + text
        lines.append(f"docs/deep-{number}.md:{line + front.count(chr(10))}:")
    site = project(tmp_path, pages)
    monkeypatch.setenv("RULECHECK_ENABLED", "true" if enabled else "false")
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    assert f"rulecheck: {len(TOO_DEEP)} page(s) Markdown cannot render:" in logs.text
    listed = [line for line in logs.text.splitlines() if "nested too deep for Markdown" in line]
    assert sorted(line.split(" ")[0] for line in listed) == sorted(lines)
    assert "Traceback" not in logs.text and "RecursionError" not in logs.text
    assert not (site / "site" / "index.html").exists()


@pytest.mark.build
@pytest.mark.parametrize("kind", ["list", "quotes", "html blocks"])
def test_a_page_too_deep_is_its_one_problem_not_its_examples(tmp_path: Path, kind: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A page Markdown could not render shows a banner in place of its cards: its examples were each
    said to be hidden ('Markdown reads its fence as something else', a twenty-first hostile round),
    a wrong cause beside the right one."""
    text, line = nested(kind, TOO_DEEP[kind])
    page = fenced(parry_example()) + "\n" + text
    site = project(tmp_path, {"deep.md": page})
    with capture_logs("mkdocs") as logs, pytest.raises(Abort, match="BuildError"):
        mkdocs_build(site)
    assert f"docs/deep.md:{line + page[:page.index(text)].count(chr(10))}: this page is nested too deep" in logs.text
    assert "shows no card" not in logs.text and "Traceback" not in logs.text


@pytest.mark.build
def test_a_real_build_exits_1_without_a_traceback(tmp_path: Path) -> None:
    site = project(tmp_path, {"deep.md": nested("list", 300)[0]})
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build"], cwd=site, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=120, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert f"docs/deep.md:{nested('list', 300)[1]}: this page is nested too deep" in output
    assert "Aborted with a BuildError!" in output and "Traceback" not in output


@pytest.mark.build
def test_a_server_shows_the_problem_in_the_page_s_place_and_renders_the_rest(tmp_path: Path) -> None:
    site = project(tmp_path, {"deep.md": nested("html blocks", 400)[0]})
    mkdocs_build(site, command="serve")
    shown = (site / "site" / "deep" / "index.html").read_text("utf-8")
    assert "nested too deep for Markdown to render it" in shown and 'role="alert"' in shown
    assert "within a list" in (site / "site" / "index.html").read_text("utf-8")


@pytest.mark.build
def test_a_page_nested_as_deep_as_markdown_reads_builds(tmp_path: Path) -> None:
    site = project(tmp_path, {f"{kind}.md": nested(kind, 40)[0] for kind in KINDS}
                   | {f"{kind}-deepest.md": at_depth(kind, MAX_DEPTH) for kind in INDENTED})
    mkdocs_build(site)
    assert (site / "site" / "index.html").exists()
    assert "quoted" in (site / "site" / "quotes-deepest" / "index.html").read_text("utf-8")


@pytest.mark.parametrize("kind", INDENTED)
def test_a_line_indented_or_quoted_past_the_bound_is_never_read(kind: str) -> None:
    """Markdown reads each level again for every level around it: a page past the bound is not
    given to its block parser at all; one at the bound is read as without the guard."""
    for levels, refused in ((MAX_DEPTH, False), (MAX_DEPTH + 1, True), (4 * MAX_DEPTH, True)):
        refusals: list[str] = []
        reads: list[int] = []
        md = markdown.Markdown(extensions=[*EXTENSIONS, NestingGuardExtension(refusals.append)])
        md.parser.parseDocument = functools.partial(counted, reads, md.parser.parseDocument)
        page = at_depth(kind, levels)
        html = md.convert(page)
        assert (refusals, reads, html) == (([page], [], None) if refused else ([], [1], html)), (kind, levels)
        assert refused or any(word in html for word in ("item", "text", "quoted"))


@pytest.mark.parametrize("prefix", ["", "  ", "\t", "> "])
def test_the_bound_reads_tabs_spaces_and_quotes_alike_and_not_fenced_code(prefix: str) -> None:
    md = markdown.Markdown(extensions=[*EXTENSIONS, NestingGuardExtension(lambda source: "<p>too deep</p>")])
    fenced = "# Code\n\n```\n" + " " * 4 * (MAX_DEPTH + 5) + "deep code\n```\n"
    assert "deep code" in md.convert(fenced)  # set aside by superfences before the bound reads it
    for indent in ("\t" * (MAX_DEPTH + 1), " " * (4 * MAX_DEPTH + 4), "> " * (MAX_DEPTH + 1), "\t>" * 40):
        assert md.convert(f"# Title\n\n{prefix}{indent}text\n") == "<p>too deep</p>", repr(indent)
    assert md.convert(f"# Title\n\n{' ' * 203}text\n") != "<p>too deep</p>"  # 50 levels and 3 columns


def test_markdown_given_the_guard_renders_a_page_too_deep_as_its_callback_says() -> None:
    seen: list[str] = []
    md = markdown.Markdown(extensions=[NestingGuardExtension(lambda source: seen.append(source) or "<p>too deep</p>")])
    deep = nested("list", 300)[0]
    assert md.convert(deep) == "<p>too deep</p>" and seen == [deep]
    assert md.convert("- a\n    - b\n") == markdown.markdown("- a\n    - b\n")  # a page it reads: as without it


def test_the_plugin_outside_a_page_s_rendering_raises_a_clear_error() -> None:
    with pytest.raises(PluginError, match="Markdown cannot render a text: this page is nested too deep"):
        RulecheckPlugin()._too_deep_page("- a\n")
