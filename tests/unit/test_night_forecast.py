"""What the answers to a planned night give at the tables, in words: for every count of players
and every game's table sizes the night's page says something true, in English and Dutch (no
"tables of , 3 sitting out" when the players fill no table)."""

import re

import pytest
from django.utils import translation

from games.registry import games
from week.planning.forecast import (
    coming_sentence,
    layout_text,
    maybe_sentence,
    seating_for,
)

GAMES = {code: (tuple(game.table_sizes), game.preferred_size) for code, game in games().items()}
# "one table of 4", "tables of 2 × 5 + 4" and their Dutch.
TABLES = re.compile(r"(?:one table of|één tafel van|tables of|tafels van) ([\d ×+]+?)(?=[.,;]|$)")
OUT = re.compile(
    r"(\d+) (?:would sit out|sitting out|zou uitzitten|zouden uitzitten|zit uit|zitten uit)"
)
TOO_FEW = re.compile(r"(?:too few for a table of|te weinig voor een tafel van) (\d+)")
ASK = re.compile(r"(?:Ask|Vraag nog) (\d+) (?:more )?(?:player|players|speler|spelers)")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def seated(text: str) -> int:
    """The players the tables a sentence names seat."""
    (tables,) = TABLES.findall(text)
    return sum(
        int(count) * int(size) if "×" in part else int(part)
        for part in tables.split("+")
        for count, _times, size in [part.strip().partition(" × ")]
    )


def out(text: str) -> int:
    found = OUT.findall(text)
    return int(found[0]) if found else 0


def test_the_night_of_the_phone_walk_says_three_are_too_few_for_a_table_of_four():
    coming = seating_for(2, (4,), 4)
    all_come = seating_for(3, (4,), 4)
    with translation.override("nl"):
        assert (
            coming_sentence(coming)
            == "2 komen: te weinig voor een tafel van 4. Vraag nog 2 spelers."
        )
        assert maybe_sentence(1, all_come) == (
            "1 misschien; als ze allemaal komen, zijn 3 nog te weinig voor een tafel van 4."
        )
    with translation.override("en"):
        assert coming_sentence(coming) == "2 coming: too few for a table of 4. Ask 2 more players."
        assert maybe_sentence(1, all_come) == (
            "1 maybe; if they all come, 3 are still too few for a table of 4."
        )


@pytest.mark.parametrize(
    ("language", "players", "game", "said"),
    [
        ("en", 0, "bonken", "Nobody said they are coming yet."),
        ("nl", 0, "jonkler", "Nog niemand zei te komen."),
        ("en", 1, "bonanza", "1 coming: too few for a table of 2. Ask 1 more player."),
        ("nl", 1, "bonanza", "1 komt: te weinig voor een tafel van 2. Vraag nog 1 speler."),
        ("en", 2, "bonanza", "2 coming: one table of 2."),
        ("nl", 4, "bonken", "4 komen: één tafel van 4."),
        ("en", 7, "jonkler", "7 coming: tables of 4 + 3."),
        ("nl", 12, "bonanza", "12 komen: tafels van 2 × 6."),
        (
            "en",
            17,
            "bonken",
            "17 coming: tables of 4 × 4; 1 would sit out. Ask 3 more players to seat everyone.",
        ),
        (
            "nl",
            6,
            "bonko",
            "6 komen: één tafel van 4; 2 zouden uitzitten. "
            "Vraag nog 2 spelers om iedereen te laten spelen.",
        ),
    ],
)
def test_what_those_coming_give(language, players, game, said):
    with translation.override(language):
        assert plain(coming_sentence(seating_for(players, *GAMES[game]))) == said


@pytest.mark.parametrize(
    ("language", "yes", "maybe", "game", "said"),
    [
        ("en", 0, 1, "bonken", "1 maybe; if they all come, 1 is still too few for a table of 4."),
        (
            "nl",
            0,
            1,
            "bonken",
            "1 misschien; als ze allemaal komen, is 1 nog te weinig voor een tafel van 4.",
        ),
        ("en", 2, 1, "jonkler", "1 maybe; if they all come: one table of 3."),
        ("nl", 3, 2, "bonken", "2 misschien; als ze allemaal komen: één tafel van 4, 1 zit uit."),
        ("en", 8, 3, "bonken", "3 maybe; if they all come: tables of 2 × 4, 3 sitting out."),
    ],
)
def test_what_the_night_gives_if_the_maybes_come(language, yes, maybe, game, said):
    with translation.override(language):
        assert plain(maybe_sentence(maybe, seating_for(yes + maybe, *GAMES[game]))) == said


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_count_at_every_game_gets_a_true_sentence(game, language):
    sizes, preferred = GAMES[game]
    with translation.override(language):
        for players in range(0, 41):
            seating = seating_for(players, sizes, preferred)
            said = [plain(coming_sentence(seating))]
            if players:  # one of them said maybe
                said.append(plain(maybe_sentence(1, seating)))
            for text in said:
                assert "%(" not in text and "  " not in text, text
                assert not re.search(r"(of|van) *[,.;]", text), text
                too_few = TOO_FEW.findall(text)
                if not players:
                    assert seating.layout == () and not TABLES.findall(text), text
                elif too_few:  # no table at all: the smallest one is more than there are
                    assert int(too_few[0]) == min(sizes) > players, text
                    assert not TABLES.findall(text), text
                else:  # the tables named and those sitting out are everyone
                    assert seated(text) + out(text) == players, text
                    assert seated(text) == sum(seating.layout), text
            asked = ASK.findall(coming_sentence(seating))
            if asked:  # that many more fill every seat, and fewer would not
                more = int(asked[0])
                assert seating_for(players + more, sizes, preferred).sits_out == 0
                assert all(
                    seating_for(players + fewer, sizes, preferred).sits_out
                    for fewer in range(0, more)
                )


def test_tables_are_written_the_same_in_every_language_on_one_line():
    assert layout_text([5, 5, 4]) == "2\u00a0×\u00a05\u00a0+\u00a04"
    assert layout_text([4]) == "4"
    assert layout_text([]) == ""
