"""A progressive table level on points and lone hands is won by the site's cut, drawn from its event, round and
table: a restore scores the rubber again before its round's tables are stored, and must draw the same cut."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from scoring.models import Event, RubberPlayerResult
from scoring.rounds.services import entrants_set, round_close, round_start, round_totals_enter, schedule_make
from tests.factories import EventFactory, PlayerFactory
from tests.services.test_backup import wipe

pytestmark = pytest.mark.django_db

LEVEL = {"N": 0, "E": 0, "S": 0, "W": 0}


def test_a_table_won_by_the_cut_is_won_by_the_same_side_after_a_restore(tmp_path):
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=1, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, = schedule_make(event=event)
    round_start(round_id=first.pk)
    level, other = first.tables.order_by("number")
    round_totals_enter(rubber_id=level.rubber_id, points={"NS": 5, "EW": 5}, lone=LEVEL)
    round_totals_enter(rubber_id=other.rubber_id, points={"NS": 7, "EW": 3}, lone=LEVEL)
    round_close(round_id=first.pk)
    won = dict(RubberPlayerResult.objects.filter(rubber_id=level.rubber_id).values_list("player_id", "won"))
    assert sorted(won.values()) == [False, False, True, True]  # the cut gave the round to one side
    call_command("export_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    wipe()
    call_command("import_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert dict(RubberPlayerResult.objects.filter(rubber_id=level.rubber_id).values_list("player_id", "won")) == won
