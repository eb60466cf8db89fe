"""A real Chromium for the browser tests: Debian's ``chromium-headless-shell`` (or its
``chromium``) driven by Playwright.

Playwright never downloads a browser here; it starts the system Chromium headless with a
fresh profile. Without Chromium (or Playwright) the tests skip, unless REQUIRE_SERVICES=1
(CI), where they fail. Screenshots go to ``artifacts/browser/``; axe-core (shipped inside
the ``axe-playwright-python`` package) checks the key pages for accessibility problems.
"""

import functools
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CHROMIUM, ROOT, chromium_available, needs

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
ARTIFACTS = ROOT / "artifacts" / "browser"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1200, "height": 900}}


def _axe_script() -> Path | None:
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "axe.min.js"
    return path if path.exists() else None


@functools.cache
def _axe_source(path: Path) -> str:
    return path.read_text()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    needs(
        "Chromium and Playwright (apt-get install chromium-headless-shell; make install)",
        chromium_available(),
    )
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are
    # synchronous all the same.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        # launch() gives every run a fresh temporary profile (its own --user-data-dir).
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(autouse=True)
def _pages_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every page a test opened when it ends: a page left open keeps polling the live
    server (the door's arrivals, the queue of kept entries) while later tests run."""
    yield
    if "chromium" in request.fixturenames:
        for context in list(request.getfixturevalue("chromium").contexts):
            context.close()


class Audit:
    """Screenshots and axe results collected over a test, checked at its end."""

    def __init__(self) -> None:
        self.axe = _axe_script()
        self.prepared: list[Any] = []  # the contexts prepare() watches
        self.violations: list[str] = []
        self.questions: list[str] = []  # the confirmations destructive actions asked
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.count = 0

    def prepare(self, context: Any) -> Any:
        """Count every CSP violation a page of ``context`` reports as a failure, and say yes to
        the confirmations its destructive actions ask. axe-core is loaded into a page when it
        is checked (``check``), not into every page the test opens."""
        needs("axe-core (pip install axe-playwright-python)", self.axe is not None)
        self.prepared.append(context)

        def console(message: Any) -> None:
            if "Content Security Policy" in message.text:
                self.violations.append(f"CSP: {message.text[:200]}")

        context.on("console", console)

        def confirm(dialog: Any) -> None:  # a destructive action asks: the test says yes
            self.questions.append(dialog.message)
            dialog.accept()

        context.on("page", lambda page: page.on("dialog", confirm))
        return context

    def shot(self, page: Any, name: str, *, axe: bool = True) -> Path:
        self.count += 1
        path = ARTIFACTS / f"{self.count:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        if axe:
            self.check(page, name)
        return path

    def check(self, page: Any, name: str) -> None:
        needs("axe-core (pip install axe-playwright-python)", self.axe is not None)
        if page.context not in self.prepared:
            raise AssertionError("the page's context is not watched: create it with prepare()")
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            # Through the DevTools protocol, which the page's Content-Security-Policy does not
            # govern (an inline script tag would be refused).
            page.evaluate(_axe_source(self.axe))
        result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
        for violation in result["violations"]:
            if violation.get("impact") in ("serious", "critical"):
                targets = [n["target"] for n in violation["nodes"]][:3]
                self.violations.append(
                    f"{name}: {violation['id']} ({violation['impact']}) {violation['help']} "
                    f"{targets}"
                )


@pytest.fixture
def audit() -> Audit:
    return Audit()
