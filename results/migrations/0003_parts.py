"""A session's games become its parts, whatever the game: the four points columns become one
list per seat, and a Bonken game's counts and doubles become its recorded data."""

from django.db import migrations, models


def to_parts(apps, schema_editor):
    Part = apps.get_model("games", "Part")
    for part in Part.objects.all().iterator(chunk_size=2000):
        data = {} if part.data is None else {part.level: part.data}
        data["doubles"] = part.doubles
        part.data = data
        part.points = [part.points_0, part.points_1, part.points_2, part.points_3]
        part.save(update_fields=["data", "points"])


def to_games(apps, schema_editor):
    Part = apps.get_model("games", "Part")
    for part in Part.objects.all().iterator(chunk_size=2000):
        data = dict(part.data or {})
        part.doubles = data.pop("doubles", [])
        part.data = data.get(part.level)
        part.points_0, part.points_1, part.points_2, part.points_3 = (part.points + [0] * 4)[:4]
        part.save()


class Migration(migrations.Migration):
    dependencies = [("games", "0002_session_results_protected")]

    operations = [
        migrations.RemoveConstraint(model_name="game", name="game_number_once"),
        migrations.RenameModel("Game", "Part"),
        migrations.RenameField("part", "contract", "kind"),
        migrations.RenameField("part", "chooser", "actor"),
        migrations.RenameField("part", "counts", "data"),
        migrations.AlterField("part", "actor",
                              models.PositiveSmallIntegerField(null=True, blank=True)),
        migrations.AlterField("part", "level", models.CharField(max_length=8, blank=True)),
        migrations.AlterField("part", "session", models.ForeignKey(
            on_delete=models.deletion.CASCADE, related_name="parts", to="games.session")),
        migrations.AddField("part", "points", models.JSONField(default=list)),
        migrations.RunPython(to_parts, to_games),
        migrations.RemoveField("part", "doubles"),
        migrations.RemoveField("part", "points_0"),
        migrations.RemoveField("part", "points_1"),
        migrations.RemoveField("part", "points_2"),
        migrations.RemoveField("part", "points_3"),
        migrations.AddConstraint("part", models.UniqueConstraint(
            fields=("session", "number"), name="part_number_once")),
    ]
