"""Forming a club night's tables as the laws place everyone: the fifth and sixth highest belong to the first
table, those below them form fresh tables; nobody stands in line at two tables; the page words a deal for the
jacks as a deal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.clubnight.services import player_arrives, tables_form, waiting
from scoring.models import ClubTable, Event, Rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import refusal

pytestmark = pytest.mark.django_db


def night(count: int, code: str = "somerset-1888"):
    event = EventFactory(mode=Event.Mode.CLUB_NIGHT, rulebook=code)
    players = PlayerFactory.create_batch(count)
    for player in players:
        player_arrives(event=event, player=player)
    return event, players


def seated(rubber: Rubber) -> set[int]:
    return {rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id}


def test_ten_arrivals_seat_the_fifth_and_sixth_highest_as_table_ones_candidates(client):
    event, p = night(10)
    cutting = tables_form(event=event, seed=170064)
    cards = [step["card"] for step in cutting.log[:10]]
    # The draw, in order of arrival: 10♠ A♠ Q♠ 7♥ 7♦ J♠ 9♠ K♠ A♥ 7♣. The four highest (J♠ A♠ A♥ K♠) play at
    # table 1; Q♠ and 10♠, fifth and sixth, are its candidates, first in line first; the four below them
    # (9♠ and the three sevens) make table 2, so the sevens' tie changes nothing and is not cut again.
    assert cards == ["10♠", "A♠", "Q♠", "7♥", "7♦", "J♠", "9♠", "K♠", "A♥", "7♣"]
    one, two = ClubTable.objects.filter(event=event).order_by("number")
    assert seated(Rubber.objects.get(event=event, table_label="1")) == {p[5].pk, p[1].pk, p[8].pk, p[7].pk}
    assert one.candidates == [p[2].pk, p[0].pk]
    assert seated(Rubber.objects.get(event=event, table_label="2")) == {p[6].pk, p[3].pk, p[4].pk, p[9].pk}
    assert two.candidates == [] and waiting(event) == []
    assert all(step["reason"] != "again, to settle a tie with sevens for the tables" for step in cutting.log)
    page = client.get(reverse("club_night", args=[event.slug])).content.decode()
    assert f"candidates {p[2].display_name}, {p[0].display_name}." in page


def test_a_candidate_placed_at_a_fresh_table_stands_in_line_there_and_nowhere_else(client, secretary):
    event, _ = night(7)
    tables_form(event=event, seed=9)  # one table, two candidates, one waiting
    one = ClubTable.objects.get(event=event)
    line = list(one.candidates)
    for late in PlayerFactory.create_batch(2):
        player_arrives(event=event, player=late)
    idle = [p.pk for p in waiting(event)]
    assert len(idle) == 3
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    client.post(url, {"action": "tables", "cut-how": "draw", "joining": line})
    # Those waiting have not belonged to a table: they take three of the four seats first. Of the two who left
    # table 1's line to cut, the higher takes the fourth seat and the other is table 2's candidate.
    two = ClubTable.objects.get(event=event, number=2)
    rubber = Rubber.objects.get(event=event, table_label="2")
    assert set(idle) < seated(rubber) and len(seated(rubber) & set(line)) == 1
    (other,) = set(line) - seated(rubber)
    one.refresh_from_db()
    assert two.candidates == [other] and one.candidates == []  # in line at table 2 only
    page = client.get(url).content.decode()
    assert page.count(f'id="joining-{other}"') == 1


def test_the_page_after_a_deal_for_the_jacks_says_the_tables_were_dealt_for(client, secretary):
    event, _ = night(9, "official-1862")
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    page = client.post(url, {"action": "tables", "cut-how": "draw"}, follow=True).content.decode()
    assert "2 tables formed by dealing for the jacks; the rubbers have started." in page
    assert "Dealing for the jacks · " in page and "dealt by the site (draw " in page
    for cutting_words in ("formed by cutting", "Cutting for tables", "drawn by the site", "as cut at the table",
                          "Cards as cut", "The last cuts"):
        assert cutting_words not in page


def test_an_event_not_run_as_a_club_night_is_refused_in_its_own_codes_words():
    event = EventFactory(rulebook="official-1862")
    with refusal("no_tables_cut"):
        tables_form(event=event, seed=1)
    assert not ClubTable.objects.filter(event=event).exists()


def test_the_log_says_who_went_to_the_fresh_table_and_why_citing_laws_12_and_17(client):
    event, p = night(10)
    cutting = tables_form(event=event, seed=170064)  # as above: 9♠ and the three sevens make table 2
    cited = {step["player"]: step["cited"] for step in cutting.log if step["reason"].startswith("for the tables")}
    assert {name for name, laws in cited.items() if laws == "laws 11, 12, 17"} == {
        p[k].display_name for k in (3, 4, 6, 9)}
    assert cited[p[5].display_name] == cited[p[2].display_name] == "law 11"  # table 1 and its candidate
    gale = next(step for step in cutting.log if step["player"] == p[6].display_name)
    assert gale["reason"] == ("for the tables, and so to table 2, a fresh table: below the first table's four and "
                              "the two in line there (law 12), he is placed by his card, after any who have "
                              "belonged to no table (law 17)")
    page = client.get(reverse("club_night", args=[event.slug])).content.decode()
    assert "after any who have belonged to no table (law 17) · laws 11, 12, 17" in page
