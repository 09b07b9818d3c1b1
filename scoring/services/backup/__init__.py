"""Back up the whole club to a folder of JSON files, and restore it into an empty database.

The folder holds `club.json` (events, how each was run, players, accounts and the club's own settings, which
its manifest does not count, so that a backup made before there were any stays whole), one file per rubber in
`rubbers/`, and `manifest.json`: the format, how many records of each kind the backup holds, and a checksum
of every file. Each rubber file carries the hands as the table reported them in the interchange format (the
secretary's penalties folded in, as the format has them), and beside it what the interchange format does
not: seats and substitutes, announced scores and notes, the penalty records, entry corrections, the rulings
with everything they were made from and the hands the table reported. Stored results and kept totals are
not backed up; the restore rescores every rubber and rebuilds the totals, so its scores and standings are the
laws' own. `records` names what is written of every table and what is made again.

An export reads the club as it stood at one moment (`snapshot`) and writes into a folder beside the target,
exchanged with the target in one step only when its manifest is written: stopped at any point, it leaves at the
target what was there or the whole new backup. A restore refuses a folder without a manifest, or holding a file
it does not list or missing one it does; it reads each file once, summing its bytes against the manifest's
checksum before it parses them, and a file that differs, or counts that do, are refused before the
transaction the restore writes in is committed, so that nothing is restored.

Ids are kept for events, players, rubbers, rulings and rounds, so links to them still work after a restore.
Accounts are backed up by name, with their groups and without passwords: a restore links each record to the
account of its name, making any that is missing with no usable password and adding one already here to the
backup's groups (its password kept), so "entered by", "ruled by" and who may run the club stay whatever the
order accounts and restores come in.

Both ways go a batch of rubbers at a time (`BATCH`), each table read or written once a batch, so the
queries grow with the batches and not with the rubbers or their hands, and memory holds one batch.
A restore is one transaction, all or nothing. Its batches are written in bulk; when a row is refused,
the batch is tried again in halves down to the one rubber at fault, restored row by row as a form
would save it, so that the error names the file and what is wrong.
"""

from scoring.services.backup.export import BATCH, club_export
from scoring.services.backup.files import BackupError, json_text
from scoring.services.backup.restore import club_import

__all__ = ["BATCH", "BackupError", "club_export", "club_import", "json_text"]
