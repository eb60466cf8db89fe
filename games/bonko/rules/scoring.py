"""score_round: validate and score one Bonko document, one table's result of one round.

The document::

    {"game": "bonko", "ruleset": "bonko", "set": 1, "round": 3,
     "king": false,                                   # optional: the King's table
     "bell": true,                                    # optional: the bell rang
     "teams": [{"seats": [0, 2], "score": 23, "rolloff": []},
               {"seats": [1, 3], "score": 17, "rolloff": []}],
     "bonkos": [0, 1, 0, 0],                          # optional: called Bonkos per seat
     "rolls": [{"seat": 1, "dice": [3, 3, 3], "called": true}, ...]}   # optional

Every problem is reported at once (at most 200); a valid document always has exactly one
winning team and is complete. The decisions where the rules are silent are in README.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.bonko.rules.errors import (
    RuleError,
    cap_errors,
    listing,
    num,
    quoted,
    rule_error,
    unknown_fields,
)
from games.bonko.rules.reading import SEATS, Roll, Team, read_bonkos, read_rolls, read_teams
from games.bonko.rules.round_checks import check_bell, check_bonko_points, check_bonkos, check_rolls
from games.bonko.rules.rulesets import DIE_FACES, RULESETS, Ruleset
from games.seam import Part, Scored, is_int

GAME_CODE = "bonko"
DEFAULT_RULESET = "bonko"
MAX_SET = 999
DOCUMENT_KEYS = frozenset(
    ("game", "ruleset", "set", "round", "king", "bell", "teams", "bonkos", "rolls")
)


def score_round(
    document: object, *, ruleset: object = None, names: Sequence[str] | None = None
) -> Scored:
    """Validate and score a document; never raises for bad input. ``ruleset`` (a Ruleset or a
    built-in code) replaces the document's; ``names`` are the four players in seat order."""
    errors: list[RuleError] = []
    if names is not None:
        if len(names) != SEATS:
            one = "one" if len(names) == 1 else None  # "1 name was given"
            errors.append(
                rule_error("seats_mismatch", None, None, variant=one, count=num(len(names)))
            )
            names = None
        elif not all(isinstance(name, str) for name in names):
            names = None
    if not isinstance(document, dict):
        return _invalid([rule_error("document_type"), *errors])
    if not document.keys() <= DOCUMENT_KEYS:
        unknown_fields(document, DOCUMENT_KEYS, errors)
    game = document.get("game")
    if game is not None and game != GAME_CODE:
        errors.append(rule_error("unknown_game", None, "game", name=quoted(game)))
    rules = _ruleset(document, ruleset, errors)
    set_number = document.get("set")
    if not (is_int(set_number) and 1 <= set_number <= MAX_SET):
        errors.append(rule_error("set_range", None, "set", sets=MAX_SET))
    rounds = rules.rounds_per_set if rules is not None else DIE_FACES
    target = document.get("round")
    if not (is_int(target) and 1 <= target <= rounds):
        errors.append(rule_error("round_range", None, "round", rounds=rounds))
        target = None
    king = _flag(document, "king", errors)
    bell = _flag(document, "bell", errors)
    teams = read_teams(document.get("teams"), names, errors)
    sessions = _sessions(teams)
    raw_rolls = document.get("rolls")
    rolls = None if raw_rolls is None else read_rolls(raw_rolls, sessions, errors)
    bonkos = read_bonkos(document.get("bonkos"), errors)
    winner = _winner(teams, names, errors) if teams is not None else None
    if teams is not None and rules is not None:
        if king and bell:
            check_bell(teams, winner, rules, names, errors)
        if raw_rolls is not None:
            if target is not None and rolls is not None and sessions is not None:
                rolled = check_rolls(teams, rolls, target, rules, names, errors)
                if rolled is not None:
                    bonkos = check_bonkos(bonkos, rolled, names, errors)
        elif bonkos is not None:
            check_bonko_points(teams, bonkos, rules, names, errors)
    if errors or teams is None or winner is None or rules is None or target is None:
        return _invalid(errors)
    return _outcome(document, rules, teams, winner, bonkos, rolls, target, king, bell)


def _invalid(errors: list[RuleError]) -> Scored:
    return Scored(valid=False, errors=cap_errors(errors))


def _ruleset(document: dict[Any, Any], given: object, errors: list[RuleError]) -> Ruleset | None:
    if isinstance(given, Ruleset):
        return given
    code = document.get("ruleset") if given is None else given
    if code is None:
        code = DEFAULT_RULESET
    found = RULESETS.get(code) if isinstance(code, str) else None
    if found is None:
        errors.append(
            rule_error(
                "unknown_ruleset",
                None,
                "ruleset",
                name=quoted(code),
                known=listing(sorted(RULESETS)),
            )
        )
    return found


def _flag(document: dict[Any, Any], key: str, errors: list[RuleError]) -> bool:
    value = document.get(key)
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    errors.append(rule_error("flag_type", None, key, name=key))
    return False


def _sessions(teams: list[Team] | None) -> int | None:
    """The number of roll-off sessions, when both teams' roll-offs were read and agree."""
    if teams is None:
        return None
    first, second = teams[0].rolloff, teams[1].rolloff
    if first is None or second is None or len(first) != len(second):
        return None
    return len(first)


def _winner(teams: list[Team], names: Sequence[str] | None, errors: list[RuleError]) -> int | None:
    """The index of the winning team after roll-offs; None (with the problems) if undecided."""
    first, second = teams
    if first.score is None or second.score is None:
        return None
    if first.rolloff is None or second.rolloff is None:
        return None
    if len(first.rolloff) != len(second.rolloff):
        errors.append(
            rule_error(
                "rolloff_length",
                None,
                "teams[1].rolloff",
                first=first.label(1, names),
                first_count=num(len(first.rolloff)),
                second=second.label(2, names),
                second_count=num(len(second.rolloff)),
            )
        )
        return None
    if first.score != second.score:
        if first.rolloff:
            errors.append(
                rule_error(
                    "rolloff_not_tied",
                    None,
                    "teams[0].rolloff",
                    variant="scores",
                    first_score=num(first.score),
                    second_score=num(second.score),
                )
            )
            return None
        return 0 if first.score > second.score else 1
    if not first.rolloff:
        errors.append(
            rule_error(
                "rolloff_needed",
                None,
                "teams[0].rolloff",
                score=num(first.score),
                first=first.label(1, names),
                second=second.label(2, names),
            )
        )
        return None
    decided = True
    pairs = list(zip(first.rolloff, second.rolloff, strict=True))
    for session, (one, two) in enumerate(pairs[:-1], start=1):
        if one != two:
            decided = False
            errors.append(
                rule_error(
                    "rolloff_not_tied",
                    None,
                    f"teams[0].rolloff[{session - 1}]",
                    session=session,
                    first_score=num(one),
                    second_score=num(two),
                )
            )
    last_one, last_two = pairs[-1]
    if last_one == last_two:
        tied = first.score + sum(first.rolloff)
        errors.append(
            rule_error(
                "rolloff_tied",
                None,
                f"teams[0].rolloff[{len(pairs) - 1}]",
                score=num(tied),
                first=first.label(1, names),
                second=second.label(2, names),
            )
        )
        return None
    if not decided:
        return None
    return 0 if last_one > last_two else 1


def _outcome(
    document: dict[Any, Any],
    rules: Ruleset,
    teams: list[Team],
    winner: int,
    bonkos: list[int] | None,
    rolls: list[Roll] | None,
    target: int,
    king: bool,
    bell: bool,
) -> Scored:
    seats = [team.seats for team in teams]
    scores = [team.score for team in teams]
    rolloffs = [list(team.rolloff or ()) for team in teams]
    assert seats[0] is not None and seats[1] is not None
    assert scores[0] is not None and scores[1] is not None
    totals = [0] * SEATS
    wins = [0] * SEATS
    for index, (pair, score) in enumerate(zip(seats, scores, strict=True)):
        assert pair is not None and score is not None
        for seat in pair:
            totals[seat] = score
            wins[seat] = int(index == winner)
    per_seat_bonkos = list(bonkos) if bonkos is not None else [0] * SEATS
    played = [list(pair) for pair in seats if pair is not None]
    recorded: dict[str, Any] = {
        "teams": [
            {"seats": list(pair), "score": score, "rolloff": rolloff}
            for pair, score, rolloff in zip(played, scores, rolloffs, strict=True)
        ],
    }
    if rolls is not None:
        recorded["rolls"] = [_roll_data(roll) for roll in rolls]
    detail = {
        "game": GAME_CODE,
        "ruleset": rules.code,
        "set": document["set"],
        "round": target,
        "king": king,
        "bell": bell,
        "teams": played,
        "winner": winner,
        "scores": scores,
        "rolloff": rolloffs,
        "bonkos": per_seat_bonkos,
    }
    part = Part(
        number=target,
        kind="round",
        actor=None,
        level="rolls" if rolls is not None else "scores",
        data=recorded,
        points=list(totals),
    )
    return Scored(
        valid=True,
        totals=totals,
        complete=True,
        placements=[1 if win else 2 for win in wins],
        detail=detail,
        part_rows=[part],
        seat_stats={"bonkos": per_seat_bonkos, "wins": wins},
        team_seats=played,
    )


def _roll_data(roll: Roll) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": roll.seat, "dice": list(roll.dice), "called": roll.called}
    if roll.session:
        data["rolloff"] = roll.session
    return data
