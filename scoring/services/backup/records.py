"""What a backup holds of each table, and what a restore makes again instead.

Every table of the club is named here once: the fields a backup writes of it, and those it leaves for the
restore to make (scores, kept totals, the creation in each row's history). A test holds these lists to the
models, field by field, so a field added to a model is either backed up or said to be made again; the order
a restore writes the tables in and the id sequences it moves on are derived from them.
"""

from __future__ import annotations

import graphlib
from dataclasses import dataclass

from django.db.models import Model

from scoring.models import (
    Club,
    ClubTable,
    CodeGuess,
    Cutting,
    Entrant,
    Event,
    GameRecord,
    Hand,
    HandCorrection,
    HandReport,
    HandTakenBack,
    KeptCharges,
    KeptFigures,
    KeptMaking,
    KeptNight,
    KeptOpposition,
    Penalty,
    Player,
    Round,
    RoundBye,
    RoundTable,
    Rubber,
    RubberPlayerResult,
    Ruling,
    Season,
    SeatChange,
    TableCode,
    TotalsCorrection,
)
from scoring.services.club import CLUB_FIELDS
from scoring.services.play import PLAY_FIELDS

SCORES = "the laws' scoring of the rubber, made again as every rubber is rescored"


@dataclass(frozen=True)
class Table:
    """One table of the club: the name its rows are counted under in the manifest, the fields (attnames)
    a backup writes, and those a restore makes again, with why."""

    model: type[Model]
    count: str
    written: tuple[str, ...]
    made_again: tuple[str, ...] = ()
    why: str = ""


def _less_id(fields: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f for f in fields if f != "id")


EVENT_FIELDS = ("id", "name", "slug", "starts_on", "ends_on", "rulebook", "game_points", "games", "notes",
                "is_public", "paper_size", "mode", "rounds", "closed_at", "house_rules", "night_rules", "season_id")
"""An event's fields; its night's rules are written key by key beside them (`NIGHT_KEYS`), as the record has always
had them."""
SEASON_FIELDS = ("id", "name", "slug", "key", "starts_on", "ends_on", "best", "qualify", "prize_places", "lone_prize",
                 "night_prize")
PLAYER_FIELDS = ("id", "display_name", "member_number", "active", "user_id")
RUBBER_FIELDS = ("id", "event_id", "table_label", "played_on", "north_id", "east_id", "south_id", "west_id",
                 "first_dealer", "status", "abandon_reason", "created_at", "deal_limit", "time_called",
                 "round_totals")
RUBBER_SCORES = ("rubber_winner", "ns_points", "ew_points", "current_ns", "current_ew", "next_dealer", "hand_count")
HAND_EXTRA_FIELDS = ("announced_ns", "announced_ew", "announcement_resolved", "notes")
HAND_FIELDS = ("id", "rubber_id", "number", *PLAY_FIELDS, *HAND_EXTRA_FIELDS, "reported_by_id", "entered_by_id",
               "entered_at")
HAND_SCORES = ("game", "ns_points", "ew_points", "ns_after", "ew_after", "maker_player_id", "maker_position")
PENALTY_FIELDS = ("id", "hand_id", "kind", "side", "count", "note", "entered_by_id", "entered_at")
CORRECTION_FIELDS = ("id", "hand_id", "reason", "before", "after", "made_by_id", "made_at")
RULING_FIELDS = ("irregularity", "facts", "offender", "election", "chooser", "summary", "laws", "effect", "deal",
                 "remedies", "too_late", "score_before", "score_after", "note", "withdrawn_reason", "request_key")
"""A ruling's own fields, written as they are; its links and times are written beside them."""
RULING_LINKS = ("id", "rubber_id", "hand_id", "offender_player_id", "made_by_id", "made_at", "withdrawn_at",
                "withdrawn_by_id")
TAKEN_BACK_FIELDS = ("id", "rubber_id", "number", "hand", "reason", "made_by_id", "made_at")
REPORT_FIELDS = ("id", "rubber_id", "number", "play", "status", "reported_by_id", "reported_phone",
                 "reported_member_id", "reported_at", "answered_by_id", "answered_phone", "answered_member_id",
                 "answered_at", "dispute", "settled_by_id", "settled_at", "hand_id", "send_key")
SEAT_CHANGE_FIELDS = ("id", "rubber_id", "seat", "player_id", "from_hand", "reason", "consented")
ENTRANT_FIELDS = ("id", "event_id", "player_id", "number", "present", "gone_from", "arrived_at", "first_round",
                  "last_round")
ROUND_FIELDS = ("id", "event_id", "number", "status", "started_at", "closed_at", "time_called_at")
ROUND_TABLE_FIELDS = ("id", "round_id", "number", "north_id", "east_id", "south_id", "west_id", "first_dealer",
                      "rubber_id")
BYE_FIELDS = ("id", "round_id", "player_id", "scored")
CLUB_TABLE_FIELDS = ("id", "event_id", "number", "candidates", "broken_up", "runs", "formed_at")
CUTTING_FIELDS = ("id", "event_id", "table_id", "kind", "seed", "entered", "log", "outcome", "made_at")
ACCOUNT_FIELDS = ("username", "first_name", "last_name", "email", "is_active", "is_staff", "is_superuser",
                  "date_joined")
ACCOUNT_NOT_WRITTEN = ("id", "password", "last_login")
"""An account is restored under its name with no usable password (the secretary sets one), so its id, its
password and its last login stay behind."""

NEW_ID = "a new id: the row is found through the rubber, hand, event or round it belongs to"
TABLES: tuple[Table, ...] = (
    Table(Season, "seasons", SEASON_FIELDS),
    Table(Event, "events", EVENT_FIELDS, ("results_version",), "a cache key, counted afresh"),
    Table(Player, "players", PLAYER_FIELDS),
    Table(Rubber, "rubbers", RUBBER_FIELDS, RUBBER_SCORES, SCORES),
    Table(SeatChange, "seat_changes", _less_id(SEAT_CHANGE_FIELDS), ("id",), NEW_ID),
    Table(Hand, "hands", _less_id(HAND_FIELDS), ("id", *HAND_SCORES), f"{NEW_ID}; {SCORES}"),
    Table(Penalty, "penalties", _less_id(PENALTY_FIELDS), ("id",), NEW_ID),
    Table(HandCorrection, "corrections", _less_id(CORRECTION_FIELDS), ("id",), NEW_ID),
    Table(Ruling, "rulings", RULING_LINKS + RULING_FIELDS),
    Table(HandTakenBack, "taken_back", _less_id(TAKEN_BACK_FIELDS), ("id",), NEW_ID),
    Table(HandReport, "table_reports", _less_id(REPORT_FIELDS), ("id",), NEW_ID),
    Table(Entrant, "entrants", _less_id(ENTRANT_FIELDS), ("id",), NEW_ID),
    Table(Round, "rounds", ROUND_FIELDS),
    Table(RoundTable, "round_tables", _less_id(ROUND_TABLE_FIELDS), ("id",), NEW_ID),
    Table(RoundBye, "byes", _less_id(BYE_FIELDS), ("id",), NEW_ID),
    Table(ClubTable, "club_tables", CLUB_TABLE_FIELDS),
    Table(Cutting, "cuttings", CUTTING_FIELDS),
)
"""The tables a backup holds, each counted in its manifest."""

MADE_AGAIN: dict[type[Model], str] = {
    GameRecord: SCORES,
    RubberPlayerResult: SCORES,
    KeptFigures: "kept totals, rebuilt from the results at the end of a restore",
    KeptOpposition: "kept totals, rebuilt from the results at the end of a restore",
    KeptMaking: "kept totals, rebuilt from the hands at the end of a restore",
    KeptNight: "kept totals, rebuilt from the nights' results at the end of a restore",
    KeptCharges: "kept totals, rebuilt from the penalties at the end of a restore",
    TableCode: "a table's phone code is for one evening; the secretary issues new ones",
    CodeGuess: "wrong guesses at a table's code, kept only to throttle them",
}
"""Tables no backup holds, and why."""

CLUB_SETTINGS = Table(Club, "club", CLUB_FIELDS, ("id",), "the single row of the club's settings is always row 1")
"""The club's own settings, written into club.json as its "club" object but not counted in the manifest: a
backup made before they existed has no count for them, and its manifest stays valid. A backup without them
restores and leaves the settings as they are."""
TOTALS_CORRECTIONS = Table(TotalsCorrection, "totals_corrections", ("rubber_id", "reason", "before", "after",
                                                                     "made_by_id", "made_at"), ("id",), NEW_ID)
"""A paper table's totals entered again, written in its rubber's file but not counted, for the same reason."""
UNCOUNTED = (CLUB_SETTINGS, TOTALS_CORRECTIONS)
"""The tables a backup holds without a count in its manifest."""

COUNTS = ("accounts", *(table.count for table in TABLES))
"""What a manifest counts, in the order it lists them."""
COUNTED_LATER = frozenset({"seasons"})
"""Kinds a manifest written before the site kept them leaves out, each standing for none."""


def write_order() -> tuple[type[Model], ...]:
    """The tables a restore writes (those backed up and the results it scores), each after every table it
    links to."""
    models = [table.model for table in (*TABLES, *UNCOUNTED)] + [GameRecord, RubberPlayerResult]
    sorter: graphlib.TopologicalSorter[type[Model]] = graphlib.TopologicalSorter()
    for model in models:
        linked = [f.related_model for f in model._meta.concrete_fields
                  if isinstance(f.related_model, type) and f.related_model in models and f.related_model is not model]
        sorter.add(model, *linked)
    return tuple(sorter.static_order())


WRITE_ORDER = write_order()
