"""What the table's reports leave on the record: a report taken back and a dispute show on the rubber page and
the score sheet; a hand confirmed on the phone that reported it is flagged to the secretary in the room; the
phone that disputed is not offered the reporters' take back; the secretary may report from a table page."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import HandReport
from tests.reporting.test_reporting import open_report, report, table_url

pytestmark = pytest.mark.django_db


def answer(client, code, report_, player, **fields):  # type: ignore[no-untyped-def]
    return client.post(table_url(code, f"reports/{report_.pk}/answer/"), {"player": player.pk, **fields})


def test_a_report_taken_back_and_a_dispute_stay_on_the_rubber_page_and_the_sheet(client, rubber, code, players,
                                                                                 secretary):
    north, east, south, _west = players[:4]
    client.get(table_url(code))
    report(client, code, north, maker="N", tricks=4, shown=1)
    client.post(table_url(code, f"reports/{open_report(rubber).pk}/withdraw/"), {"player": south.pk})
    report(client, code, north, maker="N", tricks=3, shown=1)
    answer(client, code, open_report(rubber), east, answer="dispute", dispute="They took four")
    client.force_login(secretary)
    disputed = open_report(rubber)
    client.post(reverse("report_settle", args=[rubber.pk, disputed.pk]), {"action": "accept"})
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    listed = page.split('data-testid="table-reports"')[1].split("</ul>")[0]
    assert "4 tricks" in listed and "taken back" in listed  # the report taken back
    assert "They took four" in listed and f"disputed by {east.display_name}" in listed
    sheet = client.get(reverse("rubber_sheet", args=[rubber.pk])).content
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(sheet)).pages)
    assert "Reports from the table" in text and "taken back" in text and "They took four" in text


def test_a_hand_confirmed_on_the_phone_that_reported_it_is_flagged_to_the_secretary(client, rubber, code, players,
                                                                                  secretary):
    from scoring.models import Event

    Event.objects.filter(pk=rubber.event_id).update(mode=Event.Mode.RUBBERS)
    client.get(table_url(code))
    report(client, code, players[0], maker="N", tricks=3, shown=1)
    answer(client, code, open_report(rubber), players[1], answer="confirm")
    assert HandReport.objects.get().status == HandReport.Status.CONFIRMED
    assert 'data-testid="one-phone-flag"' not in client.get(reverse("room", args=[rubber.event.slug])).content.decode()
    client.force_login(secretary)
    room = client.get(reverse("room", args=[rubber.event.slug])).content.decode()
    assert 'data-testid="one-phone-flag"' in room and "Hand 1 confirmed on the phone that reported it" in room


def test_the_phone_that_disputed_is_not_offered_the_reporters_take_back(rubber, code, players):
    reporting, disputing = Client(), Client()
    reporting.get(table_url(code))
    disputing.get(table_url(code))
    report(reporting, code, players[0], maker="N", tricks=3, shown=1)
    answer(disputing, code, open_report(rubber), players[1], answer="dispute", dispute="Two tricks only")
    assert 'data-testid="take-back"' not in disputing.get(table_url(code)).content.decode()
    assert 'data-testid="take-back"' in reporting.get(table_url(code)).content.decode()


def test_the_secretary_reports_and_confirms_from_a_table_page(client, rubber, players, secretary):
    client.force_login(secretary)
    url = reverse("member_table", args=[rubber.pk])
    response = client.post(url + "report/", {"reporter": players[0].pk, "maker": "N", "tricks": 3, "shown": 1})
    assert response.status_code == 302
    waiting = open_report(rubber)
    client.post(url + f"reports/{waiting.pk}/answer/", {"player": players[1].pk, "answer": "confirm"})
    waiting.refresh_from_db()
    assert waiting.status == HandReport.Status.CONFIRMED and waiting.hand is not None


def test_a_ruling_opened_from_a_dispute_carries_its_reason_and_cancelling_it_leaves_the_dispute(
        client, rubber, code, players, secretary):
    from scoring.models import Hand

    client.get(table_url(code))
    report(client, code, players[0], maker="N", tricks=4, shown=1)
    answer(client, code, open_report(rubber), players[1], answer="dispute", dispute="North took three, not four")
    disputed = open_report(rubber)
    client.force_login(secretary)
    opened = client.post(reverse("report_settle", args=[rubber.pk, disputed.pk]), {"action": "rule"})
    wizard = client.get(opened["Location"])
    assert wizard.status_code == 200 and 'data-testid="cancel"' in wizard.content.decode()
    assert "the hand stays disputed" in wizard.content.decode()
    assert Hand.objects.filter(rubber=rubber).count() == 1  # accepted, so that it can be ruled on
    cancelled = client.post(reverse("report_settle", args=[rubber.pk, disputed.pk]), {"action": "reopen"})
    assert cancelled.status_code == 302
    disputed.refresh_from_db()
    assert disputed.status == HandReport.Status.DISPUTED and disputed.hand is None
    assert not Hand.objects.filter(rubber=rubber).exists()
    rubber.refresh_from_db()
    assert rubber.hand_count == 0


def test_the_wizards_note_starts_with_the_disputes_reason(client, rubber, code, players, secretary):
    import re

    client.get(table_url(code))
    report(client, code, players[0], maker="N", tricks=4, shown=1)
    answer(client, code, open_report(rubber), players[1], answer="dispute", dispute="North took three, not four")
    disputed = open_report(rubber)
    client.force_login(secretary)
    opened = client.post(reverse("report_settle", args=[rubber.pk, disputed.pk]), {"action": "rule"})
    page = client.get(opened["Location"]).content.decode()
    tab = re.search(r"tab=([0-9a-f]{16})", page).group(1)  # type: ignore[union-attr]
    url, prefix = f"{reverse('ruling_new', args=[rubber.pk])}?tab={tab}", f"ruling_{rubber.pk}_{tab}"
    client.post(url, {f"{prefix}-current_step": "case", "case-hand": 1, "case-irregularity": "score_error"})
    review = client.post(url, {f"{prefix}-current_step": "facts_score_error", "facts_score_error-maker": "N",
                               "facts_score_error-alone": "no", "facts_score_error-tricks": 3,
                               "facts_score_error-claimed": "in_play"})
    assert review.context["wizard"]["steps"].current == "review"
    assert review.context["form"].initial["note"] == "Disputed at the table: North took three, not four"
