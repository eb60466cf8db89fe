"""The arithmetic of the standings (``standings``) and the ratings (``ratings``): pure."""
