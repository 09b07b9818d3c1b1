"""Hands reported at the table: a side reports from a phone, the other side confirms or disputes (law 6),
the secretary settles; codes open one table only, stop with the rubber, and cannot be guessed."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import CodeGuess, Event, Hand, HandReport, Rubber, TableCode
from scoring.reporting import services
from scoring.reporting.codes import ALPHABET, LENGTH, looks_like_code, normalised
from scoring.services.hands import HandExtras, hand_record
from tests.builders import a_rubber
from tests.factories import EventFactory
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db


def table_url(code: TableCode, tail: str = "") -> str:
    return f"/t/{code.code}/{tail}"


def report(client, code: TableCode, reporter, **fields):
    body = {"reporter": reporter.pk, **fields}
    return client.post(table_url(code, "report/"), body)


def open_report(rubber: Rubber) -> HandReport:
    return HandReport.objects.get(rubber=rubber, status__in=HandReport.OPEN)


def test_a_code_is_six_characters_that_cannot_be_misread_and_one_works_per_rubber(rubber, code):
    assert looks_like_code(code.code) and len(code.code) == LENGTH
    assert not set("0O1IL2Z5S8B") & set(ALPHABET)
    assert services.working_code(rubber) == code  # asked again, the same code
    assert normalised(" w6y-7nd ") == "W6Y7ND"


def test_the_table_page_names_the_players_and_the_dealer(client, rubber, code, players):
    record(rubber, maker="N", tricks=3)
    page = client.get(table_url(code)).content.decode()
    assert "Hand 2 · dealt by <strong data-testid=\"dealer\">" + players[1].display_name in page
    for player in players[:4]:
        assert player.display_name in page
    assert players[4].display_name not in page  # only the table's four


def test_a_reported_hand_waits_and_the_other_side_confirms_it_as_the_secretary_would_record_it(
        client, rubber, code, players, event, secretary):
    response = report(client, code, players[0], maker="E", declaration="turned", tricks=5)  # East orders up
    assert response.status_code == 302
    waiting = open_report(rubber)
    assert waiting.play == {"dealer": "N", "maker": "E", "declaration": "ordered_up", "tricks": 5}
    assert not Hand.objects.filter(rubber=rubber).exists()  # nothing scores before the other side confirms

    page = client.get(table_url(code)).content.decode()
    assert "waiting for" in page and f"{players[1].display_name}: confirm" in page
    assert f"{players[0].display_name}: confirm" not in page  # the reporting side does not confirm

    response = client.post(table_url(code, f"reports/{waiting.pk}/answer/"),
                           {"answer": "confirm", "player": players[1].pk})
    assert response.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.CONFIRMED and waiting.answered_by == players[1]
    assert waiting.reported_phone and waiting.answered_phone  # which phone, recorded
    hand = waiting.hand
    assert hand is not None and hand.reported_by == players[0] and hand.entered_by is None

    twin = a_rubber(event, players[:4], table="2")
    typed = Hand.objects.get(pk=hand_record(rubber_id=twin.pk, play=waiting.play, extras=HandExtras(), by=secretary).pk)
    fields = ("dealer", "maker", "declaration", "alone", "tricks", "result", "ns_points", "ew_points", "ns_after",
              "ew_after", "game", "maker_position")
    assert [getattr(hand, f) for f in fields] == [getattr(typed, f) for f in fields]
    assert (hand.ew_points, hand.ew_after) == (2, 2)  # a march by the makers, law 3


def test_the_reporting_side_cannot_confirm_its_own_report(client, rubber, code, players):
    report(client, code, players[0], maker="N", tricks=3)
    waiting = open_report(rubber)
    response = client.post(table_url(code, f"reports/{waiting.pk}/answer/"),
                           {"answer": "confirm", "player": players[2].pk})  # South, North's partner
    assert response.status_code == 400
    assert "Only a player of the other side answers the report." in response.content.decode()
    with pytest.raises(Exception, match="on the side that reported"):
        services.report_answer(rubber_id=rubber.pk, report_id=waiting.pk, by=services.AtTable(players[2]),
                               agree=True)
    assert open_report(rubber).status == HandReport.Status.WAITING and not Hand.objects.exists()


def test_a_second_report_of_the_same_deal_is_refused_naming_the_first(client, rubber, code, players):
    report(client, code, players[0], maker="N", tricks=3)
    response = report(client, code, players[1], maker="E", tricks=4)
    assert response.status_code == 302
    assert HandReport.objects.filter(rubber=rubber).count() == 1
    follow = client.get(response["Location"]).content.decode()
    assert f"already reported by {players[0].display_name}" in follow


@pytest.mark.parametrize(("fields", "where", "message"), [
    ({"maker": "N"}, "tricks", "Tap the number of tricks"),
    ({"maker": "Q", "tricks": 3}, "maker", "That player is not at this table for this hand."),
    ({"maker": "N", "tricks": 9}, "tricks", "Select a valid choice"),
    ({"tricks": 3}, "maker", "Tap who made trump, or All passed, or Misdeal."),
])
def test_a_bad_report_is_refused_at_its_field_and_nothing_is_saved(client, rubber, code, players, fields, where,
                                                                   message):
    response = report(client, code, players[0], **fields)
    assert response.status_code == 400
    page = response.content.decode()
    assert f'data-testid="error-{where}"' in page and message in page
    assert not HandReport.objects.exists()


def test_all_passed_tapped_after_tricks_reports_the_deal_passed_and_drops_the_earlier_taps(client, rubber, code,
                                                                                          players):
    response = report(client, code, players[0], maker="passed", tricks=2, alone="on", declaration="turned")
    assert response.status_code == 302
    assert open_report(rubber).play == {"dealer": "N", "result": "passed"}


def test_an_unplayed_deal_is_reported_too(client, rubber, code, players):
    report(client, code, players[3], maker="misdeal")
    assert open_report(rubber).play == {"dealer": "N", "result": "misdeal"}


def test_a_dispute_flags_the_table_in_the_room_and_the_secretary_settles_it(client, rubber, code, players,
                                                                            secretary, event):
    report(client, code, players[0], maker="N", tricks=4)
    waiting = open_report(rubber)
    response = client.post(table_url(code, f"reports/{waiting.pk}/answer/"),
                           {"answer": "dispute", "player": players[3].pk, "dispute": "North took 3, not 4"})
    assert response.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.DISPUTED and waiting.dispute == "North took 3, not 4"
    page = client.get(table_url(code)).content.decode()
    assert 'data-testid="disputed"' in page and 'data-testid="report-form"' not in page  # the hand waits

    room = client.get(reverse("room", args=[event.slug])).content.decode()
    assert "Hand 1 disputed at the table" in room

    client.force_login(secretary)
    settle = reverse("report_settle", args=[rubber.pk, waiting.pk])
    assert "North took 3, not 4" in client.get(settle).content.decode()
    response = client.post(settle, {"action": "correct", "dealer": "N", "maker": "N", "tricks": 3,
                                    "result": "played", "revokes_ns": 0, "revokes_ew": 0})
    assert response.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.CORRECTED and waiting.settled_by == secretary
    assert (waiting.hand.tricks, waiting.hand.ns_points) == (3, 1)
    rubber_page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    # The record keeps what the table reported beside what was recorded.
    assert (f"reported as “{players[0].display_name}&#x27;s side took the trump, 4 tricks” by "
            f"{players[0].display_name}") in rubber_page
    assert f"disputed by {players[3].display_name}" in rubber_page and "corrected by sec" in rubber_page


def test_the_secretary_accepts_a_report_or_accepts_it_and_opens_the_ruling_wizard(client, rubber, code, players,
                                                                                  secretary):
    client.force_login(secretary)
    services.hand_report(rubber_id=rubber.pk, play={"dealer": "N", "maker": "N", "tricks": 3},
                         by=services.AtTable(players[0]))
    waiting = open_report(rubber)
    response = client.post(reverse("report_settle", args=[rubber.pk, waiting.pk]), {"action": "accept"})
    assert response.status_code == 302
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.ACCEPTED and waiting.hand.number == 1

    services.hand_report(rubber_id=rubber.pk, play={"dealer": "E", "maker": "E", "tricks": 5},
                         by=services.AtTable(players[1]))
    second = open_report(rubber)
    response = client.post(reverse("report_settle", args=[rubber.pk, second.pk]), {"action": "rule"})
    assert response["Location"] == f"{reverse('ruling_new', args=[rubber.pk])}?hand=2&report={second.pk}"
    assert Hand.objects.filter(rubber=rubber).count() == 2


def test_the_secretary_entering_the_hand_himself_answers_the_waiting_report(rubber, code, players, secretary):
    services.hand_report(rubber_id=rubber.pk, play={"dealer": "N", "maker": "N", "tricks": 3},
                         by=services.AtTable(players[0]))
    hand = record(rubber, by=secretary, maker="N", tricks=4)
    report_ = HandReport.objects.get(rubber=rubber)
    assert report_.status == HandReport.Status.SUPERSEDED and report_.hand == hand
    with pytest.raises(Exception, match="already settled"):
        services.report_answer(rubber_id=rubber.pk, report_id=report_.pk, by=services.AtTable(players[1]),
                               agree=True)
    assert Hand.objects.filter(rubber=rubber).count() == 1


def test_the_reporting_side_may_take_its_report_back_before_it_is_answered(client, rubber, code, players):
    report(client, code, players[0], maker="N", tricks=3)
    waiting = open_report(rubber)
    response = client.post(table_url(code, f"reports/{waiting.pk}/withdraw/"), {"player": players[1].pk})
    assert response.status_code == 302  # East is of the other side: refused, with a message
    assert open_report(rubber).pk == waiting.pk
    client.post(table_url(code, f"reports/{waiting.pk}/withdraw/"), {"player": players[2].pk})
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.WITHDRAWN
    assert report(client, code, players[2], maker="N", tricks=4).status_code == 302
    assert open_report(rubber).play["tricks"] == 4


def test_the_code_stops_working_when_the_rubber_ends(client, rubber, code, players):
    client.get(table_url(code))  # the phone at the table
    for maker in ("N", "N", "E"):  # under these laws all three games are played (law 7)
        play_game(rubber, maker)
    rubber.refresh_from_db()
    assert rubber.status == Rubber.Status.COMPLETE
    response = client.get(table_url(code))
    assert response.status_code == 410 and "has ended" in response.content.decode()
    assert report(client, code, players[0], maker="N", tricks=3).status_code == 410
    assert not HandReport.objects.exists()
    assert services.working_code(rubber) is None


def test_the_secretary_withdraws_a_code_and_the_new_one_works(client, rubber, code, secretary):
    client.force_login(secretary)
    page = client.get(reverse("table_code", args=[rubber.pk])).content.decode()
    assert code.code[:3] + " " + code.code[3:] in page and "<svg" in page  # the QR code, drawn on the page
    assert client.post(reverse("table_code", args=[rubber.pk])).status_code == 302
    assert client.get(table_url(code)).status_code == 410  # the secretary is told why
    client.logout()
    assert client.get(table_url(code)).status_code == 404  # to a stranger, as a code never issued
    fresh = services.working_code(rubber)
    assert fresh is not None and fresh.code != code.code
    assert client.get(table_url(fresh)).status_code == 200


def guess_wrong(client, times: int, **extra) -> None:  # type: ignore[no-untyped-def]
    for n in range(times):
        assert client.get(f"/t/{'Q' * 5}{ALPHABET[n % len(ALPHABET)]}/", **extra).status_code == 404


def test_a_phone_guessing_codes_waits_and_the_rest_of_the_room_does_not(client, code):
    guess_wrong(client, services.PHONE_GUESSES_ALLOWED)
    response = client.get(table_url(code))  # even the right code waits, on this phone
    assert response.status_code == 429 and "Too many codes" in response.content.decode()
    assert CodeGuess.objects.filter(phone__gt="").values("phone").distinct().count() == 1
    assert Client().get(table_url(code)).status_code == 200  # another phone behind the same router


def test_an_address_guessing_from_many_phones_is_throttled(client, code):
    for _ in range(services.GUESSES_ALLOWED // services.PHONE_GUESSES_ALLOWED):
        guess_wrong(Client(), services.PHONE_GUESSES_ALLOWED)  # a guesser dropping his cookies
    assert Client().get(table_url(code)).status_code == 429
    assert Client().get(table_url(code), REMOTE_ADDR="10.0.0.9").status_code == 200  # another address


def test_guesses_past_the_limit_are_refused_and_counted(code):
    answers = [Client().get(f"/t/QQQQQ{ALPHABET[n % len(ALPHABET)]}/").status_code
               for n in range(services.GUESSES_ALLOWED + 15)]
    assert answers.count(404) == services.GUESSES_ALLOWED and answers.count(429) == 15


def test_the_secretary_sees_and_lifts_a_throttled_address(client, code, secretary):
    for _ in range(services.GUESSES_ALLOWED // services.PHONE_GUESSES_ALLOWED):
        guess_wrong(Client(), services.PHONE_GUESSES_ALLOWED)
    client.force_login(secretary)
    page = client.get(reverse("lockouts")).content.decode()
    listed = page.split('data-testid="code-guesses"')[1].split("</table>")[0]
    assert "127.0.0.1" in listed and "refused" in listed
    guess = CodeGuess.objects.latest("pk")
    assert client.post(reverse("code_guesses_lift", args=[guess.pk])).status_code == 302
    assert not CodeGuess.objects.exists()
    assert Client().get(table_url(code)).status_code == 200


def test_the_code_entry_page_sends_a_typed_code_to_its_table(client, code):
    typed = f"{code.code[:3].lower()} {code.code[3:].lower()}"
    response = client.get(reverse("code_entry"), {"code": typed})
    assert response["Location"] == table_url(code)


def test_a_code_never_reaches_another_table_or_what_its_table_may_not_read(client, rubber, code, players):
    private = EventFactory(is_public=False)
    other = a_rubber(private, (players[4], players[5], players[0], players[1]), table="2")
    theirs = services.hand_report(rubber_id=other.pk, play={"dealer": "N", "maker": "N", "tricks": 3},
                                  by=services.AtTable(players[4]))
    # This table's code, the other table's report: not found, and nothing written.
    for tail in (f"reports/{theirs.pk}/answer/", f"reports/{theirs.pk}/withdraw/"):
        response = client.post(table_url(code, tail), {"answer": "confirm", "player": players[5].pk})
        assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.status == HandReport.Status.WAITING and not Hand.objects.filter(rubber=other).exists()
    # A player of the other table cannot be named at this one.
    response = report(client, code, players[4], maker="N", tricks=3)
    assert response.status_code == 400 and not HandReport.objects.filter(rubber=rubber).exists()
    # The members-only table's code opens its own table page, and still not its rubber's page or event.
    private_code = services.working_code(other)
    assert private_code is not None
    assert client.get(table_url(private_code)).status_code == 200
    for url in (reverse("rubber", args=[other.pk]), reverse("event", args=[private.slug]),
                reverse("room", args=[private.slug])):
        assert client.get(url).status_code == 404
    page = client.get(table_url(code)).content.decode()
    assert players[4].display_name not in page and players[5].display_name not in page


def test_a_seated_member_reports_in_his_own_name_and_others_are_turned_away(client, rubber, players,
                                                                            django_user_model, member):
    north = django_user_model.objects.create_user("north", password="pw-north-1888")
    players[0].user = north
    players[0].save()
    Rubber.objects.filter(pk=rubber.pk).update(played_on=timezone.localdate())  # his table is in play tonight
    url = reverse("member_table", args=[rubber.pk])
    assert client.get(url).status_code == 302  # log in first
    client.force_login(member)
    assert client.get(url).status_code == 403  # not seated here
    client.force_login(north)
    page = client.get(url).content.decode()
    assert f"Reporting as <strong>{players[0].display_name}</strong>" in page
    home = client.get(reverse("home")).content.decode()
    assert url in home  # the home page leads him to his table
    response = client.post(url + "report/", {"reporter": players[1].pk, "maker": "N", "tricks": 3})
    assert response.status_code == 400 and not HandReport.objects.exists()  # not in East's name
    client.post(url + "report/", {"reporter": players[0].pk, "maker": "N", "tricks": 3})
    made = open_report(rubber)
    assert made.reported_by == players[0] and made.reported_member == north


def test_a_polling_phone_gets_nothing_until_the_table_changes(client, rubber, code, players):
    page = client.get(table_url(code)).content.decode()
    state = re.search(r"\?state=([^\"]+)\"", page)
    assert state is not None
    poll = client.get(table_url(code), {"state": state.group(1)}, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204 and "HX-Redirect" not in poll
    services.hand_report(rubber_id=rubber.pk, play={"dealer": "N", "maker": "N", "tricks": 3},
                         by=services.AtTable(players[0]))
    poll = client.get(table_url(code), {"state": state.group(1)}, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204 and poll["HX-Redirect"] == table_url(code)  # by GET: nothing sent again


def test_the_room_shows_hands_waiting_and_the_time_since_the_last_hand(client, rubber, code, players, event):
    record(rubber, maker="N", tricks=3)
    services.hand_report(rubber_id=rubber.pk, play={"dealer": "E", "maker": "E", "tricks": 3},
                         by=services.AtTable(players[1]))
    room = client.get(reverse("room", args=[event.slug])).content.decode()
    assert "Hand 2 reported, waiting for the other side" in room
    assert re.search(r'data-testid="since-hand">last hand (just now|\d+ min ago)', room)


@pytest.mark.parametrize("how", ["finished", "withdrawn"])
def test_a_closed_code_of_a_members_only_event_names_nobody_to_a_stranger(client, rubber, code, players, secretary,
                                                                           how):
    Event.objects.filter(pk=rubber.event_id).update(is_public=False)
    phone = Client()
    phone.get(table_url(code))  # the table's own phone holds the code
    if how == "finished":
        for maker in ("N", "N", "E"):
            play_game(rubber, maker)
    else:
        services.code_withdraw(rubber_id=rubber.pk, by=secretary)
    stranger = client.get(table_url(code))
    assert stranger.status_code == 404
    assert not any(p.display_name in stranger.content.decode() for p in players)
    assert phone.get(table_url(code)).status_code == 410
    client.force_login(secretary)
    assert client.get(table_url(code)).status_code == 410
