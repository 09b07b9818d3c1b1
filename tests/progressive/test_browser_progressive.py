"""A progressive night in a real browser: three tables report their deals from phones for two rounds, the
phones count "Deal 4 of 4", and the winners move up a table for the second round."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring.models import Event
from scoring.reporting import services
from scoring.rounds.services import entrants_set, round_close, round_start, schedule_make
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record
from tests.reporting.test_browser_reporting import PHONE, report_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def confirm_on(page: Page, name: str) -> None:
    expect(page.get_by_role("button", name=f"{name}: confirm")).to_be_visible(timeout=15_000)
    with page.expect_navigation():
        page.get_by_role("button", name=f"{name}: confirm").click()


def play_round(browser: Browser, base: str, round_) -> None:
    """Three deals a table entered by the secretary, the fourth reported and confirmed from the table's phone."""
    for table in round_.tables.select_related("rubber", "north", "east", "south", "west").order_by("number"):
        rubber = table.rubber
        for maker in ("N", "E", "N"):
            record(rubber, maker=maker, tricks=3 + table.number % 3)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{base}/t/{services.working_code(rubber).code}/")
        expect(phone.get_by_test_id("deal-of")).to_have_text("Deal 4 of 4")
        expect(phone.get_by_test_id("table-score")).to_contain_text("This round")
        report_hand(phone, table.north.display_name, table.south.display_name, 5)
        confirm_on(phone, table.east.display_name)
        phone.context.close()
        rubber.refresh_from_db()
        assert rubber.status == "stopped" and rubber.hand_count == 4


def test_three_tables_report_two_rounds_from_their_phones(browser: Browser, live_server):
    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(12))
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    play_round(browser, live_server.url, first)
    winners = {}
    for table in first.tables.select_related("rubber"):
        rubber = table.rubber
        ns_won = rubber.current_ns > rubber.current_ew
        winners[table.number] = {table.north_id, table.south_id} if ns_won else {table.east_id, table.west_id}
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    seated = {t.number: {t.north_id, t.east_id, t.south_id, t.west_id} for t in second.tables.all()}
    assert winners[2] <= seated[1] and winners[3] <= seated[2] and winners[1] <= seated[1]
    play_round(browser, live_server.url, second)


def test_the_progressive_pages_pass_axe_in_light_and_dark(browser: Browser, live_server, secretary):
    from django.urls import reverse

    from tests.browser_helpers import axe_as_secretary

    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard", low_prize=True)
    entrants_set(event=event, players=PlayerFactory.create_batch(8))
    first, _second = schedule_make(event=event)
    round_start(round_id=first.pk)
    for table in first.tables.select_related("rubber"):
        for maker in "NEWS":
            record(table.rubber, maker=maker, alone=maker == "N", tricks=5)
    round_close(round_id=first.pk)
    paths = [reverse("event_standings", args=[event.slug]), reverse("room", args=[event.slug]),
             f"{reverse('room', args=[event.slug])}?projector=1", reverse("event_rounds", args=[event.slug])]
    wall = (paths[2],)  # the projector's page is drawn for a wall, not a phone
    for scheme in ("light", "dark"):
        assert axe_as_secretary(browser, live_server.url, paths, scheme, wide=wall) == []


def test_a_paper_table_enters_its_totals_and_a_phone_shows_the_next_seats(browser: Browser, live_server,
                                                                           secretary):
    """Ten players: two tables and two byes. Table 1 scores on paper and the secretary enters its round in one
    step from the room; table 2's phone, its round finished, shows where its four sit next before round 2
    starts, and round 2 seats them there. Axe reads the totals page and the phone's page, light and dark."""
    from django.urls import reverse

    from tests.axe import axe_context, run_axe
    from tests.browser_helpers import log_in, reload

    event = EventFactory(mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4, rulebook="standard")
    entrants_set(event=event, players=PlayerFactory.create_batch(10))
    first, second = schedule_make(event=event)
    round_start(round_id=first.pk)
    paper, phoned = (t.rubber for t in first.tables.order_by("number"))
    phone = axe_context(browser, "phone", is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{live_server.url}/t/{services.working_code(phoned).code}/")
    for maker in "NNES":
        record(phoned, maker=maker, tricks=5)

    desk = axe_context(browser).new_page()
    log_in(desk, live_server.url)
    desk.goto(live_server.url + reverse("room", args=[event.slug]))
    desk.get_by_test_id("paper-totals").click()
    desk.get_by_label("NS points").fill("3")
    desk.get_by_label("EW points").fill("9")
    desk.get_by_label("E lone hands").fill("1")
    desk.get_by_role("button", name="Enter the totals").click()
    expect(desk.get_by_test_id("room")).to_contain_text("The round's totals entered from the table's tally")

    reload(phone)
    expect(phone.get_by_test_id("next-round")).to_contain_text("Round 2: where you sit next")
    expect(phone.get_by_test_id("next-preview")).to_be_visible()
    shown = phone.get_by_test_id("next-round").inner_text()
    found = []
    for page in (phone, desk):
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)  # then loaded afresh, as a phone opens it in that scheme
            if page is desk:
                page.goto(live_server.url + reverse("round_totals", args=[paper.pk]))
            else:
                reload(page)
            found += [(page.url, scheme, v) for v in run_axe(page)]
    assert found == []
    round_close(round_id=first.pk)
    round_start(round_id=second.pk)
    for table in second.tables.select_related("north", "east", "south", "west"):
        for seat in ("north", "east", "south", "west"):
            player = getattr(table, seat)
            if player.pk in {phoned.north_id, phoned.east_id, phoned.south_id, phoned.west_id}:
                assert f"{player.display_name}: table {table.number}, {seat.capitalize()}," in shown
