"""The rule for names (``core.names``) on its own: normalized is idempotent and NFC, a typed
name is refused for the first character the rule refuses (its kind, code and position in both
languages), a cleaned name never holds one."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from core.errors import ServiceError
from core.names import (
    cleaned_name,
    first_refused,
    normalized,
    refused_kind,
    typed_name,
)

# Text with plenty of what the rule is about: spaces of every kind, line breaks, controls,
# direction marks, zero-width and other format characters, combining marks, surrogates.
SPECIAL = (
    " \t\n\r\x0b\x0c\x1c\x1f\x7f\x85\xa0\u1680\u2000\u2007\u200a\u2028\u2029\u202f\u3000"
    "\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2066\u2069\u2060\ufeff\u00ad\u061c\u034f"
    "\u3164\u0301\u0308\u0327e\u00e9A\u1100\u1161\u11a8\ud800\U000e0041\ufe0f"
)
TEXT = st.text(st.one_of(st.characters(), st.sampled_from(SPECIAL)), max_size=40)


def label() -> str:
    return "The player's name"


@given(TEXT)
@example("e\u200b\u0301")  # the zero-width space between the letter and its accent goes
@example(" \u0301e")
def test_normalized_is_idempotent_nfc_and_has_no_runs_of_spaces(value: str) -> None:
    once = normalized(value)
    assert normalized(once) == once
    assert unicodedata.is_normalized("NFC", once)
    assert once == once.strip() and "  " not in once
    assert not any(c.isspace() and c != " " for c in once)


@given(TEXT)
@example("e\u200b\u0301")
def test_a_cleaned_name_has_nothing_the_rule_refuses_and_is_normalized(value: str) -> None:
    clean = cleaned_name(value)
    assert first_refused(clean) is None
    assert normalized(clean) == clean
    assert cleaned_name(clean) == clean
    assert typed_name(clean, field="name", label=label()) == clean


@given(TEXT)
def test_a_typed_name_is_refused_exactly_when_it_holds_a_refused_character(value: str) -> None:
    kept = unicodedata.normalize("NFC", value).strip()
    bad = [c for c in kept if refused_kind(c) is not None]
    try:
        name = typed_name(value, field="name", label=label())
    except ServiceError as refusal:
        assert bad
        [problem] = refusal.errors
        assert problem["code"] == "invalid_name" and problem["field"] == "name"
        assert f"U+{ord(bad[0]):04X}" in problem["message"]
    else:
        assert not bad
        assert name == normalized(value)


@pytest.mark.parametrize(
    ("value", "english", "dutch"),
    [
        (
            "Anna\u202eadnA",
            "The player's name contains a text direction mark (U+202E) at position 5: a name "
            "is one line of visible text.",
            "De naam van de speler bevat een richtingsteken (U+202E) op positie 5: een naam is "
            "één regel zichtbare tekst.",
        ),
        ("  Bram\u200b", "an invisible character (U+200B) at position 5", "onzichtbaar teken"),
        ("Cees\nDaan", "a line break (U+000A) at position 5", "een regeleinde (U+000A)"),
        ("Daan\u2028Eva", "a line break (U+2028)", "een regeleinde (U+2028)"),
        ("Eva\x85Fleur", "a line break (U+0085)", "een regeleinde (U+0085)"),
        ("Fleur\tGijs", "a control character (U+0009)", "een stuurteken (U+0009)"),
        ("Gijs\x00", "a control character (U+0000)", "een stuurteken (U+0000)"),
        ("\u2066Hanna\u2069", "a text direction mark (U+2066) at position 1", "richtingsteken"),
        ("Ivo\ufeff", "an invisible character (U+FEFF)", "een onzichtbaar teken (U+FEFF)"),
        ("\u3164", "an invisible character (U+3164)", "onzichtbaar teken"),
    ],
)
def test_the_refusal_names_the_field_the_character_and_where_it_is(value, english, dutch):
    from django.utils.translation import gettext_lazy as _

    with pytest.raises(ServiceError) as refusal:
        typed_name(value, field="name", label=_("The player's name"))
    [problem] = refusal.value.errors
    assert english in problem["message"]
    assert dutch in problem["message_nl"]


def test_accepted_names_are_normalized_and_their_line_breaks_at_the_ends_trimmed():
    assert typed_name("  Chloe\u0308\u00a0 van  der\u3000Berg\n", field="n", label="x") == (
        "Chloë van der Berg"
    )
    # A variation selector (an emoji's colour) is no format character: it stays.
    assert typed_name("Zoë 🂡 ❤\ufe0f", field="n", label="x") == "Zoë 🂡 ❤\ufe0f"


def test_cleaned_names_keep_words_apart_and_drop_the_invisible():
    assert cleaned_name("Clubavond\r\nnovember") == "Clubavond november"
    assert cleaned_name("\u202eAnna\u200b de\x0bVries\u2029") == "Anna de Vries"
    assert cleaned_name("\u200b\u2066") == ""
