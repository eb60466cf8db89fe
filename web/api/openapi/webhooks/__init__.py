"""The webhooks' deliveries in the OpenAPI schema (3.0.3, which has no top-level ``webhooks``):
one component per kind, ``Webhook<Kind>`` (``WebhookNightPlanned``, ..., ``WebhookPing``), each
the whole JSON body a receiver gets, with an example; and a callback per kind on the operation
that registers a hook (``POST /api/v1/hooks/``: the deliveries go to the ``url`` it gives), with
the headers every delivery carries.

The bodies are the envelope ``{"id", "kind", "created_at", "club", "club_name", "club_slug",
"club_url", "data"}`` (``resent_from``
when sent again, ``week.webhooks.sending.body_of``); ``data`` is the kind's payload, built where
the change is made (``tournaments.announce``, ``week.planning.services``,
``week.webhooks.services.hook_ping``). Every object here is closed (``additionalProperties``
false), so a payload that grew a key the schema does not declare fails the tests that validate
real deliveries against these components (``tests/integration/test_webhook_kinds.py``).

The parts: ``shapes`` (the building blocks and the parts every kind shares), ``nights`` (the
calendar's kinds), ``events`` (an event's, its rounds' and results' kinds, and the ping),
``examples`` (one whole body per kind) and ``hook`` (the envelopes, the callbacks and the
post-processing hook itself).
"""
