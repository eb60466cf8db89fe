"""The clubs a user belongs to. A club's own page is in ``clubs.pages``, the sign-in form in
``clubs.sign_in``."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.models import Club
from clubs.selectors import user_roles


@login_required
def my_clubs(request: HttpRequest) -> HttpResponse:
    roles = user_roles(request.user)
    clubs = Club.objects.all() if request.user.is_superuser else Club.objects.filter(
        pk__in=list(roles))
    rows = [(club, roles.get(club.pk, "organizer")) for club in clubs.order_by("name")]
    return render(request, "clubs/my_clubs.html", {"rows": rows})
