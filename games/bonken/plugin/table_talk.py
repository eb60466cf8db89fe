"""What Bonken's table page tells the table besides the form: who deals, who doubles first and
who leads for a chooser, who chooses the first game, and how the live "left to assign" line
words each contract's units. Only presentation; the rules engine decides everything."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bonken.rules import Ruleset

SEATS = 4

# The live line under the counts, per contract: (one left, several left); %s is the number.
LEFT = {
    "hearts": (gettext_lazy("%s heart left"), gettext_lazy("%s hearts left")),
    "kings_jacks": (gettext_lazy("%s king or jack left"), gettext_lazy("%s kings and jacks left")),
    "queens": (gettext_lazy("%s queen left"), gettext_lazy("%s queens left")),
}
TRICKS = (gettext_lazy("%s trick left"), gettext_lazy("%s tricks left"))
CARDS = (gettext_lazy("%s left to assign"), gettext_lazy("%s left to assign"))


def left_messages(code: str, ruleset: Ruleset) -> tuple[str, str]:
    """How the page says what is left to assign for contract ``code``."""
    if code in LEFT:
        one, many = LEFT[code]
    elif code == "duck" or code.startswith("trumps_") or code == "no_trumps":
        one, many = TRICKS
    else:
        one, many = CARDS
    return str(one), str(many)


def roles(names: list[str]) -> list[dict[str, Any]]:
    """Per possible chooser: the dealer opposite, the first to double (left of the chooser,
    the next seat clockwise) and the player who leads (right of the chooser)."""
    return [
        {
            "seat": seat,
            "chooser": names[seat],
            "dealer": names[(seat + 2) % SEATS],
            "doubler": names[(seat + 1) % SEATS],
            "leader": names[(seat + 3) % SEATS],
        }
        for seat in range(SEATS)
    ]


def table_talk(context: dict[str, Any]) -> dict[str, Any]:
    """The page's lines about the next game, added to the table page's context."""
    names = context["names"]
    result = context["result"]
    first = not context["rows"]
    ruleset: Ruleset = context["ruleset"]
    opener = ""
    if first:
        opener = (
            _("The holder of the seven of spades chooses the first game.")
            if ruleset.code == "classic"
            else _("Any player may choose the first game.")
        )
    return {
        "roles": roles(names),
        "next_chooser": result.get("next_chooser"),
        "first_game": first,
        "opener": opener,
    }
