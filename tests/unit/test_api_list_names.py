"""A GET that answers a page of rows is a list in the schema's names too: a generated client
calls it ``..._list``, never ``..._retrieve`` (which reads one object)."""

from __future__ import annotations

from drf_spectacular.generators import SchemaGenerator


def test_every_page_of_rows_is_read_by_a_list_operation():
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    names = {}
    for path, item in paths.items():
        operation = item.get("get")
        if not operation:
            continue
        ref = (
            operation["responses"]
            .get("200", {})
            .get("content", {})
            .get("application/json", {})
            .get("schema", {})
            .get("$ref", "")
        )
        names[path] = (operation["operationId"], ref.rsplit("/", 1)[-1])
    pages = {path: name for path, (name, ref) in names.items() if ref.startswith("Paginated")}
    assert len(pages) >= 20
    assert all(name.endswith("_list") for name in pages.values()), pages
    assert names["/api/v1/events/{event_id}/standings/"][0] == "v1_events_standings_list"
    assert names["/api/v1/events/{event_id}/"][0] == "v1_events_retrieve"
