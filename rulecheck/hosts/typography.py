"""Typography on rendered pages: no line break between a number and its unit (« 10 m ») nor inside
a defence's name (« Def PHY »), in both languages, and in French none before « : ; ! ? % » or
after « «».

A space (or a source line break, which a browser shows as a space) before high punctuation
becomes non-breaking: U+00A0 before « : » and « » », the narrow U+202F before « ; ! ? » and
between a number and « % » (« 20 % »). A mark written as a numeric character reference (``&#58;``)
is spaced like the mark itself. Text between tags changes, and the attributes whose words a reader
sees or hears (a tooltip's ``title``, ``aria-label``, ``alt``, and the cards' ``data-tip`` that
becomes a title): a glossary definition « Défense physique : … » showed its colon alone at a
tooltip's line end. Code, preformatted text, text areas, scripts and styles are left alone.
"""

from __future__ import annotations

import html
import re

#: A tag ends at its ``>``, and none starts inside another (attribute values escape ``<``): a
#: ``<`` without its ``>`` costs one scan to the next ``<``, so the split stays linear.
TAG = re.compile(r"(<[^<>]*>)")
RAW = re.compile(r"^<(/?)(code|pre|script|style|kbd|samp|textarea)\b", re.IGNORECASE)
_RAW_TEXT = frozenset({"script", "style", "textarea"})


def _mark(chars: str) -> str:
    """A pattern for one of ``chars`` as itself or as a numeric character reference: text that
    example data brings reaches the page as references (``rulecheck.examples.as_text``), and
    the reader sees the same mark either way."""
    forms = [re.escape(char) for char in chars]
    forms += [f"&#0*{ord(char)};" for char in chars] + [f"&#[xX]0*(?i:{ord(char):x});" for char in chars]
    return "(?:" + "|".join(forms) + ")"


# Each pattern starts a match only at the start of a run of blanks, so text is read in linear time.
_BEFORE = re.compile(r"(?<![ \t\n])[ \t\n]+(" + _mark(":;!?»") + ")")
_AFTER = re.compile("(" + _mark("«") + r")[ \t\n]+")
_PERCENT = re.compile(r"(\d)[ \t\n]+(" + _mark("%") + ")")
_LEADING_PERCENT = re.compile(r"^[ \t\n]+(" + _mark("%") + ")")  # after <span>50</span> %
#: A distance's unit after its number: « 10 m » broke at 1280 px, « 10 » ending one line and « m par
#: action » starting the next.
_UNIT = re.compile(r"(\d)[ \t\n]+([kc]?m)(?!\w)")
_LEADING_UNIT = re.compile(r"^[ \t\n]+([kc]?m)(?!\w)")  # after <span>10</span> m
#: A defence's name is one term: « Def » ended a card's line at 375 px and « PHY 16 » began the next.
#: Not in a table's header cell, where the name stacks on two lines: the cast's eight columns
#: read whole at 375 px only so.
_HEADER_CELL = re.compile(r"^<(/?)th\b", re.IGNORECASE)
_DEFENCE = re.compile(r"(?<!\w)(Def)[ \t\n]+(PHY|MAG)(?!\w)")
#: What every pattern above needs: a piece of text without any of it is left as it is (on the pages
#: of other languages, what the units need).
_KEPT_TOGETHER_TOUCHED = re.compile(r"[ \t\n][kc]?m(?!\w)|Def[ \t\n]")
_TOUCHED = re.compile(r"[:;!?»«%]|&#|" + _KEPT_TOGETHER_TOUCHED.pattern)
#: An attribute whose value is words for the reader, quoted as HTML writes it (values escape quotes).
_READ_ATTRIBUTE = re.compile(r"""(\s(?:title|aria-label|alt|data-tip)=)("[^"]*"|'[^']*')""", re.IGNORECASE)
NBSP, NARROW_NBSP = "\u00a0", "\u202f"


def _space_before(match: re.Match[str]) -> str:
    return (NBSP if html.unescape(match.group(1)) in ":»" else NARROW_NBSP) + match.group(1)


def _spaced(text: str, *, in_header: bool = False) -> str:
    text = _BEFORE.sub(_space_before, text)
    text = _PERCENT.sub(lambda m: m.group(1) + NARROW_NBSP + m.group(2), text)
    return _AFTER.sub(lambda m: m.group(1) + NBSP, _kept_together(text, in_header=in_header))


def _kept_together(text: str, *, in_header: bool = False) -> str:
    if not in_header:
        text = _DEFENCE.sub(lambda m: m.group(1) + NBSP + m.group(2), text)
    return _UNIT.sub(lambda m: m.group(1) + NBSP + m.group(2), text)


def _spaced_attribute(match: re.Match[str]) -> str:
    quoted = match.group(2)
    return match.group(1) + quoted[0] + _spaced(quoted[1:-1]) + quoted[-1]


def kept_as_written(pieces: list[str]) -> list[bool]:
    """For each piece of ``TAG.split(markup)`` (text and tags in turns), whether it lies in an
    element whose text is shown or meant as written: code, preformatted text and keyboard input,
    counted as they nest, or a script, style or text area, whose text runs to its own end tag
    whatever it holds (a script's "</pre>" is text). A tag counts from after it."""
    flags = []
    depth = 0  # how many of code, pre, kbd, samp the piece is in
    raw_text = ""  # the script, style or text area the piece is in, until its end tag
    for index, piece in enumerate(pieces):
        raw = RAW.match(piece) if index % 2 else None
        if raw_text:
            if raw and raw.group(1) and raw.group(2).lower() == raw_text:
                raw_text = ""
        elif raw and not piece.endswith("/>"):
            name = raw.group(2).lower()
            if raw.group(1):
                depth = max(0, depth - 1)
            elif name in _RAW_TEXT:
                raw_text = name
            else:
                depth += 1
        flags.append(bool(depth or raw_text))
    return flags


def french_spacing(markup: str) -> str:
    return _respaced(markup, french=True)


def unit_spacing(markup: str) -> str:
    """Only a number's unit and a defence's name kept together: the typography of the pages of
    every other language."""
    return _respaced(markup, french=False) if _KEPT_TOGETHER_TOUCHED.search(markup) else markup


def _respaced(markup: str, *, french: bool) -> str:
    touched = _TOUCHED if french else _KEPT_TOGETHER_TOUCHED
    pieces = TAG.split(markup)
    after_digit = False  # the text before this piece, across tags, ends with a digit
    header_cells = 0  # how many table header cells the piece is in
    for index, (piece, kept) in enumerate(zip(pieces, kept_as_written(pieces), strict=True)):
        if index % 2:  # a tag
            if cell := _HEADER_CELL.match(piece):
                header_cells = max(0, header_cells - 1) if cell.group(1) else header_cells + 1
            opens_or_closes_raw = RAW.match(piece) and not piece.endswith("/>")
            if french and not kept and not opens_or_closes_raw and "=" in piece and touched.search(piece):
                pieces[index] = _READ_ATTRIBUTE.sub(_spaced_attribute, piece)
            continue
        if not kept and piece and touched.search(piece):  # most pieces hold none of these marks
            if after_digit:
                piece = _LEADING_UNIT.sub(lambda m: NBSP + m.group(1), piece)
                if french:
                    piece = _LEADING_PERCENT.sub(lambda m: NARROW_NBSP + m.group(1), piece)
            in_header = header_cells > 0
            pieces[index] = piece = (_spaced(piece, in_header=in_header) if french
                                     else _kept_together(piece, in_header=in_header))
        if piece:
            after_digit = not kept and piece[-1].isdigit()
    return "".join(pieces)
