"""An event's tie-break order is stored empty until the organizer sets one: empty ranks by the
event's game's order. Events that kept the old default ranked by their game's order already
(the old default could not be told apart from an order set on purpose), so they become empty:
nothing ranks differently, and an order set from now on is used as set."""

from django.db import migrations, models

import tournaments.models.standings_rules

OLD_DEFAULT = ["total", "table_wins", "placement_points"]


def empty_the_old_default(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(standings_order=OLD_DEFAULT).update(standings_order=[])


def back_to_the_old_default(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Event.objects.filter(standings_order=[]).update(standings_order=OLD_DEFAULT)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_event_standings_count"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="standings_order",
            field=models.JSONField(
                blank=True,
                default=list,
                validators=[tournaments.models.standings_rules.validate_standings_order],
                verbose_name="tie-break order",
            ),
        ),
        migrations.RunPython(empty_the_old_default, back_to_the_old_default),
    ]
