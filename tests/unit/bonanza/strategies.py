"""Hypothesis strategies for Bonanza Rummy: rulesets, valid hands and sessions, junk JSON."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from games.bonanza.rules import RULESETS, SHOWN, Ruleset

rulesets = st.one_of(
    st.just(RULESETS["bonanza"]),
    st.builds(
        Ruleset,
        code=st.just("house"),
        name=st.just("House"),
        name_nl=st.just("Huis"),
        version=st.integers(1, 5),
        ante=st.integers(1, 5),
        poker_stake=st.integers(1, 10),
        leftover=st.sampled_from(["split", "last_winner"]),
        max_cards_left=st.integers(1, 53),
    ),
)


@st.composite
def hands(draw: st.DrawFn, seats: int, dealer: int, ruleset: Ruleset) -> dict[str, Any]:
    """One valid hand at a table of ``seats`` dealt by ``dealer``."""
    seat = st.integers(0, seats - 1)
    widow = draw(
        st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "buyer": seat.filter(lambda s: s != dealer),
                    "price": st.integers(1, 50),
                }
            ),
        )
    )
    entrants = draw(st.lists(seat, unique=True, max_size=seats))
    poker: dict[str, Any] | None = None
    if entrants:
        poker = {"entrants": entrants, "winner": draw(st.sampled_from(entrants))}
    elif draw(st.booleans()):
        poker = {"entrants": [], "winner": None}
    sections = draw(
        st.fixed_dictionaries({}, optional={code: st.one_of(st.none(), seat) for code in SHOWN})
    )
    out = draw(seat)
    cards = [0 if s == out else draw(st.integers(0, ruleset.max_cards_left)) for s in range(seats)]
    hand: dict[str, Any] = {"out": {"seat": out, "cards_left": cards}}
    if widow is not None or draw(st.booleans()):
        hand["widow"] = widow
    if poker is not None or draw(st.booleans()):
        hand["poker"] = poker
    if sections or draw(st.booleans()):
        hand["sections"] = sections
    return hand


@st.composite
def sessions(
    draw: st.DrawFn, *, ended: bool | None = None, max_hands: int = 12
) -> tuple[Ruleset, dict[str, Any]]:
    """A ruleset and a valid session under it (ended or not, as asked; else either)."""
    ruleset = draw(rulesets)
    seats = draw(st.integers(2, 9))
    first = draw(st.integers(0, seats - 1))
    count = draw(st.integers(1 if ended else 0, max_hands))
    played = [draw(hands(seats, (first + number) % seats, ruleset)) for number in range(count)]
    document: dict[str, Any] = {
        "game": "bonanza",
        "ruleset": ruleset.code,
        "seats": seats,
        "first_dealer": first,
        "hands": played,
    }
    finish = draw(st.booleans()) if ended is None else ended
    if finish and played:
        document["end"] = draw(
            st.sampled_from([{"leftover": "split"}, {"leftover": "last_winner"}, {}])
        )
    elif draw(st.booleans()):
        document["end"] = None
    return ruleset, document


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


# Documents close to valid ones: every field either plausible (small numbers, the right keys)
# or junk, so the checks meet every combination of a good and a bad neighbour.
small = st.integers(-2, 12)
near = st.one_of(st.none(), small, small, json_values)
near_hands = st.fixed_dictionaries(
    {},
    optional={
        "widow": st.one_of(
            st.none(),
            st.fixed_dictionaries({}, optional={"buyer": near, "price": near}),
            json_values,
        ),
        "poker": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {},
                optional={
                    "entrants": st.one_of(st.lists(near, max_size=10), json_values),
                    "winner": near,
                },
            ),
        ),
        "sections": st.one_of(
            st.none(),
            st.dictionaries(st.sampled_from([*SHOWN, "poker", "bonanza", "x"]), near, max_size=10),
            json_values,
        ),
        "out": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "seat": near,
                    "cards_left": st.one_of(st.lists(near, max_size=10), json_values),
                },
            ),
            json_values,
        ),
    },
)
near_documents = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["bonanza", None, "bonken", 3]),
        "ruleset": st.sampled_from(["bonanza", None, "x", 1]),
        "seats": near,
        "first_dealer": near,
        "hands": st.one_of(st.lists(near_hands | json_values, max_size=4), json_values),
        "end": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {}, optional={"leftover": st.sampled_from(["split", "last_winner", "x", None, 1])}
            ),
            json_values,
        ),
    },
)
