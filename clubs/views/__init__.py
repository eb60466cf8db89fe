"""The clubs' pages: sign-in and the clubs a user belongs to (``sign_in``), a club's page
(``club``) and personal codes (``codes``)."""
