"""A whole number that may be negative, typed on a phone.

iPhones show no minus on the keypad of ``inputmode="numeric"`` (nor reliably on that of
``type="number"``), and most Bonken points are negative. So a signed field is a text input with
the digit keypad (``inputmode="numeric"``, ``pattern="-?[0-9]*"``) and a ± button beside it
that flips the sign (``static/js/signed-number.js``). Without the script the field still takes
a typed minus. The value read back accepts the typographic minus (U+2212) and stray spaces.

In a form: ``forms.IntegerField(widget=SignedNumberInput())``. In a template without a form:
``{% include "includes/signed_number.html" with id="..." name="..." value=... label="..." %}``.
Fields that can never be negative keep ``inputmode="numeric"`` and no button.
"""

from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

SIGNED_ATTRS = {
    "inputmode": "numeric",
    "pattern": "-?[0-9]*",
    "autocomplete": "off",
    "data-signed": "",
}
TOGGLE_LABEL = _("Plus or minus")


def signed_text(value: str) -> str:
    """A typed signed number as Python reads it: the typographic minus and spaces dropped."""
    return value.replace("\u2212", "-").replace("\u2013", "-").replace(" ", "").strip()


class SignedNumberInput(forms.TextInput):
    """A text input with the digit keypad and a ± button (see the module's text)."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({**SIGNED_ATTRS, **(attrs or {})})

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,
    ) -> SafeString:
        field = super().render(name, value, attrs, renderer)
        field_id = (attrs or {}).get("id") or self.attrs.get("id") or ""
        return format_html(
            '<span class="signed">{}<button type="button" class="sign-toggle" data-sign-toggle '
            'aria-controls="{}" aria-label="{}" title="{}">±</button></span>',
            field,
            field_id,
            TOGGLE_LABEL,
            TOGGLE_LABEL,
        )

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        value = super().value_from_datadict(data, files, name)
        return signed_text(value) if isinstance(value, str) else value
