"""The backup folder, written a batch of rubbers at a time and read back the same way (see the package)."""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import msgspec
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Model, Prefetch, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from simple_history.utils import get_history_manager_for_model

from scoring.engine import ReportedHand, RubberError, Seat, score_rubber
from scoring.engine.interchange import hand_to_document, parse_rubber, rubber_document
from scoring.models import (
    Entrant,
    Event,
    GameRecord,
    Hand,
    HandCorrection,
    HandReport,
    HandTakenBack,
    Penalty,
    Player,
    Round,
    RoundBye,
    RoundTable,
    Rubber,
    RubberPlayerResult,
    Ruling,
    SeatChange,
)
from scoring.models.choices import RANKING_DEFAULT
from scoring.services.backup.as_recorded import insert_as_recorded
from scoring.services.kept import totals_rebuild
from scoring.services.reports import PLAY_FIELDS, as_scored, hand_document, penalties_from, play_document, play_fields
from scoring.services.scoring import results_changed, rubber_rescore, rubber_scored

R = TypeVar("R")

FORMAT = "euchre-club-backup/1"
EVENT_FIELDS = ("id", "name", "slug", "starts_on", "ends_on", "rulebook", "notes", "is_public", "paper_size")
ROUNDS_FIELDS = {"mode": Event.Mode.RUBBERS, "rounds": None, "deal_limit": None, "round_minutes": None,
                 "game_points": None, "games": None, "low_prize": False, "movement": Event.Movement.PROGRESSIVE,
                 "ranking": RANKING_DEFAULT}
"""How an event is run and its game and match, with the value a backup written before them stands for."""
PLAYER_FIELDS = ("id", "display_name", "member_number", "active")
HAND_EXTRA_FIELDS = ("announced_ns", "announced_ew", "announcement_resolved", "notes")
HAND_ROW = ("id", "rubber_id", "number", *PLAY_FIELDS, *HAND_EXTRA_FIELDS, "reported_by_id", "entered_by_id",
            "entered_at")
PENALTY_ROW = ("id", "hand_id", "kind", "side", "count", "note", "entered_by_id", "entered_at")
"""The fields a backup writes of each hand and penalty, read as rows."""
RULING_FIELDS = ("id", "irregularity", "facts", "offender", "election", "chooser", "summary", "laws", "effect",
                 "deal", "remedies", "too_late", "score_before", "score_after", "note", "withdrawn_reason")


def _username(user: Any) -> str | None:
    return user.get_username() if user else None


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


# Export.

BATCH = 500
"""Rubbers read or restored together: each table is read, or written, once a batch, so a backup's queries
grow with its batches rather than its rubbers and hands, and memory holds one batch, not the club."""


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
            Hand.objects.filter(**span).order_by("rubber_id", "number").values_list(*HAND_ROW, named=True),
            "rubber_id")
        self.penalties: defaultdict[int, list[Any]] = _grouped(
            Penalty.objects.filter(**hand_span).order_by("hand_id", "pk").values_list(*PENALTY_ROW, named=True),
            "hand_id")
        self.usernames = {user.pk: user.get_username() for user in get_user_model().objects.all()}
        self.corrections = _grouped(HandCorrection.objects.filter(**hand_span)
                                    .select_related("made_by").order_by("hand_id", "made_at", "pk"), "hand_id")
        self.rulings = _grouped(Ruling.objects.filter(**hand_span)
                                .select_related("made_by", "withdrawn_by").order_by("hand_id", "made_at", "pk"),
                                "hand_id")
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
        "first_dealer": rubber.first_dealer,
        "status": rubber.status,
        "abandon_reason": rubber.abandon_reason,
        "deal_limit": rubber.deal_limit,
        "time_called": rubber.time_called,
        "round_totals": rubber.round_totals,
        "seats": {seat.value: rubber.player_id_at(seat) for seat in Seat},
        "seat_changes": [{"seat": c.seat, "player": c.player_id, "from_hand": c.from_hand, "reason": c.reason}
                         for c in rows.seat_changes[rubber.pk]],
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
            "rulings": [{**{f: getattr(r, f) for f in RULING_FIELDS},
                         "offender_player": r.offender_player_id,
                         "made_by": _username(r.made_by), "made_at": _when(r.made_at),
                         "withdrawn_by": _username(r.withdrawn_by), "withdrawn_at": _when(r.withdrawn_at)}
                        for r in rows.rulings[h.id]],
        } for h in hands],
        "taken_back": [{"number": t.number, "hand": t.hand, "reason": t.reason, "made_by": _username(t.made_by),
                        "made_at": _when(t.made_at)} for t in rows.taken_back[rubber.pk]],
        "table_reports": [{
            "number": r.number, "play": r.play, "status": r.status, "dispute": r.dispute,
            "hand": r.hand.number if r.hand is not None else None,
            "reported_by": r.reported_by_id, "reported_phone": r.reported_phone,
            "reported_member": _username(r.reported_member), "reported_at": _when(r.reported_at),
            "answered_by": r.answered_by_id, "answered_phone": r.answered_phone,
            "answered_member": _username(r.answered_member), "answered_at": _when(r.answered_at),
            "settled_by": _username(r.settled_by), "settled_at": _when(r.settled_at),
        } for r in rows.reports[rubber.pk]],
    }


def _event_rounds(event: Event) -> dict[str, Any]:
    """The entrants and rounds of an event run in rounds (nothing for other events), from `_events`' prefetch."""
    if not event.entrants.exists() and not event.event_rounds.exists():
        return {}
    return {
        "entrants": [{"player": e.player_id, "number": e.number, "present": e.present}
                     for e in event.entrants.all()],
        "event_rounds": [{
            "number": r.number, "status": r.status, "started_at": _when(r.started_at), "closed_at": _when(r.closed_at),
            "tables": [{"number": t.number, "seats": [t.north_id, t.east_id, t.south_id, t.west_id],
                        "first_dealer": t.first_dealer, "rubber": t.rubber_id} for t in r.tables.all()],
            "byes": [b.player_id for b in r.byes.all()],
        } for r in event.event_rounds.all()],
    }


def _events() -> QuerySet[Event]:
    """Every event with its entrants, rounds, tables and byes, in five queries however many rounds there are."""
    rounds = Round.objects.prefetch_related("tables", Prefetch("byes", queryset=RoundBye.objects.order_by("pk")))
    return Event.objects.order_by("pk").prefetch_related("entrants", Prefetch("event_rounds", queryset=rounds))


def club_export(folder: Path) -> dict[str, int]:
    """Write the club to `folder` (created if needed), a batch of rubbers at a time; returns how many of each
    were written."""
    (folder / "rubbers").mkdir(parents=True, exist_ok=True)
    events = [{**{f: _plain(getattr(e, f)) for f in EVENT_FIELDS}, **{f: getattr(e, f) for f in ROUNDS_FIELDS},
               **_event_rounds(e)} for e in _events()]
    players = [{f: getattr(p, f) for f in PLAYER_FIELDS} for p in Player.objects.order_by("pk")]
    club = {"format": FORMAT, "exported_at": timezone.now().isoformat(), "events": events, "players": players}
    (folder / "club.json").write_bytes(json_text(club))
    names = {p["id"]: p["display_name"] for p in players}
    count = 0
    for batch in _rubber_batches():
        rows = _ExportBatch(batch[0].pk, batch[-1].pk)
        for rubber in batch:
            (folder / "rubbers" / f"{rubber.pk}.json").write_bytes(json_text(_rubber_file(rubber, rows, names)))
        count += len(batch)
    return {"events": len(events), "players": len(players), "rubbers": count}


def json_text(document: dict[str, Any]) -> bytes:
    """The document as `json.dumps(document, indent=1)` writes it, byte for byte (ASCII, one space a level),
    in a fraction of the time: the standard library indents in Python, msgspec reformats in C."""
    return msgspec.json.format(json.dumps(document).encode(), indent=1)


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


# Import.

MOST_ID = 2**63 - 1  # what a database's integer key holds


class BackupError(ValidationError):
    """A backup that cannot be restored; the message names the file and what is wrong."""


def _read(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BackupError(f"{path.name}: cannot be read ({exc}).") from None
    except RecursionError:
        raise BackupError(f"{path.name}: nested too deeply to be a club backup.") from None
    except json.JSONDecodeError as exc:
        raise BackupError(f"{path.name}: not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits; no count or id is that long.
        raise BackupError(f"{path.name}: holds a number too long to be any count or id.") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(f"{path.name}: not a club backup (expected format {FORMAT!r}).")
    return document


def _date(value: Any, where: str) -> dt.date:
    parsed = parse_date(value) if isinstance(value, str) else None
    if parsed is None:
        raise BackupError(f"{where}: {value!r} is not a date (YYYY-MM-DD).")
    return parsed


def _moment(value: Any, where: str) -> dt.datetime | None:
    if value is None:
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise BackupError(f"{where}: {value!r} is not a date and time.")
    return parsed


def club_import(folder: Path) -> dict[str, int]:
    """Restore a backup into an empty database, all or nothing, and rescore every rubber."""
    if not (folder / "club.json").is_file():
        raise BackupError(f"{folder}: no club.json here; is this a backup folder?")
    if Event.objects.exists() or Player.objects.exists() or Rubber.objects.exists():
        raise BackupError("The database already holds a club; restore only into an empty database.")
    club = _read(folder / "club.json")
    files = sorted((folder / "rubbers").glob("*.json"), key=lambda p: (len(p.stem), p.stem))
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    with transaction.atomic():
        try:
            _restore(club, files, users)
        except BackupError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise BackupError(f"The backup is malformed: {_short(exc)}.") from None
        _reset_sequences()
    return {"events": len(club["events"]), "players": len(club["players"]), "rubbers": len(files)}


def _short(exc: Exception) -> str:
    """The error in one short line: a message quoting a huge value is cut, never converted again."""
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 200 else text[:200] + "..."


def _checked(obj: Model, where: str, exclude: tuple[str, ...] = (), *, in_memory: bool = False) -> None:
    """Refuse a row a form would refuse, naming `where` it came from and what is wrong.

    `in_memory` checks without the database: the fields and the model's own rules, but neither unique
    nor other constraints (left to the database when the row is written in bulk) nor links, which the
    restore makes only to rows it has (a link to a row written in the same bulk has no id yet)."""
    if obj.pk is not None and (type(obj.pk) is not int or obj.pk < 1):  # ids are counted from 1
        raise BackupError(f"{where}: id {obj.pk!r} is not a whole number from 1 up.")
    if obj.pk is not None and obj.pk > MOST_ID:
        raise BackupError(f"{where}: id {obj.pk} is larger than a database can hold.")
    for field in obj._meta.concrete_fields:  # full_clean passes an empty value that the column refuses
        if not field.null and not field.primary_key and getattr(obj, field.attname) is None \
                and field.attname not in exclude and not field.has_default() \
                and not getattr(field, "auto_now_add", False) \
                and not (in_memory and field.is_relation and getattr(obj, field.name) is not None):
            raise BackupError(f"{where}: {field.name} is missing (null).")
    try:
        if in_memory:
            obj.full_clean(exclude=[*exclude, *_links(type(obj))], validate_unique=False, validate_constraints=False)
        else:  # unique checks too: a backup edited by hand may repeat an id, a slug or a name
            obj.full_clean(exclude=exclude, validate_unique=True, validate_constraints=True)
    except ValidationError as exc:
        problems = [f"{field}: {' '.join(messages)}" if field != "__all__" else " ".join(messages)
                    for field, messages in exc.message_dict.items()]
        raise BackupError(f"{where}: {'; '.join(problems)}") from None


@functools.cache
def _links(model: type[Model]) -> tuple[str, ...]:
    """The model's links to other rows, whose form check reads the row linked to."""
    return tuple(f.name for f in model._meta.concrete_fields if f.is_relation)


def _full_save(obj: Model, where: str, exclude: tuple[str, ...] = ()) -> None:
    _checked(obj, where, exclude)
    try:
        with transaction.atomic():
            obj.save(force_insert=True)
    except IntegrityError as exc:
        first_line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BackupError(f"{where}: {first_line}".rstrip(".") + ".") from None


# A ruling with no score effect, facts or remedies stores them empty; the model's blank checks
# are for forms, not for a ruling the wizard made.
RULING_JSON = ("facts", "laws", "effect", "remedies", "score_before", "score_after")
# Who entered or ruled may be no account at all (a command, or an account since deleted).
WHO = ("entered_by", "reported_by", "made_by", "withdrawn_by")
REPORT_LINKS = ("reported_by", "answered_by", "reported_member", "answered_member", "settled_by", "hand")
"""A report's links to players, members and its hand: restored after the rows they point to."""
Stamps = dict[str, dt.datetime | None]
"""When a row was first recorded, as the backup has it (None: not known, so the time of the restore)."""


@dataclass(frozen=True)
class _RestoredHand:
    """A hand with the penalties and rulings it is scored with (unsaved in a bulk restore)."""

    hand: Hand
    penalties: list[Penalty]
    rulings: list[Ruling]


@dataclass(frozen=True)
class _RestoredRubber:
    """A rubber with what it is scored from: its hands in order and its substitutes by the hand they sit from."""

    rubber: Rubber
    hands: list[_RestoredHand]
    seat_changes: list[SeatChange]


class _Rows(Protocol):
    """Where a restore puts the rows it builds from the backup, in the order they link to each other."""

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        """Check a row (refusing it with `where` and what is wrong) and keep it, with its first `stamps`."""

    def scored(self, restored: _RestoredRubber, where: str) -> None:
        """Rescore a rubber whose rows are all added, and keep its result."""


class _OneByOne:
    """Each row checked against the database and saved at once, as a form would save it: slow, but it
    names the row at fault and says what is wrong with it as the form would."""

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        _full_save(obj, where, exclude)
        given = {name: when for name, when in (stamps or {}).items() if when is not None}
        if given:  # the times first recorded, not the time of the restore
            type(obj)._default_manager.filter(pk=obj.pk).update(**given)

    def scored(self, restored: _RestoredRubber, where: str) -> None:
        try:
            rubber_rescore(restored.rubber)
        except ValidationError as exc:
            raise BackupError(f"{where}: {' '.join(exc.messages)}") from None


class _Refused(Exception):
    """A row the bulk checks refused: the group it is in is restored again in smaller groups."""


WRITE_ORDER: tuple[type[Model], ...] = (
    Event, Player, Rubber, SeatChange, Hand, Penalty, HandCorrection, Ruling, HandTakenBack, HandReport,
    GameRecord, RubberPlayerResult, Entrant, Round, RoundTable, RoundBye)
"""The tables a restore writes, each after those it links to."""


class _Bulk:
    """Rows checked in memory and written a table at a time, rubbers rescored in memory: a fixed number
    of queries for a batch. The database's own constraints (unique ids, names, seats) refuse what the
    memory checks cannot see."""

    def __init__(self) -> None:
        self.rows: dict[type[Model], list[Model]] = {model: [] for model in WRITE_ORDER}

    def add(self, obj: Model, where: str, exclude: tuple[str, ...] = (), stamps: Stamps | None = None) -> None:
        try:
            _checked(obj, where, exclude, in_memory=True)
        except BackupError:
            raise _Refused from None
        _stamp(obj, stamps or {})
        self.rows[type(obj)].append(obj)

    def scored(self, restored: _RestoredRubber, where: str) -> None:
        rubber = restored.rubber
        rulebook = rubber.rulebook
        parts = {h.hand.number: h for h in restored.hands}

        def scored_as(hand: Hand) -> ReportedHand:
            return as_scored(hand, rulebook, penalties=parts[hand.number].penalties,
                             rulings=parts[hand.number].rulings)

        try:
            _, records = rubber_scored(rubber, [h.hand for h in restored.hands], restored.seat_changes,
                                       scored_as=scored_as)
        except ValidationError as exc:
            raise BackupError(f"{where}: {' '.join(exc.messages)}") from None
        self.rows[GameRecord] += records.games
        self.rows[RubberPlayerResult] += records.players

    def write(self) -> None:
        """Insert every table's rows as they are (their creation goes into their history at the end of the
        restore, `_history_recorded`)."""
        for model, objs in self.rows.items():
            if objs:
                insert_as_recorded(model, objs)


def _history_recorded(since: dt.datetime) -> None:
    """Record the creation of every restored row in its history, as saving it would, one statement a table:
    each row with none recorded `since` the restore began (those restored one by one were saved, and have
    theirs; a club deleted before may have left the same ids in the history) is copied as it stands."""
    quote = connection.ops.quote_name
    now, began = (connection.ops.adapt_datetimefield_value(when) for when in (timezone.now(), since))
    with connection.cursor() as cursor:
        for model in WRITE_ORDER:
            if not hasattr(model._meta, "simple_history_manager_attribute"):
                continue
            history = get_history_manager_for_model(model).model
            copied = [quote(f.column) for f in history._meta.concrete_fields if not f.name.startswith("history_")]
            base, past = quote(model._meta.db_table), quote(history._meta.db_table)
            key = quote(model._meta.pk.column)
            into = ", ".join([*copied, "history_date", "history_change_reason", "history_type", "history_user_id"])
            rows = ", ".join(f"{base}.{column}" for column in copied)
            # Table and column names come from the models, the one value is a parameter.
            cursor.execute(f"INSERT INTO {past} ({into}) SELECT {rows}, %s, NULL, '+', NULL FROM {base} "
                           f"WHERE NOT EXISTS (SELECT 1 FROM {past} WHERE {past}.{key} = {base}.{key} "
                           f"AND {past}.history_date >= %s)", [now, began])


def _stamp(obj: Model, stamps: Stamps) -> None:
    """Give a row the times it was first recorded, and the time of the restore for any the backup does
    not know (what saving it would give)."""
    for name in _stamped(type(obj)):
        setattr(obj, name, stamps.get(name) or timezone.now())


@functools.cache
def _stamped(model: type[Model]) -> tuple[str, ...]:
    """The model's times that saving a row sets by itself."""
    return tuple(f.attname for f in model._meta.concrete_fields
                 if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False))


Unit = Callable[[_Rows], object]
"""Builds the rows of one thing restored (a player, an event, a rubber, an event's rounds)."""


def _in_bulk(units: Sequence[Unit]) -> None:
    """Restore `units` together in bulk. When a row is refused, the group is rolled back and each half
    restored the same way, down to the one unit at fault, which is restored row by row so that the error
    names its file and what is wrong (a sound backup is restored in bulk; a broken one is refused as
    plainly as before, only slower)."""
    if connection.features.can_return_rows_from_bulk_insert:  # linking rows written together needs their ids
        try:
            with transaction.atomic():
                rows = _Bulk()
                for unit in units:
                    unit(rows)
                rows.write()
            return
        except (_Refused, IntegrityError, DataError):
            pass
    if len(units) == 1 or not connection.features.can_return_rows_from_bulk_insert:
        for unit in units:
            unit(_OneByOne())
        return
    middle = len(units) // 2
    _in_bulk(units[:middle])
    _in_bulk(units[middle:])


def _restore(club: dict[str, Any], files: list[Path], users: dict[str, Any]) -> None:
    """Events and players, then the rubbers a batch of files at a time, then the events' rounds."""
    began = timezone.now()
    events: dict[str, Event] = {}
    _in_bulk([functools.partial(_restore_event, row=row, events=events) for row in club["events"]])
    _in_bulk([functools.partial(_restore_player, row=row) for row in club["players"]])
    players = {p.pk: p for p in Player.objects.all()}
    rubber_events: dict[int, int] = {}
    for start in range(0, len(files), BATCH):
        documents = [_read(path) | {"_file": path.name} for path in files[start:start + BATCH]]
        _in_bulk([functools.partial(_restore_rubber, doc=doc, events=events, players=players, users=users,
                                    rubber_events=rubber_events) for doc in documents])
    _in_bulk([functools.partial(_restore_rounds, row=row, event=events[row["slug"]], players=players,
                                rubber_events=rubber_events) for row in club["events"]])
    _history_recorded(began)
    totals_rebuild()  # the kept figures of every restored result, read once
    results_changed([event.pk for event in events.values()])


def _restore_event(rows: _Rows, *, row: dict[str, Any], events: dict[str, Event]) -> None:
    event = Event(**{f: row[f] for f in EVENT_FIELDS if f not in ("starts_on", "ends_on")},
                  **{f: row.get(f, default) for f, default in ROUNDS_FIELDS.items()},
                  starts_on=_date(row["starts_on"], f"event {row['slug']}"),
                  ends_on=_date(row["ends_on"], f"event {row['slug']}") if row.get("ends_on") else None)
    rows.add(event, f"club.json, event {row.get('slug')!r}")
    events[event.slug] = event


def _restore_player(rows: _Rows, *, row: dict[str, Any]) -> None:
    rows.add(Player(**{f: row[f] for f in PLAYER_FIELDS}), f"club.json, player {row.get('display_name')!r}")


def _restore_rounds(rows: _Rows, *, row: dict[str, Any], event: Event, players: dict[int, Player],
                    rubber_events: dict[int, int]) -> None:
    where = f"club.json, event {row['slug']!r}"

    def player(pk: Any) -> Player:
        if pk not in players:
            raise BackupError(f"{where}: a player of its rounds is not in club.json.")
        return players[pk]

    for entrant in row.get("entrants", []):
        rows.add(Entrant(event=event, player=player(entrant["player"]), number=entrant["number"],
                         present=entrant["present"]), where, exclude=("arrived_at",))
    for doc in row.get("event_rounds", []):
        round_ = Round(event=event, number=doc["number"], status=doc["status"],
                       started_at=_moment(doc["started_at"], where), closed_at=_moment(doc["closed_at"], where))
        rows.add(round_, where)
        for table in doc["tables"]:
            if table["rubber"] is not None and rubber_events.get(table["rubber"]) != event.pk:
                raise BackupError(f"{where}: round {doc['number']} names a rubber that is not in its event.")
            north, east, south, west = (player(pk) for pk in table["seats"])
            rows.add(RoundTable(round=round_, number=table["number"], north=north, east=east, south=south,
                                west=west, first_dealer=table["first_dealer"], rubber_id=table["rubber"]), where)
        for pk in doc["byes"]:
            rows.add(RoundBye(round=round_, player=player(pk)), where)


def _restore_rubber(rows: _Rows, *, doc: dict[str, Any], events: dict[str, Event], players: dict[int, Player],
                    users: dict[str, Any], rubber_events: dict[int, int]) -> None:
    where = f"rubbers/{doc['_file']}"
    if doc["event"] not in events:
        raise BackupError(f"{where}: the event {doc['event']!r} is not in club.json.")
    playing = events[doc["event"]].playing
    try:
        report = parse_rubber(doc["interchange"])
        score_rubber(report.hands, playing if playing.tally else report.rulebook, explain=False,
                     first_dealer=Seat(doc["first_dealer"]))
    except RubberError as exc:
        raise BackupError(f"{where}: {exc}") from None
    if report.rulebook != playing and not (playing.tally and report.rulebook.key == playing.key):
        raise BackupError(f"{where}: the rubber's code, game or match ({report.rulebook.key}, game to "
                          f"{report.rulebook.game_points}) is not its event's.")
    seats = {Seat(s): players.get(pk) for s, pk in doc["seats"].items()}
    if set(seats) != set(Seat) or None in seats.values():
        raise BackupError(f"{where}: the four seats must name players in club.json.")
    rubber = Rubber(pk=doc["id"], event=events[doc["event"]], table_label=doc["table"],
                    played_on=_date(doc["played_on"], where), first_dealer=doc["first_dealer"],
                    status=doc["status"], abandon_reason=doc["abandon_reason"], deal_limit=doc.get("deal_limit"),
                    time_called=doc.get("time_called", False), round_totals=doc.get("round_totals"),
                    **Rubber.seat_fields(seats))
    rows.add(rubber, where)
    rubber_events[rubber.pk] = rubber.event_id
    seat_changes = []
    for change in doc["seat_changes"]:
        if change["player"] not in players:
            raise BackupError(f"{where}: a substitute is not in club.json.")
        seat_change = SeatChange(rubber=rubber, seat=change["seat"], player=players[change["player"]],
                                 from_hand=change["from_hand"], reason=change["reason"])
        rows.add(seat_change, where)
        seat_changes.append(seat_change)
    if len(doc["hands"]) != len(report.hands):
        raise BackupError(f"{where}: {len(report.hands)} hands in the interchange part, "
                          f"{len(doc['hands'])} in the club part.")
    hands = [_restore_hand(rows, rubber, number, reported_hand, extra, players, users, f"{where}, hand {number}")
             for number, (reported_hand, extra) in enumerate(zip(report.hands, doc["hands"], strict=True), start=1)]
    for row in doc.get("taken_back", []):  # backups written before hands could be taken back have none
        taken = HandTakenBack(rubber=rubber, number=row["number"], hand=row["hand"], reason=row["reason"],
                              made_by=users.get(row.get("made_by") or ""))
        rows.add(taken, where, exclude=WHO, stamps={"made_at": _moment(row["made_at"], where)})
    _restore_reports(rows, rubber, {h.hand.number: h.hand for h in hands}, doc.get("table_reports", []), players,
                     users, where)
    rows.scored(_RestoredRubber(rubber, hands, sorted(seat_changes, key=lambda c: c.from_hand)), where)


def _restore_hand(rows: _Rows, rubber: Rubber, number: int, reported_hand: ReportedHand, extra: dict[str, Any],
                  players: dict[int, Player], users: dict[str, Any], where: str) -> _RestoredHand:
    hand = Hand(rubber=rubber, number=number, **play_fields(reported_hand),
                **{f: extra[f] for f in HAND_EXTRA_FIELDS},
                reported_by=players.get(extra["reported_by"]) if extra.get("reported_by") else None,
                entered_by=users.get(extra.get("entered_by") or ""))
    rows.add(hand, where, exclude=WHO, stamps={"entered_at": _moment(extra["entered_at"], where)})
    penalties = []
    for row in extra["penalties"]:
        penalty = Penalty(hand=hand, kind=row["kind"], side=row["side"], count=row["count"], note=row["note"],
                          entered_by=users.get(row.get("entered_by") or ""))
        rows.add(penalty, where, exclude=WHO, stamps={"entered_at": _moment(row["entered_at"], where)})
        penalties.append(penalty)
    if hand_document(hand, penalties) != hand_document(hand, penalties_from(hand_to_document(reported_hand))):
        raise BackupError(f"{where}: the penalty records do not match the hand's interchange fields.")
    for row in extra["corrections"]:
        correction = HandCorrection(hand=hand, reason=row["reason"], before=row["before"], after=row["after"],
                                    made_by=users.get(row.get("made_by") or ""))
        rows.add(correction, where, exclude=WHO, stamps={"made_at": _moment(row["made_at"], where)})
    rulings = []
    for row in extra["rulings"]:
        offender = row.get("offender_player")
        ruling = Ruling(rubber=rubber, hand=hand, **{f: row[f] for f in RULING_FIELDS},
                        offender_player=players.get(offender) if offender else None,
                        made_by=users.get(row.get("made_by") or ""),
                        withdrawn_by=users.get(row.get("withdrawn_by") or ""),
                        withdrawn_at=_moment(row.get("withdrawn_at"), where))
        made_at = _moment(row["made_at"], where)
        rows.add(ruling, where, exclude=RULING_JSON + WHO, stamps={"made_at": made_at})
        rulings.append((_in_order_made(made_at, ruling), ruling))
    return _RestoredHand(hand, penalties, [ruling for _, ruling in sorted(rulings, key=lambda pair: pair[0])])


def _in_order_made(made_at: dt.datetime | None, ruling: Ruling) -> tuple[bool, float, int]:
    """Where a ruling comes among its hand's once saved (by the time made, then id; one whose time is not
    known is stamped with the time of the restore, after the rest): the order its effects are applied in."""
    return made_at is None, made_at.timestamp() if made_at else 0.0, ruling.pk or 0


def _restore_reports(rows: _Rows, rubber: Rubber, hands: dict[int, Hand], reports: list[dict[str, Any]],
                     players: dict[int, Player], users: dict[str, Any], where: str) -> None:
    """The hands the table reported, with who reported, answered and settled them (backups written
    before tables reported their hands have none)."""
    for row in reports:
        if row["reported_by"] not in players or (row["answered_by"] and row["answered_by"] not in players):
            raise BackupError(f"{where}: a player who reported or answered a hand is not in club.json.")
        report = HandReport(
            rubber=rubber, number=row["number"], play=row["play"], status=row["status"], dispute=row["dispute"],
            hand=hands.get(row["hand"]) if row["hand"] else None, reported_by=players[row["reported_by"]],
            reported_phone=row["reported_phone"], reported_member=users.get(row.get("reported_member") or ""),
            answered_by=players.get(row["answered_by"]) if row["answered_by"] else None,
            answered_phone=row["answered_phone"], answered_member=users.get(row.get("answered_member") or ""),
            answered_at=_moment(row["answered_at"], where), settled_by=users.get(row.get("settled_by") or ""),
            settled_at=_moment(row["settled_at"], where))
        rows.add(report, where, exclude=REPORT_LINKS, stamps={"reported_at": _moment(row["reported_at"], where)})


def _reset_sequences() -> None:
    """Rows were written with their old ids; move each id sequence past them (PostgreSQL)."""
    models = [Event, Player, Rubber, SeatChange, Hand, Penalty, HandCorrection, Ruling, HandTakenBack, HandReport,
              Entrant, Round,
              RoundTable, RoundBye]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
