"""The backup folder's files: their names, how each is written, and how each is read back."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import msgspec
from django.core.exceptions import ValidationError

FORMAT = "euchre-club-backup/1"
CLUB = "club.json"
MANIFEST = "manifest.json"
RUBBERS = "rubbers"


class BackupError(ValidationError):
    """A backup that cannot be written or restored; the message names the file and what is wrong."""


def json_text(document: dict[str, Any]) -> bytes:
    """The document as `json.dumps(document, indent=1)` writes it, byte for byte (ASCII, one space a level),
    in a fraction of the time: the standard library indents in Python, msgspec reformats in C."""
    return msgspec.json.format(json.dumps(document).encode(), indent=1)


def digest(data: bytes) -> str:
    """A file's checksum as the manifest records it."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def rubber_name(rubber_id: int) -> str:
    """Where a rubber's file sits in the folder, as the manifest names it."""
    return f"{RUBBERS}/{rubber_id}.json"


def document_read(data: bytes, name: str) -> dict[str, Any]:
    """A backup file's document, or a BackupError naming the file and what is wrong with it."""
    try:  # msgspec reads a few times faster; what it will not read, the standard library reads or refuses
        document = msgspec.json.decode(data)
    except (msgspec.MsgspecError, ValueError, RecursionError):
        document = _document_parsed(data, name)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f"{name}: not a club backup (expected format {FORMAT!r}).")
    return document


def _document_parsed(data: bytes, name: str) -> Any:
    """The file as `json.loads` reads it (NaN, a lone surrogate, a float beyond range: JSON that msgspec
    refuses), or its refusal saying why."""
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BackupError(f"{name}: cannot be read ({exc}).") from None
    except RecursionError:
        raise BackupError(f"{name}: nested too deeply to be a club backup.") from None
    except json.JSONDecodeError as exc:
        raise BackupError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits; no count or id is that long.
        raise BackupError(f"{name}: holds a number too long to be any count or id.") from None


def bytes_read(path: Path, name: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BackupError(f"{name}: cannot be read ({exc.strerror}).") from None
