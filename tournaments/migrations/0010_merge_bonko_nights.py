# The Bonko nights (bell, standings stats, teams) beside the other changes made meanwhile.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_bonko_nights'),
        ('tournaments', '0009_merge_ratings_per_game'),
    ]

    operations = [
    ]
