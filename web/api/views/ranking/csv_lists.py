"""The lists that are also CSV files (ratings, rating histories, season standings):
``?format=csv`` gives the whole list as a CSV file, ``?format=excel-nl`` the same for a Dutch
Excel, instead of a JSON page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.csv_safe import CHARSET, EXCEL_NL, MEDIA_TYPE, attachment, csv_bytes


class CSVRenderer(BaseRenderer):
    """Renders ``{"columns": [...], "rows": [[...], ...]}`` (or an error list) as CSV."""

    media_type = MEDIA_TYPE
    format = "csv"
    charset = CHARSET
    dutch_names: dict[str, str] | None = None

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        excel_nl = self.format == EXCEL_NL
        columns: list[str] | None
        rows: Any
        if isinstance(data, dict) and "columns" in data:
            columns, rows = data["columns"], data["rows"]
        elif isinstance(data, dict) and "errors" in data:
            columns = ["code", "message", "field"]
            rows = [
                [
                    e.get("code"),
                    e.get("message_nl" if excel_nl else "message") or e.get("message"),
                    e.get("field"),
                ]
                for e in data["errors"]
            ]
        else:  # nothing to write: an empty file (for Dutch Excel, its byte order mark)
            columns, rows = None, []
        return csv_bytes(columns, rows, excel_nl=excel_nl, dutch_names=self.dutch_names)


class ExcelNLCSVRenderer(CSVRenderer):
    """The same CSV for a Dutch Excel (``?format=excel-nl``): semicolons, a byte order mark,
    decimal commas and Dutch headings, so a double-click opens it in columns."""

    format = EXCEL_NL
    dutch_names = {"player": "Speler-id", "club": "Club-id", "session": "Sessie-id"}


FORMAT = OpenApiParameter(
    "format",
    OpenApiTypes.STR,
    enum=["json", "csv", EXCEL_NL],
    description="csv: the whole list as a CSV file (no pages); excel-nl: the same for a Dutch "
    "Excel (semicolons, a byte order mark, decimal commas, Dutch headings).",
)


class CsvListView(APIView):
    """A list that is also a CSV file: ``?format=csv`` (or ``excel-nl``) gives the whole list,
    otherwise a JSON page."""

    renderer_classes = [JSONRenderer, CSVRenderer, ExcelNLCSVRenderer]

    def wants_csv(self, request: Request) -> bool:
        return getattr(request.accepted_renderer, "format", "") in ("csv", EXCEL_NL)

    def csv_response(self, filename: str, columns: list[str], rows: list[list[Any]]) -> Response:
        response = Response({"columns": columns, "rows": rows})
        response["Content-Disposition"] = attachment(filename)
        return response
