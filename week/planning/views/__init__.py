"""The calendar's pages: the club's nights (``calendar``), one night (``night``) and the
personal link and feeds (``personal_link``)."""
