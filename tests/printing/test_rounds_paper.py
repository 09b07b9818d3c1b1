"""The paper of an event in rounds, read back from the PDFs: table cards, a round's score sheets, the
movement sheet, and the standings after a given round."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Event, RoundBye
from scoring.rounds.services import round_start, schedule_make
from tests.builders import a_finished_round, a_tournament
from tests.helpers import play_game

pytestmark = pytest.mark.django_db


def pages(response) -> list[str]:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def tournament(count: int, rounds: int, mode: str = Event.Mode.INDIVIDUALS, **extra):
    event = a_tournament(count, rounds, mode, **extra)
    players = [e.player for e in event.entrants.select_related("player").order_by("number")]
    return event, schedule_make(event=event, seed=5), players


def test_table_cards_name_each_seat_the_first_dealer_and_who_sits_out(client):
    _, rounds, _ = tournament(13, 2)
    first = rounds[0]
    text = "\n".join(pages(client.get(reverse("table_cards_pdf", args=[first.pk]))))
    for table in first.tables.select_related("north", "east", "south", "west"):
        assert f"Table {table.number}" in text
        for player in (table.north, table.east, table.south, table.west):
            assert player.display_name in text
        dealer = {"N": table.north, "E": table.east, "S": table.south, "W": table.west}[table.first_dealer]
        assert f"First to deal: {dict(N='North', E='East', S='South', W='West')[table.first_dealer]}: {dealer}" in text
    (bye,) = RoundBye.objects.filter(round=first).select_related("player")
    assert "Sitting out this round" in text and bye.player.display_name in text.split("Sitting out this round")[1]


def test_the_rounds_score_sheets_have_the_players_filled_in_before_and_after_the_start(client):
    _, rounds, _ = tournament(8, 2)
    first = rounds[0]
    before = pages(client.get(reverse("round_sheets_pdf", args=[first.pk])))
    assert len(before) == 2  # a sheet a table, each on its page
    tables = list(first.tables.select_related("north", "south"))
    for text, table in zip(before, tables, strict=True):
        assert f"Round 1, table {table.number}" in text and "the round has not started" in text
        assert f"{table.north.display_name} & {table.south.display_name}" in text
    round_start(round_id=first.pk)
    after = pages(client.get(reverse("round_sheets_pdf", args=[first.pk])))
    assert len(after) == 2 and "no hands recorded yet" in after[0]


def test_the_movement_sheet_gives_every_players_table_and_seat_round_by_round(client):
    event, rounds, players = tournament(9, 3)
    text = "\n".join(pages(client.get(reverse("movement_pdf", args=[event.slug]))))
    for player in players:
        cells = []
        for r in rounds:
            seat = next((f"{t.number} {s}" for t in r.tables.all()
                         for s, pk in zip("NESW", (t.north_id, t.east_id, t.south_id, t.west_id), strict=True)
                         if pk == player.pk), "out")
            cells.append(seat)
        assert f"{player.display_name}\n{chr(10).join(cells)}" in text  # the row reads across the rounds
    assert text.count("out") >= 3


def test_a_movement_sheet_of_64_players_and_15_rounds_prints_every_name_in_constant_queries(
        client, django_assert_max_num_queries):
    small, _, _ = tournament(12, 3)
    big, _, players = tournament(64, 15)
    for event in (small, big):
        with django_assert_max_num_queries(8):
            response = client.get(reverse("movement_pdf", args=[event.slug]))
    text = "\n".join(pages(response))
    assert all(p.display_name in text for p in players) and "R15" in text
    assert len(pages(response)) <= 3


def test_swiss_rounds_show_a_dash_until_they_are_paired(client):
    event, rounds, _ = tournament(12, 2, mode=Event.Mode.PAIRS)
    text = "\n".join(pages(client.get(reverse("movement_pdf", args=[event.slug]))))
    assert "\u2013" in text
    cards = "\n".join(pages(client.get(reverse("table_cards_pdf", args=[rounds[1].pk]))))
    assert "no tables yet" in cards  # round 2 is paired by the standing when it starts


def test_the_standings_after_a_round_count_only_the_rounds_up_to_it(client):
    event, rounds, _ = tournament(4, 2)
    first, second = rounds
    a_finished_round(first)  # its one rubber complete, North-South ahead
    round_start(round_id=second.pk)
    for maker in "NNN":
        play_game(second.tables.get().rubber, maker)
    after_one = "\n".join(pages(client.get(reverse("event_standings_pdf", args=[event.slug]) + "?after_round=1")))
    after_two = "\n".join(pages(client.get(reverse("event_standings_pdf", args=[event.slug]) + "?after_round=2")))
    assert "after round 1" in after_one and "1 complete rubber counted" in after_one
    assert "2 complete rubbers counted" in after_two
    for bad in ("0", "3", "x", "99999"):
        assert client.get(reverse("event_standings_pdf", args=[event.slug]) + f"?after_round={bad}").status_code == 404


def test_the_paper_of_a_members_only_event_is_a_404_to_the_public(client, member):
    event, rounds, _ = tournament(8, 1, is_public=False)
    for url in (reverse("table_cards_pdf", args=[rounds[0].pk]), reverse("round_sheets_pdf", args=[rounds[0].pk]),
                reverse("movement_pdf", args=[event.slug])):
        assert client.get(url).status_code == 404
    assert client.get(reverse("table_cards_pdf", args=[999999])).status_code == 404
    client.force_login(member)
    assert client.get(reverse("movement_pdf", args=[event.slug])).status_code == 200
