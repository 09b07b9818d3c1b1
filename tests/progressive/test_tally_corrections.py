"""Tallies checked at the scorer's table after the last round: a paper table's totals and a phone table's deals
are corrected until the night is closed, with who, when and why kept once a later round was seated from them;
the seats made stand, and the standings and prizes follow."""

from __future__ import annotations

import pytest

from scoring.models import Event, HandCorrection, RoundTable, RubberPlayerResult, TotalsCorrection
from scoring.rounds.services import (
    entrants_set,
    night_close,
    night_reopen,
    round_close,
    round_start,
    round_totals_enter,
    schedule_make,
)
from scoring.services.hands import HandExtras, hand_correct
from scoring.standings import cache
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, refusal

pytestmark = pytest.mark.django_db
NO_LONE = dict.fromkeys("NESW", 0)


def seats(round_) -> list[tuple[int, int, int, int]]:
    return [(t.north_id, t.east_id, t.south_id, t.west_id) for t in RoundTable.objects.filter(round=round_)
            .order_by("number")]


@pytest.fixture
def night_of_two_rounds():
    """Eight players, two rounds of four deals: table 1 on paper (5-3 to North-South), table 2 by phone (four
    points to North-South, South's deal 4 among them); round 2 seated from them and played, both rounds closed."""
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    paper, phone = (t.rubber for t in first.tables.order_by("number"))
    round_totals_enter(rubber_id=paper.pk, points={"NS": 5, "EW": 3}, lone=NO_LONE)
    for maker in "NNSS":
        record(phone, maker=maker, tricks=3)
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    for table in second.tables.select_related("rubber"):
        for maker in "NEEN":
            record(table.rubber, maker=maker, tricks=3)
    round_close(round_id=second.pk)
    return event, first, second, paper, phone


def test_paper_totals_are_corrected_after_the_last_round_with_the_reason_kept(night_of_two_rounds, secretary):
    event, _first, second, paper, _phone = night_of_two_rounds
    seated = seats(second)
    with refusal("later_round_seated"):
        round_totals_enter(rubber_id=paper.pk, points={"NS": 3, "EW": 5}, lone=NO_LONE)
    round_totals_enter(rubber_id=paper.pk, points={"NS": 3, "EW": 5}, lone=NO_LONE, reason="Card added wrongly",
                       by=secretary)
    kept = TotalsCorrection.objects.get(rubber=paper)
    assert (kept.reason, kept.made_by, kept.before["NS"], kept.after["NS"]) == ("Card added wrongly", secretary, 5, 3)
    east = RubberPlayerResult.objects.get(rubber=paper, player_id=paper.east_id)
    assert (east.points_for, east.won) == (5, True)  # the round's winner turned over...
    assert seats(second) == seated  # ...and the seats made from it stand
    rows = {row["player_id"]: row for row in cache.event_players(event)}
    assert rows[paper.east_id]["scored_for"] == 5 + RubberPlayerResult.objects.get(
        rubber__round_table__round=second, player_id=paper.east_id).points_for  # the standings follow


def test_a_phone_tables_deal_is_corrected_with_its_reason_until_the_night_is_closed(night_of_two_rounds, secretary):
    event, _first, second, _paper, phone = night_of_two_rounds
    seated = seats(second)
    deal = phone.hands.get(number=4)  # its last: nothing but the later round asks for a reason
    play = {"dealer": deal.dealer, "maker": "E", "tricks": 3}
    with refusal("later_round_seated"):
        hand_correct(hand_id=deal.pk, play=play, extras=HandExtras(), reason="", by=secretary)
    hand_correct(hand_id=deal.pk, play=play, extras=HandExtras(), reason="East made it, not South", by=secretary)
    assert HandCorrection.objects.get(hand=deal).reason == "East made it, not South"
    north = RubberPlayerResult.objects.get(rubber=phone, player_id=phone.north_id)
    assert (north.points_for, north.points_against) == (3, 1) and seats(second) == seated
    night_close(event_id=event.pk)
    with refusal("night_closed"):
        hand_correct(hand_id=deal.pk, play=play | {"tricks": 4}, extras=HandExtras(), reason="Again", by=secretary)
    with refusal("night_closed"):
        round_totals_enter(rubber_id=_paper.pk, points={"NS": 4, "EW": 4}, lone=NO_LONE, reason="Again")
    night_reopen(event_id=event.pk)
    round_totals_enter(rubber_id=_paper.pk, points={"NS": 4, "EW": 3}, lone=NO_LONE, reason="Rechecked")
    assert TotalsCorrection.objects.filter(rubber=_paper).count() == 1


def test_the_night_closes_only_once_every_round_is_closed(secretary):
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(4))
    first, _second = schedule_make(event=event)
    round_start(round_id=first.pk)
    with refusal("rounds_open"):
        night_close(event_id=event.pk)


def test_the_secretarys_pages_say_the_seats_stand_and_close_the_night(night_of_two_rounds, client, secretary):
    event, _first, _second, paper, phone = night_of_two_rounds
    client.force_login(secretary)
    url = f"/rubbers/{paper.pk}/round-totals/"
    assert "Round 2 was seated from these results: its seats stand" in client.get(url).content.decode()
    data = {"ns": "2", "ew": "6", "north": "0", "east": "0", "south": "0", "west": "0"}
    refused = client.post(url, data)
    assert refused.status_code == 200 and "say why it is corrected" in refused.content.decode()
    assert client.post(url, data | {"reason": "Added again"}).status_code == 302
    assert TotalsCorrection.objects.get(rubber=paper).made_by == secretary
    deal = phone.hands.get(number=4)
    page = client.get(f"/rubbers/{phone.pk}/hands/4/correct/").content.decode()
    assert 'data-testid="later-round"' in page and deal.number == 4
    rounds = client.get(f"/events/{event.slug}/rounds/").content.decode()
    assert "Close the night" in rounds
    assert client.post(f"/events/{event.slug}/night/close/").status_code == 302
    event.refresh_from_db()
    assert event.closed_at is not None
    assert "Reopen the night" in client.get(f"/events/{event.slug}/rounds/").content.decode()
    closed = client.post(url, data | {"ns": "3", "reason": "Once more"})
    assert closed.status_code == 200 and "The night is closed" in closed.content.decode()
