"""A club night under the Official Laws forms its tables as law I does: cards dealt face up until the four jacks
are out, drawn by the site (replayable) or entered from the table."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.clubnight.services import next_rubber, player_arrives, tables_form, waiting
from scoring.engine.cutting.jacks import jack_tables
from scoring.models import ClubTable, Event, Rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db


def night(count: int, code: str = "official-1862"):
    event = EventFactory(mode=Event.Mode.CLUB_NIGHT, rulebook=code)
    players = PlayerFactory.create_batch(count)
    for player in players:
        player_arrives(event=event, player=player)
    return event, players


@pytest.mark.parametrize("code", ["official-1862", "rules-1877", "standard"])
def test_nine_present_make_two_tables_by_the_jacks_and_one_waits(code):
    event, players = night(9, code)
    cutting = tables_form(event=event, seed=5)
    deals = jack_tables([p.display_name for p in players], 5, 2)
    rubbers = list(Rubber.objects.filter(event=event).order_by("table_label"))
    assert len(rubbers) == 2 and len(waiting(event)) == 1
    for rubber, deal in zip(rubbers, deals, strict=True):
        assert {seat.value: name for seat, name in deal.seats} == {
            s: getattr(rubber, f).display_name for s, f in (("N", "north"), ("E", "east"), ("S", "south"),
                                                            ("W", "west"))}
        assert rubber.first_dealer == "N"  # the first jack deals
    assert all(step["law"] == "I" for step in cutting.log) and cutting.seed == 5
    assert sum(1 for step in cutting.log if step["card"].startswith("J")) == 8


def test_the_cards_entered_from_the_table_seat_the_four_jacks():
    event, (a, b, c, d, e) = night(5)
    entered = [(a.display_name, "9S"), (b.display_name, "JH"), (c.display_name, "7C"), (d.display_name, "AD"),
               (e.display_name, "JC"), (a.display_name, "KS"), (c.display_name, "JD"), (d.display_name, "QH"),
               (a.display_name, "10S"), (d.display_name, "JS")]
    tables_form(event=event, entered=entered)
    rubber = Rubber.objects.get(event=event)
    # Bell's red jack came first: he deals, Cole's red jack partners him; Eyre and Dunn hold the black ones.
    assert (rubber.north_id, rubber.south_id, rubber.east_id, rubber.west_id) == (b.pk, c.pk, e.pk, d.pk)
    assert [p.pk for p in waiting(event)] == [a.pk]


def test_a_card_entered_for_the_wrong_player_is_refused_naming_its_line():
    event, (a, _b, c, _d, _e) = night(5)
    with pytest.raises(ValidationError, match="Line 2: law I deals this card to"):
        tables_form(event=event, entered=[(a.display_name, "9S"), (c.display_name, "JH")])
    assert not Rubber.objects.filter(event=event).exists()


def test_after_a_match_the_table_deals_for_jacks_again_with_whoever_stands_in_line():
    event, _players = night(5, "standard")
    tables_form(event=event, seed=3)
    rubber = Rubber.objects.get(event=event)
    for _ in range(5):
        record(rubber, maker="N", tricks=5)
    rubber.refresh_from_db()
    assert rubber.status == "complete"
    table = ClubTable.objects.get(event=event)
    table.candidates = [waiting(event)[0].pk]
    table.save()
    cutting = next_rubber(table=table, seed=9)
    assert Rubber.objects.filter(event=event).count() == 2 and cutting.log[0]["law"] == "I"
    assert len(cutting.outcome["candidates"]) == 1


def test_the_club_night_page_forms_tables_by_law_i(client, secretary):
    event, _players = night(4)
    client.force_login(secretary)
    response = client.post(reverse("club_night", args=[event.slug]), {"action": "tables", "cut-how": "draw"})
    assert response.status_code == 302
    assert Rubber.objects.filter(event=event).count() == 1
    page = client.get(reverse("club_night", args=[event.slug])).content.decode()
    assert "law I" in page or "Law I" in page
