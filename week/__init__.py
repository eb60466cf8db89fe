"""The club's week, between and around its nights: the calendar of nights planned ahead and the
answers to them (``planning``), the players' evenings by e-mail (``mailings``) and the club's
webhooks (``webhooks``). Each is a Django app under its own label; this package is none."""
