"""An organizer corrects one Bonken game of a saved session in the tiles the table page uses
(chooser, contract, who took it or the counts, the doubles), filled in with what is stored.
A game written down as points (a paper sheet copied game by game) is corrected in its points;
a sheet copied contract by contract, one contract's row; a session of totals only, its
totals. Everything else in the document stays as stored (``results.part_correction``)."""

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core.forms import WholeNumberField
from core.widgets import SignedNumberInput
from games.bonken.plugin.forms import SEATS, GameForm, taken_one_by_one
from games.bonken.plugin.sheet import contract_label, event_ruleset_or_none
from games.bonken.rules import Ruleset, get_ruleset
from results.part_correction import session_correct_keys, session_correct_part
from results.views.correct import correction_context, save_correction
from tournaments.game_plugins import Correctable
from tournaments.models import Table

TEMPLATE = "bonken/correct.html"


def points_input() -> SignedNumberInput:
    """Points may be negative: the digit keypad and a ± button, as the paper sheet has them."""
    return SignedNumberInput(attrs={"class": "points"})


class PointsForm(forms.Form):
    """Four numbers, one per player: a game's points (after doubling on a paper sheet), a
    sheet's row, or the session's totals."""

    revision = WholeNumberField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in SEATS:
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=names[seat], widget=points_input()
            )

    def points(self) -> list[int]:
        return [self.cleaned_data[f"points_{seat}"] for seat in SEATS]

    def point_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{seat}"] for seat in SEATS]


class PointsGameForm(GameForm):
    """A game written down as points: the chooser and contract tiles, and the four numbers."""

    def __init__(self, *args: Any, level: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.level = level
        for seat in SEATS:
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=self.names[seat], widget=points_input()
            )

    def point_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{seat}"] for seat in SEATS]

    def to_game(self) -> dict[str, Any]:
        game = super().to_game()
        del game["counts"]
        game[self.level] = [self.cleaned_data[f"points_{seat}"] for seat in SEATS]
        return game


def _ruleset(table: Table) -> Ruleset:
    return event_ruleset_or_none(table.round.event) or get_ruleset("classic")


def choices(event: Any, result: dict[str, Any], names: list[str]) -> list[Correctable]:
    """The games of a stored result (or the sheet's rows, or the totals) to pick from."""
    ruleset = event_ruleset_or_none(event)
    games = result.get("games") or []
    if not games and result.get("totals"):
        return [Correctable(1, _("The totals"))]
    picked = []
    for number, game in enumerate(games, start=1):
        contract = contract_label(ruleset, game["contract"])
        chooser = game.get("chooser")
        if chooser is None:  # a sheet's row: no order, no chooser
            picked.append(Correctable(number, contract))
            continue
        detail = _("%(contract)s, chosen by %(name)s") % {
            "contract": contract,
            "name": names[chooser] if chooser < len(names) else chooser + 1,
        }
        picked.append(Correctable(number, _("Game %(n)s") % {"n": number}, detail))
    return picked


def game_initial(game: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """The table page's inputs filled in with a stored game (in the document's shape)."""
    code = game.get("contract") or ""
    initial: dict[str, Any] = {"contract": code, "chooser": game.get("chooser")}
    contract = ruleset.by_code.get(code)
    counts = game.get("counts")
    if isinstance(counts, dict):
        for kind, values in counts.items():
            for seat, value in enumerate(values):
                initial[f"count_{kind}_{seat}"] = value
    elif isinstance(counts, list) and contract is not None and taken_one_by_one(contract):
        takers = [seat for seat, count in enumerate(counts) for _ in range(count)]
        for index, seat in enumerate(takers, start=1):
            initial[f"took_{code}_{index}"] = seat
    elif isinstance(counts, list):
        for seat, value in enumerate(counts):
            initial[f"count_{seat}"] = value
    for level in ("points", "net"):
        for seat, value in enumerate(game.get(level) or []):
            initial[f"points_{seat}"] = value
    for doubler, target in game.get("doubles") or []:
        initial[f"d_{doubler}_{target}"] = True
    return initial


def correction_page(request: HttpRequest, table: Table, number: int) -> HttpResponse:
    session = table.session
    document = session.document
    names = [s.player.name for s in sorted(table.seats.all(), key=lambda s: s.position)]
    listed = {c.number: c for c in choices(table.round.event, session.result, names)}
    if number not in listed:
        raise Http404("no such game")
    context = correction_context(table, number, listed[number].title)
    context["detail"] = listed[number].detail
    ruleset = _ruleset(table)
    context["ruleset"] = ruleset
    data = request.POST if request.method == "POST" else None
    if document.get("games"):
        return _game(request, table, context, data, document["games"][number - 1])
    rows = document.get("sheet") or []
    key = "sheet" if rows else "totals"
    stored = rows[number - 1]["net"] if rows else document.get("totals") or [0] * 4
    form = PointsForm(
        data,
        names=context["names"],
        initial={"revision": session.revision}
        | {f"points_{seat}": value for seat, value in enumerate(stored)},
    )
    context["points_only"] = True

    def write(reason: str, revision: int | None) -> Any:
        value: Any = form.points()
        if rows:
            value = [*rows[: number - 1], {**rows[number - 1], "net": value}, *rows[number:]]
        return session_correct_keys(
            table=table,
            submitted_by=request.user,
            keys={key: value},
            reason=reason,
            expected_revision=revision,
            number=number,
        )

    return save_correction(request, context, form, write, template=TEMPLATE)


def _game(
    request: HttpRequest, table: Table, context: dict[str, Any], data: Any, game: dict[str, Any]
) -> HttpResponse:
    """One game of a session played game by game: the table page's tiles."""
    options = {
        "initial": {"revision": context["revision"], **game_initial(game, context["ruleset"])},
        "ruleset": context["ruleset"],
        "names": context["names"],
        "available": None,  # any contract: the rules check the session as a whole
        "saving": True,
    }
    level = next((lvl for lvl in ("net", "points") if lvl in game), None)
    form: GameForm = (
        PointsGameForm(data, level=level, **options) if level else GameForm(data, **options)
    )
    context["points_game"] = level is not None

    def write(reason: str, revision: int | None) -> Any:
        return session_correct_part(
            table=table,
            submitted_by=request.user,
            number=context["number"],
            part=form.to_game(),
            reason=reason,
            expected_revision=revision,
        )

    return save_correction(request, context, form, write, template=TEMPLATE)
