"""A secretary's evening walked through the services and the club night page: a newcomer after a player who had
played both his rubbers, a declaration made after the cut, and a substitute sitting in for part of a rubber."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.clubnight.services import player_arrives, tables_form, waiting
from scoring.models import ClubTable, Cutting, Event, Rubber, RubberPlayerResult
from tests.clubnight.test_club_night import finish, night
from tests.factories import PlayerFactory
from tests.helpers import record

pytestmark = pytest.mark.django_db


def four(rubber: Rubber) -> set[int]:
    return {rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id}


def latest(event: Event) -> Rubber:
    return Rubber.objects.filter(event=event, table_label="1").latest("pk")


def cut_out(client, url: str, rubber: Rubber) -> str:
    return client.post(url, {"action": "next", "table": "1", "seen": str(rubber.pk), "cut-how": "draw"},
                       follow=True).content.decode()


def test_a_newcomer_after_one_who_played_both_his_rubbers_starts_his_own_two(client, secretary):
    event, players = night(5)
    tables_form(event=event, seed=3)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    first = latest(event)
    finish(first)
    cut_out(client, url, first)  # the candidate comes in; the lowest of the four, level at one rubber, goes out
    second = latest(event)
    (newcomer,) = ClubTable.objects.get(event=event).candidates  # the one cut out, first in line now
    stayer = next(pk for pk in four(first) & four(second))  # in his second rubber running
    by_pk = {p.pk: p for p in players}
    page = client.post(url, {"action": "leave", "player": stayer}, follow=True).content.decode()
    name, new_name = by_pk[stayer].display_name, by_pk[newcomer].display_name
    # He leaves after both his rubbers: the newcomer has no run to take over and starts his own two.
    assert (f"{name} has gone home after both his rubbers: {new_name}, next in line, takes his place when this "
            "rubber ends and starts his own two (law 19).") in page
    finish(second)
    cut_out(client, url, second)
    third = latest(event)
    assert newcomer in four(third) and stayer not in four(third)
    page = client.get(url).content.decode()
    assert f"{new_name} 1" in page  # his own first rubber here
    late = PlayerFactory()
    player_arrives(event=event, player=late)
    client.post(url, {"action": "declare", "table": "1", "player": late.pk})
    finish(third)
    cut_out(client, url, third)
    fourth = latest(event)
    # One claims: of the four, the two who have played three rubbers running cut to go out; the newcomer, one
    # rubber into his two, plays on (had he taken over a run of one, he would have gone out now).
    assert newcomer in four(fourth) and late.pk in four(fourth)
    cutting = Cutting.objects.filter(event=event, table__number=1).latest("pk")
    assert by_pk[newcomer].display_name not in {step["player"] for step in cutting.log if step["law"] == 15}


def test_a_declaration_after_the_cut_waits_for_the_next_rubbers_end(client, secretary):
    event, players = night(5)
    tables_form(event=event, seed=3)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    first = latest(event)
    late = PlayerFactory()
    player_arrives(event=event, player=late)
    finish(first)
    # The cards as cut at the table, naming one who has not declared: too late to be among those cutting.
    cards = "\n".join(f"{p.display_name}: {c}" for p, c in zip([*players, late], ["JS", "AS", "KS", "QS", "10S", "9S"],
                                                                 strict=True))
    page = client.post(url, {"action": "next", "table": "1", "seen": str(first.pk), "cut-how": "entered",
                             "cut-cards": cards}).content.decode()
    assert f"{late.display_name}" in page and "is not among those cutting" in page
    assert Rubber.objects.filter(event=event).count() == 1
    cut_out(client, url, first)
    table = ClubTable.objects.get(event=event)
    (out,) = table.candidates
    cutting = Cutting.objects.filter(event=event, table=table).latest("pk")
    assert late.display_name not in {step["player"] for step in cutting.log}
    # Declared now, after the cut: behind the one cut out, and in nobody's place for the rubber just started.
    page = client.post(url, {"action": "declare", "table": "1", "player": late.pk}, follow=True).content.decode()
    assert f"{late.display_name} is a candidate at table 1 (law 16)." in page
    table.refresh_from_db()
    assert table.candidates == [out, late.pk] and late.pk not in four(latest(event))
    assert waiting(event) == []


def test_a_substitute_sits_in_for_the_rest_of_the_rubber_and_both_share_its_result(client, secretary):
    event, _ = night(4)
    tables_form(event=event, seed=3)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    rubber = latest(event)
    record(rubber, maker="N", tricks=5)
    gone = rubber.west
    substitute = PlayerFactory()
    player_arrives(event=event, player=substitute)
    page = client.post(url, {"action": "leave", "player": gone.pk}, follow=True).content.decode()
    assert "seat a substitute (law 18)" in page
    done = client.post(reverse("seat_change", args=[rubber.pk]),
                       {"seat": "W", "player": substitute.pk, "from_hand": 2, "reason": "gone home",
                        "consented": "on"}, follow=True)
    assert f"{substitute} sits W from hand 2" in done.content.decode()
    # He sits at table 1 for the rest of the rubber: not waiting to cut for another table meanwhile.
    page = client.get(url).content.decode()
    assert f"{substitute.display_name} sits in for {gone.display_name}" in page
    assert substitute not in waiting(event)
    # He may still declare for the table, to take the chair when the rubber ends (law 19).
    client.post(url, {"action": "declare", "table": "1", "player": substitute.pk})
    assert ClubTable.objects.get(event=event).candidates == [substitute.pk]
    finish(rubber)
    rubber.refresh_from_db()
    results = {r.player_id: r for r in RubberPlayerResult.objects.filter(rubber=rubber)}
    assert results[gone.pk].side == results[substitute.pk].side == "EW"
    assert results[gone.pk].won is results[substitute.pk].won is False
    page = cut_out(client, url, rubber)
    following = latest(event)
    assert substitute.pk in four(following) and gone.pk not in four(following)
    table = ClubTable.objects.get(event=event)
    assert table.runs[str(substitute.pk)] == 1  # he took over the run of the one he replaced
