"""The rating models move from ``tournaments`` to this app; their tables stay as they are
(``db_table``): the models are created in the state only, and the content types (with their
permissions and admin history) move to this app."""

import django.db.models.deletion
from django.db import migrations, models


MODELS = ("ratingpool", "playerrating", "ratedsession", "ratinghistory")


def _move(apps, source, target):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types(apps, schema_editor):
    _move(apps, "tournaments", "ratings")


def move_content_types_back(apps, schema_editor):
    _move(apps, "ratings", "tournaments")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0005_verbose_names'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0005_verbose_names'),
        ('tournaments', '0012_merge_round_timer'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='RatingPool',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('game', models.CharField(default='bonken', max_length=20, verbose_name='game')),
                    ('config', models.JSONField(blank=True, default=dict, verbose_name='rating configuration')),
                    ('applied_config', models.JSONField(blank=True, null=True, verbose_name='configuration applied')),
                    ('sessions_applied', models.PositiveIntegerField(default=0, verbose_name='sessions applied')),
                    ('revisions_applied', models.PositiveBigIntegerField(default=0, verbose_name='revisions applied')),
                    ('last_order_key', models.CharField(blank=True, default='', max_length=64, verbose_name='last order key')),
                    ('last_session_id', models.BigIntegerField(blank=True, null=True, verbose_name='last session')),
                    ('last_played_on', models.DateField(blank=True, null=True, verbose_name='last played on')),
                    ('dirty_from', models.CharField(blank=True, default='', max_length=64, verbose_name='replay from')),
                    ('updated_at', models.DateTimeField(blank=True, null=True, verbose_name='updated at')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_pools', to='clubs.club', verbose_name='club')),
                ],
                options={
                    'verbose_name': 'rating pool',
                    'verbose_name_plural': 'rating pools',
                    'db_table': 'tournaments_ratingpool',
                },
            ),
            migrations.CreateModel(
                name='RatingHistory',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('position', models.PositiveIntegerField(verbose_name='seat')),
                    ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                    ('played_on', models.DateField(verbose_name='played on')),
                    ('total', models.IntegerField(verbose_name='total')),
                    ('place', models.PositiveSmallIntegerField(verbose_name='place')),
                    ('actual_placement', models.FloatField(verbose_name='placement')),
                    ('expected_placement', models.FloatField(verbose_name='expected placement')),
                    ('mu_before', models.FloatField(verbose_name='mu before')),
                    ('sigma_before', models.FloatField(verbose_name='sigma before')),
                    ('ordinal_before', models.FloatField(verbose_name='rating before')),
                    ('mu_after', models.FloatField(verbose_name='mu after')),
                    ('sigma_after', models.FloatField(verbose_name='sigma after')),
                    ('ordinal_after', models.FloatField(verbose_name='rating after')),
                    ('sessions_played', models.PositiveIntegerField(verbose_name='sessions played')),
                    ('provisional', models.BooleanField(verbose_name='provisional')),
                    ('player', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_history', to='clubs.player', verbose_name='player')),
                    ('session', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='games.session', verbose_name='session')),
                    ('pool', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='history', to='ratings.ratingpool', verbose_name='rating pool')),
                ],
                options={
                    'verbose_name': 'rating history',
                    'verbose_name_plural': 'rating history',
                    'db_table': 'tournaments_ratinghistory',
                },
            ),
            migrations.CreateModel(
                name='RatedSession',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('revision', models.PositiveIntegerField(verbose_name='revision')),
                    ('order_key', models.CharField(max_length=64, verbose_name='order key')),
                    ('position', models.PositiveIntegerField(verbose_name='seat')),
                    ('played_on', models.DateField(verbose_name='played on')),
                    ('session', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='games.session', verbose_name='session')),
                    ('pool', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rated_sessions', to='ratings.ratingpool', verbose_name='rating pool')),
                ],
                options={
                    'verbose_name': 'rated session',
                    'verbose_name_plural': 'rated sessions',
                    'db_table': 'tournaments_ratedsession',
                },
            ),
            migrations.CreateModel(
                name='PlayerRating',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('mu', models.FloatField(verbose_name='mu')),
                    ('sigma', models.FloatField(verbose_name='sigma')),
                    ('ordinal', models.FloatField(verbose_name='rating')),
                    ('sessions_played', models.PositiveIntegerField(default=0, verbose_name='sessions played')),
                    ('provisional', models.BooleanField(default=True, verbose_name='provisional')),
                    ('last_played_on', models.DateField(blank=True, null=True, verbose_name='last played on')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='clubs.player', verbose_name='player')),
                    ('pool', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='ratings.ratingpool', verbose_name='rating pool')),
                ],
                options={
                    'verbose_name': 'player rating',
                    'verbose_name_plural': 'player ratings',
                    'db_table': 'tournaments_playerrating',
                },
            ),
            migrations.AddConstraint(
                model_name='ratingpool',
                constraint=models.UniqueConstraint(fields=('club', 'game'), name='rating_pool_per_game'),
            ),
            migrations.AddIndex(
                model_name='ratinghistory',
                index=models.Index(fields=['pool', 'player', 'position'], name='rating_history_player'),
            ),
            migrations.AddConstraint(
                model_name='ratinghistory',
                constraint=models.UniqueConstraint(fields=('pool', 'session', 'player'), name='rating_history_once'),
            ),
            migrations.AddConstraint(
                model_name='ratedsession',
                constraint=models.UniqueConstraint(fields=('pool', 'session'), name='rated_session_once'),
            ),
            migrations.AddConstraint(
                model_name='ratedsession',
                constraint=models.UniqueConstraint(fields=('pool', 'position'), name='rated_session_position'),
            ),
            migrations.AddIndex(
                model_name='playerrating',
                index=models.Index(fields=['pool', '-ordinal'], name='rating_pool_ordinal'),
            ),
            migrations.AddConstraint(
                model_name='playerrating',
                constraint=models.UniqueConstraint(fields=('pool', 'player'), name='rating_once_per_pool'),
            ),
        ]),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
