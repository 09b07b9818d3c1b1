"""Back up the whole club to a folder of JSON files, and restore it into an empty database.

The folder holds `club.json` (events and players) and one file per rubber in `rubbers/`. Each rubber
file carries the hands as the table reported them in the interchange format (the secretary's
penalties folded in, as the format has them), and beside it what the interchange format does not:
seats and substitutes, announced scores and notes, the penalty records, entry corrections and the
rulings with everything they were made from. Stored results are not backed up; the restore
rescores every rubber, so its scores and standings are the laws' own.

Ids are kept, so links to rubbers, rulings and players still work after a restore. User
accounts are not part of the backup; who entered or ruled is kept by username and linked to an
account of that name when one exists.

Both ways go a batch of rubbers at a time (`BATCH`), each table read or written once a batch, so the
queries grow with the batches and not with the rubbers or their hands, and memory holds one batch.
A restore is one transaction, all or nothing. Its batches are written in bulk; when a row is refused,
the batch is tried again in halves down to the one rubber at fault, restored row by row as a form
would save it, so that the error names the file and what is wrong.
"""

from scoring.services.backup.folder import BATCH, BackupError, club_export, club_import, json_text

__all__ = ["BATCH", "BackupError", "club_export", "club_import", "json_text"]
