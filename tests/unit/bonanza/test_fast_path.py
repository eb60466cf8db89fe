"""The fast path (``fast.score_valid``, ``ledger.Ledger``) gives exactly the outcome of the
careful reading (``scoring.score_read``): for random valid sessions, for valid sessions with one
or two fields changed to a plausible or odd value, and for junk close to a document. And the
outcome of the benchmark's kind of sessions is the one stored before the fast path existed."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bonanza.rules import GAME, RULESETS, SHOWN, Ruleset
from bonanza.rules.fast import score_valid
from bonanza.rules.ledger import Ledger
from bonanza.rules.sample import random_session
from bonanza.rules.scoring import score_read, score_session
from tests.unit.bonanza.strategies import json_values, near_documents, sessions

MANY = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Values a field may be changed to: seats and near misses, and what JSON (or Python) has that
# looks like a seat but is not one.
odd = st.one_of(
    st.integers(-2, 10),
    st.sampled_from([True, False, 1.0, 0.0, "1", None, [], {}, 10**30]),
    json_values,
)
HAND_PATHS: list[tuple[Any, ...]] = [
    ("widow",),
    ("widow", "buyer"),
    ("widow", "price"),
    ("widow", "extra"),
    ("poker",),
    ("poker", "entrants"),
    ("poker", "winner"),
    ("poker", "entrants", 0),
    ("poker", "entrants", 1),
    ("poker", "extra"),
    ("sections",),
    *[("sections", code) for code in SHOWN],
    ("sections", "poker"),
    ("sections", "bonanza"),
    ("sections", "x"),
    ("out",),
    ("out", "seat"),
    ("out", "cards_left"),
    ("out", "cards_left", 0),
    ("out", "cards_left", 2),
    ("out", "extra"),
    ("extra",),
]
DOCUMENT_KEYS = ["game", "ruleset", "seats", "first_dealer", "hands", "end", "extra"]


def summary(outcome: Any) -> Any:
    """Everything an outcome tells, as plain data."""
    return (
        outcome.valid,
        [error.to_dict() for error in outcome.errors],
        outcome.totals,
        outcome.complete,
        outcome.placements,
        outcome.to_dict(),
        [(p.number, p.kind, p.actor, p.level, p.data, p.points) for p in outcome.parts()],
        outcome.stats(),
        outcome.hint(),
        outcome.teams(),
    )


def ruleset_of(ruleset: Ruleset) -> Ruleset | None:
    return None if ruleset.code in RULESETS else ruleset


def put(target: Any, path: tuple[Any, ...], value: Any) -> None:
    """Set ``path`` inside a hand to ``value``, making containers on the way as needed."""
    *head, last = path
    for step in head:
        if isinstance(target, dict):
            nxt = target.get(step)
        elif isinstance(step, int) and step < len(target):
            nxt = target[step]
        else:
            nxt = None
        if not isinstance(nxt, dict | list):
            nxt = [] if step == "entrants" or step == "cards_left" else {}
            if isinstance(target, dict):
                target[step] = nxt
            elif isinstance(step, int) and step < len(target):
                target[step] = nxt
            else:  # an earlier change made this a list: the new container goes at its end
                target.append(nxt)
        target = nxt
    if isinstance(target, list):
        if isinstance(last, int) and last < len(target):
            target[last] = value
        else:
            target.append(value)
    else:
        target[last] = value


@st.composite
def changed_sessions(draw: st.DrawFn) -> tuple[Ruleset, dict[str, Any]]:
    """A valid session with one or two fields changed (a document key or a hand's field)."""
    ruleset, document = draw(sessions())
    document = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 2))):
        if document.get("hands") and isinstance(document["hands"], list) and draw(st.booleans()):
            hand = draw(st.sampled_from(document["hands"]))
            if isinstance(hand, dict):
                put(hand, draw(st.sampled_from(HAND_PATHS)), draw(odd))
        else:
            document[draw(st.sampled_from(DOCUMENT_KEYS))] = draw(odd)
    return ruleset, document


def check_same(document: Any, ruleset: Ruleset | None = None, **options: Any) -> Any:
    fast = score_session(document, ruleset=ruleset, **options)
    careful = score_read(document, ruleset=ruleset, **options)
    assert summary(fast) == summary(careful)
    # The fast path accepts only what the careful reading finds valid.
    if isinstance(document, dict) and score_valid(document, ruleset, options.get("names")):
        assert careful.valid
    return fast


@MANY
@given(case=sessions())
def test_valid_sessions_take_the_fast_path_with_the_same_outcome(
    case: tuple[Ruleset, dict[str, Any]],
) -> None:
    ruleset, document = case
    outcome = check_same(document, ruleset_of(ruleset))
    assert isinstance(outcome, Ledger) and outcome.valid


@MANY
@given(case=sessions(), data=st.data())
def test_valid_sessions_with_the_table_names(
    case: tuple[Ruleset, dict[str, Any]],
    data: st.DataObject,
) -> None:
    ruleset, document = case
    names = [f"P{seat}" for seat in range(document["seats"])]
    if data.draw(st.booleans()):
        del document["seats"]
    outcome = check_same(document, ruleset_of(ruleset), names=names)
    assert isinstance(outcome, Ledger)


@MANY
@given(case=changed_sessions())
def test_changed_sessions_give_the_same_outcome(case: tuple[Ruleset, dict[str, Any]]) -> None:
    ruleset, document = case
    check_same(document, ruleset_of(ruleset))


@MANY
@given(document=near_documents, names=st.none() | st.just(["A", "B", "C"]))
def test_junk_near_a_document_gives_the_same_outcome(
    document: dict[str, Any],
    names: list[str] | None,
) -> None:
    check_same(document, names=names)


def test_odd_rulesets_and_documents_fall_back_to_the_careful_reading() -> None:
    document = random_session(random.Random(3), seats=4, ruleset=RULESETS["bonanza"], hands=3)
    house = {"code": "house", "name": "House", "name_nl": "Huis", "ante": 2}
    for ruleset in ("bonanza", house, "nonsense", 7):
        assert summary(GAME.score(document, ruleset=ruleset)) == summary(
            score_read(document, ruleset=ruleset)
        )
    assert score_valid(document, house, None) is None
    assert isinstance(GAME.score(document, ruleset="bonanza"), Ledger)
    assert isinstance(GAME.score(document, ruleset=RULESETS["bonanza"]), Ledger)
    for junk in (None, [], "x", 3):
        assert summary(GAME.score(junk)) == summary(score_read(junk))


# The digest of the outcomes of 3,000 sample sessions (2 to 9 seats, open and ended), as the
# careful reading gave them before the fast path was written. It changes when the sample
# generator does: recompute it then with the careful reading (``score_read``).
STORED_DIGEST = "9325a30ab91556374342fd782617ab65b1293fb5a15a09ecc72e9b2b1cc6b737"


def digest(score: Any) -> str:
    sha = hashlib.sha256()
    rng = random.Random(18)
    for index in range(3000):
        document = random_session(
            rng, seats=2 + index % 8, ruleset=RULESETS["bonanza"], ended=index % 3 != 0
        )
        outcome = score(document)
        parts = [[p.number, p.kind, p.actor, p.level, p.data, p.points] for p in outcome.parts()]
        sha.update(
            json.dumps(
                [outcome.to_dict(), parts, outcome.stats(), outcome.hint()], sort_keys=True
            ).encode()
        )
    return sha.hexdigest()


def test_sample_sessions_score_as_stored() -> None:
    assert digest(GAME.score) == STORED_DIGEST
    assert digest(score_read) == STORED_DIGEST
