"""Pure: the geometry of the service's SVG line charts, drawn on the server (no Django, no app).

``ranking.charts.lines`` places one or more series over evenly spaced steps with gridlines at round
values; a player's rating over time (``ranking.ratings.chart``) and the season's rating leaders
(``ranking.stats.charts``'s picture) are both drawn with it.
"""
