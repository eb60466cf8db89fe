"""Players check themselves in at the event's door link: every event gets its own door token
(existing events one each), a sign-in setting, and entries remember a door check-in and a
player leaving after a round."""

import secrets

from django.db import migrations, models

import tournaments.models.events


def give_every_event_a_door(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.filter(door_token__isnull=True).only("pk"):
        event.door_token = secrets.token_urlsafe(18)
        event.save(update_fields=["door_token"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0013_move_ratings_to_ratings_app'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='door_sign_in',
            field=models.BooleanField(default=False, verbose_name='sign-in required at the door'),
        ),
        migrations.AddField(
            model_name='event',
            name='door_token',
            field=models.CharField(max_length=32, null=True, verbose_name='door link'),
        ),
        migrations.RunPython(give_every_event_a_door, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='event',
            name='door_token',
            field=models.CharField(default=tournaments.models.events.new_door_token, max_length=32, unique=True, verbose_name='door link'),
        ),
        migrations.AddField(
            model_name='eventplayer',
            name='door_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='checked in at the door'),
        ),
        migrations.AddField(
            model_name='eventplayer',
            name='door_device',
            field=models.CharField(blank=True, default='', max_length=64, verbose_name='door phone'),
        ),
        migrations.AddField(
            model_name='eventplayer',
            name='door_undone',
            field=models.BooleanField(default=False, verbose_name='door check-in taken back'),
        ),
        migrations.AddField(
            model_name='eventplayer',
            name='leaving_after',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='leaving after round'),
        ),
    ]
