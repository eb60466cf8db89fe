"""Clubs, players and memberships.

A player is a person who plays Bonken; they may or may not have a login (``user``). A person can
belong to several clubs; a membership gives them a role in one club:

- organizer: runs the club's events (creates events, seats rounds, publishes results);
- scorer: enters and corrects session results;
- member: plays, and may read what the club keeps private.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.names import NameField


class Club(models.Model):
    name = NameField(_("name"), max_length=120, label=_("The club's name"))
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    city = NameField(_("city"), max_length=120, blank=True, label=_("The club's city"))
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = NameField(_("name"), max_length=120, label=_("The player's name"))
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    clubs: "models.ManyToManyField[Club, Membership]" = models.ManyToManyField(
        Club,
        verbose_name=_("clubs"),
        through="Membership",
        related_name="players",
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANIZER = "organizer", _("organizer")
    SCORER = "scorer", _("scorer")
    MEMBER = "member", _("member")


class Membership(models.Model):
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(verbose_name=_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["club_id", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="membership_once_per_club"),
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.player} @ {self.club} ({self.role})"


class JoinConsent(models.Model):
    """Consent for ``club`` to make ``player`` a member: given by the player's own account or
    by an organizer of a club the player belongs to, used up when the club adds them."""

    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="join_consents",
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("granted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "club"], name="join_consent_once"),
        ]
        verbose_name = _("consent to join a club")
        verbose_name_plural = _("consents to join a club")

    def __str__(self) -> str:
        return f"{self.player} may join {self.club}"


class ApiToken(models.Model):
    """A named API token a user creates and may revoke. Only a hash of the key is stored; the
    key itself is shown once, when the token is created."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="api_tokens",
    )
    name = NameField(_("name"), max_length=100, label=_("The token's name"))
    prefix = models.CharField(verbose_name=_("prefix"), max_length=8, db_index=True)
    key_hash = models.CharField(verbose_name=_("key hash"), max_length=64, unique=True)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(verbose_name=_("last used at"), null=True, blank=True)
    revoked_at = models.DateTimeField(verbose_name=_("revoked at"), null=True, blank=True)
    # After this moment the token no longer signs anyone in (None: until it is revoked).
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class PlayerCode(models.Model):
    """A player's four-digit personal code, with which they sign their table's result on the
    scorer's phone. Only a hash is stored (Django's password hashers); an organizer who issues
    one sees it once."""

    player = models.OneToOneField(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="personal_code",
    )
    code_hash = models.CharField(verbose_name=_("code hash"), max_length=128)
    set_at = models.DateTimeField(verbose_name=_("set at"))
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("set by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    issued = models.BooleanField(verbose_name=_("issued by an organizer"), default=False)

    class Meta:
        verbose_name = _("personal code")
        verbose_name_plural = _("personal codes")

    def __str__(self) -> str:
        return f"code of {self.player_id}"


class AuditEntry(models.Model):
    """One write, with who did it and when. Written by the services, never edited."""

    at = models.DateTimeField(verbose_name=_("when"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    actor_label = models.CharField(verbose_name=_("by (name)"), max_length=150, blank=True)
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(verbose_name=_("action"), max_length=60)
    object_type = models.CharField(verbose_name=_("object type"), max_length=60)
    object_id = models.CharField(verbose_name=_("object id"), max_length=40, blank=True)
    details = models.JSONField(verbose_name=_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = _("audit entries")
        verbose_name = _("audit entry")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor_label} {self.action} {self.object_type}"
