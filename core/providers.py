"""Work a lower layer needs from a higher one, handed down at start-up (dependency inversion).

The apps depend one way (the import contracts in ``.importlinter``, checked by
``lint-imports``). Where a lower layer needs what only a higher one can compute (seating a swiss
round needs the standings as they are now, which read the sessions), the lower layer declares a
``Provider`` and the higher app registers its function from its ``AppConfig.ready``; the lower
layer calls the provider and never imports the higher app. The rule itself stays in one place:
the higher app's function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

from django.core.exceptions import ImproperlyConfigured

P = ParamSpec("P")
R = TypeVar("R")


class Provider(Generic[P, R]):
    """A function a higher app hands down; calling the provider calls it."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._function: Callable[P, R] | None = None

    def register(self, function: Callable[P, R]) -> Callable[P, R]:
        self._function = function
        return function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._function is None:
            raise ImproperlyConfigured(f"Nothing provides {self.what}: is its app installed?")
        return self._function(*args, **kwargs)
