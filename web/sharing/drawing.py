"""A link preview's picture: a card of 1200 x 630 pixels (the size chat apps and Open Graph
expect) drawn with Pillow from a ``Card``, text already in the page's language.

No Django here: the card says what to draw, this module only lays it out. The fonts are
DejaVu Sans (free licence, ``web/sharing/fonts/LICENSE``), shipped with the app so a machine
without system fonts draws the same picture: accents of Dutch names, digits and the minus
sign included. The same card always gives the same bytes.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import TypeVar

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
FONTS = Path(__file__).resolve().parent / "fonts"
# Part of every stored picture's digest: a change of layout draws every picture anew.
LAYOUT_VERSION = 1

GREEN = (20, 83, 45)
GREEN_LIGHT = (187, 247, 208)
PAPER = (248, 250, 245)
STRIPE = (235, 243, 236)
INK = (23, 32, 26)
MUTED = (88, 100, 92)
MEDALS = {"1": (202, 138, 4), "2": (120, 130, 140), "3": (180, 83, 9)}
UP, DOWN = (21, 128, 61), (185, 28, 28)
MINUS = "\u2212"

HEADER = 168
FOOTER = 64
MARGIN = 56
ROW = 64


@dataclass(frozen=True)
class Row:
    """One line of the card's list: a place (or round), a name with a note, and values."""

    place: str
    name: str
    values: tuple[str, ...] = ()
    note: str = ""
    highlight: bool = False


@dataclass(frozen=True)
class Card:
    """What a picture shows. ``badge`` is a big figure at the header's right (a place, a
    rating) with ``badge_label`` under it; ``trend`` a line of values (a rating's history)
    drawn instead of the rows when there are no rows."""

    title: str
    subtitle: str
    heading: str
    columns: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()
    badge: str = ""
    badge_label: str = ""
    trend: tuple[float, ...] = ()
    trend_low: str = ""
    trend_high: str = ""
    empty: str = ""
    footer: str = ""
    brand: str = ""


_Item = TypeVar("_Item", Card, Row)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def signed(text: str) -> str:
    """A number's text with a real minus sign (the hyphen looks short at this size)."""
    return MINUS + text[1:] if text.startswith("-") else text


def fit(
    draw: ImageDraw.ImageDraw,
    text: str,
    width: float,
    size: int,
    bold: bool = False,
    smallest: int = 0,
) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text in the largest font from ``size`` down to ``smallest`` that fits ``width``;
    cut with an ellipsis when even the smallest does not."""
    for step in range(size, max(smallest, 1) - 1, -2):
        face = font(step, bold)
        if draw.textlength(text, font=face) <= width:
            return text, face
    face = font(max(smallest, 1) if smallest else size, bold)
    while text and draw.textlength(text + "\u2026", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026", face


def drawable(text: str) -> str:
    """``text`` as one line the layout can draw: a line break or another control character
    becomes a space, a format character (a direction mark, a zero-width one) or a lone
    surrogate goes, and spaces are collapsed. What people type is kept free of those already
    (the rule for names); the picture guards itself against whatever is stored all the same."""
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")
        elif category not in ("Cf", "Cs"):
            kept.append(char)
    return " ".join("".join(kept).split())


def _drawable(item: _Item) -> _Item:
    """The card (or row) with every text in it ``drawable``."""
    changed: dict[str, object] = {}
    for field in fields(item):
        value = getattr(item, field.name)
        if isinstance(value, str):
            changed[field.name] = drawable(value)
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            changed[field.name] = tuple(drawable(v) for v in value)
        elif isinstance(value, tuple) and all(isinstance(v, Row) for v in value):
            changed[field.name] = tuple(_drawable(v) for v in value)
    return replace(item, **changed)  # type: ignore[arg-type]


def draw_card(card: Card) -> bytes:
    """The card as PNG bytes, 1200 x 630, RGB."""
    card = _drawable(card)
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, card)
    top = HEADER + 20
    draw.text((MARGIN, top), card.heading, font=font(28, True), fill=MUTED)
    _column_labels(draw, card, top)
    body = top + 46
    if card.rows:
        _rows(draw, card, body)
    elif card.trend:
        _trend(draw, card, body)
    elif card.empty:
        draw.text((MARGIN, body + 40), card.empty, font=font(34), fill=MUTED)
    _footer(draw, card)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def _header(draw: ImageDraw.ImageDraw, card: Card) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER), fill=GREEN)
    badge_width = 0
    if card.badge:
        badge, face = fit(draw, card.badge, 300, 88, bold=True, smallest=48)
        badge_width = int(draw.textlength(badge, font=face))
        right = WIDTH - MARGIN
        draw.text((right, 92), badge, font=face, fill=(255, 255, 255), anchor="rs")
        if card.badge_label:
            label, small = fit(draw, card.badge_label, 300, 28, smallest=20)
            draw.text((right, 136), label, font=small, fill=GREEN_LIGHT, anchor="rs")
        badge_width += 40
    room = WIDTH - 2 * MARGIN - badge_width
    title, face = fit(draw, card.title, room, 60, bold=True, smallest=36)
    draw.text((MARGIN, 88), title, font=face, fill=(255, 255, 255), anchor="ls")
    subtitle, small = fit(draw, card.subtitle, room, 30, smallest=22)
    draw.text((MARGIN, 136), subtitle, font=small, fill=GREEN_LIGHT, anchor="ls")


def _value_x(index: int, count: int) -> int:
    """The right edge of value column ``index`` of ``count`` (the last at the margin)."""
    return WIDTH - MARGIN - (count - 1 - index) * 190


def _column_labels(draw: ImageDraw.ImageDraw, card: Card, top: int) -> None:
    if not card.rows:
        return
    for index, label in enumerate(card.columns):
        text, face = fit(draw, label, 180, 24, smallest=18)
        draw.text(
            (_value_x(index, len(card.columns)), top + 30), text, font=face, fill=MUTED, anchor="rs"
        )


def _rows(draw: ImageDraw.ImageDraw, card: Card, top: int) -> None:
    columns = max(len(card.columns), max(len(row.values) for row in card.rows))
    name_right = _value_x(0, columns) - 150 if columns else WIDTH - MARGIN
    for index, row in enumerate(card.rows[:5]):
        y = top + index * ROW
        if row.highlight:
            draw.rectangle((MARGIN - 16, y, WIDTH - MARGIN + 16, y + ROW - 6), fill=GREEN_LIGHT)
        elif index % 2 == 0:
            draw.rectangle((MARGIN - 16, y, WIDTH - MARGIN + 16, y + ROW - 6), fill=STRIPE)
        middle = y + (ROW - 6) // 2
        medal = MEDALS.get(row.place.rstrip("="))
        if medal is not None:
            draw.ellipse((MARGIN - 4, middle - 24, MARGIN + 44, middle + 24), fill=medal)
            place, face = fit(draw, row.place, 44, 28, bold=True, smallest=16)
            draw.text((MARGIN + 20, middle), place, font=face, fill=(255, 255, 255), anchor="mm")
        else:
            place, face = fit(draw, row.place, 76, 30, bold=True, smallest=18)
            draw.text((MARGIN + 20, middle), place, font=face, fill=GREEN, anchor="mm")
        left = MARGIN + 84
        if row.note:
            name, face = fit(draw, row.name, name_right - left, 28, bold=True, smallest=22)
            draw.text((left, middle), name, font=face, fill=INK, anchor="ls")
            note, small = fit(draw, row.note, name_right - left, 22, smallest=18)
            draw.text((left, middle + 26), note, font=small, fill=MUTED, anchor="ls")
        else:
            name, face = fit(draw, row.name, name_right - left, 34, bold=True, smallest=24)
            draw.text((left, middle), name, font=face, fill=INK, anchor="lm")
        for column, value in enumerate(row.values):
            text, face = fit(draw, signed(value), 170, 34, bold=column == 0, smallest=20)
            draw.text(
                (_value_x(column, len(row.values)), middle), text, font=face, fill=INK, anchor="rm"
            )


def _trend(draw: ImageDraw.ImageDraw, card: Card, top: int) -> None:
    """The values as a line from left to right, the lowest and highest labelled."""
    left, right = MARGIN + 120, WIDTH - MARGIN
    bottom = HEIGHT - FOOTER - 40
    low, high = min(card.trend), max(card.trend)
    span = (high - low) or 1.0
    draw.line((left, bottom, right, bottom), fill=STRIPE, width=3)
    draw.line((left, top + 10, right, top + 10), fill=STRIPE, width=3)
    draw.text((left - 16, top + 10), card.trend_high, font=font(26), fill=MUTED, anchor="rm")
    draw.text((left - 16, bottom), card.trend_low, font=font(26), fill=MUTED, anchor="rm")
    steps = max(len(card.trend) - 1, 1)
    points = [
        (left + (right - left) * index / steps, bottom - (bottom - top - 10) * (value - low) / span)
        for index, value in enumerate(card.trend)
    ]
    if len(points) == 1:
        points.append((right, points[0][1]))
    rising = card.trend[-1] >= card.trend[0]
    draw.line(points, fill=UP if rising else DOWN, width=6, joint="curve")
    colour = UP if rising else DOWN
    if len(card.trend) <= 12:  # few sessions: each one a dot
        for x, y in points[:-1]:
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour)
    x, y = points[-1]
    draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=colour)


def _footer(draw: ImageDraw.ImageDraw, card: Card) -> None:
    draw.rectangle((0, HEIGHT - FOOTER, WIDTH, HEIGHT), fill=GREEN)
    middle = HEIGHT - FOOTER // 2
    if card.brand:
        brand, face = fit(draw, card.brand, 560, 28, bold=True, smallest=20)
        draw.text((MARGIN, middle), brand, font=face, fill=(255, 255, 255), anchor="lm")
    if card.footer:
        text, face = fit(draw, card.footer, WIDTH - 2 * MARGIN - 600, 24, smallest=18)
        draw.text((WIDTH - MARGIN, middle), text, font=face, fill=GREEN_LIGHT, anchor="rm")
