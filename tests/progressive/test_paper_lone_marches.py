"""A paper table's lone marches on a night that gives the lone player his own bonus: the paper form takes what
the tally cards hold, so a table scored on paper and the same deals scored by phone give every player the same
tally; cards that cannot both be right are refused on their own field; a backup carries the marches through."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Event, Rubber, RubberPlayerResult
from scoring.rounds.forms import RoundTotalsForm
from scoring.rounds.services import entrants_set, round_start, round_totals_enter, schedule_make
from scoring.services.hands import hand_take_back
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db
NO_LONE = dict.fromkeys("NESW", 0)
FIELDS = ("player_id", "side", "partner_id", "points_for", "points_against", "games_won", "doubles_won", "won",
          "lone_hands", "euchres")


def paper_table(lone_bonus: int = 1, deals: int = 4) -> Rubber:
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=deals, rulebook="standard",
                         lone_bonus=lone_bonus)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, *_ = schedule_make(event=event)
    round_start(round_id=first.pk)
    return first.tables.get(number=1).rubber


def results(rubber: Rubber) -> list[tuple[object, ...]]:
    return [tuple(row[name] for name in FIELDS)
            for row in RubberPlayerResult.objects.filter(rubber=rubber).order_by("player_id").values(*FIELDS)]


def test_a_round_on_paper_gives_every_player_what_the_same_deals_give_by_phone(secretary):
    """Deal 1: North's lone march (4 to North-South; 5 on North's own tally under a bonus of 1); deal 2: East's
    point (1); deal 3: South's march (2); deal 4: West's lone hand of three tricks (1). North 7, South 6, East and
    West 2 each; North and West a lone hand each, North's a lone march."""
    rubber = paper_table(lone_bonus=1)
    for maker, tricks, alone in (("N", 5, True), ("E", 3, False), ("S", 5, False), ("W", 3, True)):
        record(rubber, maker=maker, tricks=tricks, alone=alone)
    by_phone = results(rubber)
    points = {row[0]: row[3] for row in by_phone}
    assert points[rubber.north_id] == 7 and points[rubber.south_id] == 6 and points[rubber.east_id] == 2
    for number in (4, 3, 2, 1):
        hand_take_back(rubber_id=rubber.pk, number=number, reason="Scored on paper instead", by=secretary)
    round_totals_enter(rubber_id=rubber.pk, points={"NS": 6, "EW": 2}, lone={"N": 1, "E": 0, "S": 0, "W": 1},
                       marches={"N": 1, "E": 0, "S": 0, "W": 0})
    rubber.refresh_from_db()
    assert rubber.round_totals == {"NS": 6, "EW": 2, "lone": {"N": 1, "E": 0, "S": 0, "W": 1},
                                   "marches": {"N": 1, "E": 0, "S": 0, "W": 0}}
    assert (rubber.current_ns, rubber.current_ew) == (6, 2)  # the side's points, which decide the table, unchanged
    assert results(rubber) == by_phone


def test_totals_stored_without_marches_read_as_none():
    rubber = paper_table(lone_bonus=1)
    round_totals_enter(rubber_id=rubber.pk, points={"NS": 6, "EW": 2}, lone={"N": 1, "E": 0, "S": 0, "W": 0})
    rubber.refresh_from_db()
    assert "marches" not in rubber.round_totals
    north = RubberPlayerResult.objects.get(rubber=rubber, player_id=rubber.north_id)
    assert (north.points_for, north.lone_hands) == (6, 1)


def test_the_paper_form_asks_for_lone_marches_only_where_the_night_gives_a_bonus(client, secretary):
    plain = paper_table(lone_bonus=0)
    client.force_login(secretary)
    page = client.get(reverse("round_totals", args=[plain.pk])).content.decode()
    assert "lone marches" not in page and 'name="north"' in page
    rubber = paper_table(lone_bonus=1)
    url = reverse("round_totals", args=[rubber.pk])
    page = client.get(url).content.decode()
    assert 'name="north_marches"' in page and "N lone marches" in page
    assert "Of his lone hands, those that took all five tricks." in page
    done = client.post(url, {"ns": "6", "ew": "2", "north": "1", "east": "0", "south": "0", "west": "1",
                             "north_marches": "1", "east_marches": "0", "south_marches": "0", "west_marches": "0"})
    assert done.status_code == 302
    rubber.refresh_from_db()
    assert rubber.round_totals["marches"] == {"N": 1, "E": 0, "S": 0, "W": 0}
    form = client.get(url).context["form"]
    assert isinstance(form, RoundTotalsForm)
    assert form.initial["north_marches"] == 1 and form.initial["west"] == 1  # the stored marches shown again
    north = RubberPlayerResult.objects.get(rubber=rubber, player_id=rubber.north_id)
    assert north.points_for == 7


@pytest.mark.parametrize(("post", "field", "words"), [
    ({"north": "1", "north_marches": "2"}, "north_marches",
     "made 1 lone hand, so cannot have made 2 lone marches: a lone march is a lone hand that took all five "
     "tricks."),
    ({"ns": "6", "north": "1", "south": "1", "north_marches": "1", "south_marches": "1"}, "ns",
     "NS made 2 lone marches, which score 4 each, so 8 at least, and has 6 points."),
    ({"ns": "4", "north": "2", "north_marches": "1"}, "ns",
     "NS made 2 lone hands, 1 of them a lone march, which score at least 5 (4 a lone march, 1 each other lone "
     "hand), and has 4 points."),
    ({"east_marches": "x"}, "east_marches", "lone marches"),
    ({"west_marches": "-1"}, "west_marches", ""),
])
def test_cards_that_cannot_both_be_right_are_refused_on_their_own_field(client, secretary, post, field, words):
    rubber = paper_table(lone_bonus=1)
    client.force_login(secretary)
    data = {"ns": "9", "ew": "2", "north": "0", "east": "0", "south": "0", "west": "0", "north_marches": "0",
            "east_marches": "0", "south_marches": "0", "west_marches": "0"} | post
    page = client.post(reverse("round_totals", args=[rubber.pk]), data)
    assert page.status_code == 200
    errors = page.context["form"].errors
    assert field in errors and words in " ".join(errors[field]), errors
    rubber.refresh_from_db()
    assert rubber.round_totals is None and rubber.status == Rubber.Status.IN_PROGRESS  # nothing saved


def test_the_service_refuses_more_marches_than_lone_hands_naming_the_player():
    rubber = paper_table(lone_bonus=1)
    with pytest.raises(ValidationError) as refused:
        round_totals_enter(rubber_id=rubber.pk, points={"NS": 9, "EW": 2}, lone=NO_LONE,
                           marches={"N": 0, "E": 0, "S": 1, "W": 0})
    assert refused.value.message_dict == {"south_marches": [
        f"{rubber.south.display_name} made 0 lone hands, so cannot have made 1 lone march: a lone march is a lone "
        "hand that took all five tricks."]}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_backup_carries_a_paper_tables_marches_through(tmp_path):
    from tests.services.test_backup import wipe

    rubber = paper_table(lone_bonus=1)
    round_totals_enter(rubber_id=rubber.pk, points={"NS": 6, "EW": 2}, lone={"N": 1, "E": 0, "S": 0, "W": 1},
                       marches={"N": 1, "E": 0, "S": 0, "W": 0})
    old = paper_table(lone_bonus=1)
    round_totals_enter(rubber_id=old.pk, points={"NS": 5, "EW": 3}, lone={"N": 0, "E": 1, "S": 0, "W": 0})
    kept = {r.pk: (Rubber.objects.get(pk=r.pk).round_totals, results(r)) for r in (rubber, old)}
    call_command("export_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    wipe()
    call_command("import_club", str(tmp_path), stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert {pk: (Rubber.objects.get(pk=pk).round_totals, results(Rubber.objects.get(pk=pk))) for pk in kept} == kept
    assert kept[rubber.pk][0]["marches"] == {"N": 1, "E": 0, "S": 0, "W": 0} and "marches" not in kept[old.pk][0]
