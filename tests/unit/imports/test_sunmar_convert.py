"""Converting the app's games into classic session documents (no database)."""

import copy

from games.bonken.rules import score_session
from games.bonken.sunmar import convert_backup, read_backup
from tests.sunmar_backups import (
    UNFINISHED_ID,
    build_backup,
    chooser_doubles_first,
    example_zip,
    finished_game,
    forced_rotation,
    renamed,
)


def convert(*games):
    return convert_backup(read_backup(build_backup(list(games))))


def test_the_example_converts_at_the_counts_level_and_skips_the_unfinished_game():
    conversion = convert_backup(read_backup(example_zip()))
    (game,) = conversion.games
    assert (game.level, game.rejected, game.problems, game.mismatches) == ("counts", False, [], [])
    assert game.players == ["Anna", "Bram", "Cees", "Daan"]
    assert game.evening.isoformat() == "2026-03-12"
    assert game.scored_at.isoformat() == "2026-03-12T21:58:40.902114+01:00"
    result = score_session(game.document)
    assert result.valid and result.complete
    assert result.totals == game.totals == [100, 60, -175, 15]
    (skipped,) = conversion.skipped
    assert (skipped.app_id, skipped.rounds, skipped.pending_round) == (UNFINISHED_ID, 3, True)
    assert conversion.player_names() == ["Anna", "Bram", "Cees", "Daan"]


def test_contracts_doubles_and_the_two_hearts():
    (game,) = convert(finished_game()).games
    by_round = {n: g for n, g in enumerate(game.document["games"], start=1)}
    assert by_round[6]["contract"] == "hearts"  # the app's heartPoints: the minus contract
    assert by_round[10]["contract"] == "trumps_hearts"  # the app's hearts: trumps
    assert by_round[7] == {"contract": "seventh_thirteenth", "chooser": 2, "counts": [1, 0, 1, 0]}
    assert by_round[4]["counts"] == [0, 1, 0, 0]
    assert by_round[2]["doubles"] == [[0, 1]]  # doubled: Anna doubles Bram
    assert by_round[3]["doubles"] == [[3, 2], [2, 3]]  # redoubled: both ways
    assert by_round[1]["chooser"] == 0  # Anna chose first


def test_stored_scores_that_disagree_are_listed():
    game = finished_game()
    anna, bram = game["players"][0]["id"], game["players"][1]["id"]
    game["rounds"][1]["scores"][anna] = -45
    game["rounds"][1]["scores"][bram] = 0
    (converted,) = convert(game).games
    assert converted.level == "counts"
    (mismatch,) = converted.mismatches
    assert (mismatch.round, mismatch.stored, mismatch.computed) == (
        2,
        [-45, 0, -90, -45],
        [-90, 45, -90, -45],
    )


def test_a_double_the_classic_rules_refuse_is_kept_at_the_net_level():
    (converted,) = convert(chooser_doubles_first(finished_game())).games
    assert converted.rejected and converted.level == "net"
    assert [(p.code, p.round) for p in converted.problems] == [("chooser_may_only_double_back", 2)]
    second = converted.document["games"][1]
    assert second == {"contract": "queens", "chooser": 1, "net": [-90, 45, -90, -45]}
    assert converted.document["games"][0]["counts"] == [4, 3, 2, 4]  # the others keep counts
    assert score_session(converted.document).totals == [100, 60, -175, 15]


def test_a_forced_rotation_keeps_only_the_totals():
    (converted,) = convert(forced_rotation(finished_game())).games
    assert converted.level == "totals"
    assert [p.code for p in converted.problems] == ["plus_contract_twice", "missing_plus_contract"]
    assert converted.document == {
        "game": "bonken",
        "ruleset": "classic",
        "seats": ["Anna", "Bram", "Cees", "Daan"],
        "totals": [100, 60, -175, 15],
    }


def test_a_session_that_cannot_add_up_is_not_importable():
    game = finished_game()
    five = game["rounds"][4]  # Anna's kings and jacks becomes a fifth plus contract
    five["gameId"] = "noTrump"
    five["input"]["counts"][0] = dict(zip(five["scores"], [4, 3, 3, 3], strict=True))
    (converted,) = convert(game).games
    assert converted.document is None and converted.level is None
    assert "not_zero_sum" in [p.code for p in converted.problems]


def test_unreadable_games_are_skipped_with_the_reason():
    broken = finished_game()
    broken["rounds"][3]["gameId"] = "poker"
    twin = renamed(finished_game(), "other-id", Bram="anna")
    dealer = copy.deepcopy(finished_game())
    dealer["id"] = "third"
    dealer["scoredAt"] = "yesterday"
    conversion = convert(broken, twin, dealer)
    assert conversion.games == []
    reasons = [(s.problems[0].code, s.problems[0].where) for s in conversion.skipped]
    assert reasons == [
        ("game_unreadable", "games[1].rounds[4]"),
        ("game_unreadable", "games[2]"),
        ("game_unreadable", "games[3]"),
    ]


def test_the_evening_of_a_game_finished_after_midnight():
    game = finished_game()
    game["scoredAt"] = "2026-03-13T00:40:00.000"
    (converted,) = convert(game).games
    assert converted.evening.isoformat() == "2026-03-12"
    assert converted.scored_at.utcoffset().total_seconds() == 3600
