"""What every web view needs: localized problems (on a page or a form), permission answers,
htmx detection and a link as a QR code. (Whether the user has a role in a club is
``clubs.view_helpers.has_role``.)"""

from collections.abc import Iterable, Mapping
from typing import Any

import segno
from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from django_htmx.middleware import HtmxDetails

from core.errors import ServiceError, Text
from core.errors import problem as api_problem
from core.parsing import whole_number


def dutch() -> bool:
    return (get_language() or "nl").startswith("nl")


def problems(errors: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The service's problems with ``text`` in the page's language (message_nl in Dutch)."""
    use_nl = dutch()
    return [
        {**error, "text": (error.get("message_nl") if use_nl else None) or error["message"]}
        for error in errors
    ]


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (a fragment is wanted, not the whole page)."""
    return bool(getattr(request, "htmx", None) or HtmxDetails(request))


def refused(request: HttpRequest, exc: ServiceError | None = None) -> HttpResponse:
    """The answer to a request its user may not make: sign in first, or a 403 page."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    errors = problems(exc.errors) if exc is not None else []
    return render(request, "403.html", {"errors": errors}, status=403)


def attach_problems(form: forms.Form, errors: list[dict[str, Any]]) -> None:
    """Show the service's problems on the form: on their field if it has one, else on top."""
    for error in errors:
        field = error.get("field")
        form.add_error(field if field in form.fields else None, error["text"])


class BadParameter(BadRequest):
    """A form field or query parameter a page reads by hand that is not what it must be. The
    site answers it with a 400 page that names the field (``bad_request``, the ``handler400``),
    whichever view raised it."""

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__("; ".join(error["message"] for error in errors))
        self.errors = errors


def number_from(data: Mapping[str, Any], name: str) -> int | None:
    """The whole number (an id, a seat, a game's number) that the form field or query parameter
    ``name`` of ``data`` (``request.POST``, ``request.GET``) sends, read by the one rule for
    numbers from text (``core.parsing.whole_number``: ASCII digits only, spaces around them
    allowed): None when it is absent or empty. Anything else (``abc``, ``1.5``, ``-1``, ``٣``)
    raises ``BadParameter`` naming the field: a 400 page, never a 500 and never another
    number."""
    value = data.get(name)
    if value is None or not str(value).strip():
        return None
    number = whole_number(str(value).strip())
    if number is None:
        raise BadParameter(
            [
                api_problem(
                    "invalid_parameter",
                    Text(
                        _("%(name)s must be a whole number in the digits 0 to 9, not '%(value)s'."),
                        name=name,
                        value=str(value)[:40],
                    ),
                    field=name,
                )
            ]
        )
    return number


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 400 (``handler400``): a ``BadParameter`` names its field in the page's
    language (the API's one error shape under ``/api/``); anything else gets Django's own."""
    if not isinstance(exception, BadParameter):
        return defaults.bad_request(request, exception)  # type: ignore[arg-type]
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": exception.errors}, status=400)
    return render(request, "bad_request.html", {"errors": problems(exception.errors)}, status=400)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404. A table's link that leads nowhere says what probably happened (the
    seating was redone, or the link was mistyped) and whom to ask, instead of a bare "Not
    found"."""
    if request.path.startswith("/api/"):  # the API's one error shape, not a page
        return JsonResponse({"errors": [api_problem("not_found", _("Not found."))]}, status=404)
    template = "stale_link.html" if request.path.startswith("/t/") else "404.html"
    return render(request, template, status=404)


def refused_or_told(request: HttpRequest, exc: ServiceError) -> HttpResponse | None:
    """A command the service turned down: the 403 page (or the sign-in page) when the user may
    not do it; otherwise its problems become messages on the next page and None is returned
    (the caller redirects)."""
    if exc.status_code == 403:
        return refused(request, exc)
    for problem in problems(exc.errors):
        messages.error(request, problem["text"])
    return None


def refused_or_on_form(
    request: HttpRequest, exc: ServiceError, form: forms.Form
) -> HttpResponse | None:
    """A form's write the service turned down: the 403 page when the user may not make it;
    otherwise its problems are shown on the form and None is returned (the caller renders)."""
    if exc.status_code == 403:
        return refused(request, exc)
    attach_problems(form, problems(exc.errors))
    return None


def short_names(names: list[str]) -> list[str]:
    """First names where they tell the players at a table apart, full names otherwise."""
    first = [name.split()[0] if name.split() else name for name in names]
    return first if len(set(first)) == len(first) else names


def qr_svg(url: str, scale: int = 4, light: str | None = None) -> str:
    """A link as an inline SVG QR code (``light``: a background colour, for a dark page)."""
    return mark_safe(  # noqa: S308
        segno.make(url, error="m").svg_inline(scale=scale, omitsize=True, light=light)
    )  # noqa: S308
