"""A management command as the shell runs it, in the test's own process."""

import contextlib
import io

from django.core.management import execute_from_command_line


def exit_status(*argv: str) -> tuple[int, str, str]:
    """``manage.py *argv`` as the shell runs it (argument parsing, the exit status a
    CommandError gives), without a process of its own: its status, standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            execute_from_command_line(["manage.py", *argv])
        except SystemExit as stop:
            return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()
