"""Sentry is off unless SENTRY_DSN is set; set, it starts with the Django and Celery
integrations and sends no personal data. (The DSN here points at a closed local port: nothing
leaves the machine, and no error is reported.)"""

import sentry_sdk

from config.observability import init_error_reporting


def test_off_without_a_dsn():
    assert init_error_reporting({}) is False
    assert init_error_reporting({"SENTRY_DSN": "  "}) is False


def test_on_with_a_dsn():
    try:
        assert init_error_reporting({"SENTRY_DSN": "http://public@127.0.0.1:9/1"}) is True
        client = sentry_sdk.get_client()
        assert client.is_active()
        assert not client.options.get("send_default_pii")
        assert client.options["traces_sample_rate"] == 0
        names = {type(i).__name__ for i in client.integrations.values()}
        assert {"DjangoIntegration", "CeleryIntegration"} <= names
    finally:
        sentry_sdk.get_client().close(timeout=0)
        sentry_sdk.init(dsn=None)
