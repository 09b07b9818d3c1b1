"""The rounds' pages once the schedule is made: nothing offers what cannot be done (making it again,
changing the entrants, starting a round out of turn), a round that does not exist shows the current one,
and fixed pairs are listed as pairs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Event
from scoring.rounds.services import round_start, schedule_make
from tests.factories import EventFactory
from tests.rounds.test_rounds import tournament

pytestmark = pytest.mark.django_db


def test_once_the_schedule_is_made_it_is_not_offered_again_nor_are_the_entrants(client, secretary):
    event = tournament(8, rounds=3)
    schedule_make(event=event)
    client.force_login(secretary)
    response = client.get(reverse("schedule_make", args=[event.slug]))
    body = response.content.decode()
    assert 'data-testid="schedule-made"' in body and "cannot be made twice" in body and "<form" not in body.split(
        "</nav>")[-1]
    page = client.get(reverse("entrants", args=[event.slug])).content.decode()
    assert 'data-testid="scheduled"' in page and "Save the entrants" not in page


def test_the_room_of_a_later_round_offers_no_start_while_an_earlier_one_is_open(client, secretary):
    event = tournament(8, rounds=3)
    first, _second, third = schedule_make(event=event)
    round_start(round_id=first.pk)
    client.force_login(secretary)
    later = client.get(reverse("room", args=[event.slug]), {"round": third.number}).content.decode()
    assert "Round 3 of 3" in later and "Start round 3" not in later
    now = client.get(reverse("room", args=[event.slug]), {"round": 99}).content.decode()
    assert "Round 1 of 3" in now and "0 of 2 tables finished" in now  # its own tables, not every round's


def test_fixed_pairs_are_listed_as_pairs_on_the_rounds_page_before_and_after_the_schedule(client):
    event = tournament(8, mode=Event.Mode.PAIRS, rounds=3)
    names = [e.player.display_name for e in event.entrants.select_related("player").order_by("number")]

    def listed_as_pairs() -> bool:
        page = client.get(reverse("event_rounds", args=[event.slug])).content.decode()
        return f"1. {names[0]} &amp; {names[1]}" in page and f"4. {names[6]} &amp; {names[7]}" in page

    assert listed_as_pairs()
    schedule_make(event=event)
    assert listed_as_pairs()


def test_a_hand_typed_on_a_page_left_open_is_not_saved_as_the_next_hand(client, secretary):
    event = tournament(4, rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    rubber = first.tables.get().rubber
    client.force_login(secretary)
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert 'name="shown" value="1"' in page and 'data-testid="to-room"' in page
    dealer = rubber.first_dealer
    entry = {"dealer": dealer, "maker": "N", "result": "played", "tricks": 3, "revokes_ns": 0, "revokes_ew": 0}
    assert client.post(reverse("hand_new", args=[rubber.pk]), {**entry, "shown": 1}).status_code == 302
    # The same page, still open in another tab, sends hand 1 again: refused, saying which hand is next.
    response = client.post(reverse("hand_new", args=[rubber.pk]), {**entry, "shown": 1}, follow=True)
    rubber.refresh_from_db()
    assert rubber.hand_count == 1
    assert "Hand 1 was recorded meanwhile" in response.content.decode()


@pytest.mark.parametrize(("new", "message"), [
    ("Abigail Ames\nabigail  ames", "named twice"),
    ("PLAYER_TAKEN", "already on the roll: tick the name above"),
    ("x" * 81, "longer than a name may be"),
    ("", "Tick the players entered, or name new ones."),
])
def test_new_players_on_the_entry_page_are_refused_clearly_and_nothing_is_saved(client, secretary, players, new,
                                                                                message):
    from scoring.models import Player

    event = EventFactory(mode=Event.Mode.INDIVIDUALS, rounds=3)
    client.force_login(secretary)
    before = Player.objects.count()
    response = client.post(reverse("entrants", args=[event.slug]),
                           {"new_players": new.replace("PLAYER_TAKEN", players[0].display_name.lower())})
    assert response.status_code == 200 and message in response.content.decode()
    assert Player.objects.count() == before and not event.entrants.exists()


def test_new_players_are_added_to_the_roll_and_entered_after_those_ticked(client, secretary, players):
    event = EventFactory(mode=Event.Mode.INDIVIDUALS, rounds=3)
    client.force_login(secretary)
    response = client.post(reverse("entrants", args=[event.slug]),
                           {"players": [p.pk for p in players[:3]], "new_players": "Zeb Newcome\n  Yolanda  Young "})
    assert response.status_code == 302
    entered = list(event.entrants.order_by("number").values_list("player__display_name", flat=True))
    assert entered[3:] == ["Zeb Newcome", "Yolanda Young"] and len(entered) == 5
