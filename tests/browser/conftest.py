"""A real Chromium for the browser tests: Debian's ``chromium-headless-shell`` (or its
``chromium``) driven by Playwright.

Playwright never downloads a browser here; it starts the system Chromium headless with a
fresh profile. Without Chromium (or Playwright) the tests skip, unless REQUIRE_SERVICES=1
(CI), where they fail. axe-core (shipped inside the ``axe-playwright-python`` package) checks
the key pages for accessibility problems, each shape of page once in a run (the test
processes side by side share what they read; runs given one ``AXE_SHAPES`` folder, as CI's
two legs are, share it too, as long as the project's templates, styles and scripts are the
same).

Screenshots are for people to look at (``artifacts/browser/``, ``artifacts/look/``): they are
written when ``SCREENSHOTS=1`` (``make screenshots``), with phones drawn at two device pixels per
CSS pixel as real ones are. The suite's own runs take no pictures and draw phones at one device
pixel per CSS pixel: the layout, every measurement and every check are the same, the drawing
costs a quarter.
"""

import functools
import hashlib
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
SCREENSHOTS = os.environ.get("SCREENSHOTS") == "1"
PIXEL_RATIO = 2 if SCREENSHOTS else 1
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": PIXEL_RATIO,
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


def snap(page: Any, path: Path, *, full_page: bool = True) -> Path:
    """A screenshot of ``page`` at ``path`` for people to look at, when SCREENSHOTS=1."""
    if SCREENSHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path


# The shape of a page as axe-core reads it: every element's tag, classes, role, type, ARIA
# attributes, and whether it holds text of its own, with runs of siblings of one shape (a
# table's rows, a list's players) counted once, at the page's width. Two pages of one shape
# get the same answer from axe-core, whatever their words, numbers and language.
_SHAPE = """
  const VALUED = /^aria-(hidden|live|expanded|current|invalid|modal)$|^role$|^type$/;
  const shapes = new Map();
  const shape = (element) => {
    const own = [...element.childNodes].some(
      (node) => node.nodeType === 3 && node.textContent.trim());
    const attributes = [...element.attributes]
      .filter((a) => a.name.startsWith("aria-") || ["role", "type", "alt", "title",
        "tabindex", "hidden", "disabled", "lang", "scope", "open"].includes(a.name))
      .map((a) => a.name + (VALUED.test(a.name) ? "=" + a.value : ""))
      .join(",");
    let inner = "", previous = null;
    for (const child of element.children) {
      const part = shape(child);
      if (part !== previous) inner += part;
      previous = part;
    }
    const whole = `<${element.tagName}.${[...element.classList].sort().join(".")}` +
      `${element.id ? "#" : ""}[${attributes}]${own ? "t" : ""}${inner}>`;
    shapes.set(element, whole);
    return whole;
  };
"""
_PAGE_SHAPE = "() => {" + _SHAPE + "return innerWidth + shape(document.documentElement); }"
# axe-core's reading of a page, of the page its shape stands for: in a run of siblings of one
# shape (a table's rows) it reads the first two and the last (odd and even rows, the last row's
# own style) and leaves the middle out while it reads; they are back where they were after.
_AXE_RUN = (
    "async () => {"
    + _SHAPE
    + """
  shape(document.documentElement);
  const out = [];
  const leaveOut = (element) => {
    const children = [...element.children];
    let from = 0;
    for (let i = 1; i <= children.length; i++) {
      if (i < children.length && shapes.get(children[i]) === shapes.get(children[from])) continue;
      for (const child of children.slice(from + 2, i - 1)) {
        out.push([child, element, child.nextSibling]);
      }
      from = i;
    }
    for (const child of element.children) leaveOut(child);
  };
  leaveOut(document.documentElement);
  for (const [child] of out) child.remove();
  try {
    return await axe.run(document, {resultTypes: ["violations"]});
  } finally {
    for (const [child, parent, next] of out.reverse()) {
      parent.insertBefore(child, next && next.parentNode === parent ? next : null);
    }
  }
}"""
)
# The shapes of the pages axe-core found nothing serious on, in this test process; and, when
# the suite runs side by side (xdist), a folder the processes of the run share, a file a shape.
_CHECKED: set[str] = set()
_SHARED: list[Path] = []


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

    def shot(self, page: Any, name: str, *, axe: bool = True, look: Path | None = None) -> Path:
        """A screenshot (when SCREENSHOTS=1; a copy at ``look`` too) and axe's check."""
        self.count += 1
        path = snap(page, ARTIFACTS / f"{self.count:02d}-{name}.png")
        if look is not None:
            snap(page, look)
        if axe:
            self.check(page, name)
        return path

    def check(self, page: Any, name: str) -> None:
        needs("axe-core (pip install axe-playwright-python)", self.axe is not None)
        if page.context not in self.prepared:
            raise AssertionError("the page's context is not watched: create it with prepare()")
        shape = hashlib.sha256(page.evaluate(_PAGE_SHAPE).encode()).hexdigest()
        if shape in _CHECKED or any((shared / shape).exists() for shared in _SHARED):
            return  # axe-core has read a page of this shape in this run
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            # Through the DevTools protocol, which the page's Content-Security-Policy does not
            # govern (an inline script tag would be refused).
            page.evaluate(_axe_source(self.axe))
        result = page.evaluate(_AXE_RUN)
        found = len(self.violations)
        for violation in result["violations"]:
            if violation.get("impact") in ("serious", "critical"):
                targets = [n["target"] for n in violation["nodes"]][:3]
                self.violations.append(
                    f"{name}: {violation['id']} ({violation['impact']}) {violation['help']} "
                    f"{targets}"
                )
        if len(self.violations) == found:
            _CHECKED.add(shape)
            for shared in _SHARED:
                (shared / shape).touch()


_NOT_LOOK = {"artifacts", "node_modules", "__pycache__", "staticfiles", "var"}


def _look_fingerprint() -> str:
    """What decides axe-core's answer besides a page's shape: axe-core itself and every
    template, style sheet and script of the project (colours, inline styles, what a script
    adds). Two runs of one fingerprint read the same pages the same way."""
    digest = hashlib.sha256()
    axe = _axe_script()
    if axe is not None:
        digest.update(axe.read_bytes())
    for folder, folders, files in os.walk(ROOT):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in _NOT_LOOK)
        for name in sorted(files):
            if name.endswith((".html", ".css", ".js", ".svg")):
                path = Path(folder) / name
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture
def audit(tmp_path_factory: pytest.TempPathFactory) -> Audit:
    if not _SHARED:
        if os.environ.get("PYTEST_XDIST_WORKER"):
            # xdist gives each process a folder of its own inside the run's.
            shared = tmp_path_factory.getbasetemp().parent / "axe-shapes"
            shared.mkdir(exist_ok=True)
            _SHARED.append(shared)
        if os.environ.get("AXE_SHAPES"):
            # Runs that share a folder (CI's two legs, on one commit) share what they found
            # clean, under the fingerprint of the project's look.
            shared = Path(os.environ["AXE_SHAPES"]) / _look_fingerprint()
            shared.mkdir(parents=True, exist_ok=True)
            _SHARED.append(shared)
    return Audit()
