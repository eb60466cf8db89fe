"""Error reporting to Sentry, switched on by ``SENTRY_DSN`` (off when it is unset or empty).

Web requests and Celery tasks report their unhandled errors; no personal data is sent (the
SDK's default), and performance tracing only when
``SENTRY_TRACES_SAMPLE_RATE`` asks for it.
"""

from __future__ import annotations

from collections.abc import Mapping


def init_error_reporting(environ: Mapping[str, str]) -> bool:
    """Start Sentry when ``environ`` names a DSN; whether it did."""
    dsn = environ.get("SENTRY_DSN", "").strip()
    if not dsn:
        return False
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environ.get("SENTRY_ENVIRONMENT", "production"),
        integrations=[DjangoIntegration(), CeleryIntegration()],
        traces_sample_rate=float(environ.get("SENTRY_TRACES_SAMPLE_RATE", "0")),
    )
    return True
