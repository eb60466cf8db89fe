"""The browser tests' accessibility check itself: axe-core reads a long table by its first two
rows and its last, finds a serious problem in a row of that kind, and leaves the page as it was
(every row back in its place, in order, with what was typed into it)."""

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

ROWS = 40


def table(points_class: str) -> str:
    rows = "".join(
        f'<tr><td>Player {n}</td><td><input aria-label="Score {n}" value="{n}"></td>'
        f'<td class="{points_class}">{n * 10}</td></tr>'
        for n in range(1, ROWS + 1)
    )
    return (
        '<!doctype html><html lang="en"><head><title>Standings</title>'
        "<style>.plain { color: #111; background: #fff } .faint { color: #bbb; background: #fff }"
        "</style></head><body><main>"
        f"<h1>Standings</h1><table><thead><tr><th>Name</th><th>Score</th><th>Points</th></tr>"
        f"</thead><tbody>{rows}</tbody></table></main></body></html>"
    )


def rows(page) -> list[str]:
    return page.eval_on_selector_all(
        "tbody tr",
        "rows => rows.map(r => r.cells[0].textContent + '=' + r.querySelector('input').value)",
    )


def test_a_long_table_is_read_by_its_kind_of_row_and_left_whole(chromium, audit):
    page = audit.prepare(chromium.new_context(**PHONE)).new_page()
    page.set_content(table("plain"))
    page.fill("input[aria-label='Score 20']", "215")
    before = rows(page)
    audit.check(page, "long table")
    assert audit.violations == []
    assert rows(page) == before and len(before) == ROWS
    assert "Player 20=215" in before

    # Grey on white in every row: a serious problem, found though most rows were left out.
    page.set_content(table("faint"))
    audit.check(page, "long table, faint")
    assert any("color-contrast" in found for found in audit.violations), audit.violations
    assert len(rows(page)) == ROWS
