"""The doors the service shows outside: the REST API (``api``), the pages that show sessions
(``pages``), the club's standings to frame on its own website (``embeds``) and the link
previews of the public pages (``sharing``). Each is a Django app under its own label; this
package is none."""
