"""The rating models move to the ``ratings`` app: removed from this app's state only, their
tables stay (``ratings.models`` names them)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_merge_round_timer'),
        ('ratings', '0001_move_ratings_to_ratings_app'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.RemoveField(
                model_name='ratedsession',
                name='pool',
            ),
            migrations.RemoveField(
                model_name='ratedsession',
                name='session',
            ),
            migrations.RemoveField(
                model_name='ratinghistory',
                name='player',
            ),
            migrations.RemoveField(
                model_name='ratinghistory',
                name='pool',
            ),
            migrations.RemoveField(
                model_name='ratinghistory',
                name='session',
            ),
            migrations.RemoveField(
                model_name='ratingpool',
                name='club',
            ),
            migrations.DeleteModel(
                name='PlayerRating',
            ),
            migrations.DeleteModel(
                name='RatedSession',
            ),
            migrations.DeleteModel(
                name='RatingHistory',
            ),
            migrations.DeleteModel(
                name='RatingPool',
            ),
        ]),
    ]
