"""The site builds with ProperDocs, the maintained continuation of MkDocs 1.6, into the same pages.

MkDocs stays the default generator; ProperDocs reads the same ``mkdocs.yml`` and runs the same
``mkdocs.plugins`` entry points. Both builds must give the same files with the same bytes, apart
from what names the generator: the ``<meta name="generator">`` of each page, and so the revision
Workbox gives each page in the service workers' precache lists.
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.site.site_tools import BUILD_TIMEOUT

GENERATOR_META = re.compile(rb'<meta name="generator" content="[^"]*">')
REVISION = re.compile(rb'"revision":"[0-9a-f]+"')
LASTMOD = re.compile(rb"<lastmod>[^<]*</lastmod>")  # the build's date when SOURCE_DATE_EPOCH is unset


def comparable(path: Path) -> bytes:
    """A built file's bytes without the generator's own marks."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)  # its header holds a timestamp
    if path.suffix == ".html":
        return GENERATOR_META.sub(b"<meta generator>", data)
    if path.name.startswith("service-worker"):
        return REVISION.sub(b'"revision":"*"', data)
    if path.name.startswith("sitemap"):
        return LASTMOD.sub(b"<lastmod/>", data)
    return data


def files_of(site: Path) -> dict[str, Path]:
    return {path.relative_to(site).as_posix(): path for path in site.rglob("*") if path.is_file()}


@pytest.mark.build
def test_properdocs_builds_the_same_site_as_mkdocs(offline_site: Path, site_copy: Callable[[], Path]) -> None:
    project = site_copy()  # no build cache of the real tree: ProperDocs renders every page itself
    built = project / "site"
    result = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "-d", str(built)],
        cwd=project, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"},
    )
    assert result.returncode == 0, result.stderr
    ours, theirs = files_of(built), files_of(offline_site)
    assert sorted(ours) == sorted(theirs)
    differing = [name for name in sorted(ours) if comparable(ours[name]) != comparable(theirs[name])]
    assert differing == []
    pages = [path for path in ours.values() if path.suffix == ".html"]
    assert len(pages) > 40
    assert all(b'content="mkdocs-ProperDocs' in path.read_bytes() for path in pages)  # built by ProperDocs indeed
    assert all(b'content="mkdocs-1.' in offline_site.joinpath(name).read_bytes()
               for name, path in ours.items() if path.suffix == ".html")
