from django.db import migrations, models


class Migration(migrations.Migration):
    """Every event names its game; the events so far played Bonken."""

    dependencies = [("tournaments", "0003_ratings_and_standings_config")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="game",
            field=models.CharField(default="bonken", max_length=20, verbose_name="game"),
        ),
    ]
