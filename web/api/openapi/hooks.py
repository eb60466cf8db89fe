"""The schema's post-processing, in order (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``
runs drf-spectacular's enums, then ``postprocess``)."""

from __future__ import annotations

from typing import Any

from web.api.openapi import examples, schema, schema_errors, schema_headers
from web.api.openapi.webhooks import hook as webhooks

HOOKS = (
    schema.game_documents,  # each game's document a component, referred to wherever one goes
    examples.examples_hook,  # a document of each game and table size where one is taken
    webhooks.webhook_payloads,  # each webhook kind's body, and a callback per kind
    schema.game_codes,
    schema.text_not_blank,
    schema.date_times,
    schema.patch_defaults,
    schema.path_names,
    schema.list_names,
    schema_errors.error_responses,
    schema_headers.headers,
)


def postprocess(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    for hook in HOOKS:
        result = hook(result, generator=generator, request=request, public=public)
    return result
