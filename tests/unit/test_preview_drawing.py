"""The link preview's picture: 1200 x 630 RGB PNG, the same bytes for the same card, text
drawn (accents, digits and the minus sign in the bundled font), long names cut to fit, and
any text at all drawn as one line (a line break, a control or format character stored in a
name never makes the layout fail)."""

import io

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from web.sharing.drawing import FONTS, Card, Row, draw_card, drawable, fit, font, signed

CARD = Card(
    title="Clubavond november",
    subtitle="De Troef · Bonken · 20 november 2026",
    heading="Tussenstand · 8 spelers",
    columns=("Punten",),
    rows=(
        Row("1", "Anna de Vries", ("175",)),
        Row("2", "Chloë Jansen", ("65",)),
        Row("3=", "Bram Çelik", ("65",)),
        Row("4", "Daan van 't Hek", ("-35",)),
        Row("5", "Hélène Visser " * 8, ("-115",)),
    ),
    footer="Bonken club service",
)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_picture_is_a_1200_by_630_png():
    image = decode(draw_card(CARD))
    assert image.format == "PNG" and image.size == (1200, 630) and image.mode == "RGB"


def test_the_same_card_draws_the_same_bytes_and_another_card_other_bytes():
    assert draw_card(CARD) == draw_card(CARD)
    english = Card(
        **{**CARD.__dict__, "heading": "Standings so far · 8 players", "columns": ("Points",)}
    )
    assert draw_card(english) != draw_card(CARD)


def test_every_row_is_drawn_inside_the_picture():
    image = decode(draw_card(CARD)).convert("L")
    # Dark ink (the names) in each of the five rows' bands, between the header and the footer.
    for index in range(5):
        top = 168 + 20 + 46 + index * 64
        band = image.crop((140, top + 8, 900, top + 50))
        assert band.getextrema()[0] < 80, f"row {index + 1} has no text"


def glyph(char: str, bold: bool) -> bytes:
    from PIL import ImageDraw

    image = Image.new("L", (60, 60))
    ImageDraw.Draw(image).text((8, 8), char, font=font(34, bold), fill=255)
    return image.tobytes()


def test_the_font_has_the_letters_the_names_need():
    for bold in (False, True):
        missing = glyph("\U000f0000", bold)  # a character no font has: the empty box
        for char in "ëéçüÇ−0123456789":
            drawn = glyph(char, bold)
            assert any(drawn) and drawn != missing, char
    assert (FONTS / "LICENSE").read_text().count("Bitstream") > 0


def test_a_long_name_is_cut_with_an_ellipsis_and_a_minus_is_a_minus_sign():
    from PIL import ImageDraw

    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    text, face = fit(draw, "Hélène Visser " * 8, 400, 34, bold=True, smallest=24)
    assert text.endswith("…") and draw.textlength(text, font=face) <= 400
    assert signed("-35") == "−35" and signed("35") == "35"


# Line breaks of every kind, controls, direction marks, zero-width and other format characters,
# combining marks and a lone surrogate, among any characters.
AWKWARD = "\n\r\t\x0b\x0c\x1c\x00\x7f\x85\u2028\u2029\u200b\u200d\u202e\u2066\ufeff\u0301\ud800"
ANY_TEXT = st.text(st.one_of(st.characters(), st.sampled_from(AWKWARD)), max_size=40)


@given(ANY_TEXT)
def test_a_picture_is_drawn_from_any_text(value: str) -> None:
    card = Card(
        title=value,
        subtitle=value,
        heading=value,
        columns=(value,),
        rows=(Row(value, value, (value,), note=value), Row("2", value)),
        badge=value,
        badge_label=value,
        footer=value,
        brand=value,
    )
    assert draw_card(card).startswith(b"\x89PNG")
    assert draw_card(Card(title=value, subtitle="", heading="", empty=value)).startswith(b"\x89PNG")


def test_a_line_break_in_a_name_is_drawn_as_a_space():
    assert drawable("Clubavond\r\nnovember\u2028 \u202eX\u200b") == "Clubavond november X"
    stored = Card(title="Clubavond\nnovember", subtitle="", heading="")
    assert draw_card(stored) == draw_card(Card(title="Clubavond november", subtitle="", heading=""))
