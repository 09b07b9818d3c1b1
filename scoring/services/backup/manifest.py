"""The manifest: what a whole backup holds, written last, so that a folder without one is not a backup.

`manifest.json` gives the format, how many records of each kind the backup holds (`records.COUNTS`) and a
checksum of every file. A restore reads it and checks the folder against it before it writes anything: a
folder without one (an export stopped part way leaves none), a file missing or added, a checksum or a count
that differs, is refused with what is wrong, and nothing is restored.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from scoring.services.backup.files import (
    CLUB,
    FORMAT,
    MANIFEST,
    RUBBERS,
    BackupError,
    bytes_read,
    digest,
    document_read,
)
from scoring.services.backup.records import COUNTED_LATER, COUNTS

FILE_NAME = re.compile(rf"\A(?:{re.escape(CLUB)}|{RUBBERS}/[1-9][0-9]{{0,18}}\.json)\Z")
"""The only files a backup holds: club.json and a file a rubber, named by its id."""
SHOWN = 3
"""Problems named in one refusal; the rest are counted."""


@dataclass(frozen=True)
class Manifest:
    """What the backup says it holds: each kind's count, and each file's checksum by its name in the folder."""

    counts: dict[str, int]
    files: dict[str, str]

    def document(self) -> dict[str, Any]:
        return {"format": FORMAT, "counts": {kind: self.counts.get(kind, 0) for kind in COUNTS},
                "files": dict(sorted(self.files.items(), key=lambda item: _file_order(item[0])))}


def _size(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def _items(value: Any) -> list[Any]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def club_counts(club: dict[str, Any]) -> Counter[str]:
    """The records club.json holds, by kind (a damaged part counts as none)."""
    counts: Counter[str] = Counter(events=_size(club.get("events")), players=_size(club.get("players")),
                                   accounts=_size(club.get("accounts")), seasons=_size(club.get("seasons")))
    for event in _items(club.get("events")):
        counts["entrants"] += _size(event.get("entrants"))
        counts["club_tables"] += _size(event.get("club_tables"))
        counts["cuttings"] += _size(event.get("cuttings"))
        rounds = _items(event.get("event_rounds"))
        counts["rounds"] += _size(event.get("event_rounds"))
        counts["round_tables"] += sum(_size(r.get("tables")) for r in rounds)
        counts["byes"] += sum(_size(r.get("byes")) for r in rounds)
    return counts


def rubber_counts(rubber: dict[str, Any]) -> Counter[str]:
    """The records a rubber's file holds, by kind."""
    hands = _items(rubber.get("hands"))
    return Counter(rubbers=1, seat_changes=_size(rubber.get("seat_changes")), hands=_size(rubber.get("hands")),
                   penalties=sum(_size(h.get("penalties")) for h in hands),
                   corrections=sum(_size(h.get("corrections")) for h in hands),
                   rulings=sum(_size(h.get("rulings")) for h in hands),
                   taken_back=_size(rubber.get("taken_back")), table_reports=_size(rubber.get("table_reports")))


def manifest_checked(folder: Path) -> Manifest:
    """The folder's manifest, once every file it lists is there with its checksum, no other file is, and the
    files hold what it counts; else a BackupError naming what is wrong."""
    manifest = manifest_opened(folder)
    FilesRead(folder, manifest).rest_read()
    return manifest


def manifest_opened(folder: Path) -> Manifest:
    """The folder's manifest, once it is one and the folder holds every file it lists and no other; the files
    themselves are checked against it as they are read (`FilesRead`)."""
    if not folder.is_dir():
        raise BackupError(f"{folder}: no such folder.")
    if not (folder / MANIFEST).is_file():
        hint = ("an export stopped before it finished leaves none" if (folder / CLUB).is_file()
                else "no club.json here either")
        raise BackupError(f"{folder}: no {MANIFEST}, so this is not a whole backup ({hint}).")
    manifest = _manifest_read(bytes_read(folder / MANIFEST, MANIFEST))
    on_disk = set(_files_in(folder))
    problems = [f"{name}: missing (the manifest lists it)"
                for name in sorted(manifest.files.keys() - on_disk, key=_file_order)]
    problems += [f"{name}: not in the manifest (a file added since the backup was written)"
                 for name in sorted(on_disk - manifest.files.keys(), key=_file_order)]
    if problems:
        _refuse(problems)
    return manifest


class FilesRead:
    """The backup's files, each read once, in the manifest's order (club.json, then the rubbers by id): its
    bytes summed against the manifest's checksum, then parsed and counted.

    Every file is summed, so a file that differs is refused with all the others that do, as the manifest is
    checked; the counts are held to the manifest's once the last file is read. A restore reading the files
    as it goes and stopping at a fault reads the rest (`rest_read`), so that a file that is not its manifest's
    is refused as that, before what the restore found."""

    def __init__(self, folder: Path, manifest: Manifest) -> None:
        self.folder, self.manifest = folder, manifest
        self.problems: list[str] = []
        self.found: Counter[str] = Counter()
        self.reading = self._documents()

    def _documents(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Each file's name and document, while every file so far is the manifest's; the refusal of those
        that are not, or of counts that differ, once the last is read."""
        for name in sorted(self.manifest.files, key=_file_order):
            data = bytes_read(self.folder / name, name)
            if digest(data) != self.manifest.files[name]:
                self.problems.append(f"{name}: its checksum differs from the manifest's (changed or damaged "
                                     "since the backup was written)")
                continue
            if not self.problems:
                document = document_read(data, name)
                self.found += club_counts(document) if name == CLUB else rubber_counts(document)
                yield name, document
        self._all_read()

    def rest_read(self) -> None:
        """Read what is left of `reading`, refusing the backup if a file is not what the manifest says."""
        for _ in self.reading:
            pass

    def _all_read(self) -> None:
        if self.problems:
            _refuse(self.problems)
        if CLUB not in self.manifest.files:
            raise BackupError(f"{self.folder}: no {CLUB} here; the manifest does not list it.")
        counts = self.manifest.counts
        differ = [f"the manifest counts {counts.get(kind, 0)} {kind.replace('_', ' ')}, the files hold "
                  f"{self.found[kind]}" for kind in COUNTS if counts.get(kind, 0) != self.found[kind]]
        if differ:
            _refuse(differ)


def _refuse(problems: list[str]) -> None:
    more = f"; and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    raise BackupError("; ".join(problems[:SHOWN]) + more + ".")


def _manifest_read(data: bytes) -> Manifest:
    try:
        document = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise BackupError(f"{MANIFEST}: not valid JSON ({exc}).") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f"{MANIFEST}: not a club backup's manifest (expected format {FORMAT!r}).")
    counts, files = document.get("counts"), document.get("files")
    if not isinstance(counts, dict) or not set(COUNTS) - COUNTED_LATER <= set(counts) <= set(COUNTS) \
            or not all(type(n) is int and n >= 0 for n in counts.values()):
        raise BackupError(f"{MANIFEST}: its counts must give a whole number for each of {', '.join(COUNTS)}.")
    if not isinstance(files, dict) or not all(isinstance(name, str) and FILE_NAME.match(name)
                                              and isinstance(value, str) for name, value in files.items()):
        raise BackupError(f"{MANIFEST}: its files must name club.json and rubbers/<id>.json, each with a "
                          "checksum.")
    return Manifest(counts, files)


def _files_in(folder: Path) -> list[str]:
    """Every file under `folder` but the manifest, by its name relative to the folder."""
    names = []
    for root, _dirs, files in os.walk(folder):
        for file in files:
            name = (Path(root) / file).relative_to(folder).as_posix()
            if name != MANIFEST:
                names.append(name)
    return names


def _file_order(name: str) -> tuple[int, int, str]:
    """club.json first, then the rubbers by id (names that are neither last, as written)."""
    if name == CLUB:
        return 0, 0, name
    stem = name.removeprefix(f"{RUBBERS}/").removesuffix(".json")
    return (1, int(stem), name) if stem.isascii() and stem.isdigit() and len(stem) < 20 else (2, 0, name)
