"""The design system in static/css/site.css: its colour tokens reach WCAG AA contrast in the
light and the dark scheme, dark mode follows the device, and no page pulls a stylesheet from
elsewhere."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "static/css/site.css").read_text(encoding="utf-8")

# (text, background): every pair the rules put together.
PAIRS = [
    ("ink", "paper"),
    ("ink", "surface"),
    ("ink", "subtle"),
    ("muted", "paper"),
    ("muted", "surface"),
    ("muted", "subtle"),
    ("green", "surface"),
    ("green", "green-light"),
    ("blue", "surface"),
    ("blue", "paper"),
    ("blue", "blue-light"),
    ("red", "surface"),
    ("red", "red-light"),
    ("amber", "amber-light"),
    ("on-accent", "accent"),
    ("on-danger", "danger"),
    ("on-header", "header"),
    ("ink", "green-light"),
]


def tokens(block: str) -> dict[str, str]:
    found = re.findall(r"--([a-z-]+):\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", block)
    return {
        name: "#" + (hex_ if len(hex_) == 6 else "".join(c * 2 for c in hex_))
        for name, hex_ in found
    }


def schemes() -> dict[str, dict[str, str]]:
    light = tokens(CSS[CSS.index(":root {") : CSS.index("@media (prefers-color-scheme: dark)")])
    dark_start = CSS.index("@media (prefers-color-scheme: dark)")
    dark = {**light, **tokens(CSS[dark_start : CSS.index("}\n}", dark_start)])}
    return {"light": light, "dark": dark}


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_colours_reach_aa_contrast(scheme, text, background):
    colours = schemes()[scheme]
    ratio = contrast(colours[text], colours[background])
    assert ratio >= 4.5, f"{scheme}: --{text} on --{background} is {ratio:.2f}:1"


def test_the_dark_scheme_changes_the_surfaces():
    light, dark = schemes()["light"], schemes()["dark"]
    assert luminance(dark["paper"]) < 0.05 < luminance(light["paper"])
    assert "color-scheme: light dark" in CSS


def test_type_scale_and_spacing_are_tokens():
    for name in ("step--1", "step-0", "step-1", "step-2", "step-3", "space-1", "space-6"):
        assert f"--{name}:" in CSS
    assert "font-size: var(--step-3)" in CSS  # h1


def test_no_stylesheet_from_elsewhere():
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r'<link[^>]+href="(https?:)?//', text), template
