"""Reading the SunMar Bonken app's backups (pure: no Django).

``read_backup(bytes)`` checks the zip and returns a ``Backup`` (or raises ``BackupRefused``);
``convert_backup(backup)`` turns its finished games into classic session documents.
"""

from games.bonken.sunmar.convert import (
    Conversion,
    ConvertedGame,
    Mismatch,
    SkippedGame,
    convert_backup,
)
from games.bonken.sunmar.problems import BackupRefused, Problem
from games.bonken.sunmar.reader import Backup, read_backup

__all__ = [
    "Backup",
    "BackupRefused",
    "Conversion",
    "ConvertedGame",
    "Mismatch",
    "Problem",
    "SkippedGame",
    "convert_backup",
    "read_backup",
]
