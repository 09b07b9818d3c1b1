"""Writing the backup folder: the club as it stood at one moment, a batch of rubbers at a time, into a
folder beside the target that is moved into place only when whole (see the package)."""

from __future__ import annotations

import ctypes
import datetime as dt
import errno
import os
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from scoring.engine import Seat
from scoring.engine.interchange import rubber_document
from scoring.models import (
    Club,
    ClubTable,
    Cutting,
    Event,
    Hand,
    HandCorrection,
    HandReport,
    HandTakenBack,
    Penalty,
    Player,
    Round,
    RoundBye,
    Rubber,
    Ruling,
    Season,
    SeatChange,
    TotalsCorrection,
)
from scoring.services.backup.files import CLUB, FORMAT, MANIFEST, RUBBERS, BackupError, digest, json_text, rubber_name
from scoring.services.backup.manifest import Manifest, club_counts, rubber_counts
from scoring.services.backup.records import (
    ACCOUNT_FIELDS,
    CLUB_TABLE_FIELDS,
    COUNTS,
    CUTTING_FIELDS,
    EVENT_FIELDS,
    HAND_EXTRA_FIELDS,
    HAND_FIELDS,
    PENALTY_FIELDS,
    RULING_FIELDS,
    SEASON_FIELDS,
)
from scoring.services.backup.snapshot import club_as_it_stands
from scoring.services.club import CLUB_FIELDS
from scoring.services.play import play_document

R = TypeVar("R")

BATCH = 500
"""Rubbers read or restored together: each table is read, or written, once a batch, so a backup's queries
grow with its batches rather than its rubbers and hands, and memory holds one batch, not the club."""


def club_export(folder: Path) -> dict[str, int]:
    """Write the club to `folder`, whole or not at all; returns how many of each kind were written.

    The files go into a hidden folder beside it, put in place once the manifest is written: stopped at any
    point, an export leaves at `folder` what was there (an earlier backup stays whole) or the whole new
    backup. `folder` may be new, empty, or an earlier backup (replaced)."""
    folder = folder.absolute()
    _may_write(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{folder.name}.partial-", dir=folder.parent))
    try:
        with club_as_it_stands():
            manifest = _written(partial)
        (partial / MANIFEST).write_bytes(json_text(manifest.document()))
        _moved_into_place(partial, folder)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return manifest.counts


def _may_write(folder: Path) -> None:
    """Refuse a target that is a file, or a folder holding anything but an earlier backup."""
    if folder.exists() and not folder.is_dir():
        raise BackupError(f"{folder}: is a file; name a folder for the backup.")
    if folder.is_dir() and any(folder.iterdir()) and not ((folder / MANIFEST).is_file() or (folder / CLUB).is_file()):
        raise BackupError(f"{folder}: holds other files; write the backup to a new or empty folder.")


def _moved_into_place(partial: Path, folder: Path) -> None:
    """Put the new backup at `folder`: an earlier backup (or an empty folder) there is exchanged with it in
    one step, then deleted from the hidden folder where the new one was written."""
    if folder.is_dir():
        _exchanged(partial, folder)
        shutil.rmtree(partial)
    else:
        os.rename(partial, folder)


AT_FDCWD = -100
"""The *at() calls' "relative to the working folder" (linux/fcntl.h); the paths given are absolute anyway."""
RENAME_EXCHANGE = 2
"""renameat2's flag to swap two paths in one step (linux/fs.h)."""


def _exchanged(one: Path, other: Path) -> None:
    """Swap the folders at `one` and `other` in one step (Linux's renameat2 with RENAME_EXCHANGE).

    Moving the earlier backup aside and then the new one in takes two renames, and an export stopped between
    them leaves no backup at the target at all. A filesystem or system without the exchange (NFS, CIFS, a
    Linux before 3.15, a C library before glibc 2.28) is refused rather than given those two renames."""
    libc = ctypes.CDLL(None, use_errno=True)
    code = errno.ENOSYS
    if hasattr(libc, "renameat2"):
        if libc.renameat2(AT_FDCWD, os.fsencode(one), AT_FDCWD, os.fsencode(other), RENAME_EXCHANGE) == 0:
            return
        code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        raise BackupError(f"{other}: this filesystem cannot replace an earlier backup in one step; write the "
                          "backup to a new folder instead.")
    raise OSError(code, os.strerror(code), str(other))


def _written(partial: Path) -> Manifest:
    """Write club.json and the rubbers' files; the manifest of what was written."""
    (partial / RUBBERS).mkdir()
    accounts = _accounts()
    players = [_player(p) for p in Player.objects.select_related("user").order_by("pk")]
    club = {"format": FORMAT, "exported_at": timezone.now().isoformat(),
            "seasons": [{f: _plain(getattr(s, f)) for f in SEASON_FIELDS} for s in Season.objects.order_by("pk")],
            "events": [_event(e) for e in _events()], "players": players, "accounts": accounts}
    if own := Club.objects.filter(pk=1).values(*CLUB_FIELDS).first():  # none until the secretary saves them
        club["club"] = own
    data = json_text(club)
    (partial / CLUB).write_bytes(data)
    files = {CLUB: digest(data)}
    counts = club_counts(club)
    names = {p["id"]: p["display_name"] for p in players}
    for batch in _rubber_batches():
        rows = _ExportBatch(batch[0].pk, batch[-1].pk)
        for rubber in batch:
            document = _rubber_file(rubber, rows, names)
            data = json_text(document)
            (partial / rubber_name(rubber.pk)).write_bytes(data)
            files[rubber_name(rubber.pk)] = digest(data)
            counts += rubber_counts(document)
    return Manifest({kind: counts[kind] for kind in COUNTS}, files)


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def _username(user: Any) -> str | None:
    return user.get_username() if user else None


def _accounts() -> list[dict[str, Any]]:
    """Every account by name, with its groups (the Secretary's among them) and no password."""
    users = get_user_model().objects.prefetch_related("groups").order_by("pk")
    return [{**{f: _plain(getattr(u, f)) for f in ACCOUNT_FIELDS},
             "groups": sorted(g.name for g in u.groups.all())} for u in users]


def _player(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "display_name": player.display_name, "member_number": player.member_number,
            "active": player.active, "user": _username(player.user)}


def _events() -> QuerySet[Event]:
    """Every event with what it is run by: entrants, rounds (their tables and byes), club tables and cuts."""
    rounds = Round.objects.prefetch_related("tables", Prefetch("byes", queryset=RoundBye.objects.order_by("pk")))
    return Event.objects.order_by("pk").prefetch_related(
        "entrants", Prefetch("event_rounds", queryset=rounds),
        Prefetch("club_tables", queryset=ClubTable.objects.order_by("pk")),
        Prefetch("cuttings", queryset=Cutting.objects.order_by("pk")))


def _event(event: Event) -> dict[str, Any]:
    document = {**{f: _plain(getattr(event, f)) for f in EVENT_FIELDS if f != "night_rules"},
                **event.night.document()}
    if entrants := list(event.entrants.all()):
        document["entrants"] = [{"player": e.player_id, "number": e.number, "present": e.present,
                                 "gone_from": e.gone_from, "arrived_at": _when(e.arrived_at),
                                 "first_round": e.first_round, "last_round": e.last_round} for e in entrants]
    if rounds := list(event.event_rounds.all()):
        document["event_rounds"] = [{
            "id": r.pk, "number": r.number, "status": r.status, "started_at": _when(r.started_at),
            "closed_at": _when(r.closed_at), "time_called_at": _when(r.time_called_at),
            "tables": [{"number": t.number, "seats": [t.north_id, t.east_id, t.south_id, t.west_id],
                        "first_dealer": t.first_dealer, "rubber": t.rubber_id} for t in r.tables.all()],
            "byes": [b.player_id for b in r.byes.all()],
            # Players whose table never played the round and who score nothing for it (absent: every bye scores).
            **({"byes_unscored": unscored} if (unscored := [b.player_id for b in r.byes.all() if not b.scored])
               else {}),
        } for r in rounds]
    if tables := list(event.club_tables.all()):
        document["club_tables"] = [{f.removesuffix("_id"): _plain(getattr(t, f)) for f in CLUB_TABLE_FIELDS
                                    if f != "event_id"} for t in tables]
    if cuttings := list(event.cuttings.all()):
        document["cuttings"] = [{f.removesuffix("_id"): _plain(getattr(c, f)) for f in CUTTING_FIELDS
                                 if f != "event_id"} for c in cuttings]
    return document


class _ExportBatch:
    """What the backup files of a batch of rubbers hold beside the rubbers themselves, read a table at a
    time for every rubber with an id in `first`..`last` and grouped by rubber (or by hand)."""

    def __init__(self, first: int, last: int) -> None:
        span = {"rubber__gte": first, "rubber__lte": last}
        hand_span = {f"hand__{lookup}": pk for lookup, pk in span.items()}
        self.seat_changes = _grouped(SeatChange.objects.filter(**span)
                                     .order_by("rubber_id", "from_hand", "pk"), "rubber_id")
        # Hands and their penalties are most of a club: read as rows of their fields, not as models.
        self.hands: defaultdict[int, list[Any]] = _grouped(
            Hand.objects.filter(**span).order_by("rubber_id", "number").values_list(*HAND_FIELDS, named=True),
            "rubber_id")
        self.penalties: defaultdict[int, list[Any]] = _grouped(
            Penalty.objects.filter(**hand_span).order_by("hand_id", "pk").values_list(*PENALTY_FIELDS, named=True),
            "hand_id")
        self.usernames = {user.pk: user.get_username() for user in get_user_model().objects.all()}
        self.corrections = _grouped(HandCorrection.objects.filter(**hand_span)
                                    .select_related("made_by").order_by("hand_id", "made_at", "pk"), "hand_id")
        self.rulings = _grouped(Ruling.objects.filter(**hand_span)
                                .select_related("made_by", "withdrawn_by").order_by("hand_id", "made_at", "pk"),
                                "hand_id")
        self.totals_corrections = _grouped(TotalsCorrection.objects.filter(**span).select_related("made_by")
                                           .order_by("rubber_id", "made_at", "pk"), "rubber_id")
        self.taken_back = _grouped(HandTakenBack.objects.filter(**span).select_related("made_by")
                                   .order_by("rubber_id", "made_at", "pk"), "rubber_id")
        self.reports = _grouped(HandReport.objects.filter(**span)
                                .select_related("hand", "reported_member", "answered_member", "settled_by")
                                .order_by("rubber_id", "number", "pk"), "rubber_id")


def _grouped(rows: Iterable[R], key: str) -> defaultdict[int, list[R]]:
    """The rows by the id in `key`, in the queryset's order (an empty list for an id with none)."""
    groups: defaultdict[int, list[R]] = defaultdict(list)
    for row in rows:
        groups[getattr(row, key)].append(row)
    return groups


def _rubber_batches() -> Iterator[list[Rubber]]:
    """Every rubber in id order, a batch at a time, each batch read afresh after the last one's id."""
    last = 0
    while batch := list(Rubber.objects.select_related("event").filter(pk__gt=last).order_by("pk")[:BATCH]):
        yield batch
        last = batch[-1].pk


def _rubber_file(rubber: Rubber, rows: _ExportBatch, names: dict[int, str]) -> dict[str, Any]:
    hands = rows.hands[rubber.pk]
    # Each stored hand as its interchange document: what the laws' reading of it gives back (a test holds
    # them to it), without reading every hand of the club again.
    interchange = rubber_document(rubber.rulebook, {seat: names[rubber.player_id_at(seat)] for seat in Seat},
                                  [play_document(h, rows.penalties[h.id]) for h in hands])
    return {
        "format": FORMAT,
        "id": rubber.pk,
        "event": rubber.event.slug,
        "table": rubber.table_label,
        "played_on": rubber.played_on.isoformat(),
        "created_at": _when(rubber.created_at),
        "first_dealer": rubber.first_dealer,
        "status": rubber.status,
        "abandon_reason": rubber.abandon_reason,
        "deal_limit": rubber.deal_limit,
        "time_called": rubber.time_called,
        "round_totals": rubber.round_totals,
        "seats": {seat.value: rubber.player_id_at(seat) for seat in Seat},
        "seat_changes": [{"seat": c.seat, "player": c.player_id, "from_hand": c.from_hand, "reason": c.reason,
                          "consented": c.consented} for c in rows.seat_changes[rubber.pk]],
        "interchange": interchange,
        "hands": [{
            "number": h.number,
            **{f: getattr(h, f) for f in HAND_EXTRA_FIELDS},
            "reported_by": h.reported_by_id,
            "entered_by": rows.usernames.get(h.entered_by_id),
            "entered_at": _when(h.entered_at),
            "penalties": [{"kind": p.kind, "side": p.side, "count": p.count, "note": p.note,
                           "entered_by": rows.usernames.get(p.entered_by_id), "entered_at": _when(p.entered_at)}
                          for p in rows.penalties[h.id]],
            "corrections": [{"reason": c.reason, "before": c.before, "after": c.after,
                             "made_by": _username(c.made_by), "made_at": _when(c.made_at)}
                            for c in rows.corrections[h.id]],
            "rulings": [{"id": r.pk, **{f: getattr(r, f) for f in RULING_FIELDS},
                         "offender_player": r.offender_player_id,
                         "made_by": _username(r.made_by), "made_at": _when(r.made_at),
                         "withdrawn_by": _username(r.withdrawn_by), "withdrawn_at": _when(r.withdrawn_at)}
                        for r in rows.rulings[h.id]],
        } for h in hands],
        "taken_back": [{"number": t.number, "hand": t.hand, "reason": t.reason, "made_by": _username(t.made_by),
                        "made_at": _when(t.made_at)} for t in rows.taken_back[rubber.pk]],
        "totals_corrections": [{"reason": c.reason, "before": c.before, "after": c.after,
                                "made_by": _username(c.made_by), "made_at": _when(c.made_at)}
                               for c in rows.totals_corrections[rubber.pk]],
        "table_reports": [{
            "number": r.number, "play": r.play, "status": r.status, "dispute": r.dispute,
            "hand": r.hand.number if r.hand is not None else None,
            "reported_by": r.reported_by_id, "reported_phone": r.reported_phone,
            "reported_member": _username(r.reported_member), "reported_at": _when(r.reported_at),
            "answered_by": r.answered_by_id, "answered_phone": r.answered_phone,
            "answered_member": _username(r.answered_member), "answered_at": _when(r.answered_at),
            "settled_by": _username(r.settled_by), "settled_at": _when(r.settled_at), "send_key": r.send_key,
        } for r in rows.reports[rubber.pk]],
    }
