from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0003_parts")]

    operations = [
        migrations.AddField(
            model_name="idempotencyrecord",
            name="headers",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
