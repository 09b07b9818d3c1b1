"""Restoring a backup folder into an empty database in one transaction, all or nothing, every file checked
against its manifest as it is read and every rubber rescored (see the package)."""

from __future__ import annotations

import datetime as dt
import functools
import gc
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from scoring.access import secretary_group_ensure
from scoring.engine import ReportedHand, RubberError, Seat, score_rubber
from scoring.engine.interchange import hand_to_document, parse_rubber
from scoring.engine.progressive.night import NIGHT_KEYS
from scoring.models import (
    ClubTable,
    Cutting,
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
    Season,
    SeatChange,
    TotalsCorrection,
)
from scoring.services.as_recorded import row_made
from scoring.services.backup.bulk import (
    RestoredHand,
    RestoredRubber,
    Rows,
    checked,
    history_recorded,
    in_bulk,
    sequences_moved_on,
)
from scoring.services.backup.export import BATCH
from scoring.services.backup.files import CLUB, BackupError
from scoring.services.backup.manifest import FilesRead, manifest_checked, manifest_opened
from scoring.services.backup.records import (
    ACCOUNT_FIELDS,
    CLUB_SETTINGS,
    EVENT_FIELDS,
    HAND_EXTRA_FIELDS,
    HAND_SCORES,
    RULING_FIELDS,
    SEASON_FIELDS,
)
from scoring.services.club import club_settings_save
from scoring.services.kept import totals_rebuild
from scoring.services.play import PLAY_FIELDS, hand_document, penalties_from, play_fields
from scoring.services.scoring import results_changed
from scoring.validators import unprintable

RUNNING_DEFAULTS: dict[str, Any] = {"mode": Event.Mode.RUBBERS, "rounds": None, "game_points": None, "games": None,
                                    "house_rules": {}}
"""How an event is run and its game and match, with the value an event's record without them stands for (a night's
rules left out stand for the rules' own defaults)."""
# A ruling with no score effect, facts or remedies stores them empty; the model's blank checks
# are for forms, not for a ruling the wizard made.
RULING_JSON = ("facts", "laws", "effect", "remedies", "score_before", "score_after")
# Who entered or ruled may be no account at all (a command, or an account since deleted).
WHO = ("entered_by", "reported_by", "made_by", "withdrawn_by")
LAWS_READ = (*PLAY_FIELDS, *HAND_SCORES)
"""A hand's play, read from the interchange part by the laws (which refuse what a form would), and its scores,
which the laws give: not checked again field by field."""
REPORT_LINKS = ("reported_by", "answered_by", "reported_member", "answered_member", "settled_by", "hand")
"""A report's links to players, members and its hand: restored after the rows they point to."""


def club_import(folder: Path) -> dict[str, int]:
    """Restore a backup into an empty database, all or nothing, and rescore every rubber; returns how many
    of each kind were restored. A file that is not what the manifest says is refused, and nothing restored."""
    manifest = manifest_opened(folder)
    club_here = Event.objects.exists() or Player.objects.exists() or Rubber.objects.exists() \
        or Season.objects.exists()
    if club_here or CLUB not in manifest.files:  # what is wrong with the files is said first
        manifest_checked(folder)
    if club_here:
        raise BackupError("The database already holds a club; restore only into an empty database.")
    files = FilesRead(folder, manifest)
    with transaction.atomic(), collector_paused():
        try:
            accounts = _restore(files.reading)
        except BackupError:
            files.rest_read()
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            files.rest_read()
            raise BackupError(f"The backup is malformed: {_short(exc)}.") from None
        sequences_moved_on()
    return {**manifest.counts, "accounts_made": accounts.made, "accounts_given_groups": accounts.given_groups}


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a restore holds a batch's rows in memory: it would walk them all
    again every few thousand objects made, and the restore makes no cycles for it to find (its rows are
    freed as each batch is written)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _short(exc: Exception) -> str:
    """The error in one short line: a message quoting a huge value is cut, never converted again."""
    text = f"{type(exc).__name__}: {exc}".replace("\n", " ")
    return text if len(text) <= 200 else text[:200] + "..."


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


def _restore(documents: Iterator[tuple[str, dict[str, Any]]]) -> Accounts:
    """Accounts, events and players, then the rubbers a batch of files at a time, then how each event was
    run (its rounds, entrants, club tables and cuts); returns what was done to accounts. `documents` gives
    club.json first, then the rubbers' files."""
    began = timezone.now()
    _, club = next(documents)
    users, accounts = _accounts_restored(club.get("accounts", []))
    _settings_restored(club.get("club"))
    events: dict[str, Event] = {}
    in_bulk([functools.partial(_restore_season, row=row) for row in club.get("seasons", [])])
    in_bulk([functools.partial(_restore_event, row=row, events=events) for row in club["events"]])
    in_bulk([functools.partial(_restore_player, row=row, users=users) for row in club["players"]])
    players = {p.pk: p for p in Player.objects.all()}
    rubber_events: dict[int, int] = {}
    cut_at = _where_played(club["events"], events)
    while batch := [document | {"_file": name} for name, document in itertools.islice(documents, BATCH)]:
        in_bulk([functools.partial(_restore_rubber, doc=doc, events=events, players=players, users=users,
                                   rubber_events=rubber_events, cut_at=cut_at) for doc in batch])
    in_bulk([functools.partial(_restore_running, row=row, event=events[row["slug"]], players=players,
                               rubber_events=rubber_events) for row in club["events"]])
    history_recorded(began)
    totals_rebuild()  # the kept figures of every restored result
    results_changed([event.pk for event in events.values()])
    return accounts


def _where_played(rows: list[dict[str, Any]], events: dict[str, Event]) -> dict[Any, tuple[int, int, int]]:
    """Each round's rubber by id: the event, round and table it was played at, from which a level progressive
    table's cut is drawn again (it is stored before the rounds are)."""
    def listed(value: Any) -> list[dict[str, Any]]:  # the shapes are checked as the rounds are restored
        return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []

    return {table["rubber"]: (events[row["slug"]].pk, doc["number"], table["number"])
            for row in listed(rows) if row.get("slug") in events for doc in listed(row.get("event_rounds"))
            for table in listed(doc.get("tables")) if table.get("rubber") is not None
            and isinstance(doc.get("number"), int) and isinstance(table.get("number"), int)}


class Accounts(NamedTuple):
    """What a restore did to accounts: how many it made, and how many already here it gave groups."""

    made: int
    given_groups: int


def _accounts_restored(rows: Any) -> tuple[dict[str, Any], Accounts]:
    """Every account of the backup by name. One of that name already here keeps its password and is given the
    groups the backup gives it, so that making the secretary's account before the restore leaves him still
    the secretary; any other is made with its groups and no usable password, for the secretary to set
    (`manage.py changepassword`)."""
    if not isinstance(rows, list):
        raise BackupError(f"{CLUB}: its accounts must be a list.")
    account = get_user_model()
    users = {u.get_username(): u for u in account.objects.prefetch_related("groups")}
    groups = _groups(rows)
    made = given = 0
    for row in rows:
        where = f"{CLUB}, account {row.get('username')!r}"
        if row["username"] in users:
            user = users[row["username"]]
            has = {group.name for group in user.groups.all()}
            if missing := [groups[name] for name in row["groups"] if name not in has]:
                user.groups.add(*missing)
                given += 1
            continue
        user = account(**{f: row[f] for f in ACCOUNT_FIELDS if f != "date_joined"},
                       date_joined=_moment(row["date_joined"], where) or timezone.now())
        user.set_unusable_password()
        checked(user, where)
        user.save()
        user.groups.set([groups[name] for name in row["groups"]])
        users[user.get_username()] = user
        made += 1
    return users, Accounts(made, given)


def _groups(rows: list[Any]) -> dict[str, Group]:
    """Every group here by name, with each the backup's accounts name: the Secretary's made with its
    permissions if missing, as after a migrate; any other missing made by its name alone, for a backup holds
    who is in a group but not what the group may do."""
    secretary_group_ensure()
    groups = {group.name: group for group in Group.objects.all()}
    for row in rows:
        where = f"{CLUB}, account {row.get('username')!r}"
        if not isinstance(row["groups"], list):
            raise BackupError(f"{where}: its groups must be a list of names.")
        for name in row["groups"]:
            if name in groups:
                continue
            if not isinstance(name, str) or unprintable(name, multiline=False):
                raise BackupError(f"{where}: {name!r} is not a group's name.")
            group = Group(name=name)
            checked(group, f"{where}, group {name!r}")
            group.save()
            groups[name] = group
    return groups


def _settings_restored(row: Any) -> None:
    """The club's own settings, checked as the settings page checks them; a backup made before they existed has
    none, and the settings stay as they are."""
    if row is None:
        return
    if not isinstance(row, dict):
        raise BackupError(f"{CLUB}: the club's settings must be an object.")
    try:
        club_settings_save(**{name: row[name] if name != "house_rules" else row.get(name, {})
                              for name in CLUB_SETTINGS.written})
    except ValidationError as exc:
        raise BackupError(f"{CLUB}, the club's settings: {' '.join(exc.messages)}") from None


def _restore_event(rows: Rows, *, row: dict[str, Any], events: dict[str, Event]) -> None:
    event = Event(**{f: row[f] for f in EVENT_FIELDS if f not in ("starts_on", "ends_on", "closed_at",
                                                                   "night_rules", "season_id", *RUNNING_DEFAULTS)},
                  season_id=row.get("season_id"),
                  closed_at=_moment(row.get("closed_at"), f"event {row['slug']}"),
                  **{f: row.get(f, default) for f, default in RUNNING_DEFAULTS.items()},
                  night_rules={key: row[key] for key in NIGHT_KEYS if key in row},
                  starts_on=_date(row["starts_on"], f"event {row['slug']}"),
                  ends_on=_date(row["ends_on"], f"event {row['slug']}") if row.get("ends_on") else None)
    rows.add(event, f"{CLUB}, event {row.get('slug')!r}")
    events[event.slug] = event


def _restore_season(rows: Rows, *, row: dict[str, Any]) -> None:
    where = f"{CLUB}, season {row.get('slug')!r}"
    season = Season(**{f: row[f] for f in SEASON_FIELDS if f not in ("starts_on", "ends_on")},
                    starts_on=_date(row["starts_on"], where), ends_on=_date(row["ends_on"], where))
    rows.add(season, where)


def _restore_player(rows: Rows, *, row: dict[str, Any], users: dict[str, Any]) -> None:
    player = Player(id=row["id"], display_name=row["display_name"], member_number=row["member_number"],
                    active=row["active"], user=users.get(row.get("user") or ""))
    rows.add(player, f"{CLUB}, player {row.get('display_name')!r}")


def _restore_running(rows: Rows, *, row: dict[str, Any], event: Event, players: dict[int, Player],
                     rubber_events: dict[int, int]) -> None:
    """An event's entrants and rounds (with their tables and byes), club tables and cuts."""
    where = f"{CLUB}, event {row['slug']!r}"

    def player(pk: Any) -> Player:
        if pk not in players:
            raise BackupError(f"{where}: a player of its rounds is not in {CLUB}.")
        return players[pk]

    for entrant in row.get("entrants", []):
        rows.add(Entrant(event=event, player=player(entrant["player"]), number=entrant["number"],
                         present=entrant["present"], gone_from=entrant.get("gone_from", []),
                         first_round=entrant.get("first_round"), last_round=entrant.get("last_round")), where,
                 stamps={"arrived_at": _moment(entrant.get("arrived_at"), where)})
    for doc in row.get("event_rounds", []):
        round_ = Round(id=doc.get("id"), event=event, number=doc["number"], status=doc["status"],
                       started_at=_moment(doc["started_at"], where), closed_at=_moment(doc["closed_at"], where),
                       time_called_at=_moment(doc.get("time_called_at"), where))
        rows.add(round_, where)
        for table in doc["tables"]:
            if table["rubber"] is not None and rubber_events.get(table["rubber"]) != event.pk:
                raise BackupError(f"{where}: round {doc['number']} names a rubber that is not in its event.")
            north, east, south, west = (player(pk) for pk in table["seats"])
            rows.add(RoundTable(round=round_, number=table["number"], north=north, east=east, south=south,
                                west=west, first_dealer=table["first_dealer"], rubber_id=table["rubber"]), where)
        unscored = set(doc.get("byes_unscored", ()))
        for pk in doc["byes"]:
            rows.add(RoundBye(round=round_, player=player(pk), scored=pk not in unscored), where)
    tables = {}
    for doc in row.get("club_tables", []):
        table = ClubTable(id=doc["id"], event=event, number=doc["number"], candidates=doc["candidates"],
                          broken_up=doc["broken_up"], runs=doc["runs"])
        rows.add(table, where, stamps={"formed_at": _moment(doc["formed_at"], where)})
        tables[table.pk] = table
    for doc in row.get("cuttings", []):
        if doc["table"] is not None and doc["table"] not in tables:
            raise BackupError(f"{where}: a cut names a club table that is not in its event.")
        cutting = Cutting(id=doc["id"], event=event, table=tables.get(doc["table"]), kind=doc["kind"],
                          seed=doc["seed"], entered=doc["entered"], log=doc["log"], outcome=doc["outcome"])
        rows.add(cutting, where, exclude=("log", "outcome"), stamps={"made_at": _moment(doc["made_at"], where)})


def _restore_rubber(rows: Rows, *, doc: dict[str, Any], events: dict[str, Event], players: dict[int, Player],
                    users: dict[str, Any], rubber_events: dict[int, int],
                    cut_at: dict[Any, tuple[int, int, int]]) -> None:
    where = doc["_file"]
    if doc["event"] not in events:
        raise BackupError(f"{where}: the event {doc['event']!r} is not in {CLUB}.")
    playing = events[doc["event"]].playing
    try:
        report = parse_rubber(doc["interchange"])
        score_rubber(report.hands, playing if playing.winning.tally else report.rulebook, explain=False,
                     first_dealer=Seat(doc["first_dealer"]))
    except RubberError as exc:
        raise BackupError(f"{where}: {exc}") from None
    if report.rulebook != playing and not (playing.winning.tally and report.rulebook.key == playing.key
                                           and report.rulebook.house == playing.house):
        raise BackupError(f"{where}: the rubber's code, game, match or house rules ({report.rulebook.key}, game to "
                          f"{report.rulebook.winning.game_points}) are not its event's.")
    seats = {Seat(s): players.get(pk) for s, pk in doc["seats"].items()}
    if set(seats) != set(Seat) or None in seats.values():
        raise BackupError(f"{where}: the four seats must name players in {CLUB}.")
    rubber = Rubber(pk=doc["id"], event=events[doc["event"]], table_label=doc["table"],
                    played_on=_date(doc["played_on"], where), first_dealer=doc["first_dealer"],
                    status=doc["status"], abandon_reason=doc["abandon_reason"], deal_limit=doc.get("deal_limit"),
                    time_called=doc.get("time_called", False), round_totals=doc.get("round_totals"),
                    **Rubber.seat_fields(seats))
    if doc["id"] in cut_at:
        rubber.cut_at = cut_at[doc["id"]]  # type: ignore[attr-defined]
    rows.add(rubber, where, stamps={"created_at": _moment(doc.get("created_at"), where)})
    rubber_events[rubber.pk] = rubber.event_id
    seat_changes = []
    for change in doc["seat_changes"]:
        if change["player"] not in players:
            raise BackupError(f"{where}: a substitute is not in {CLUB}.")
        # The other three's consent (law 18), kept since it was asked: a backup made before reads no.
        consented = change.get("consented", False)
        if not isinstance(consented, bool):
            raise BackupError(f"{where}: a substitute's consent is true or false, not {consented!r}.")
        seat_change = SeatChange(rubber=rubber, seat=change["seat"], player=players[change["player"]],
                                 from_hand=change["from_hand"], reason=change["reason"], consented=consented)
        rows.add(seat_change, where)
        seat_changes.append(seat_change)
    if len(doc["hands"]) != len(report.hands):
        raise BackupError(f"{where}: {len(report.hands)} hands in the interchange part, "
                          f"{len(doc['hands'])} in the club part.")
    hands = [_restore_hand(rows, rubber, number, reported_hand, extra, players, users, f"{where}, hand {number}")
             for number, (reported_hand, extra) in enumerate(zip(report.hands, doc["hands"], strict=True), start=1)]
    for row in doc.get("taken_back", []):
        taken = HandTakenBack(rubber=rubber, number=row["number"], hand=row["hand"], reason=row["reason"],
                              made_by=users.get(row.get("made_by") or ""))
        rows.add(taken, where, exclude=WHO, stamps={"made_at": _moment(row["made_at"], where)})
    for row in doc.get("totals_corrections", []):
        corrected = TotalsCorrection(rubber=rubber, reason=row["reason"], before=row["before"], after=row["after"],
                                     made_by=users.get(row.get("made_by") or ""))
        rows.add(corrected, where, exclude=WHO, stamps={"made_at": _moment(row["made_at"], where)})
    _restore_reports(rows, rubber, {h.hand.number: h.hand for h in hands}, doc.get("table_reports", []), players,
                     users, where)
    rows.scored(RestoredRubber(rubber, hands, sorted(seat_changes, key=lambda c: c.from_hand)), where)


def _restore_hand(rows: Rows, rubber: Rubber, number: int, reported_hand: ReportedHand, extra: dict[str, Any],
                  players: dict[int, Player], users: dict[str, Any], where: str) -> RestoredHand:
    document = hand_to_document(reported_hand)
    hand = row_made(Hand, {"number": number, **play_fields(reported_hand, document),
                           **{f: extra[f] for f in HAND_EXTRA_FIELDS}},
                    {"rubber": rubber,
                     "reported_by": players.get(extra["reported_by"]) if extra.get("reported_by") else None,
                     "entered_by": users.get(extra.get("entered_by") or "")})
    rows.add(hand, where, exclude=WHO + LAWS_READ, stamps={"entered_at": _moment(extra["entered_at"], where)})
    penalties = []
    for row in extra["penalties"]:
        penalty = Penalty(hand=hand, kind=row["kind"], side=row["side"], count=row["count"], note=row["note"],
                          entered_by=users.get(row.get("entered_by") or ""))
        rows.add(penalty, where, exclude=WHO, stamps={"entered_at": _moment(row["entered_at"], where)})
        penalties.append(penalty)
    carried = penalties_from(document)
    # With no penalty on either side the two documents are the same hand's, made alike.
    if (penalties or carried) and hand_document(hand, penalties) != hand_document(hand, carried):
        raise BackupError(f"{where}: the penalty records do not match the hand's interchange fields.")
    for row in extra["corrections"]:
        correction = HandCorrection(hand=hand, reason=row["reason"], before=row["before"], after=row["after"],
                                    made_by=users.get(row.get("made_by") or ""))
        rows.add(correction, where, exclude=WHO, stamps={"made_at": _moment(row["made_at"], where)})
    rulings = []
    for row in extra["rulings"]:
        offender = row.get("offender_player")
        ruling = Ruling(id=row["id"], rubber=rubber, hand=hand,
                        **{f: row[f] for f in RULING_FIELDS if f != "request_key"},
                        request_key=row.get("request_key"),
                        offender_player=players.get(offender) if offender else None,
                        made_by=users.get(row.get("made_by") or ""),
                        withdrawn_by=users.get(row.get("withdrawn_by") or ""),
                        withdrawn_at=_moment(row.get("withdrawn_at"), where))
        made_at = _moment(row["made_at"], where)
        rows.add(ruling, where, exclude=RULING_JSON + WHO, stamps={"made_at": made_at})
        rulings.append((_in_order_made(made_at, ruling), ruling))
    return RestoredHand(hand, penalties, [ruling for _, ruling in sorted(rulings, key=lambda pair: pair[0])])


def _in_order_made(made_at: dt.datetime | None, ruling: Ruling) -> tuple[bool, float, int]:
    """Where a ruling comes among its hand's once saved (by the time made, then id; one whose time is not
    known is stamped with the time of the restore, after the rest): the order its effects are applied in."""
    return made_at is None, made_at.timestamp() if made_at else 0.0, ruling.pk or 0


def _restore_reports(rows: Rows, rubber: Rubber, hands: dict[int, Hand], reports: list[dict[str, Any]],
                     players: dict[int, Player], users: dict[str, Any], where: str) -> None:
    """The hands the table reported, with who reported, answered and settled them."""
    for row in reports:
        if row["reported_by"] not in players or (row["answered_by"] and row["answered_by"] not in players):
            raise BackupError(f"{where}: a player who reported or answered a hand is not in {CLUB}.")
        report = HandReport(
            rubber=rubber, number=row["number"], play=row["play"], status=row["status"], dispute=row["dispute"],
            hand=hands.get(row["hand"]) if row["hand"] else None, reported_by=players[row["reported_by"]],
            reported_phone=row["reported_phone"], reported_member=users.get(row.get("reported_member") or ""),
            answered_by=players.get(row["answered_by"]) if row["answered_by"] else None,
            answered_phone=row["answered_phone"], answered_member=users.get(row.get("answered_member") or ""),
            answered_at=_moment(row["answered_at"], where), settled_by=users.get(row.get("settled_by") or ""),
            settled_at=_moment(row["settled_at"], where), send_key=row.get("send_key", ""))
        rows.add(report, where, exclude=REPORT_LINKS, stamps={"reported_at": _moment(row["reported_at"], where)})
