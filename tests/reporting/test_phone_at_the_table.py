"""A phone left at the table: a page left open while another phone reports, a poll that finds the table
closed, a dispute without a reason, a phone already at its table when the address is throttled, a member
at the wrong table, and what the secretary's pages say of all this."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import CodeGuess, HandReport, Rubber
from scoring.reporting import services
from scoring.reporting.services import AtTable
from scoring.rounds.selectors import room
from scoring.rounds.services import schedule_make
from scoring.services.rubbers import seat_change_add
from tests.helpers import play_game, record, refusal
from tests.reporting.test_reporting import open_report, report, table_url
from tests.rounds.test_rounds import tournament

pytestmark = pytest.mark.django_db


def test_a_page_left_open_on_a_recorded_hand_does_not_report_the_next_deal(client, rubber, code, players):
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    client.post(table_url(code, f"reports/{open_report(rubber).pk}/answer/"),
                {"answer": "confirm", "player": players[1].pk})
    # A third phone still shows hand 1 and reports it now: its taps are for that deal, not for hand 2.
    response = report(client, code, players[2], maker="E", tricks=4, shown=1)
    assert response.status_code == 302 and not HandReport.objects.filter(status__in=HandReport.OPEN).exists()
    page = client.get(table_url(code)).content.decode()
    assert "This page showed hand 1, which has been recorded since. This is hand 2, dealt by" in page
    assert 'name="shown" value="2"' in page
    with refusal("hand_recorded_since"):
        services.hand_report(rubber_id=rubber.pk, play={"dealer": "E", "maker": "S", "tricks": 3},
                             by=AtTable(players[0]), number=1)


def test_after_a_refused_report_the_page_still_polls_the_table_page(client, rubber, code, players):
    response = report(client, code, players[0], maker="N", shown=1)  # no tricks
    assert response.status_code == 400
    assert f'hx-get="{table_url(code)}?state=' in response.content.decode()


def test_a_phone_polling_a_table_that_has_closed_reloads_and_sees_how_the_rubber_ended(client, rubber, code):
    client.get(table_url(code))  # the phone at the table
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    polled = client.get(table_url(code), {"state": "x"}, HTTP_HX_REQUEST="true")
    assert polled.status_code == 204 and polled["HX-Redirect"] == table_url(code)
    page = client.get(table_url(code))
    body = page.content.decode()
    assert page.status_code == 410 and 'data-testid="final"' in body and "won the rubber" in body


def test_a_withdrawn_code_tells_a_polling_phone_to_reload_too(client, rubber, code, secretary):
    client.get(table_url(code))
    services.code_withdraw(rubber_id=rubber.pk, by=secretary)
    polled = client.get(table_url(code), {"state": "x"}, HTTP_HX_REQUEST="true")
    assert polled.status_code == 204 and polled["HX-Redirect"] == table_url(code)
    assert "withdrawn" in client.get(table_url(code)).content.decode()


def test_a_dispute_must_say_what_is_wrong(client, rubber, code, players):
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    waiting = open_report(rubber)
    response = client.post(table_url(code, f"reports/{waiting.pk}/answer/"),
                           {"answer": "dispute", "player": players[1].pk, "dispute": "   "})
    assert response.status_code == 400 and "Say what is wrong with the report" in response.content.decode()
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.WAITING and waiting.answered_by is None
    with refusal("dispute_unsaid"):
        services.report_answer(rubber_id=rubber.pk, report_id=waiting.pk, by=AtTable(players[1]), agree=False)


def test_a_phone_already_at_its_table_carries_on_when_its_address_is_throttled(client, code, settings):
    assert client.get(table_url(code)).status_code == 200  # this phone opened its table earlier
    for n in range(services.GUESSES_ALLOWED):
        client.__class__().get(f"/t/QQQQQ{'ACDEFGHJKMNPQRTUVWXY'[n % 20]}/")  # other phones mistyping
    assert CodeGuess.objects.count() == services.GUESSES_ALLOWED
    assert client.get(table_url(code)).status_code == 200
    stranger = client.__class__()  # another phone behind the same router, trying the right code now
    assert stranger.get(table_url(code)).status_code == 429


def test_a_member_at_the_wrong_table_is_told_so_and_a_missing_rubber_is_not_found(client, rubber, member):
    client.force_login(member)
    response = client.get(reverse("member_table", args=[rubber.pk]))
    assert response.status_code == 403 and "You are not seated at this table." in response.content.decode()
    assert client.get(reverse("member_table", args=[rubber.pk + 999])).status_code == 404


def test_the_code_page_warns_when_the_secretary_reached_the_site_as_this_computer(client, rubber, secretary):
    client.force_login(secretary)
    url = reverse("table_code", args=[rubber.pk])
    assert 'data-testid="loopback"' in client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    page = client.get(url, HTTP_HOST="localhost").content.decode()
    assert 'data-testid="loopback"' in page and "http://localhost/t/" in page
    assert 'data-testid="loopback"' not in client.get(url).content.decode()  # testserver: a real name


def test_the_room_leads_the_secretary_to_a_waiting_report(client, rubber, code, players, secretary):
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    waiting = open_report(rubber)
    client.force_login(secretary)
    room = client.get(reverse("room", args=[rubber.event.slug])).content.decode()
    assert reverse("report_settle", args=[rubber.pk, waiting.pk]) in room and "confirm or settle" in room


def test_a_stopped_or_abandoned_rubber_shows_no_winner_on_the_closed_page(client, rubber, code, secretary):
    client.get(table_url(code))
    Rubber.objects.filter(pk=rubber.pk).update(status=Rubber.Status.ABANDONED, abandon_reason="Fire alarm")
    body = client.get(table_url(code)).content.decode()
    assert 'data-testid="final"' in body and "won the rubber" not in body


def test_the_home_page_leads_a_phone_to_the_code_entry(client):
    page = client.get(reverse("home")).content.decode()
    assert 'data-testid="home-at-table"' in page and f'href="{reverse("code_entry")}"' in page


def test_a_refused_report_is_summed_up_at_the_top_and_clearing_loads_the_page_afresh(client, rubber, code, players):
    response = report(client, code, players[0], maker="N", shown=1)  # no tricks
    body = response.content.decode()
    summary = body.split('data-testid="form-errors"')[1].split("</div>")[0]
    assert "Not reported yet." in summary and "Tap the number of tricks" in summary and "#tricks-choices" in summary
    assert f'href="{table_url(code)}" data-testid="clear"' in body  # by GET: every tap gone, nothing sent


def test_a_member_alone_on_his_side_here_disputes_without_tapping_his_name(client, rubber, code, players,
                                                                          django_user_model):
    east = django_user_model.objects.create_user("east", password="pw-east-1888")
    players[1].user = east
    players[1].save()
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    waiting = open_report(rubber)
    client.force_login(east)
    url = reverse("member_table", args=[rubber.pk]) + f"reports/{waiting.pk}/answer/"
    assert client.post(url, {"answer": "dispute", "dispute": "Two tricks, not three"}).status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.DISPUTED and waiting.answered_by == players[1]


def test_the_reporting_side_may_take_back_a_disputed_report_and_report_the_hand_again(client, rubber, code,
                                                                                    players):
    report(client, code, players[0], maker="N", tricks=4, shown=1)
    waiting = open_report(rubber)
    client.post(table_url(code, f"reports/{waiting.pk}/answer/"),
                {"answer": "dispute", "player": players[1].pk, "dispute": "Three tricks, not four"})
    client.post(table_url(code, f"reports/{waiting.pk}/withdraw/"), {"player": players[2].pk})
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.WITHDRAWN
    assert report(client, code, players[0], maker="N", tricks=3, shown=1).status_code == 302


def test_the_room_names_a_substitute_in_his_seat_and_as_the_next_dealer(client, rubber, players):
    record(rubber, maker="N", tricks=3)  # hand 1, dealt by North; East deals hand 2
    seat_change_add(rubber_id=rubber.pk, seat="E", player=players[4], from_hand=2, reason="East was called away",
                    consented=True)
    table = room(rubber.event).tables[0]
    assert table.seats["E"] == players[4] and table.next_dealer == players[4]


def test_a_member_gets_the_rubbers_page_from_a_closed_table_and_no_result_of_a_table_not_his(
        client, rubber, players, member, django_user_model):
    north = django_user_model.objects.create_user("north", password="pw-north-1888")
    players[0].user = north
    players[0].save()
    for maker in ("N", "N", "E"):
        play_game(rubber, maker)
    client.force_login(north)
    body = client.get(reverse("member_table", args=[rubber.pk])).content.decode()
    assert f'href="{rubber.get_absolute_url()}" data-testid="to-rubber"' in body
    client.force_login(member)
    response = client.get(reverse("member_table", args=[rubber.pk]))
    assert response.status_code == 403 and "won the rubber" not in response.content.decode()


def test_the_rounds_page_warns_that_table_cards_printed_as_this_computer_reach_no_phone(client, secretary):
    event = tournament(8, rounds=3)
    schedule_make(event=event)
    client.force_login(secretary)
    url = reverse("event_rounds", args=[event.slug])
    assert 'data-testid="loopback"' in client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'data-testid="loopback"' not in client.get(url).content.decode()


def test_a_rubber_whose_third_game_ended_with_a_lap_says_a_fourth_is_played(client, rubber):
    play_game(rubber, "N")
    play_game(rubber, "N")
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5, alone=True)  # 8 points: game 3 won with a lap of 3 (law 1)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.IN_PROGRESS
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "the third game ended with a lap, so a fourth is played" in page
    assert "the third game is still played" not in page


def test_a_hand_entered_instead_just_as_reported_does_not_repeat_the_report(client, rubber, code, players,
                                                                            secretary):
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    record(rubber, by=secretary, maker="N", tricks=3)  # the secretary types the same hand himself
    assert open_report_count(rubber) == 0
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "entered instead by" not in page or "reported as" not in page
    assert f"reported by {players[0].display_name}" in page


def open_report_count(rubber: Rubber) -> int:
    return HandReport.objects.filter(rubber=rubber, status__in=HandReport.OPEN).count()


def test_a_report_that_wins_a_game_says_so_before_the_next_games_score(client, rubber, code, players):
    record(rubber, maker="N", tricks=5)
    record(rubber, maker="N", tricks=5)  # NS 4
    rubber.refresh_from_db()
    report(client, code, players[0], maker="N", tricks=3, shown=3)
    page = client.get(table_url(code)).content.decode()
    assert "Scores NS 1 – EW 0, which wins game 1; the next game then stands NS 0 – EW 0." in page
