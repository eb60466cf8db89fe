"""A refused submit on every form (``core.refusals``): the summary's lines for
``includes/errors.html`` and, for an input written by hand, its message beside it.

``{% refusal_summary as found %}`` reads the include's ``form`` (and ``also``, a second form
on the same page: the correction's reason), ``errors`` (the service's problems), ``plain`` (no
"Game N:") and ``refused`` (the problems of the refused POST the page is drawn again for).

An input written by hand names its id in parts (``"code-" p.player_id``). Inside its tag,
``{% field_invalid problems "code-" p.player_id %}`` says ``aria-invalid`` and
``aria-describedby`` when a problem leads there (``field_described``: the latter alone, for a
button); ``{% field_error problems "code-" p.player_id %}`` writes the message beside it;
``{% refused_at problems "code-" p.player_id as here %}`` gives the message (to open a row)."""

from typing import Any

from django import template
from django.utils.html import format_html

from core.refusals import messages_at, refusal_of, summary_items

register = template.Library()


def _anchor(parts: tuple[Any, ...]) -> str:
    return "".join(str(part) for part in parts)


def _problems(problems: Any) -> list[Any]:
    return list(problems) if isinstance(problems, list | tuple) else []


@register.simple_tag(takes_context=True)
def refusal_summary(context: Any) -> list[dict[str, Any]]:
    errors = list(context.get("errors") or [])
    if context.get("refused"):
        errors += refusal_of(context.get("request"))
    return summary_items(
        [context.get("form"), context.get("also")], errors, plain=bool(context.get("plain"))
    )


@register.simple_tag
def refused_at(problems: Any, *parts: Any) -> str:
    return messages_at(_problems(problems), _anchor(parts))


@register.simple_tag
def field_invalid(problems: Any, *parts: Any) -> str:
    anchor = _anchor(parts)
    if not messages_at(_problems(problems), anchor):
        return ""
    return format_html(' aria-invalid="true" aria-describedby="{}_error"', anchor)


@register.simple_tag
def field_described(problems: Any, *parts: Any) -> str:
    """``aria-describedby`` alone, for a button (which ``aria-invalid`` does not fit)."""
    anchor = _anchor(parts)
    if not messages_at(_problems(problems), anchor):
        return ""
    return format_html(' aria-describedby="{}_error"', anchor)


@register.simple_tag
def field_error(problems: Any, *parts: Any) -> str:
    anchor = _anchor(parts)
    text = messages_at(_problems(problems), anchor)
    if not text:
        return ""
    return format_html('<p class="field-error" id="{}_error">{}</p>', anchor, text)
