# Rating pools per game and the unfinished tables and substitutes, made side by side.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_rating_pool_per_game'),
        ('tournaments', '0008_substitutes'),
    ]

    operations = [
    ]
