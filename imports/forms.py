"""The forms of the import pages: the backup file, then who each app name is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from imports.selectors import NameMatch
from sunmar.reader import MAX_FILE_BYTES

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
        choices = [(NEW, _("New player")), *[(str(p.pk), p.name) for p in members]]
        self.matches = matches
        for index, match in enumerate(matches):
            self.fields[f"name_{index}"] = forms.ChoiceField(
                label=match.name,
                choices=choices,
                initial=str(match.player.pk) if match.player else NEW,
                help_text=_("Several members have this name: choose one.")
                if match.ambiguous
                else "",
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
