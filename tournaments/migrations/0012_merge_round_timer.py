# The round timer beside the verbose names made meanwhile.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0011_round_timer'),
        ('tournaments', '0011_verbose_names'),
    ]

    operations = [
    ]
