"""Backups: `export_club DIR` then `import_club DIR` into an empty database gives back the same club,
with the same scores, standings and rulings; a broken backup restores nothing and says why."""

from __future__ import annotations

import io
import json
import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import (
    ClubTable,
    Cutting,
    Entrant,
    Event,
    GameRecord,
    Hand,
    HandCorrection,
    HandReport,
    Penalty,
    Player,
    Round,
    RoundBye,
    RoundTable,
    Rubber,
    RubberPlayerResult,
    Ruling,
    Season,
)
from scoring.reporting.services import AtTable, hand_report
from scoring.seeding.bulk import seed_bulk
from scoring.services.backup import club_export, club_import, json_text
from scoring.services.backup import export as backup_export
from scoring.services.backup import restore as backup_restore
from scoring.services.backup.files import digest
from scoring.services.backup.manifest import Manifest, club_counts, rubber_counts
from scoring.services.hands import HandExtras, hand_correct, hand_take_back
from scoring.services.rubbers import seat_change_add
from scoring.services.rulings import ruling_make
from scoring.services.transfer import rubber_export
from tests.builders import a_rubber
from tests.helpers import record

pytestmark = pytest.mark.django_db(transaction=True)
# Marked `postgres`, and so run on both databases: the tests that restore into the database or read it while
# the club plays (sequences, constraints, snapshots). The checks of files, manifests and query counts run on
# SQLite only.


def snapshot() -> dict[str, object]:
    """Everything a member could read about the club, from the stored rows and the pages' data."""
    client = Client()
    return {
        "events": list(Event.objects.order_by("pk").values(*[f.name for f in Event._meta.concrete_fields
                                                             if f.name != "results_version"])),
        "players": list(Player.objects.order_by("pk").values("pk", "display_name", "member_number", "active")),
        "rubbers": list(Rubber.objects.order_by("pk").values(
            "pk", "event_id", "table_label", "played_on", "north_id", "east_id", "south_id", "west_id",
            "first_dealer", "status", "abandon_reason", "rubber_winner", "ns_points", "ew_points", "current_ns",
            "current_ew", "next_dealer", "hand_count", "deal_limit", "created_at")),
        "entrants": list(Entrant.objects.order_by("event_id", "number").values(
            "event_id", "player_id", "number", "present", "gone_from", "arrived_at")),
        "rounds": list(Round.objects.order_by("event_id", "number").values(
            "pk", "event_id", "number", "status", "started_at", "closed_at")),
        "club_tables": list(ClubTable.objects.order_by("pk").values()),
        "cuttings": list(Cutting.objects.order_by("pk").values()),
        "members": list(Player.objects.order_by("pk").values_list("pk", "user__username")),
        "tables": list(RoundTable.objects.order_by("round__event_id", "round__number", "number").values(
            "round__number", "number", "north_id", "east_id", "south_id", "west_id", "first_dealer", "rubber_id")),
        "byes": sorted(RoundBye.objects.values_list("round__number", "player_id")),
        "hands": list(Hand.objects.order_by("rubber_id", "number").values(
            "rubber_id", "number", "dealer", "result", "maker", "declaration", "alone", "tricks", "game",
            "ns_points", "ew_points", "ns_after", "ew_after", "maker_player_id", "maker_position", "announced_ns",
            "announced_ew", "notes", "entered_at")),
        "penalties": list(Penalty.objects.order_by("hand__rubber_id", "hand__number", "pk").values(
            "hand__rubber_id", "hand__number", "kind", "side", "count", "note")),
        "corrections": list(HandCorrection.objects.order_by("pk").values(
            "hand__rubber_id", "hand__number", "reason", "before", "after", "made_at")),
        "table_reports": list(HandReport.objects.order_by("pk").values(
            "rubber_id", "number", "play", "status", "dispute", "hand__number", "reported_by_id", "reported_phone",
            "reported_at", "answered_by_id", "answered_phone", "answered_at", "settled_at")),
        "rulings": list(Ruling.objects.order_by("pk").values(
            "pk", "rubber_id", "hand__number", "irregularity", "facts", "election", "summary", "laws", "effect",
            "too_late", "score_before", "score_after", "made_at", "withdrawn_at", "withdrawn_reason",
            "made_by__username")),
        "games": list(GameRecord.objects.order_by("rubber_id", "number").values(
            "rubber_id", "number", "winner", "ns_score", "ew_score", "lap", "double", "value")),
        "results": list(RubberPlayerResult.objects.order_by("rubber_id", "player_id").values(
            "rubber_id", "player_id", "side", "partner_id", "points_for", "points_against", "games_won",
            "doubles_won", "won")),
        "exports": [rubber_export(r) for r in Rubber.objects.order_by("pk")],
        "standings": [client.get(f"/events/{e.slug}/standings/?_export=csv").content
                      for e in Event.objects.filter(is_public=True).order_by("pk")],
    }


def wipe() -> None:
    for model in (RoundBye, RoundTable, Round, Entrant, Ruling, HandCorrection, Penalty, Hand, GameRecord,
                  RubberPlayerResult, Rubber, Event, Season, Player):
        model.objects.all().delete()


@pytest.mark.postgres
def test_the_demo_club_round_trips(tmp_path, demo_club):
    assert Ruling.objects.exists() and HandCorrection.objects.exists() and Penalty.objects.exists()
    assert set(HandReport.objects.values_list("status", flat=True)) == {"confirmed", "waiting", "disputed"}
    # The entrants of the demo's events in rounds (the fixed pairs' night six pairs), then its league's five nights.
    assert (RoundTable.objects.filter(rubber__isnull=False).exists()
            and Entrant.objects.count() == 12 + 11 + 9 + 8 + 12 + 5 * 12)
    assert ClubTable.objects.exists() and Cutting.objects.exists()
    assert Player.objects.filter(user__isnull=False).exists()
    before = snapshot()
    call_command("export_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert (tmp_path / "club.json").is_file()
    assert len(list((tmp_path / "rubbers").glob("*.json"))) == Rubber.objects.count()
    one = json.loads(next((tmp_path / "rubbers").glob("*.json")).read_text())
    assert one["interchange"]["format"] == "euchre-rubber/1"  # the rubber itself in the interchange format

    wipe()
    assert not Rubber.objects.exists()
    call_command("import_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert snapshot() == before

    # New rows after a restore get new ids, past the restored ones (PostgreSQL sequences too).
    player = Player.objects.create(display_name="After the restore")
    assert player.pk > max(p["pk"] for p in before["players"])  # type: ignore[index]


@pytest.mark.postgres
def test_a_restore_needs_an_empty_database(tmp_path, players):
    call_command("export_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    with pytest.raises(CommandError, match="restore only into an empty database"):
        call_command("import_club", str(tmp_path))


@pytest.mark.postgres
@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: _rewrite(d / "club.json", "{not json"), "club.json: not valid JSON"),
    (lambda d: (d / "club.json").unlink(), "club.json: missing (the manifest lists it)"),
    (lambda d: _edit(d, "rubbers", lambda r: r["interchange"]["hands"][0].update(tricks=9)), "tricks"),
    (lambda d: _edit(d, "rubbers", lambda r: r.update(event="no-such-event")), "no-such-event"),
    (lambda d: _edit(d, "rubbers", lambda r: r["seats"].update(N=99999)), "four seats must name players"),
    (lambda d: _edit(d, "rubbers", lambda r: r["hands"].pop()), "hands in the interchange part"),
    (lambda d: _edit(d, "rubbers", lambda r: r.update(played_on="yesterday")), "is not a date"),
    (lambda d: _edit(d, "club", lambda c: c["players"][0].update(display_name="")), "player"),
    (lambda d: _edit(d, "rubbers", lambda r: r.update(format="something else")), "not a club backup"),
    (lambda d: _edit(d, "rubbers", lambda r: r["interchange"]["hands"][1].update(declaration="ordered_up")),
     "declaration"),
    # Hand-edited backups: repeated ids, slugs and names, hostile text, a file nested past reading.
    (lambda d: _edit(d, "club", lambda c: c["players"][1].update(id=c["players"][0]["id"])), "ID already exists"),
    (lambda d: _edit(d, "club", lambda c: c["players"][1].update(display_name=c["players"][0]["display_name"])),
     "already exists"),
    (lambda d: _edit(d, "club", lambda c: c["players"][1].update(
        display_name=c["players"][0]["display_name"].upper())), "already on the roll"),
    (lambda d: _edit(d, "club", lambda c: c["events"].append(dict(c["events"][0], id=c["events"][0]["id"] + 1))),
     "Slug already exists"),
    (lambda d: _edit(d, "club", lambda c: c["players"][0].update(display_name="Bell\x07Ringer")), "U+0007"),
    (lambda d: _edit(d, "club", lambda c: c["players"][0].update(display_name="N\x00")), "U+0000"),
    (lambda d: _edit(d, "club", lambda c: c["players"][0].update(display_name="x" * 81)), "at most 80"),
    (lambda d: _rewrite(d / "club.json", "[" * 100_000 + "]" * 100_000), "club.json: nested too deeply"),
    (lambda d: reseal(shutil.copy(sorted((d / "rubbers").glob("*.json"))[-1], d / "rubbers" / "99999999.json")),
     "rubbers/99999999.json: id: Rubber with this ID already exists"),  # read last, whatever the ids
    (lambda d: _edit(d, "club", lambda c: c["events"][0].update(id=0)), "id 0 is not a whole number from 1 up"),
    (lambda d: _edit(d, "club", lambda c: c["players"][0].update(id=10**20)), "larger than a database can hold"),
    (lambda d: _digits(d / "club.json", '"id": '), "club.json: holds a number too long"),
    (lambda d: _digits(sorted((d / "rubbers").glob("*.json"))[-1], '"tricks": '), "holds a number too long"),
])
def test_a_broken_backup_restores_nothing_and_says_why(tmp_path, rubber, damage, message):
    record(rubber, maker="N", tricks=5, revokes={"EW": 1})
    record(rubber, maker="E", tricks=3)
    call_command("export_club", str(tmp_path / "good"), stdout=open("/dev/null", "w"))  # noqa: SIM115
    wipe()
    broken = tmp_path / "broken"
    shutil.copytree(tmp_path / "good", broken)
    damage(broken)
    with pytest.raises(CommandError) as error:
        call_command("import_club", str(broken))
    assert "Nothing was restored" in str(error.value) and message in str(error.value)
    assert "\n" not in str(error.value) and "Traceback" not in str(error.value)  # one line, naming the file
    assert not Event.objects.exists() and not Player.objects.exists() and not Rubber.objects.exists()
    call_command("import_club", str(tmp_path / "good"), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert Rubber.objects.exists()


def _rewrite(path: Path, text: str) -> None:
    path.write_text(text)
    reseal(path)


def _digits(path: Path, before: str) -> None:
    """Put an integer of 5,000 digits (past what Python reads from text) after the first `before`."""
    text = path.read_text()
    start = text.index(before) + len(before)
    end = start + len(re.match(r"[0-9]+", text[start:]).group())  # type: ignore[union-attr]
    path.write_text(text[:start] + "7" * 5000 + text[end:])
    reseal(path.parent)


def _edit(folder: Path, which: str, change) -> None:  # type: ignore[no-untyped-def]
    path = folder / "club.json" if which == "club" else sorted((folder / "rubbers").glob("*.json"))[-1]
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))
    reseal(folder)


def reseal(anywhere: Path) -> None:
    """Write the manifest of a backup folder (the folder, or a file in it) as its files now stand: a backup
    edited by hand whose manifest was made to agree, so that the checks behind the manifest's are tried."""
    folder = next(p for p in (anywhere, *anywhere.parents) if (p / "manifest.json").is_file())
    counts: Counter[str] = Counter()
    files = {}
    for path in [folder / "club.json", *(folder / "rubbers").glob("*.json")]:
        if not path.exists():
            continue
        name = path.relative_to(folder).as_posix()
        files[name] = digest(path.read_bytes())
        try:
            document = json.loads(path.read_text())
        except (ValueError, RecursionError):
            continue
        if isinstance(document, dict):
            counts += club_counts(document) if name == "club.json" else rubber_counts(document)
    (folder / "manifest.json").write_bytes(json_text(Manifest(dict(counts), files).document()))


# Any damage to any field of a backup, drawn by hypothesis: restored, or refused in one line with nothing saved.

HOSTILE_JSON = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**20, max_value=10**20), st.floats(allow_nan=False),
    st.sampled_from(["", "x" * 500, "Bell\x07Ringer", "N\x00", "2026-02-30", "N", "EW", "played", "complete",
                     "<script>", "somerset-1888", "euchre-club/1"]),
    st.lists(st.integers(), max_size=2), st.dictionaries(st.sampled_from(["N", "id", "x"]), st.integers(), max_size=2),
)


def _paths(value, prefix=()):  # type: ignore[no-untyped-def]
    """Every place in a JSON document where a value sits, as a path of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _put(document, path, value):  # type: ignore[no-untyped-def]
    if not path:
        return value
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return document


@pytest.mark.postgres
def test_any_damaged_backup_is_restored_whole_or_refused_in_one_line(tmp_path, rubber):
    record(rubber, maker="N", tricks=5, revokes={"EW": 1})
    record(rubber, maker="E", tricks=3)
    good = tmp_path / "good"
    call_command("export_club", str(good), stdout=io.StringIO())
    wipe()
    files = [good / "club.json", *sorted((good / "rubbers").glob("*.json"))]
    trial = iter(range(10**6))

    @settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def restore_damaged(data):  # type: ignore[no-untyped-def]
        folder = tmp_path / f"damaged-{next(trial)}"
        shutil.copytree(good, folder)
        path = folder / data.draw(st.sampled_from(files), label="file").relative_to(good)
        document = json.loads(path.read_text())
        where = data.draw(st.sampled_from(list(_paths(document))), label="where")
        path.write_text(json.dumps(_put(document, where, data.draw(HOSTILE_JSON, label="value"))))
        reseal(folder)
        try:
            call_command("import_club", str(folder), stdout=io.StringIO())
        except CommandError as error:
            assert str(error).startswith("Nothing was restored") and "\n" not in str(error), str(error)
            assert not Event.objects.exists() and not Player.objects.exists() and not Rubber.objects.exists()
        else:
            assert Rubber.objects.count() == 1
        finally:
            wipe()

    restore_damaged()


# Batches: a fixed number of queries a batch, the same club back, and a broken file late in a large backup.

REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


def a_full_rubber(event: Event, players: list[Player], by: Any, table: str) -> Rubber:
    """A rubber with a row in every table a backup holds: a penalty, an entry correction, a ruling, a
    substitute, a hand taken back and a hand the table reported, waiting."""
    rubber = a_rubber(event, players[:4], table=table)
    first = record(rubber, maker="N", tricks=3, by=by)
    record(rubber, maker="E", tricks=3, revokes={"NS": 1}, by=by)
    hand_correct(hand_id=first.pk, play={"dealer": first.dealer, "maker": "N", "tricks": 4}, extras=HandExtras(),
                 reason="typed 3 for 4", by=by)
    ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None, by=by)
    # A substitute of his own (law 18: none is seated at another table in play, as the other full rubbers are).
    substitute = Player.objects.create(display_name=f"Substitute at table {table}")
    seat_change_add(rubber_id=rubber.pk, seat="N", player=substitute, from_hand=3, reason="called away",
                    consented=True)
    record(rubber, maker="S", tricks=5, by=by)
    hand_take_back(rubber_id=rubber.pk, number=3, reason="entered twice", by=by)
    rubber.refresh_from_db()
    hand_report(rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, "maker": "E", "tricks": 3},
                by=AtTable(players[1], phone="K3F7"))
    return rubber


def small_batches(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    monkeypatch.setattr(backup_export, "BATCH", size)
    monkeypatch.setattr(backup_restore, "BATCH", size)


def queries(call: Callable[[], object]) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


def test_a_backup_takes_a_fixed_number_of_queries_a_batch(tmp_path, event, players, secretary):
    def add(count: int) -> None:
        for _ in range(count):
            a_full_rubber(event, players, secretary, str(Rubber.objects.count() + 1))

    add(6)
    small = queries(lambda: club_export(tmp_path / "six"))
    add(24)
    large = queries(lambda: club_export(tmp_path / "thirty"))
    assert small == large  # every table read once for the batch, whatever its rubbers hold

    wipe()
    restore_small = queries(lambda: club_import(tmp_path / "six"))
    wipe()
    restore_large = queries(lambda: club_import(tmp_path / "thirty"))
    assert Rubber.objects.count() == 30 and Ruling.objects.count() == 30 and HandReport.objects.count() == 30
    # Each table written in bulk. SQLite takes at most 999 values a statement (as Django counts them), so the
    # tables with many rows take a statement or two more: far fewer than the 24 rubbers added.
    assert restore_large - restore_small <= 8, (restore_small, restore_large)


@pytest.mark.postgres
def test_a_club_of_many_batches_round_trips(tmp_path, event, players, secretary, monkeypatch):
    small_batches(monkeypatch, 4)
    for table in range(5):
        a_full_rubber(event, players, secretary, str(table))
    seed_bulk(rubbers=12, event=event, players=players)
    before = snapshot()
    club_export(tmp_path)
    assert len(list((tmp_path / "rubbers").glob("*.json"))) == 17
    wipe()
    club_import(tmp_path)
    assert snapshot() == before


@pytest.mark.postgres
@pytest.mark.parametrize(("damage", "message"), [
    # Refused by the checks made in memory: the batch is restored again a rubber at a time.
    (lambda r: r["hands"][2].update(notes="Bell\x07Ringer"), "hand 3: notes: Use printable characters only"),
    # Refused by the laws, as the rubber is read.
    (lambda r: r["interchange"]["hands"][4].update(tricks=9), "tricks"),
    # Refused by the database, when the batch is written: a rubber's id is an earlier batch's.
    (lambda r: r.update(id=r["id"] - 20), "id: Rubber with this ID already exists"),
])
def test_a_broken_file_late_in_a_large_backup_restores_nothing(tmp_path, event, players, monkeypatch, damage,
                                                               message):
    small_batches(monkeypatch, 8)
    seed_bulk(rubbers=30, event=event, players=players)
    club_export(tmp_path)
    wipe()
    late = sorted((tmp_path / "rubbers").glob("*.json"), key=lambda p: int(p.stem))[26]
    document = json.loads(late.read_text())
    damage(document)
    late.write_text(json.dumps(document))
    reseal(tmp_path)
    with pytest.raises(CommandError) as error:
        call_command("import_club", str(tmp_path))
    assert f"rubbers/{late.name}" in str(error.value) and message in str(error.value), str(error.value)
    assert not Event.objects.exists() and not Player.objects.exists() and not Rubber.objects.exists()
    assert not Hand.objects.exists() and not GameRecord.objects.exists()


@pytest.mark.parametrize("document", [
    {}, {"a": [], "b": {}, "c": [[]], "d": [{"x": {}}]},
    {"name": "Zoë “Bell” \u2028\x07<script>", "n": -3, "big": 10**30, "f": 1.5, "none": None, "yes": True},
])
def test_the_files_are_written_as_json_dumps_indents_them(document):
    assert json_text(document) == json.dumps(document, indent=1).encode()


@pytest.mark.postgres
def test_every_restored_row_has_its_creation_in_its_history(tmp_path, event, players, secretary):
    """As saving it would: one creation for each row restored, even where a club deleted before left the
    same ids in the history."""
    from django.utils import timezone

    for table in range(3):
        a_full_rubber(event, players, secretary, str(table))
    club_export(tmp_path)
    wipe()  # the deleted rows' history stays, under the ids the restore gives again
    began = timezone.now()
    club_import(tmp_path)
    for model in (Event, Player, Rubber, Hand, Penalty, Ruling):
        created = model.history.filter(history_type="+", history_date__gte=began)  # type: ignore[attr-defined]
        assert sorted(created.values_list("id", flat=True)) == sorted(model.objects.values_list("pk", flat=True))
    hand = Hand.objects.order_by("pk").first()
    assert hand is not None
    latest = hand.history.latest()  # type: ignore[attr-defined]
    assert (latest.history_type, latest.tricks, latest.maker) == ("+", hand.tricks, hand.maker)
