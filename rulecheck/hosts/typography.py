"""French typography on rendered pages: no line break before « : ; ! ? » or after « «».

Only text between tags changes; code, preformatted text, scripts and styles are left alone.
"""

from __future__ import annotations

import re

#: A tag ends at its ``>``, and none starts inside another (attribute values escape ``<``): a
#: ``<`` without its ``>`` costs one scan to the next ``<``, so the split stays linear.
_TAG = re.compile(r"(<[^<>]*>)")
_RAW = re.compile(r"^<(/?)(code|pre|script|style|kbd|samp)\b", re.IGNORECASE)
_BEFORE = re.compile(r" ([:;!?»])")
_AFTER = re.compile(r"« ")
NBSP, NARROW_NBSP = "\u00a0", "\u202f"


def french_spacing(html: str) -> str:
    pieces = _TAG.split(html)
    depth = 0
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            raw = _RAW.match(piece)
            if raw and not piece.endswith("/>"):
                depth = max(0, depth - 1) if raw.group(1) else depth + 1
            continue
        if depth == 0 and piece:
            piece = _BEFORE.sub(lambda m: (NBSP if m.group(1) in ":»" else NARROW_NBSP) + m.group(1), piece)
            pieces[index] = _AFTER.sub("«" + NBSP, piece)
    return "".join(pieces)
