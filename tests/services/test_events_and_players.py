"""Events and players are written by services: the rules a page states are the services' own, checked again
under the event's lock, and nothing is saved when one is broken."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.clubnight.services import player_arrives
from scoring.models import Event, Player
from scoring.rounds.services import schedule_make
from scoring.services.events import event_create, event_update
from scoring.services.players import player_create, player_update
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import refusal
from tests.rounds.test_rounds import tournament

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 11, 25)


def test_an_event_in_rounds_must_say_how_many_and_only_it_has_rounds():
    with refusal("rounds_unset", field="rounds"):
        event_create(name="Cup", slug="cup", starts_on=TODAY, mode=Event.Mode.INDIVIDUALS)
    with refusal("rounds_only", field="deal_limit"):
        event_create(name="Cup", slug="cup", starts_on=TODAY, mode=Event.Mode.RUBBERS, deal_limit=6)
    assert not Event.objects.exists()
    made = event_create(name="Cup", slug="cup", starts_on=TODAY, mode=Event.Mode.INDIVIDUALS, rounds=3)
    assert made.pk is not None and made.rounds == 3


def test_a_made_schedule_fixes_the_mode_and_the_rounds_and_the_slug_never_changes():
    event = tournament(8, rounds=3)
    schedule_make(event=event)
    with refusal("fixed") as refused:
        event_update(event_id=event.pk, mode=Event.Mode.PAIRS, rounds=4)
    assert set(refused.value.message_dict) == {"mode", "rounds"}
    with refusal("address_fixed", field="slug"):
        event_update(event_id=event.pk, slug="elsewhere")
    renamed = event_update(event_id=event.pk, name="The Autumn Cup", mode=event.mode, rounds=3)
    event.refresh_from_db()
    assert renamed.name == event.name == "The Autumn Cup" and event.rounds == 3


def test_players_entered_keep_a_club_night_a_club_night():
    event = EventFactory(mode=Event.Mode.CLUB_NIGHT)
    player_arrives(event=event, player=PlayerFactory())
    with refusal("players_fix_mode", field="mode"):
        event_update(event_id=event.pk, mode=Event.Mode.RUBBERS)


def test_the_roll_has_one_player_of_a_name_in_any_case_and_one_of_a_member_number():
    ames = player_create(display_name="Abigail Ames", member_number="17", active=True)
    with refusal("name_on_roll", field="display_name"):
        player_create(display_name="abigail ames", active=True)
    other = player_create(display_name="Bea Brown", active=True)
    with refusal("number_taken", field="member_number") as refused:
        player_update(player_id=other.pk, member_number="17")
    assert "Abigail Ames" in str(refused.value.message_dict["member_number"])  # whose number it is
    assert player_update(player_id=ames.pk, display_name="Abigail Ames-Avery").display_name == "Abigail Ames-Avery"
    assert Player.objects.count() == 2
