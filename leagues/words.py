"""What the league's pages say of a version's reason and a night's kind, in the page's
language."""

from django.utils.translation import gettext_lazy as _

from leagues import pending

REASONS = {
    pending.RESULTS: _("new results"),
    pending.CORRECTION: _("a result corrected"),
    pending.CLUB_JOINED: _("a club joined"),
    pending.CLUB_LEFT: _("a club left"),
    pending.NIGHT_MARKED: _("a night counts"),
    pending.NIGHT_UNMARKED: _("a night no longer counts"),
    pending.LINKED: _("a player linked"),
    pending.CONSENT_WITHDRAWN: _("a consent withdrawn"),
    pending.RULES: _("the rules changed"),
}
