"""The session store (app label ``games``): table sessions, their revisions and parts, sign-offs
and corrections, and the one session write path."""
