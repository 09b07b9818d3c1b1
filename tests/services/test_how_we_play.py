"""How a club plays is declared once (`HowWePlay`): the club's settings and every event check it the same way and
reach the engine's rulebook the same way; a night's rules are one document, moved there by migration 0036 from the
columns that held them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.engine import RULEBOOKS
from scoring.engine.progressive import read_night
from scoring.models import Club, Event
from scoring.models.playing import HowWePlay
from scoring.services.events import event_create, event_update

pytestmark = pytest.mark.django_db

CHOICES = [(key, game, games) for key, code in RULEBOOKS.items()
           for game in (None, *code.winning.game_choices) for games in (None, *code.winning.match_choices)]


@pytest.mark.parametrize(("key", "game", "games"), CHOICES)
def test_the_club_and_an_event_played_the_same_way_score_by_the_same_rulebook(key, game, games):
    club = Club(name="A club", rulebook=key, game_points=game, games=games)
    event = Event(name="An event", slug="an-event", starts_on=dt.date(2026, 11, 1), rulebook=key, game_points=game,
                  games=games)
    club.clean()
    event.clean()
    assert isinstance(club, HowWePlay) and isinstance(event, HowWePlay)
    assert club.playing == event.playing == RULEBOOKS[key].playing(game, games)


@pytest.mark.parametrize("model", [Club, Event])
def test_a_game_the_code_does_not_allow_is_refused_on_its_field_by_the_one_check(model):
    row = model(rulebook="somerset-1888", game_points=10)
    with pytest.raises(ValidationError) as refused:
        HowWePlay.clean(row)
    assert set(refused.value.message_dict) == {"game_points"}


def test_the_club_keeps_its_standard_house_rules_under_any_code_an_event_only_under_the_standard_game():
    rules = {"stick_the_dealer": True}
    Club(name="A club", rulebook="somerset-1888", house_rules=rules).clean()
    assert Club(name="A club", rulebook="somerset-1888", house_rules=rules).playing == RULEBOOKS["somerset-1888"]
    with pytest.raises(ValidationError) as refused:
        Event(rulebook="somerset-1888", house_rules=rules).clean()
    assert set(refused.value.message_dict) == {"house_rules"}
    housed = Event(rulebook="standard", house_rules=rules, mode=Event.Mode.PROGRESSIVE)
    housed.clean()
    assert housed.playing == RULEBOOKS["standard"].housed(housed.house).tallied()


def test_an_event_in_rounds_keeps_its_nights_rules_whole_and_another_keeps_none():
    night = event_create(name="Night", slug="night", starts_on=dt.date(2026, 11, 1), mode="progressive", rounds=3,
                         lone_bonus=1, prize_places=3)
    assert night.night_rules == read_night({"deal_limit": 8, "lone_bonus": 1, "prize_places": 3}).document()
    rubbers = event_create(name="Rubbers", slug="rubbers", starts_on=dt.date(2026, 11, 1))
    assert rubbers.night_rules == {} and rubbers.night == read_night(None)
    changed = event_update(event_id=night.pk, ranking="lone,points,rounds", lone_prize=False)
    assert changed.night == read_night({**night.night_rules, "ranking": "lone,points,rounds", "lone_prize": False})


def test_a_night_rule_the_engine_refuses_is_refused_on_its_field():
    with pytest.raises(ValidationError) as refused:
        event_create(name="Night", slug="night", starts_on=dt.date(2026, 11, 1), mode="progressive", rounds=3,
                     movement="sideways")
    assert set(refused.value.message_dict) == {"movement"}
    assert not Event.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_migration_gathers_each_events_columns_into_its_document():
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0035_round_bye_scored")])
    old = executor.loader.project_state([("scoring", "0035_round_bye_scored")]).apps
    OldEvent = old.get_model("scoring", "Event")
    night = OldEvent.objects.create(name="Night", slug="night", starts_on=dt.date(2026, 11, 1), mode="progressive",
                                    rounds=3, deal_limit=4, movement="pairs", lone_bonus=1, prize_places=3,
                                    prize_ties="draw", low_prize=True)
    rubbers = OldEvent.objects.create(name="Rubbers", slug="rubbers", starts_on=dt.date(2026, 11, 1))
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    moved = Event.objects.get(pk=night.pk)
    assert moved.night == read_night({"deal_limit": 4, "movement": "pairs", "lone_bonus": 1, "prize_places": 3,
                                      "prize_ties": "draw", "low_prize": True})
    assert moved.night_rules == moved.night.document()
    assert Event.objects.get(pk=rubbers.pk).night_rules == {}
