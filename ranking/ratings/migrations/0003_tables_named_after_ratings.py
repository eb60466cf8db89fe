"""The rating tables take their app's name: ``tournaments_ratingpool`` becomes
``ratings_ratingpool`` and so on (a rename: no row is copied)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0002_history_indexed_by_position'),
    ]

    operations = [
        migrations.AlterModelTable(
            name='playerrating',
            table=None,
        ),
        migrations.AlterModelTable(
            name='ratedsession',
            table=None,
        ),
        migrations.AlterModelTable(
            name='ratinghistory',
            table=None,
        ),
        migrations.AlterModelTable(
            name='ratingpool',
            table=None,
        ),
    ]
