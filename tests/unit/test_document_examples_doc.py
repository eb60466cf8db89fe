"""docs/api.md shows every game's session document examples as the schema has them (written by
``python manage.py document_examples docs/api.md``), and the schema's operations carry them."""

from __future__ import annotations

from pathlib import Path

from drf_spectacular.generators import SchemaGenerator

from games.registry import games
from web.api.openapi.examples import document_examples, with_section

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_there_is_an_example_for_every_table_size_of_every_game():
    names = set(document_examples())
    assert names == {f"{g.code}_{n}_seats" for g in games().values() for n in g.table_sizes}


def test_docs_api_shows_the_examples_the_games_give():
    text = DOC.read_text(encoding="utf-8")
    assert text == with_section(text), (
        "docs/api.md's examples are not the games' own: run "
        "`python manage.py document_examples docs/api.md`"
    )


def test_the_schema_shows_them_on_each_operation_that_takes_a_document():
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    validate = paths["/api/v1/sessions/validate/"]["post"]["requestBody"]["content"]
    put = paths["/api/v1/tables/{table_id}/session/"]["put"]["requestBody"]["content"]
    part = paths["/api/v1/tables/{table_id}/session/games/"]["post"]["requestBody"]["content"]
    examples = document_examples()
    assert validate["application/json"]["examples"] == examples
    assert {n: e["value"]["document"] for n, e in put["application/json"]["examples"].items()} == {
        n: e["value"] for n, e in examples.items()
    }
    assert "jonkler_6_seats" in part["application/json"]["examples"]
