"""Statistics per player and per club season: the arithmetic (``figures``, pure), the charts'
geometry (``charts``, pure), the reads (``selectors``) and the pages."""
