"""A refused submit, shown one way on every form (the house rule): a summary at the top of the
form (``templates/includes/errors.html``) that says what is wrong, each problem a link to its
field, and each field's own message beside it (``aria-describedby``, ``aria-invalid``);
``static/js/site.js`` brings the summary into view and gives it the focus.

- ``summary_items``: the summary's lines, from the page's forms and the service's problems.
- ``field_anchor``: the id a line about a form field leads to.
- ``anchored``: the service's problems of a form written by hand, each pointed at its input.
- ``page_again``: a refused write that was posted to an address of its own (a table's
  sign-off, an answer to a night, closing a round) answers with the page its form is on,
  drawn again with the refusal (``refusal_of``), at the refusal's status.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.translation import gettext as _

REFUSAL = "refusal"  # the attribute of the request drawn again that carries the problems
KEPT = "refused_data"  # and what the refused form sent (to fill its inputs in again)


def field_anchor(bound: forms.BoundField) -> str:
    """The id of the element a summary line about ``bound`` links to: its input, or the first
    of its radio buttons or check boxes; empty for a hidden field (nothing to go to). A form
    that draws a field's inputs itself says where they are (``field_anchor(name)``)."""
    if bound.is_hidden or not bound.auto_id:
        return ""
    own = getattr(bound.form, "field_anchor", None)
    if callable(own) and (found := own(bound.name)):
        return str(found)
    if bound.id_for_label:
        return str(bound.id_for_label)
    options = [w for w in bound.subwidgets if str(w.data.get("value", "")) != ""]
    return str(options[0].id_for_label) if options else str(bound.auto_id)


def form_items(form: forms.BaseForm) -> list[dict[str, Any]]:
    """A form's problems as the summary's lines (``text``, ``anchor``, ``label``): its general
    problems, then each field's in the order of the form (for a page whose forms are many,
    such as a paper sheet's hands, that names them itself)."""
    items: list[dict[str, Any]] = [{"text": str(error)} for error in form.non_field_errors()]
    for name in form.fields:
        if name not in form.errors:
            continue
        bound = form[name]
        text = " ".join(str(error) for error in form.errors[name])
        anchor = field_anchor(bound)
        label = str(bound.label or "")
        if not anchor or not label or label.rstrip(":") in text:
            items.append({"text": text, "anchor": anchor})
        else:
            items.append({"text": text, "anchor": anchor, "label": label.rstrip(":")})
    return items


def summary_items(
    found: Iterable[forms.BaseForm | None],
    errors: Iterable[Mapping[str, Any]] | None = None,
    *,
    plain: bool = False,
) -> list[dict[str, Any]]:
    """The summary's lines: the service's problems first (``errors``: ``text``, and an
    ``anchor`` when one of the page's inputs is theirs; a problem whose ``field`` is a field of
    the forms links to it; ``game`` says "Game N:" unless ``plain``), then each form's own (its
    general problems, then each field's, in the order of the form, named by the field's label),
    each line once."""
    shown = [form for form in found if isinstance(form, forms.BaseForm) and form.is_bound]
    anchors = {
        name: field_anchor(form[name]) for form in shown for name in form.fields if form.errors
    }
    items: list[dict[str, Any]] = []
    for error in errors or []:
        text = str(error.get("text") or error.get("message") or "")
        if error.get("game") and not plain:
            text = _("Game %(n)s") % {"n": error["game"]} + ": " + text
        anchor = error.get("anchor") or anchors.get(str(error.get("field") or ""), "")
        items.append({"text": text, "anchor": anchor, "label": error.get("label") or ""})
    for form in shown:
        items += form_items(form)
    unique: list[dict[str, Any]] = []
    seen: set[tuple[str, str, str]] = set()
    for item in items:
        key = (item["text"], item.get("anchor") or "", item.get("label") or "")
        if item["text"] and key not in seen:
            seen.add(key)
            unique.append(item)
    return unique


def anchored(
    problems: Iterable[Mapping[str, Any]], ids: Mapping[str | None, str]
) -> list[dict[str, Any]]:
    """The service's problems of a form written by hand, each with the id of its input
    (``ids``: a problem's ``field`` to the input's id; the key None for those whose field is
    not on the form, which otherwise have no link)."""
    return [
        {**problem, "anchor": ids.get(problem.get("field"), ids.get(None, ""))}
        for problem in problems
    ]


def messages_at(problems: Iterable[Mapping[str, Any]] | None, anchor: str) -> str:
    """The message beside the input ``anchor``: the texts of the problems that lead to it."""
    return " ".join(
        str(problem.get("text") or "")
        for problem in problems or []
        if anchor and problem.get("anchor") == anchor
    )


def page_again(
    request: HttpRequest,
    view: Callable[..., HttpResponse],
    problems: list[dict[str, Any]],
    *args: Any,
    status: int = 400,
    **kwargs: Any,
) -> HttpResponse:
    """``view``'s page (as its GET draws it) answering a refused POST, with ``problems`` for
    its summary and fields (``refusal_of``), at ``status``: the form's own page, where the
    person tapped, instead of a redirect that leaves the message out of sight."""
    again = copy.copy(request)
    again.method = "GET"
    again.POST = QueryDict()
    setattr(again, REFUSAL, problems)
    setattr(again, KEPT, request.POST)
    response = view(again, *args, **kwargs)
    if response.status_code == 200:
        response.status_code = status
    return response


def refusal_of(request: HttpRequest | None) -> list[dict[str, Any]]:
    """The problems of the refused POST that ``request`` draws its page again for, or []."""
    return list(getattr(request, REFUSAL, None) or [])


def refused_data(request: HttpRequest | None) -> Mapping[str, Any]:
    """What the refused form sent, for the page drawn again to fill its inputs in with."""
    return getattr(request, KEPT, None) or {}
