"""Table sign-off: the players at a table confirm its complete session. The writes are
``services`` (sign, dispute, resolve), the checks each write makes ``steps``, and what a table's
sign-off stands at, for its pages and the API, ``selectors``."""
