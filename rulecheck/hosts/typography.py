"""French typography on rendered pages: no line break before « : ; ! ? % » or after « «».

A space (or a source line break, which a browser shows as a space) before high punctuation
becomes non-breaking: U+00A0 before « : » and « » », the narrow U+202F before « ; ! ? » and
between a number and « % » (« 20 % »). Only text between tags changes; code, preformatted text,
scripts and styles are left alone.
"""

from __future__ import annotations

import re

#: A tag ends at its ``>``, and none starts inside another (attribute values escape ``<``): a
#: ``<`` without its ``>`` costs one scan to the next ``<``, so the split stays linear.
_TAG = re.compile(r"(<[^<>]*>)")
_RAW = re.compile(r"^<(/?)(code|pre|script|style|kbd|samp)\b", re.IGNORECASE)
# Each pattern starts a match only at the start of a run of blanks, so text is read in linear time.
_BEFORE = re.compile(r"(?<![ \t\n])[ \t\n]+([:;!?»])")
_AFTER = re.compile(r"«[ \t\n]+")
_PERCENT = re.compile(r"(\d)[ \t\n]+%")
_LEADING_PERCENT = re.compile(r"^[ \t\n]+%")  # after a number bound in a tag of its own: <span>50</span> %
#: Every character a pattern above needs: a piece of text without any is left as it is.
_TOUCHED = re.compile("[:;!?»«%]")
NBSP, NARROW_NBSP = "\u00a0", "\u202f"


def french_spacing(html: str) -> str:
    pieces = _TAG.split(html)
    depth = 0
    after_digit = False  # the text before this piece, across tags, ends with a digit
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            raw = _RAW.match(piece)
            if raw and not piece.endswith("/>"):
                depth = max(0, depth - 1) if raw.group(1) else depth + 1
            continue
        if depth == 0 and piece and _TOUCHED.search(piece):  # most pieces hold none of these marks
            piece = _BEFORE.sub(lambda m: (NBSP if m.group(1) in ":»" else NARROW_NBSP) + m.group(1), piece)
            piece = _PERCENT.sub(lambda m: m.group(1) + NARROW_NBSP + "%", piece)
            if after_digit:
                piece = _LEADING_PERCENT.sub(NARROW_NBSP + "%", piece)
            pieces[index] = _AFTER.sub("«" + NBSP, piece)
        if piece:
            after_digit = depth == 0 and piece[-1].isdigit()
    return "".join(pieces)
