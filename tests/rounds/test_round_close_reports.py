"""Closing a round while its tables' reports wait or are disputed: the close page lists each, the secretary
settles or drops them, and after the close no report is left open on a stopped rubber."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Hand, HandReport, Rubber
from scoring.reporting.services import AtTable, hand_report, report_answer
from scoring.rounds.services import round_close, round_start, schedule_make
from tests.rounds.test_rounds import tournament

pytestmark = pytest.mark.django_db


def round_with_reports():  # type: ignore[no-untyped-def]
    """Round 1 of eight players: table 1 has a report waiting, table 2 a disputed one."""
    event = tournament(8, rounds=3)
    first = schedule_make(event=event)[0]
    round_start(round_id=first.pk)
    tables = list(first.tables.order_by("number").select_related("rubber", "north", "east"))
    waiting = hand_report(rubber_id=tables[0].rubber_id, play={"dealer": tables[0].first_dealer, "maker": "N",
                                                               "tricks": 3}, by=AtTable(tables[0].north))
    disputed = hand_report(rubber_id=tables[1].rubber_id, play={"dealer": tables[1].first_dealer, "maker": "N",
                                                                "tricks": 5}, by=AtTable(tables[1].north))
    report_answer(rubber_id=tables[1].rubber_id, report_id=disputed.pk, by=AtTable(tables[1].east), agree=False,
                  dispute="We took two tricks")
    return first, tables, waiting, disputed


def test_the_close_page_lists_every_open_report_with_a_way_to_settle_it(client, secretary):
    first, _tables, waiting, disputed = round_with_reports()
    client.force_login(secretary)
    page = client.get(reverse("round_close_confirm", args=[first.pk])).content.decode()
    listed = page.split('data-testid="open-reports"')[1].split("</div>")[0]
    assert "2 reports from the tables are still open" in listed and "their hands are not recorded" in listed
    for report in (waiting, disputed):
        assert reverse("report_settle", args=[report.rubber_id, report.pk]) in listed
    assert "We took two tricks" in listed


def test_closing_drops_the_open_reports_and_leaves_none_open(client, secretary):
    first, _tables, waiting, disputed = round_with_reports()
    client.force_login(secretary)
    assert client.post(reverse("round_close", args=[first.pk])).status_code == 302
    for report in (waiting, disputed):
        report.refresh_from_db()
        assert report.status == HandReport.Status.DROPPED and report.settled_by == secretary
    assert not HandReport.objects.filter(status__in=HandReport.OPEN).exists()
    assert set(Rubber.objects.filter(round_table__round=first).values_list("status", flat=True)) == {"stopped"}
    assert not Hand.objects.exists()


def test_the_secretary_settles_one_and_drops_the_other_before_closing(client, secretary):
    first, _tables, waiting, disputed = round_with_reports()
    client.force_login(secretary)
    client.post(reverse("report_settle", args=[waiting.rubber_id, waiting.pk]), {"action": "accept"})
    response = client.post(reverse("report_settle", args=[disputed.rubber_id, disputed.pk]), {"action": "drop"})
    assert response.status_code == 302
    disputed.refresh_from_db()
    assert disputed.status == HandReport.Status.DROPPED and disputed.hand is None
    assert Hand.objects.filter(rubber_id=waiting.rubber_id).count() == 1
    page = client.get(reverse("round_close_confirm", args=[first.pk])).content.decode()
    assert 'data-testid="open-reports"' not in page
    round_close(round_id=first.pk, by=secretary)
    stopped = Rubber.objects.get(pk=waiting.rubber_id)
    assert stopped.status == Rubber.Status.STOPPED and stopped.deal_limit == 1


def test_a_dropped_report_frees_the_deal_for_another_report(client, secretary):
    _first, tables, waiting, _ = round_with_reports()
    client.force_login(secretary)
    client.post(reverse("report_settle", args=[waiting.rubber_id, waiting.pk]), {"action": "drop"})
    again = hand_report(rubber_id=waiting.rubber_id, play={"dealer": tables[0].first_dealer, "maker": "E",
                                                           "tricks": 4}, by=AtTable(tables[0].north))
    assert again.number == 1 and again.status == HandReport.Status.WAITING


def test_after_the_round_each_phone_shows_where_its_players_sit_next(client, secretary):
    from scoring.engine import Seat
    from scoring.engine.words import SEAT_WORDS
    from scoring.reporting.services import working_code

    event = tournament(8, rounds=3)
    first, second, _ = schedule_make(event=event)
    round_start(round_id=first.pk)
    table = first.tables.select_related("rubber").order_by("number").first()
    assert table is not None and table.rubber is not None
    code = working_code(table.rubber)
    assert code is not None
    client.get(f"/t/{code.code}/")  # the table's phone
    round_close(round_id=first.pk, by=secretary)
    page = client.get(f"/t/{code.code}/")
    body = page.content.decode()
    assert page.status_code == 410 and 'data-testid="next-round"' in body and "Round 2: where you sit next" in body
    for seat in Seat:
        player = table.player_at(seat)
        there = next(t for t in second.tables.all() if player.pk in {t.player_at(s).pk for s in Seat})
        place = next(s for s in Seat if there.player_at(s).pk == player.pk)
        partner = there.player_at(place.left.left)
        assert (f"<strong>{player.display_name}</strong>: table {there.number}, {SEAT_WORDS[place]}, "
                f"partner {partner.display_name}") in body


def test_table_cards_printed_before_the_round_starts_say_where_the_code_will_be(client, secretary):
    import io

    from pypdf import PdfReader

    event = tournament(8, rounds=3)
    first = schedule_make(event=event)[0]
    client.force_login(secretary)
    before = client.get(reverse("table_cards_pdf", args=[first.pk]))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(before.content)).pages)
    assert "when the round starts, the secretary gives this table's code" in text and "/t/" in text
    round_start(round_id=first.pk)
    after = client.get(reverse("table_cards_pdf", args=[first.pk]))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(after.content)).pages)
    assert "Report hands from a phone" in text and "when the round starts" not in text
