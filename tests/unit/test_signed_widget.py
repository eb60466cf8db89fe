"""A field that may be negative: the digit keypad, the ± button beside it, and the typed text
read back as Python reads a number."""

from django import forms

from core.widgets import SignedNumberInput


class Sheet(forms.Form):
    points = forms.IntegerField(required=False, widget=SignedNumberInput(attrs={"class": "p"}))


def test_the_field_has_the_digit_keypad_a_pattern_with_a_minus_and_the_button():
    html = str(Sheet()["points"])
    assert 'type="text"' in html and 'inputmode="numeric"' in html
    assert 'pattern="-?[0-9]*"' in html and 'class="p"' in html
    assert 'data-sign-toggle aria-controls="id_points"' in html


def test_a_typographic_minus_and_spaces_read_as_a_negative_number():
    for typed, read in (("\u2212 35", -35), ("-120", -120), (" 40 ", 40), ("\u201310", -10)):
        form = Sheet({"points": typed})
        assert form.is_valid() and form.cleaned_data["points"] == read, typed


def test_a_minus_alone_is_refused_by_name():
    form = Sheet({"points": "-"})
    assert not form.is_valid() and "points" in form.errors
