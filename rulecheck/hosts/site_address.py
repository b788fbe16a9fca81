"""The site's published address (``site_url``, from ``SITE_URL``): a web address or nothing.

The address reaches places where a stray character acts: the 404 pages' script
(``new URL("…")``), every canonical link's ``href``, the sitemaps, the print edition's addresses.
An outside tester's ``SITE_URL='https://example.org/x");alert(document.domain);("/'`` ran script
from the 404 pages, and ``javascript://example.org/…`` was taken as an address. So the address
is ``http`` or ``https``, a host (a name, an IPv4 or a bracketed IPv6 address, a port), and a
path of unreserved characters, percent escapes and a few harmless marks, ending in ``/`` (added,
as MkDocs does, when missing); no user, query or fragment. Anything else is one configuration
error naming ``SITE_URL``.
"""

from __future__ import annotations

import re

from rulecheck.errors import printable, shortened

_ADDRESS = re.compile(
    r"(?P<scheme>https?)://"
    r"(?P<host>[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
    r"|\[[0-9A-Fa-f:.]+\])"
    r"(?::[0-9]{1,5})?"
    r"(?P<path>(?:/(?:[A-Za-z0-9._~!$+,=:@-]|%[0-9A-Fa-f]{2})*)*)",
    re.ASCII,
)
#: What the error shows of the value at most.
_SHOWN = 120
EXAMPLE = "https://example.github.io/combat-rules/"


def site_address(value: str | None) -> str | None:
    """``value`` as the site's address (a ``/`` added at the end when missing), ``None`` or ``""``
    as given (no address: the site works wherever it is opened); raises ``ValueError`` with a
    one-line reason for anything that is not an http(s) address of the site."""
    if not value:
        return value
    match = _ADDRESS.fullmatch(value)
    if match is None:
        raise ValueError(_refused(value, _why(value)))
    path = match["path"]
    if any(segment in (".", "..") for segment in path.split("/")):
        raise ValueError(_refused(value, "a path segment `.` or `..`"))
    return value if path.endswith("/") else value + "/"


def _why(value: str) -> str:
    scheme = value.split(":", 1)[0].lower() if ":" in value else ""
    if scheme not in ("http", "https") or not value.lower().startswith(f"{scheme}://"):
        return f"the scheme `{printable(scheme[:20])}:` where only http:// or https:// serves a site" if scheme \
            else "no http:// or https://"
    rest = value.split("://", 1)[1]
    if any(mark in rest for mark in "?#"):
        return "a query or fragment (`?`, `#`), which an address of pages cannot end in"
    if "@" in rest.split("/", 1)[0]:
        return "a user name before the host"
    if not rest or rest.startswith("/"):
        return "no host"
    return "a character that is not a letter, a digit, `-._~!$+,=:@/` or a `%` escape"


def _refused(value: str, why: str) -> str:
    shown = shortened(value, _SHOWN)
    return (f"SITE_URL (site_url) `{printable(shown)}` is not the site's web address: {why}. "
            f"Hint: set SITE_URL to an address like {EXAMPLE}, or leave it unset")
