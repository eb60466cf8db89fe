"""A hook's secret is shown once and renewed with an overlap; the delivery log keeps the
receiver's status only.

* ``Delivery.response_excerpt`` (the first 500 characters of each answer) is dropped, with
  everything it stored: a hook aimed at a service on the LAN read that service's answers
  back through it.
* ``Hook.previous_secret`` and ``previous_secret_until``: after a new secret, deliveries are
  signed with the previous one too for a while.
* The idempotent answers kept for replay that carry a secret (a new API token's key, a hook's
  secret) are deleted: such an answer is never replayed (``web.api.idempotency``). Backwards this
  step does nothing.
"""

from django.db import migrations, models


def _carries_a_secret(body):
    return isinstance(body, dict) and ("secret" in body or ("key" in body and "prefix" in body))


def forget_answers_with_secrets(apps, schema_editor):
    IdempotencyRecord = apps.get_model("games", "IdempotencyRecord")
    shown = [
        record.pk
        for record in IdempotencyRecord.objects.filter(status_code__in=(200, 201)).only(
            "pk", "response"
        )
        if _carries_a_secret(record.response)
    ]
    IdempotencyRecord.objects.filter(pk__in=shown).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("webhooks", "0001_initial"),
        ("games", "0006_table_signoff"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="delivery",
            name="response_excerpt",
        ),
        migrations.AddField(
            model_name="hook",
            name="previous_secret",
            field=models.CharField(
                blank=True, default="", max_length=64, verbose_name="previous secret"
            ),
        ),
        migrations.AddField(
            model_name="hook",
            name="previous_secret_until",
            field=models.DateTimeField(
                blank=True, null=True, verbose_name="previous secret signs until"
            ),
        ),
        migrations.RunPython(forget_answers_with_secrets, migrations.RunPython.noop),
    ]
