"""A page's language and its twins: the same relative path under each language's folder."""

from __future__ import annotations

from pathlib import Path

from rulecheck.examples.locales import LANGUAGES


def page_language(path: str) -> str:
    """The language of a page: its language folder's, else the site's default language."""
    return (language_of(path) or (LANGUAGES[0], ""))[0]


def language_folder_at(page: Path, base: Path) -> int | None:
    """The index in ``page.parts`` of its language folder: the last one named as a language, from
    the checked folder itself (``docs/fr``) downwards, never above it."""
    first = len(base.parts) - 1
    for index in range(len(page.parts) - 2, first - 1, -1):
        if page.parts[index] in LANGUAGES:
            return index
    return None


def twin_file(page: Path, language_at: int, language: str) -> Path:
    """The file of ``page`` in ``language``: its language folder (``page.parts[language_at]``) swapped."""
    parts = list(page.parts)
    parts[language_at] = language
    return Path(*parts)


def language_of(path: str) -> tuple[str, str] | None:
    """``docs/fr/a/b.md`` → ``("fr", "a/b.md")``: the language folder and the path inside it."""
    parts = Path(path).parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] in LANGUAGES:
            return parts[index], "/".join(parts[index + 1:])
    return None


def twin_path(path: str, language: str) -> str:
    parts = list(Path(path).parts)
    found = language_of(path)
    if not found:
        return path
    index = len(parts) - 1 - parts[::-1].index(found[0])
    parts[index] = language
    return str(Path(*parts))
