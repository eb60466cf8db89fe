"""``{% table_signoff %}``: the sign-off block of a table's page, the same for every game (the
players with their signed or unsigned state, the code form, disputes, "confirm as ...")."""

from typing import Any

from django import template

from clubs.selectors import player_for_user
from core.refusals import refusal_of, refused_data
from results.models import Session
from results.signoff.selectors import signoff_of

register = template.Library()


@register.inclusion_tag("games/_signoff.html", takes_context=True)
def table_signoff(context: dict[str, Any]) -> dict[str, Any]:
    """The block; after a refused signature or dispute (``results.views.signoff``) with the
    refusal: the player's row open, the message at its input, the summary on top, and the
    dispute's reason as it was typed."""
    table, request = context["table"], context["request"]
    refusal = refusal_of(request)
    kept = refused_data(request)
    session = Session.objects.filter(table=table).first()
    if session is None or not session.complete:
        return {"show": False, "refusal": refusal, "request": request}
    signoff = signoff_of(session, table)
    me = player_for_user(request.user)
    mine = next((p for p in signoff.players if me is not None and p.player_id == me.pk), None)
    return {
        "show": True,
        "signoff": signoff,
        "table": table,
        "mine": mine,
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "refusal": refusal,
        "kept_reason": kept.get("reason", "") if refusal else "",
    }
