"""A route's URL name is its view's name, for every address the service routes.

The whole URLconf is walked (``get_resolver()``, through every ``include``, so the games'
plug-in routes of ``core.game_plugins`` and the API's too). The rule, for each view of the
project's own code routed with ``path()``:

* a function view: the URL name is the function's ``__name__`` (``round_close`` routes
  ``tournaments.rounds.views.lifecycle.round_close`` as ``manage:round_close``);
* a class-based view (``View.as_view()``, DRF's ``APIView.as_view()``): the URL name is the
  class's name without its ``View`` ending, in snake case (``RoundCloseView`` as
  ``round_close``, ``DoorCheckInView`` as ``door_check_in``).

The names a view takes read ``<thing>_<what>``: the thing the address is about, then ``page``
for the page that shows it, a verb for what is done to it (``event_publish``, ``night_cancel``)
or the kind of file (``standings_csv``, ``event_picture``, ``club_feed``).

Not covered: the admin's routes (Django names them ``<app>_<model>_<action>``); the routes
DRF's router makes for the API's view sets, which keep DRF's ``<basename>-<action>`` names
(``event-list``, ``event-detail``, ``hook-new-secret``; checked to have that form, with a
hyphen, so they never look like a ``path()`` route's name); and the views of Django and the
libraries (``set_language``, sign-out and the password's pages, the API's root and its schema's
pages), whose names are theirs.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.viewsets import ViewSetMixin

# The service's own code: a view whose module's file is in the repository (not in the
# virtualenv's libraries).
ROOT = Path(__file__).resolve().parents[2]
KEBAB = r"[a-z0-9]+(?:-[a-z0-9]+)*"


def routes(
    resolver: URLResolver | None = None, namespace: str = "", prefix: str = ""
) -> Iterator[tuple[str, str, URLPattern]]:
    """Every route as (its full name with namespaces, its address, the pattern)."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from routes(pattern, inner, prefix + str(pattern.pattern))
        else:
            yield f"{namespace}{pattern.name}", prefix + str(pattern.pattern), pattern


def snake(class_name: str) -> str:
    """``RoundCloseView`` -> ``round_close`` (the class-based views' rule)."""
    name = class_name.removesuffix("View")
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def view_of(pattern: URLPattern) -> object:
    callback = pattern.callback
    return getattr(callback, "view_class", None) or getattr(callback, "cls", None) or callback


def is_project(view: object) -> bool:
    module = sys.modules[getattr(view, "__module__", "")]
    path = Path(getattr(module, "__file__", None) or "/").resolve()
    return path.is_relative_to(ROOT) and not path.is_relative_to(ROOT / ".venv")


def test_snake_case_of_class_names():
    assert snake("RoundCloseView") == "round_close"
    assert snake("DoorCheckInView") == "door_check_in"
    assert snake("LoginView") == "login"
    assert snake("APIRootView") == "api_root"


def test_every_routed_view_has_its_url_name():
    differ = []
    seen = 0
    for full_name, address, pattern in routes():
        view: Any = view_of(pattern)
        if (
            full_name.startswith("admin:")
            or not is_project(view)
            or (isinstance(view, type) and issubclass(view, ViewSetMixin))
        ):
            continue
        seen += 1
        expected = snake(view.__name__) if isinstance(view, type) else view.__name__
        if pattern.name != expected:
            differ.append(
                f"/{address}: URL name {full_name!r}, view {view.__module__}.{view.__name__}"
                f" (so {expected!r})"
            )
    assert seen > 100, "the URLconf's routes were not found"
    assert differ == [], "a route's URL name differs from its view's name:\n" + "\n".join(differ)


def test_router_routes_keep_drfs_names():
    """A view set's routes: ``<basename>-list``, ``-detail`` or ``-<the action's url_name>``."""
    wrong = []
    for full_name, address, pattern in routes():
        view = view_of(pattern)
        if not (isinstance(view, type) and issubclass(view, ViewSetMixin)):
            continue
        actions = set(pattern.callback.actions.values())  # type: ignore[attr-defined]
        if actions & {"list", "create"}:
            suffix = "list"
        elif actions & {"retrieve", "update", "partial_update", "destroy"}:
            suffix = "detail"
        else:
            (action,) = actions
            suffix = getattr(view, action).url_name
        if not re.fullmatch(rf"{KEBAB}-{re.escape(suffix)}", pattern.name or ""):
            wrong.append(f"/{address}: {full_name!r} is not <basename>-{suffix}")
    assert wrong == []


def test_the_games_plug_in_routes_are_walked():
    games = [
        name
        for name, _address, pattern in routes()
        if view_of(pattern).__module__.startswith("games.")
    ]  # type: ignore[attr-defined]
    assert games, "no route of an installed game's plug-in was found"
