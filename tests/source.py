"""Reading the project's own source in tests."""

import ast
import gc
from pathlib import Path


def parse(path: Path) -> ast.Module:
    """``path``'s syntax tree. The collector is paused while it is built: a finalizer run in
    the middle (a connection left behind by an earlier test) upsets CPython 3.11's recursion
    bookkeeping of the tree's construction ("AST constructor recursion depth mismatch")."""
    source = path.read_text()
    collecting = gc.isenabled()
    gc.disable()
    try:
        try:
            return ast.parse(source)
        except SystemError:  # the same bookkeeping, upset anyway: once more
            return ast.parse(source)
    finally:
        if collecting:
            gc.enable()
