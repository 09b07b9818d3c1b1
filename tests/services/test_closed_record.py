"""Closed means closed: once the secretary closes a progressive night, no write changes a table's hands or score,
whichever page, phone or command sends it; each asks the one question (`record_lock`), and the list below is
checked against the code so that a write service that does not ask cannot be added unseen."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from scoring.models import Event, RubberPlayerResult
from scoring.reporting.services import AtTable, hand_report, report_answer, report_settle
from scoring.rounds.services import (
    entrants_set,
    night_close,
    night_reopen,
    round_close,
    round_start,
    round_totals_enter,
    schedule_make,
)
from scoring.services.hands import HandExtras, hand_correct, hand_record, hand_take_back, penalty_add
from scoring.services.rubbers import rubber_abandon, seat_change_add
from scoring.services.rulings import ruling_make, ruling_withdraw
from scoring.services.transfer import rubber_export, rubber_import
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal, row_counts

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2] / "scoring"
REVOKE = {"offender": "W", "stage": "established", "claimed": "before_cut"}  # the standard game's questions
ASKS = ("record_lock", "night_open_check")
"""The one question, and its part for a write that makes a new table rather than changing one."""
NEED_NOT_ASK = {
    "scoring.services.rubbers.rubber_start": "a rubber begun has no record yet; a closed night starts no round",
    "scoring.rounds.services.round_close": "the round's own close, which stops its tables where they stand; a night "
                                           "is closed only once every round is",
    "scoring.services.backup.bulk._OneByOne.scored": "a restore writes the record as the backup kept it",
    "scoring.services.hands.hand_add": "adds to a rubber its caller locked and asked for (`hand_record`, or a "
                                       "report answered or settled, which asks for a hand too)",
}


@pytest.fixture
def closed_night(secretary):
    """Eight players, two rounds of four deals by phone; a ruling made on round 1's first table (on its first deal);
    both rounds closed, then the night."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, second = schedule_make(event=event)
    for round_ in (first, second):
        round_start(round_id=round_.pk)
        for table in round_.tables.select_related("rubber"):
            for maker in "NEEN":
                record(table.rubber, maker=maker, tricks=3)
        round_close(round_id=round_.pk)
    table = first.tables.order_by("number").select_related("rubber").first()
    ruling = ruling_make(rubber_id=table.rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE,
                         election=None, note="Claimed at the scorer's table", by=secretary)
    night_close(event_id=event.pk)
    return event, table.rubber, ruling


def the_writes(rubber, ruling, secretary) -> dict[str, Callable[[], Any]]:
    """Every write service that changes a table's hands or score, each called as its page, phone or command
    would call it on the closed night's first table."""
    deal = rubber.hands.get(number=2)
    play = {"dealer": deal.dealer, "maker": "E", "tricks": 5}
    north, substitute = AtTable(player=rubber.north), PlayerFactory()
    return {
        "scoring.services.hands.hand_record": lambda: hand_record(
            rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, "maker": "N", "tricks": 3}, extras=HandExtras(),
            by=secretary),
        "scoring.services.hands.hand_correct": lambda: hand_correct(
            hand_id=deal.pk, play=play, extras=HandExtras(), reason="Misread card", by=secretary),
        "scoring.services.hands.hand_take_back": lambda: hand_take_back(
            rubber_id=rubber.pk, number=4, reason="Entered twice", by=secretary),
        "scoring.services.hands.penalty_add": lambda: penalty_add(
            hand_id=deal.pk, kind="revoke", side="EW", count=2, note="Found at the scorer's table",
            claimed="before_cut", by=secretary),
        "scoring.services.rulings.ruling_make": lambda: ruling_make(
            rubber_id=rubber.pk, hand_number=3, irregularity="revoke", facts=REVOKE, election=None,
            note="Claimed late", by=secretary),
        "scoring.services.rulings.ruling_withdraw": lambda: ruling_withdraw(
            ruling_id=ruling.pk, reason="Made on the wrong hand", by=secretary),
        "scoring.services.rubbers.rubber_abandon": lambda: rubber_abandon(rubber_id=rubber.pk, reason="Gone home"),
        "scoring.services.rubbers.seat_change_add": lambda: seat_change_add(
            rubber_id=rubber.pk, seat="north", player=substitute, from_hand=4, reason="Taken ill", consented=True),
        "scoring.rounds.services.round_totals_enter": lambda: round_totals_enter(
            rubber_id=rubber.pk, points={"NS": 6, "EW": 2}, lone=dict.fromkeys("NESW", 0), reason="Card read again"),
        "scoring.reporting.services.hand_report": lambda: hand_report(
            rubber_id=rubber.pk, play={"dealer": rubber.next_dealer, "maker": "N", "tricks": 3}, by=north),
        "scoring.reporting.services.report_answer": lambda: report_answer(
            rubber_id=rubber.pk, report_id=0, by=AtTable(player=rubber.east), agree=True),
        "scoring.reporting.services.report_settle": lambda: report_settle(
            rubber_id=rubber.pk, report_id=0, by=secretary),
        "scoring.services.transfer.rubber_import": lambda: rubber_import(
            document=rubber_export(rubber), event=rubber.event),
    }


def tallies(event) -> list[tuple[int, int, int]]:
    return list(RubberPlayerResult.objects.filter(rubber__event=event).order_by("rubber", "player")
                .values_list("player_id", "points_for", "points_against"))


def test_no_write_changes_a_closed_nights_record(closed_night, secretary):
    event, rubber, ruling = closed_night
    writes = the_writes(rubber, ruling, secretary)
    before, kept = row_counts(), tallies(event)
    for write in writes.values():
        with refusal("night_closed"):
            write()
    assert row_counts() == before and tallies(event) == kept


def test_a_penalty_from_the_page_leaves_a_closed_nights_tallies_as_they_stand(closed_night, secretary):
    event, rubber, _ruling = closed_night
    client = Client()
    client.force_login(secretary)
    before, kept = row_counts(), tallies(event)
    response = client.post(f"/rubbers/{rubber.pk}/hands/2/penalties/new/",
                           {"kind": "revoke", "side": "EW", "count": 2, "claimed": "before_cut", "note": ""})
    assert response.status_code == 200
    assert "The night is closed, its tallies checked: reopen it on the rounds page to add a penalty." in (
        response.content.decode())
    assert row_counts() == before and tallies(event) == kept


def test_reopened_the_night_takes_the_penalty_with_its_reason(closed_night, secretary):
    event, rubber, _ruling = closed_night
    night_reopen(event_id=event.pk)
    deal = rubber.hands.get(number=2)
    with refusal("later_round_seated"):
        penalty_add(hand_id=deal.pk, kind="revoke", side="EW", count=2, note="", claimed="before_cut", by=secretary)
    kept = tallies(event)
    penalty_add(hand_id=deal.pk, kind="revoke", side="EW", count=2, note="Found at the scorer's table",
                claimed="before_cut", by=secretary)
    assert tallies(event) != kept


def asking_functions() -> tuple[set[str], set[str]]:
    """The functions of the site (outside the engine) that ask the question, and those that rescore a rubber (or
    store its next deal) or lock one for a write without asking it."""
    asking, silent = set(), set()
    for path in ROOT.rglob("*.py"):
        if "engine" in path.parts or "migrations" in path.parts or path.name == "record.py":
            continue
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text())
        for scope, node in _functions(tree):
            called = {c.func.id if isinstance(c.func, ast.Name) else getattr(c.func, "attr", "")
                      for c in ast.walk(node) if isinstance(c, ast.Call)}
            name = f"{module}.{scope}{node.name}"
            if called & set(ASKS):
                asking.add(name)
            elif called & {"rubber_rescore", "deal_store"}:
                silent.add(name)
    return asking, silent


def _functions(tree: ast.Module):
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield "", node
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef):
                    yield f"{node.name}.", inner


def test_every_write_service_asks_and_is_tried_here(closed_night, secretary):
    _event, rubber, ruling = closed_night
    asking, silent = asking_functions()
    assert silent == set(NEED_NOT_ASK), "a function rescores a rubber without asking record_lock"
    assert asking == set(the_writes(rubber, ruling, secretary)), "a write service asks but is not tried above"
