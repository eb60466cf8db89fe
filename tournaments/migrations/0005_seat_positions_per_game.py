from django.db import migrations, models


class Migration(migrations.Migration):
    """A seat's position is checked against its event's game by the services; the database
    keeps positions within the largest table any game has."""

    dependencies = [("tournaments", "0004_event_game")]

    operations = [
        migrations.RemoveConstraint(model_name="seat", name="seat_position_0_3"),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.CheckConstraint(
                condition=models.Q(position__gte=0, position__lt=16), name="seat_position_range"
            ),
        ),
    ]
