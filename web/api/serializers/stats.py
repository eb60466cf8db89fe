"""The shape of a player's statistics in the API (``GET /players/{id}/stats/``)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from ranking.stats.selectors import PlayerStats, contract_names


class StatsPlacementSerializer(serializers.Serializer):
    placement = serializers.IntegerField(help_text="A finish at the table, from 1.")
    count = serializers.IntegerField()


class StatsSummarySerializer(serializers.Serializer):
    sessions = serializers.IntegerField(help_text="Counted sessions played.")
    total = serializers.IntegerField(help_text="Points over those sessions.")
    average = serializers.FloatField(allow_null=True, help_text="Points per session.")
    best = serializers.IntegerField(allow_null=True)
    worst = serializers.IntegerField(allow_null=True)
    wins = serializers.IntegerField(help_text="Sessions finished first (alone or shared).")
    placements = StatsPlacementSerializer(
        many=True, help_text="How often each finish at the table, best first."
    )


class StatsFigureSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    name_nl = serializers.CharField()
    total = serializers.IntegerField(help_text="Summed over the player's sessions.")


class StatsContractSerializer(serializers.Serializer):
    contract = serializers.CharField()
    name = serializers.CharField()
    name_nl = serializers.CharField()
    played = serializers.IntegerField(help_text="Games of this contract the player played.")
    chosen = serializers.IntegerField(help_text="Of those, chosen by the player.")
    points = serializers.IntegerField(help_text="The player's points in them, after doubling.")
    average = serializers.FloatField(allow_null=True, help_text="Points per game.")
    doubles_made = serializers.IntegerField(help_text="Doubles the player made.")
    doubled = serializers.IntegerField(help_text="Doubles made against the player.")
    doubling_won = serializers.IntegerField(
        help_text="What the player's own doubles moved to them (negative: cost them)."
    )
    doubled_cost = serializers.IntegerField(
        help_text="What the doubles against the player moved to them (negative: cost them)."
    )
    doubling_net = serializers.IntegerField(help_text="doubling_won + doubled_cost.")


class StatsOpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    sessions = serializers.IntegerField(help_text="Sessions at the same table.")
    ahead = serializers.IntegerField(help_text="Sessions the player finished ahead.")
    behind = serializers.IntegerField()
    level = serializers.IntegerField()
    difference = serializers.IntegerField(
        help_text="The player's points minus the opponent's, over those sessions."
    )


class StatsEveningSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    date = serializers.DateField()
    sessions = serializers.IntegerField()
    total = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)
    average_placement = serializers.FloatField(
        allow_null=True, help_text="The mean finish at the table that evening."
    )


class PlayerStatsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    game = serializers.CharField(help_text="The game these figures are of.")
    games = serializers.ListField(
        child=serializers.CharField(), help_text="The games the player has counted sessions of."
    )
    summary = StatsSummarySerializer()
    figures = StatsFigureSerializer(
        many=True, help_text="The game's own figures per seat (such as wins)."
    )
    contracts = StatsContractSerializer(
        many=True, help_text="Per contract, for a game whose parts are contracts."
    )
    opponents = StatsOpponentSerializer(many=True, help_text="Head to head, most met first.")
    form = StatsEveningSerializer(many=True, help_text="The last evenings, oldest first.")


def stats_data(stats: PlayerStats) -> dict[str, Any]:
    names = contract_names(stats.game)
    s = stats.summary
    return {
        "player": stats.player.pk,
        "player_name": stats.player.name,
        "game": stats.game,
        "games": stats.games,
        "summary": {
            "sessions": s.sessions,
            "total": s.total,
            "average": s.average,
            "best": s.best,
            "worst": s.worst,
            "wins": s.wins,
            "placements": [{"placement": p, "count": n} for p, n in s.places],
        },
        "figures": [
            {"code": f.code, "name": f.name, "name_nl": f.name_nl, "total": f.total}
            for f in stats.figures
        ],
        "contracts": [
            {
                "contract": c.contract,
                "name": names.get(c.contract, (c.contract, c.contract))[0],
                "name_nl": names.get(c.contract, (c.contract, c.contract))[1],
                "played": c.games,
                "chosen": c.chosen,
                "points": c.points,
                "average": c.average,
                "doubles_made": c.doubles_made,
                "doubled": c.doubled,
                "doubling_won": c.doubling_won,
                "doubled_cost": c.doubled_cost,
                "doubling_net": c.doubling_net,
            }
            for c in stats.contracts
        ],
        "opponents": [
            {
                "player": o.player_id,
                "player_name": name,
                "sessions": o.sessions,
                "ahead": o.ahead,
                "behind": o.behind,
                "level": o.level,
                "difference": o.difference,
            }
            for o, name in stats.opponents
        ],
        "form": [
            {
                "event": e.event_id,
                "event_name": e.event_name,
                "date": e.played_on,
                "sessions": e.sessions,
                "total": e.total,
                "average": e.average,
                "average_placement": e.average_place,
            }
            for e in stats.evenings
        ],
    }
