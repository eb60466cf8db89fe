"""The rating tables read and written in bulk: what the services and selectors need in as few
and as lean queries as possible (``loading``), and the rated sessions, history and current
ratings written with PostgreSQL's binary COPY (``writing``)."""
