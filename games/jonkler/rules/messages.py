"""The English and Dutch messages of Jonkler's error codes (``games.seam.Catalogue``).

A key is an error code, or ``code/variant`` for a second wording of the same code. Parameters
are already formatted and safe (``seam.num``, ``seam.quoted``, ``seam.seat_list``).

Words used in the Dutch texts: *partij* the whole session, *ronde* one round, *stoel* a seat,
*deler* the dealer (*delen* to deal), *bod* / *bieden* a bid / to bid, *slag* a trick,
*jonkelen* to jonkle a king (win it with the joker).
"""

from __future__ import annotations

from games.seam import SHARED_MESSAGES, Catalogue, Text

MESSAGES: dict[str, tuple[str, str]] = {
    **SHARED_MESSAGES,
    # The document as a whole.
    "unknown_game": (
        "This is a Jonkler session; the document is for the game {name}.",
        "Dit is een Jonklerpartij; het document is voor het spel {name}.",
    ),
    "unknown_ruleset/object": (
        "The ruleset given is not a Jonkler ruleset: {reason}.",
        "De opgegeven spelregels zijn geen Jonkler-spelregels: {reason}.",
    ),
    "seats_range": (
        "seats must be the number of players, a whole number from {low} to {high}; got {value}.",
        "seats moet het aantal spelers zijn, een geheel getal van {low} tot en met {high}; "
        "nu {value}.",
    ),
    "seats_range/missing": (
        "seats is missing: the number of players, {low} to {high}.",
        "seats ontbreekt: het aantal spelers, {low} tot en met {high}.",
    ),
    "seats_mismatch": (
        "The table has {count} players, but the document is for {seats} seats.",
        "Aan deze tafel zitten {count} spelers, maar het document is voor {seats} stoelen.",
    ),
    "first_dealer_range": (
        "first_dealer must be the seat that deals round 1, counted from 0: a whole number "
        "from 0 to {last}; got {value}.",
        "first_dealer moet de stoel zijn die ronde 1 deelt, geteld vanaf 0: een geheel getal "
        "van 0 tot en met {last}; nu {value}.",
    ),
    "rounds_type": (
        "rounds must be a list of rounds.",
        "rounds moet een lijst van rondes zijn.",
    ),
    "too_many_rounds": (
        "A session under {ruleset} has {limit} rounds; this one has {count}.",
        "Een partij volgens {ruleset} heeft {limit} rondes; deze heeft er {count}.",
    ),
    # One round.
    "round_type": (
        "Round {round} must be an object with bids and tricks.",
        "Ronde {round} moet een object zijn met bids en tricks.",
    ),
    "counts_type": (
        "Round {round}: {key} must be a list of whole numbers, one per seat.",
        "Ronde {round}: {key} moet een lijst van gehele getallen zijn, één per stoel.",
    ),
    "counts_type/missing": (
        "Round {round}: {key} is missing.",
        "Ronde {round}: {key} ontbreekt.",
    ),
    "wrong_length": (
        "Round {round}: {key} has {count} entries, one per seat; the table has {seats}.",
        "Ronde {round}: {key} heeft {count} waarden, één per stoel; aan tafel zitten er {seats}.",
    ),
    "bid_range": (
        "Round {round}: {seat} bid {bid}; in round {round} a bid is 0 to {round}.",
        "Ronde {round}: {seat} bood {bid}; in ronde {round} is een bod 0 tot en met {round}.",
    ),
    "hook_rule": (
        "Round {round}: the bids add up to {round}; the dealer, {dealer}, bid last and may "
        "not bid {bid}.",
        "Ronde {round}: de biedingen tellen op tot {round}; de deler, {dealer}, bood als "
        "laatste en mocht geen {bid} bieden.",
    ),
    "hook_rule/no_dealer": (
        "Round {round}: the bids add up to {round}; the dealer, bidding last, may not make "
        "them do so.",
        "Ronde {round}: de biedingen tellen op tot {round}; de deler, die als laatste biedt, "
        "mag het totaal niet op {round} brengen.",
    ),
    "tricks_range": (
        "Round {round}: {seat} took {tricks}; in round {round} a player takes 0 to {round}.",
        "Ronde {round}: {seat} haalde {tricks}; in ronde {round} haalt een speler er 0 tot "
        "en met {round}.",
    ),
    "tricks_sum": (
        "Round {round} has {played}; the tricks taken add up to {total}.",
        "Ronde {round} telt {played}; de gehaalde slagen tellen op tot {total}.",
    ),
    "jonkled_range": (
        "Round {round}: jonkled counts whether a seat jonkled a king, 0 or 1 (there is one "
        "joker); {seat} has {value}.",
        "Ronde {round}: jonkled telt of een stoel een heer jonkelde, 0 of 1 (er is één "
        "joker); {seat} heeft {value}.",
    ),
    "jonkled_range/twice": (
        "Round {round}: {seats} each jonkled a king, but there is one joker: at most one "
        "jonkle a round.",
        "Ronde {round}: {seats} jonkelden elk een heer, maar er is één joker: hooguit één "
        "keer jonkelen per ronde.",
    ),
    "jonkled_range/no_trick": (
        "Round {round}: {seat} jonkled a king, and so won that trick, but took no tricks.",
        "Ronde {round}: {seat} jonkelde een heer en won die slag dus, maar haalde geen slagen.",
    ),
}

CATALOGUE = Catalogue(MESSAGES)
rule_error = CATALOGUE.error  # rule_error(code, round, field, *, variant=None, **params)


def tricks(count: int | str) -> Text:
    """``1 trick`` / ``1 slag``, ``3 tricks`` / ``3 slagen``."""
    if count == 1:
        return Text("1 trick", "1 slag")
    return Text(f"{count} tricks", f"{count} slagen")
