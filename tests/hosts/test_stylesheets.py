"""Our stylesheet and Material's palette, asked for as one file where a page's head allows it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.hosts.stylesheets import merged_with, theme_palette, write_stylesheet
from tests.hosts.run_hosts import mkdocs_config

PALETTE = "assets/stylesheets/palette.fb2fffe2.min.css"
OURS = "assets/rulecheck.css"
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]*)"')


def link(prefix: str, path: str) -> str:
    return f'<link rel="stylesheet" href="{prefix}{path}">'


def page(prefix: str, between: str = '<script src="x.js"></script>\n', body: str = "<p>x</p>") -> str:
    return (f'<html><head><meta charset="utf-8">\n{link(prefix, "assets/stylesheets/main.1.min.css")}\n'
            f'{link(prefix, PALETTE)}\n{between}{link(prefix, OURS)}\n'
            f'<link rel="stylesheet" href="{prefix}assets/rulecheck-print.css" media="print">\n'
            f"</head><body>{body}</body></html>")


def moved(original: str, prefix: str) -> str:
    """``original`` with our link, and the line it ends, moved to the palette's place."""
    return original.replace(link(prefix, OURS) + "\n", "", 1).replace(link(prefix, PALETTE), link(prefix, OURS), 1)


#: Where a page's links start: its folder's way up, or, in a 404 page before it is made relative,
#: the site's root path or its address.
PREFIXES = ["", "../", "../../", "/", "/combat-rules/", "https://example.org/rules/"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_page_asks_for_our_stylesheet_in_the_palette_s_place(prefix: str) -> None:
    merged = merged_with(page(prefix), PALETTE, OURS)
    assert STYLESHEET.findall(merged) == [f"{prefix}assets/stylesheets/main.1.min.css", f"{prefix}{OURS}",
                                          f"{prefix}assets/rulecheck-print.css"]
    assert merged == moved(page(prefix), prefix)  # the script, the print link and the body as they were


@given(st.text(st.characters(codec="utf-8", exclude_characters="<"), max_size=40),
       st.sampled_from(PREFIXES))
def test_any_text_between_the_two_links_stays_where_it_was(text: str, prefix: str) -> None:
    assert merged_with(page(prefix, between=text), PALETTE, OURS) == moved(page(prefix, between=text), prefix)


@pytest.mark.parametrize("between", [
    '<link rel="stylesheet" href="extra.css">\n',
    '<LINK REL="stylesheet" HREF="extra.css">\n',
    '<link href="extra.css" rel="alternate stylesheet">\n',
    "<style>p { color: red }</style>\n",
    "<STYLE media=screen>p { color: red }</STYLE>\n",
])
def test_a_page_with_another_style_between_the_two_is_left_alone(between: str) -> None:
    """Its rules would otherwise come before the palette's instead of after them."""
    assert merged_with(page("", between=between), PALETTE, OURS) == page("", between=between)


@pytest.mark.parametrize("shape", [
    lambda: page("").replace(link("", PALETTE), ""),  # no palette
    lambda: page("").replace(link("", OURS), ""),  # not our stylesheet
    lambda: page("").replace(f"{link('', PALETTE)}\n", "").replace("</head>", f"{link('', PALETTE)}\n</head>"),
    lambda: page("../").replace(link("../", OURS), link("", OURS)),  # another folder's stylesheet
    lambda: page("/").replace(link("/", OURS), link("/other/", OURS)),
    lambda: page("").replace(link("", PALETTE), link("other/", PALETTE)),
    lambda: page("").replace("</head>", ""),  # no head's end
    lambda: page("").replace(link("", OURS), "").replace("<p>x</p>", link("", OURS)),  # ours in the body
    lambda: page("").replace(link("", PALETTE), link("", PALETTE).replace('">', '" media="print">')),
])
def test_a_page_whose_head_is_not_as_material_writes_it_is_left_alone(shape: Any) -> None:
    assert merged_with(shape(), PALETTE, OURS) == shape()


def test_material_s_palette_is_found_in_the_theme(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", "utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: S\ntheme:\n  name: material\n  palette:\n    scheme: slate\n",
                                         "utf-8")
    found = theme_palette(mkdocs_config(tmp_path))
    assert found is not None and re.fullmatch(r"palette\.[0-9a-f]{8}\.min\.css", found.name)
    assert found.parent.as_posix().endswith("material/templates/assets/stylesheets") and found.is_file()
    # without a palette Material links none; another theme has none
    (tmp_path / "mkdocs.yml").write_text("site_name: S\ntheme:\n  name: material\n", "utf-8")
    assert theme_palette(mkdocs_config(tmp_path)) is None
    (tmp_path / "mkdocs.yml").write_text("site_name: S\ntheme:\n  name: mkdocs\n", "utf-8")
    assert theme_palette(mkdocs_config(tmp_path)) is None


def test_the_written_stylesheet_holds_the_palette_first_without_comments(tmp_path: Path) -> None:
    config: Any = SimpleNamespace(site_dir=str(tmp_path))
    write_stylesheet(config, OURS, rules="/* made */ .made { color : red ; }\n",
                     first=":root{--p:1}\n/*# sourceMappingURL=palette.min.css.map */")
    written = (tmp_path / OURS).read_text("utf-8")
    assert written.startswith(":root{--p:1}\n.made{color:red}")
    assert "/*" not in written and "sourceMappingURL" not in written
    assert ".rc-card" in written and "\n\n" not in written
