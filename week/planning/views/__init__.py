"""The calendar's pages: the club's nights (``calendar``) and the personal link and feeds
(``personal_link``)."""
