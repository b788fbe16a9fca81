"""How many round trips a phone needs for each page, with its cards and without them.

Run: ``.venv/bin/python bench/round_trips.py [--all]``. It builds the site twice, with rulecheck
(cards) and with ``RULECHECK_ENABLED=false`` (the examples left as code blocks), gzips each page
as ``bench/lighthouse.py`` serves it, and counts the round trips of Lighthouse's simulated phone
connection: 14,600 bytes in the first (ten segments of 1,460), 29,200 in each later one, the
response's headers (some 190 bytes from a local server) included. A page that needs a round trip
more with its cards than without paints some 150 ms later there, which cost the reactions pages
their point of Lighthouse's score (bench/README.md, "The page within a phone's first round
trip"). Prints the pages that take more round trips with their cards (``--all``: every page),
with each build's bytes and how far the page is from its next round trip. A benchmark, not a
check: what a page carries is its authors' to decide.
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lighthouse import BUILDS, build  # a script beside this one

FIRST, LATER = 14_600, 29_200
HEADERS = 190


def served_bytes(page: Path) -> int:
    """The page's bytes on the wire: gzipped as a static host serves it, with its headers."""
    return len(gzip.compress(page.read_bytes(), compresslevel=6, mtime=0)) + HEADERS


def round_trips(size: int) -> int:
    return 1 if size <= FIRST else 1 + -(-(size - FIRST) // LATER)


def past(size: int) -> int:
    """How far the page runs into its last round trip: the bytes it would have to lose to need one less."""
    return size - (0 if round_trips(size) == 1 else FIRST + (round_trips(size) - 2) * LATER)


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="rulecheck-round-trips-") as scratch:
        sites = {name: Path(scratch) / name.replace(" ", "-") for name in BUILDS}
        for name, env in BUILDS.items():
            build(sites[name], env)
        cards, plain = sites["cards"], sites["no cards"]
        pages = sorted(path.relative_to(cards) for path in cards.rglob("*.html"))
        rows, more = [], 0
        for page in pages:
            with_cards = served_bytes(cards / page)
            without = served_bytes(plain / page) if (plain / page).is_file() else 0
            extra = round_trips(with_cards) - round_trips(without)
            more += extra > 0
            if extra > 0 or "--all" in argv:
                rows.append(f"| `{page}` | {with_cards:,} | {without:,} | {round_trips(with_cards)} / "
                            f"{round_trips(without)} | {past(with_cards):,} |")
        print("| page | bytes with cards | without | round trips | into the last one |")
        print("|---|---:|---:|---:|---:|")
        print("\n".join(rows))
        one = sum(round_trips(served_bytes(cards / page)) == 1 for page in pages)
        print(f"\n{len(pages)} pages: {more} take more round trips with their cards than without; "
              f"{one} arrive in one round trip with them.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
