"""What a Bonko result must agree with besides its own fields: the King's table's score and
the bell, the rolls adding up to the teams' scores and roll-offs, the called Bonkos matching
the rolls, and without rolls, Bonkos worth no more than the points a team made. Each check
adds its problems to ``errors`` (``scoring.score_round`` reads the document and calls them).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bonko.rules.errors import RuleError, num, rule_error, seat_list
from games.bonko.rules.reading import SEATS, Roll, Team
from games.bonko.rules.rolls import is_bonko, roll_points
from games.bonko.rules.rulesets import Ruleset


def check_bell(
    teams: list[Team],
    winner: int | None,
    rules: Ruleset,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> None:
    """The King's table plays to the bell: its winners have at least the bell score. Level
    scores are checked before the roll-off decides the winner (whoever wins it has that score),
    so a refusal asks for the roll-off and the scores at once."""
    first, second = teams
    if winner is not None:
        team = teams[winner]
        assert team.score is not None
        if team.score < rules.bell_score:
            errors.append(
                rule_error(
                    "king_below_bell",
                    None,
                    f"teams[{winner}].score",
                    bell=num(rules.bell_score),
                    team=team.label(winner + 1, names),
                    score=num(team.score),
                )
            )
        return
    level = first.score
    if level is None or level != second.score or level >= rules.bell_score:
        return
    errors.append(
        rule_error(
            "king_below_bell",
            None,
            "teams[0].score",
            variant="level",
            bell=num(rules.bell_score),
            score=num(level),
            first=first.label(1, names),
            second=second.label(2, names),
        )
    )


def check_rolls(
    teams: list[Team],
    rolls: list[Roll],
    target: int,
    rules: Ruleset,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> list[int] | None:
    """Check that the rolls add up to each team's score and roll-off points (both teams have
    as many roll-off sessions); the called Bonkos per seat, or None when the teams could not be
    read."""
    if any(team.seats is None or team.score is None or team.rolloff is None for team in teams):
        return None
    sessions = len(teams[0].rolloff or ())
    points = [[0] * (sessions + 1) for _ in range(SEATS)]
    bonkos = [0] * SEATS
    for roll in rolls:
        points[roll.seat][roll.session] += roll_points(roll.dice, target, rules, called=roll.called)
        if is_bonko(roll.dice, target, called=roll.called):
            bonkos[roll.seat] += 1
    for index, team in enumerate(teams):
        assert team.seats is not None and team.score is not None and team.rolloff is not None
        recorded = [team.score, *team.rolloff]
        for session, expected in enumerate(recorded):
            total = sum(points[seat][session] for seat in team.seats)
            if total == expected:
                continue
            label = team.label(index + 1, names)
            if session == 0:
                errors.append(
                    rule_error(
                        "rolls_sum",
                        None,
                        f"teams[{index}].score",
                        team=label,
                        total=num(total),
                        score=num(expected),
                    )
                )
            else:
                errors.append(
                    rule_error(
                        "rolls_sum",
                        None,
                        f"teams[{index}].rolloff[{session - 1}]",
                        variant="rolloff",
                        team=label,
                        session=session,
                        total=num(total),
                        score=num(expected),
                    )
                )
    return bonkos


def check_bonkos(
    bonkos: list[int] | None,
    rolled: list[int],
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> list[int]:
    if bonkos is None:
        return rolled
    for seat in range(SEATS):
        if bonkos[seat] != rolled[seat]:
            errors.append(
                rule_error(
                    "bonkos_mismatch",
                    None,
                    f"bonkos[{seat}]",
                    seats=seat_list([seat], names),
                    count=num(bonkos[seat]),
                    rolled=num(rolled[seat]),
                )
            )
    return bonkos


def check_bonko_points(
    teams: list[Team],
    bonkos: list[int],
    rules: Ruleset,
    names: Sequence[str] | None,
    errors: list[RuleError],
) -> None:
    """Without rolls: a team's Bonkos cannot be worth more than all the points it made."""
    for index, team in enumerate(teams):
        if team.seats is None or team.score is None or team.rolloff is None:
            continue
        count = sum(bonkos[seat] for seat in team.seats)
        made = team.score + sum(team.rolloff)
        if count * rules.bonko_points > made:
            errors.append(
                rule_error(
                    "bonkos_range",
                    None,
                    "bonkos",
                    variant="points",
                    team=team.label(index + 1, names),
                    count=num(count),
                    points=num(count * rules.bonko_points),
                    score=num(made),
                )
            )
