"""The OpenAPI schema and the requests held to it: what the schema needs beyond the views and
serializers (``schema``), every operation's error answers (``schema_errors``) and headers
(``schema_headers``), and the query parameters it declares, and no others (``query_guard``)."""
