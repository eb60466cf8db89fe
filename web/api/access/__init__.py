"""Who may ask the API, and how often: API tokens and passwords (``authentication``), a role in
the object's club for a write (``permissions``), the throttles (``throttling``), and a table's
endpoints answered as missing to whoever may not see the table (``table_scope``)."""
