from django.contrib.admin.apps import AdminConfig


class BonkenAdminConfig(AdminConfig):
    """The admin with the throttled sign-in of clubs.sign_in."""

    default_site = "clubs.sign_in.ThrottledAdminSite"
