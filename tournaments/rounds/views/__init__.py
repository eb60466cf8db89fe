"""A round on the organizer's pages: its table plan and tables while they play, the printed
table cards, closing and reopening, a substitute; and the reads the pages share (``queries``)."""
