"""The forms of the import pages: the backup file, then who each app name is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from games.bonken.imports.selectors import NameMatch
from games.bonken.sunmar.reader import MAX_FILE_BYTES

NEW = "new"


class BackupForm(forms.Form):
    backup = forms.FileField(
        label=_("Backup file of the Bonken app"),
        help_text=_("The .zip file the app makes under Settings, Backup."),
    )

    def clean_backup(self) -> Any:
        backup = self.cleaned_data["backup"]
        if backup.size > MAX_FILE_BYTES:
            raise forms.ValidationError(_("The file is larger than 10 MB."))
        return backup


class MatchForm(forms.Form):
    """One choice per app name: a member of the club or a new player, and what to do with the
    games the rules reject."""

    rejected = forms.ChoiceField(
        label=_("Games the classic rules reject"),
        choices=[
            ("import", _("Import them at the level they keep, with the reason")),
            ("leave_out", _("Leave them out")),
        ],
        initial="import",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, matches: list[NameMatch], members: list[Player], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.matches = matches
        for index, match in enumerate(matches):
            self.fields[f"name_{index}"] = forms.ChoiceField(
                label=match.name,
                choices=_choices(match, members),
                initial=str(match.player.pk) if match.player else "",
                help_text=_help(match),
                error_messages={
                    "required": gettext("Say who '%(name)s' is: a member or a new player.")
                    % {"name": match.name}
                },
            )

    def chosen(self) -> dict[str, int | None]:
        """Per app name, the member's id or None for a new player."""
        return {
            match.name: None
            if self.cleaned_data[f"name_{index}"] == NEW
            else int(self.cleaned_data[f"name_{index}"])
            for index, match in enumerate(self.matches)
        }

    def name_fields(self) -> list[tuple[NameMatch, forms.BoundField]]:
        return [(match, self[f"name_{index}"]) for index, match in enumerate(self.matches)]


def _choices(match: NameMatch, members: list[Player]) -> list[Any]:
    """A found member first; where it is unclear, nothing chosen yet, then the members with
    the name (or a similar one), a new player, and every other member."""

    def label(player: Player) -> str:
        return f"{player.name} (#{player.pk})" if match.ambiguous else player.name

    first = [(str(p.pk), label(p)) for p in match.similar]
    others = [(str(p.pk), p.name) for p in members if p not in match.similar]
    if match.player is not None:
        return [(NEW, _("New player")), *[(str(p.pk), p.name) for p in members]]
    heading = _("Members with this name") if match.ambiguous else _("Similar names")
    choices: list[Any] = [("", _("Choose who this is"))]
    if first:
        choices.append((heading, first))
    choices.append((NEW, gettext("New player: %(name)s") % {"name": match.name}))
    if others:
        choices.append((_("Other members"), others))
    return choices


def _help(match: NameMatch) -> Any:
    if match.ambiguous:
        return _("Several members have this name: choose one.")
    if match.player is None:
        return _("No member has this name: choose the member it is, or a new player.")
    return ""
