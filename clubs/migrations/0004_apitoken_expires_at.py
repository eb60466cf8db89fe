from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("clubs", "0003_join_consent")]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="expires"),
        ),
    ]
