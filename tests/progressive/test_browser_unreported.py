"""The secretary closes a progressive round with a table that never reported, in a real browser: the close asks
what happened, the page passes axe-core in light and dark on a phone and a desktop, and once he says the table did
not play its players sit the round out at the round's average and the room seats them for round 2."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scoring.models import Event, Round, RoundBye
from scoring.rounds.services import entrants_set, round_start, round_totals_enter, schedule_make
from tests.axe import SIZES, axe_context, failing, in_views
from tests.browser_helpers import log_in
from tests.factories import EventFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAME = "Bartholomew Fotheringay-Cholmondeley"  # 36 characters


def test_closing_a_round_over_a_silent_table_asks_and_seats_its_players_as_those_who_sat_out(
        browser: Browser, live_server, secretary):
    assert len(NAME) == 36
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=8, rulebook="standard")
    entrants_set(event=event, players=[*PlayerFactory.create_batch(4), PlayerFactory(display_name=NAME),
                                       *PlayerFactory.create_batch(3)])
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    one, two = first.tables.order_by("number")
    assert one.rubber_id is not None
    round_totals_enter(rubber_id=one.rubber_id, points={"NS": 9, "EW": 5}, lone={"N": 0, "E": 0, "S": 0, "W": 0})

    context = axe_context(browser)
    page = context.new_page()
    log_in(page, live_server.url, "sec", "pw-secretary-1888")
    page.goto(live_server.url + reverse("round_close_confirm", args=[first.pk]))
    page.get_by_role("button", name="Close round 1").click()  # nothing said: refused, asked again
    expect(page.get_by_text("Table 2 never reported round 1")).to_be_visible()
    fieldset = page.get_by_test_id("unreported")
    expect(fieldset).to_contain_text(NAME)
    assert Round.objects.get(pk=first.pk).status == Round.Status.IN_PLAY
    failures = []
    for size, scheme, violations, width in in_views(page):
        failures += [f"{size} {scheme}: {v['id']} {v['nodes']}" for v in violations if failing(v)]
        if width > SIZES[size]["width"]:
            failures.append(f"{size} {scheme}: {width} px wide")
    assert failures == []

    page.get_by_label("It did not play: its players score the round as the event scores a bye").check()
    page.get_by_role("button", name="Close round 1").click()
    expect(page.get_by_text("Round 1 is closed")).to_be_visible()
    assert set(RoundBye.objects.filter(round=first).values_list("player_id", flat=True)) == set(two.player_ids())
    page.goto(live_server.url + reverse("room", args=[event.slug]))
    expect(page.get_by_test_id("room-standings")).to_contain_text(NAME)
    round_start(round_id=second.pk)
    assert {frozenset(t.player_ids()) for t in second.tables.all()} == {frozenset(one.player_ids()),
                                                                      frozenset(two.player_ids())}
    context.close()
