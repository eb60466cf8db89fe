import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("clubs", "0004_apitoken_expires_at"),
        ("tournaments", "0005_seat_positions_per_game"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="HouseRuleset",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("game", models.CharField(max_length=20, verbose_name="game")),
                ("code", models.SlugField(max_length=30, verbose_name="code")),
                ("version", models.PositiveIntegerField(verbose_name="version")),
                ("name", models.CharField(max_length=100, verbose_name="name")),
                ("name_nl", models.CharField(max_length=100, verbose_name="Dutch name")),
                ("data", models.JSONField(verbose_name="rules")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("club", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="house_rulesets", to="clubs.club")),
                ("created_by", models.ForeignKey(blank=True, null=True,
                                                 on_delete=django.db.models.deletion.SET_NULL,
                                                 to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "verbose_name": "house ruleset",
                "verbose_name_plural": "house rulesets",
                "ordering": ["club_id", "game", "code", "-version"],
                "constraints": [models.UniqueConstraint(
                    fields=("club", "game", "code", "version"),
                    name="house_ruleset_version_once")],
            },
        ),
    ]
