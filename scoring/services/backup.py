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
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction
from django.db.models import Model, Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scoring.engine import ReportedHand, RubberError, RubberReport, Seat, score_rubber
from scoring.engine.interchange import hand_to_document, parse_rubber, rubber_to_document
from scoring.models import (
    Entrant,
    Event,
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
    Ruling,
    SeatChange,
)
from scoring.models.choices import RANKING_DEFAULT
from scoring.services.reports import as_reported, hand_document, penalties_from, play_fields
from scoring.services.scoring import rubber_hands, rubber_rescore

FORMAT = "euchre-club-backup/1"
EVENT_FIELDS = ("id", "name", "slug", "starts_on", "ends_on", "rulebook", "notes", "is_public", "paper_size")
ROUNDS_FIELDS = {"mode": Event.Mode.RUBBERS, "rounds": None, "deal_limit": None, "round_minutes": None,
                 "game_points": None, "games": None, "low_prize": False, "movement": Event.Movement.PROGRESSIVE,
                 "ranking": RANKING_DEFAULT}
"""How an event is run and its game and match, with the value a backup written before them stands for."""
PLAYER_FIELDS = ("id", "display_name", "member_number", "active")
HAND_EXTRA_FIELDS = ("announced_ns", "announced_ew", "announcement_resolved", "notes")
RULING_FIELDS = ("id", "irregularity", "facts", "offender", "election", "chooser", "summary", "laws", "effect",
                 "deal", "remedies", "too_late", "score_before", "score_after", "note", "withdrawn_reason")


def _username(user: Any) -> str | None:
    return user.get_username() if user else None


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


# Export.

def _rubber_file(rubber: Rubber) -> dict[str, Any]:
    hands = rubber_hands(rubber)
    rulebook = rubber.rulebook
    interchange = rubber_to_document(RubberReport(
        hands=tuple(as_reported(h, rulebook) for h in hands),
        players={seat: rubber.player_at(seat).display_name for seat in Seat},
        rulebook=rulebook,
    ))
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
                         for c in rubber.seat_changes.all()],
        "interchange": interchange,
        "hands": [{
            "number": h.number,
            **{f: getattr(h, f) for f in HAND_EXTRA_FIELDS},
            "reported_by": h.reported_by_id,
            "entered_by": _username(h.entered_by),
            "entered_at": _when(h.entered_at),
            "penalties": [{"kind": p.kind, "side": p.side, "count": p.count, "note": p.note,
                           "entered_by": _username(p.entered_by), "entered_at": _when(p.entered_at)}
                          for p in h.penalties.all()],
            "corrections": [{"reason": c.reason, "before": c.before, "after": c.after,
                             "made_by": _username(c.made_by), "made_at": _when(c.made_at)}
                            for c in h.corrections.all()],
            "rulings": [{**{f: getattr(r, f) for f in RULING_FIELDS},
                         "offender_player": r.offender_player_id,
                         "made_by": _username(r.made_by), "made_at": _when(r.made_at),
                         "withdrawn_by": _username(r.withdrawn_by), "withdrawn_at": _when(r.withdrawn_at)}
                        for r in h.rulings.all()],
        } for h in hands],
        "taken_back": [{"number": t.number, "hand": t.hand, "reason": t.reason, "made_by": _username(t.made_by),
                        "made_at": _when(t.made_at)} for t in rubber.hands_taken_back.all()],
        "table_reports": [{
            "number": r.number, "play": r.play, "status": r.status, "dispute": r.dispute,
            "hand": r.hand.number if r.hand is not None else None,
            "reported_by": r.reported_by_id, "reported_phone": r.reported_phone,
            "reported_member": _username(r.reported_member), "reported_at": _when(r.reported_at),
            "answered_by": r.answered_by_id, "answered_phone": r.answered_phone,
            "answered_member": _username(r.answered_member), "answered_at": _when(r.answered_at),
            "settled_by": _username(r.settled_by), "settled_at": _when(r.settled_at),
        } for r in rubber.hand_reports.all()],
    }


REPORT_LINKS = ("reported_by", "answered_by", "reported_member", "answered_member", "settled_by", "hand")
"""A report's links to players, members and its hand: restored after the rows they point to."""


def _restore_reports(rubber: Rubber, rows: list[dict[str, Any]], players: dict[int, Player],
                     users: dict[str, Any], where: str) -> None:
    """The hands the table reported, with who reported, answered and settled them (backups written
    before tables reported their hands have none)."""
    hands = {h.number: h for h in rubber.hands.all()}
    for row in rows:
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
        _full_save(report, where, exclude=REPORT_LINKS)
        HandReport.objects.filter(pk=report.pk).update(
            reported_at=_moment(row["reported_at"], where) or report.reported_at)


def _event_rounds(event: Event) -> dict[str, Any]:
    """The entrants and rounds of an event run in rounds (nothing for other events)."""
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


def club_export(folder: Path) -> dict[str, int]:
    """Write the club to `folder` (created if needed); returns how many of each were written."""
    (folder / "rubbers").mkdir(parents=True, exist_ok=True)
    events = [{**{f: _plain(getattr(e, f)) for f in EVENT_FIELDS}, **{f: getattr(e, f) for f in ROUNDS_FIELDS},
               **_event_rounds(e)} for e in Event.objects.order_by("pk")]
    players = [{f: getattr(p, f) for f in PLAYER_FIELDS} for p in Player.objects.order_by("pk")]
    club = {"format": FORMAT, "exported_at": timezone.now().isoformat(), "events": events, "players": players}
    (folder / "club.json").write_text(json.dumps(club, indent=1), encoding="utf-8")
    rubbers = (Rubber.objects.select_related("event").order_by("pk")
               .prefetch_related("seat_changes", "hands_taken_back__made_by", "hands__penalties__entered_by",
                                 "hands__corrections__made_by", "hands__rulings__made_by",
                                 "hands__rulings__withdrawn_by", "hands__entered_by",
                                 Prefetch("hand_reports", queryset=HandReport.objects.select_related(
                                     "hand", "reported_member", "answered_member", "settled_by"))))
    count = 0
    for rubber in rubbers.iterator(chunk_size=200):
        path = folder / "rubbers" / f"{rubber.pk}.json"
        path.write_text(json.dumps(_rubber_file(rubber), indent=1), encoding="utf-8")
        count += 1
    return {"events": len(events), "players": len(players), "rubbers": count}


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
    rubbers = [_read(path) | {"_file": path.name} for path in files]
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    with transaction.atomic():
        try:
            _restore(club, rubbers, users)
        except BackupError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise BackupError(f"The backup is malformed: {_short(exc)}.") from None
        _reset_sequences()
    return {"events": len(club["events"]), "players": len(club["players"]), "rubbers": len(rubbers)}


def _short(exc: Exception) -> str:
    """The error in one short line: a message quoting a huge value is cut, never converted again."""
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 200 else text[:200] + "..."


def _full_save(obj: Any, where: str, exclude: tuple[str, ...] = ()) -> None:
    if obj.pk is not None and (type(obj.pk) is not int or obj.pk < 1):  # ids are counted from 1
        raise BackupError(f"{where}: id {obj.pk!r} is not a whole number from 1 up.")
    if obj.pk is not None and obj.pk > MOST_ID:
        raise BackupError(f"{where}: id {obj.pk} is larger than a database can hold.")
    for field in obj._meta.concrete_fields:  # full_clean passes an empty value that the column refuses
        if not field.null and not field.primary_key and getattr(obj, field.attname) is None \
                and field.attname not in exclude and not field.has_default() \
                and not getattr(field, "auto_now_add", False):
            raise BackupError(f"{where}: {field.name} is missing (null).")
    try:
        # Unique checks too: a backup edited by hand may repeat an id, a slug or a name.
        obj.full_clean(exclude=exclude, validate_unique=True, validate_constraints=True)
    except ValidationError as exc:
        problems = [f"{field}: {' '.join(messages)}" if field != "__all__" else " ".join(messages)
                    for field, messages in exc.message_dict.items()]
        raise BackupError(f"{where}: {'; '.join(problems)}") from None
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


def _restore(club: dict[str, Any], rubbers: list[dict[str, Any]], users: dict[str, Any]) -> None:
    events: dict[str, Event] = {}
    for row in club["events"]:
        event = Event(**{f: row[f] for f in EVENT_FIELDS if f not in ("starts_on", "ends_on")},
                      **{f: row.get(f, default) for f, default in ROUNDS_FIELDS.items()},
                      starts_on=_date(row["starts_on"], f"event {row['slug']}"),
                      ends_on=_date(row["ends_on"], f"event {row['slug']}") if row.get("ends_on") else None)
        _full_save(event, f"club.json, event {row.get('slug')!r}")
        events[event.slug] = event
    for row in club["players"]:
        _full_save(Player(**{f: row[f] for f in PLAYER_FIELDS}), f"club.json, player {row.get('display_name')!r}")
    players = {p.pk: p for p in Player.objects.all()}
    for document in rubbers:
        _restore_rubber(document, events, players, users)
    for row in club["events"]:
        _restore_rounds(row, events[row["slug"]], players)


def _restore_rounds(row: dict[str, Any], event: Event, players: dict[int, Player]) -> None:
    where = f"club.json, event {row['slug']!r}"

    def player(pk: Any) -> Player:
        if pk not in players:
            raise BackupError(f"{where}: a player of its rounds is not in club.json.")
        return players[pk]

    for entrant in row.get("entrants", []):
        _full_save(Entrant(event=event, player=player(entrant["player"]), number=entrant["number"],
                           present=entrant["present"]), where, exclude=("arrived_at",))
    for doc in row.get("event_rounds", []):
        round_ = Round(event=event, number=doc["number"], status=doc["status"],
                       started_at=_moment(doc["started_at"], where), closed_at=_moment(doc["closed_at"], where))
        _full_save(round_, where)
        for table in doc["tables"]:
            if table["rubber"] is not None and not Rubber.objects.filter(pk=table["rubber"], event=event).exists():
                raise BackupError(f"{where}: round {doc['number']} names a rubber that is not in its event.")
            north, east, south, west = (player(pk) for pk in table["seats"])
            _full_save(RoundTable(round=round_, number=table["number"], north=north, east=east, south=south,
                                  west=west, first_dealer=table["first_dealer"], rubber_id=table["rubber"]), where)
        for pk in doc["byes"]:
            _full_save(RoundBye(round=round_, player=player(pk)), where)


def _restore_rubber(doc: dict[str, Any], events: dict[str, Event], players: dict[int, Player],
                    users: dict[str, Any]) -> None:
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
    _full_save(rubber, where)
    for change in doc["seat_changes"]:
        if change["player"] not in players:
            raise BackupError(f"{where}: a substitute is not in club.json.")
        _full_save(SeatChange(rubber=rubber, seat=change["seat"], player=players[change["player"]],
                              from_hand=change["from_hand"], reason=change["reason"]), where)
    if len(doc["hands"]) != len(report.hands):
        raise BackupError(f"{where}: {len(report.hands)} hands in the interchange part, "
                          f"{len(doc['hands'])} in the club part.")
    for number, (reported_hand, extra) in enumerate(zip(report.hands, doc["hands"], strict=True), start=1):
        _restore_hand(rubber, number, reported_hand, extra, players, users, f"{where}, hand {number}")
    for row in doc.get("taken_back", []):  # backups written before hands could be taken back have none
        taken = HandTakenBack(rubber=rubber, number=row["number"], hand=row["hand"], reason=row["reason"],
                              made_by=users.get(row.get("made_by") or ""))
        _full_save(taken, where, exclude=WHO)
        HandTakenBack.objects.filter(pk=taken.pk).update(made_at=_moment(row["made_at"], where) or taken.made_at)
    _restore_reports(rubber, doc.get("table_reports", []), players, users, where)
    try:
        rubber_rescore(rubber)
    except ValidationError as exc:
        raise BackupError(f"{where}: {' '.join(exc.messages)}") from None


def _restore_hand(rubber: Rubber, number: int, reported_hand: Any, extra: dict[str, Any],
                  players: dict[int, Player], users: dict[str, Any], where: str) -> None:
    hand = Hand(rubber=rubber, number=number, **play_fields(reported_hand),
                **{f: extra[f] for f in HAND_EXTRA_FIELDS},
                reported_by=players.get(extra["reported_by"]) if extra.get("reported_by") else None,
                entered_by=users.get(extra.get("entered_by") or ""))
    _full_save(hand, where, exclude=WHO)
    stamps: list[tuple[type[Model], int, dict[str, Any]]] = [(Hand, hand.pk, {"entered_at": _moment(extra["entered_at"],
                                                                                            where)})]
    for row in extra["penalties"]:
        penalty = Penalty(hand=hand, kind=row["kind"], side=row["side"], count=row["count"], note=row["note"],
                          entered_by=users.get(row.get("entered_by") or ""))
        _full_save(penalty, where, exclude=WHO)
        stamps.append((Penalty, penalty.pk, {"entered_at": _moment(row["entered_at"], where)}))
    if hand_document(hand) != _reported_document(reported_hand):
        raise BackupError(f"{where}: the penalty records do not match the hand's interchange fields.")
    for row in extra["corrections"]:
        correction = HandCorrection(hand=hand, reason=row["reason"], before=row["before"], after=row["after"],
                                    made_by=users.get(row.get("made_by") or ""))
        _full_save(correction, where, exclude=WHO)
        stamps.append((HandCorrection, correction.pk, {"made_at": _moment(row["made_at"], where)}))
    for row in extra["rulings"]:
        offender = row.get("offender_player")
        ruling = Ruling(rubber=rubber, hand=hand, **{f: row[f] for f in RULING_FIELDS},
                        offender_player=players.get(offender) if offender else None,
                        made_by=users.get(row.get("made_by") or ""),
                        withdrawn_by=users.get(row.get("withdrawn_by") or ""),
                        withdrawn_at=_moment(row.get("withdrawn_at"), where))
        _full_save(ruling, where, exclude=RULING_JSON + WHO)
        stamps.append((Ruling, ruling.pk, {"made_at": _moment(row["made_at"], where)}))
    for model, pk, fields in stamps:  # times of entry as first recorded, not the time of the restore
        model._default_manager.filter(pk=pk).update(**{k: v for k, v in fields.items() if v is not None})


def _reported_document(reported_hand: ReportedHand) -> dict[str, Any]:
    """The interchange hand as the site writes it, to compare with the restored rows."""
    hand = Hand(**play_fields(reported_hand))
    return hand_document(hand, penalties_from(hand_to_document(reported_hand)))


def _reset_sequences() -> None:
    """Rows were written with their old ids; move each id sequence past them (PostgreSQL)."""
    models = [Event, Player, Rubber, SeatChange, Hand, Penalty, HandCorrection, Ruling, HandTakenBack, HandReport,
              Entrant, Round,
              RoundTable, RoundBye]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)
