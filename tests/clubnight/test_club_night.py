"""A club night run by the laws: presence in order of arrival, tables formed by cutting, the next rubber
after cutting out, candidates declaring, a table breaking up; through the services and the page."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.clubnight.services import (
    candidate_declares,
    next_rubber,
    player_arrives,
    player_leaves,
    table_break_up,
    tables_form,
    waiting,
)
from scoring.models import ClubTable, Cutting, Event, Rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import play_game, refusal

pytestmark = pytest.mark.django_db


def night(count: int):
    event = EventFactory(mode=Event.Mode.CLUB_NIGHT)
    players = PlayerFactory.create_batch(count)
    for player in players:
        player_arrives(event=event, player=player)
    return event, players


def finish(rubber: Rubber) -> None:
    for maker in "NNE":
        play_game(rubber, maker)


def test_seven_present_make_one_table_with_two_candidates_and_one_waiting():
    event, players = night(7)
    cutting = tables_form(event=event, seed=11)
    (table,) = ClubTable.objects.filter(event=event)
    rubber = Rubber.objects.get(event=event)
    assert rubber.table_label == "1" and rubber.first_dealer == "N"
    assert len(table.candidates) == 2 and len(waiting(event)) == 1
    assert len(cutting.log) >= 7 + 4 and cutting.seed == 11
    seated = {rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id}
    assert not seated & set(table.candidates)
    # The same draw gives the same tables: replaying seed 11 on a fresh evening seats the same way.
    again, players_again = EventFactory(mode=Event.Mode.CLUB_NIGHT), players
    for player in players_again:
        player_arrives(event=again, player=player)
    assert tables_form(event=again, seed=11).outcome == cutting.outcome


def test_the_cards_entered_as_cut_form_the_table_the_laws_say():
    event, (a, b, c, d, e) = night(5)
    entered = [(a.display_name, "JS"), (b.display_name, "AS"), (c.display_name, "KS"), (d.display_name, "QS"),
               (e.display_name, "7S"), (a.display_name, "9H"), (b.display_name, "AH"), (c.display_name, "KH"),
               (d.display_name, "7H")]
    tables_form(event=event, entered=entered)
    rubber = Rubber.objects.get(event=event)
    assert (rubber.north_id, rubber.south_id, rubber.east_id, rubber.west_id) == (b.pk, c.pk, a.pk, d.pk)
    assert ClubTable.objects.get(event=event).candidates == [e.pk]


def test_a_missing_entered_cut_is_named_and_nothing_is_saved():
    event, (a, b, c, d) = night(4)
    with pytest.raises(ValidationError, match="must cut again, to settle a tie"):
        tables_form(event=event, entered=[(a.display_name, "JS"), (b.display_name, "KS"), (c.display_name, "KH"),
                                          (d.display_name, "9S")])
    assert not Rubber.objects.filter(event=event).exists() and not ClubTable.objects.exists()


def test_after_a_rubber_the_candidate_comes_in_and_the_next_rubber_starts_in_one_step():
    event, players = night(5)
    tables_form(event=event, seed=3)
    table = ClubTable.objects.get(event=event)
    first = Rubber.objects.get(event=event)
    with refusal("rubber_in_play"):
        next_rubber(table=table, seed=1)
    finish(first)
    cutting = next_rubber(table=table, seed=1)
    (candidate,) = [p for p in players if p.pk not in {first.north_id, first.east_id, first.south_id, first.west_id}]
    assert cutting.outcome["in"] == [candidate.display_name]  # all had played one rubber: they cut, lowest out
    second = Rubber.objects.filter(event=event).latest("pk")
    assert second.is_open and candidate.pk in {second.north_id, second.east_id, second.south_id, second.west_id}
    table.refresh_from_db()
    (out,) = cutting.outcome["out"]
    assert [p.display_name for p in players if p.pk in table.candidates] == [out]  # he waits for the next one


def test_after_a_second_rubber_only_those_level_at_the_longest_run_cut_to_go_out():
    event, _ = night(5)
    tables_form(event=event, seed=5)
    table = ClubTable.objects.get(event=event)
    finish(Rubber.objects.get(event=event))
    first_out = next_rubber(table=table, seed=2).outcome["out"][0]
    finish(Rubber.objects.filter(event=event).latest("pk"))
    cutting = next_rubber(table=table, seed=2)
    second = Rubber.objects.filter(event=event).order_by("pk")[1]
    cut_out = [s["player"] for s in cutting.log if s["law"] == 15]
    # The three who have played two rubbers running are level at the most: they cut, the lowest going out;
    # the player who came in for the second rubber, one rubber into his run, does not cut (law 15).
    four = {second.north.display_name, second.east.display_name, second.south.display_name, second.west.display_name}
    assert len(cut_out) == 3 and set(cut_out) < four and first_out not in four
    assert len(cutting.outcome["out"]) == 1 and cutting.outcome["out"][0] in cut_out


def test_a_player_who_leaves_is_replaced_by_the_next_candidate_law_19():
    event, players = night(6)
    tables_form(event=event, seed=8)
    table = ClubTable.objects.get(event=event)
    rubber = Rubber.objects.get(event=event)
    finish(rubber)
    gone = rubber.north
    player_leaves(event=event, player=gone)
    cutting = next_rubber(table=table, seed=4)
    assert gone.display_name in cutting.outcome["out"]
    latest = Rubber.objects.filter(event=event).latest("pk")
    assert gone.pk not in {latest.north_id, latest.east_id, latest.south_id, latest.west_id}
    # The first candidate took his chair and his run of one rubber: the table keeps it for the next cut.
    table.refresh_from_db()
    newcomer = next(p for p in players if p.display_name == cutting.outcome["in"][0])
    assert table.runs[str(newcomer.pk)] == 1


def test_candidates_declare_and_a_broken_up_tables_players_have_prior_entry_law_21():
    event, players = night(10)
    tables_form(event=event, seed=9)  # two tables, two candidates at table 1
    one, two = ClubTable.objects.filter(event=event).order_by("number")
    assert len(one.candidates) == 2 and two.candidates == []
    with refusal("playing_elsewhere"):
        candidate_declares(table=two, player=Rubber.objects.get(event=event, table_label="1").north)
    moving = one.candidates[0]
    candidate_declares(table=two, player=players[[p.pk for p in players].index(moving)])
    one.refresh_from_db()
    two.refresh_from_db()
    # Law 20: declaring for table 2 costs him nothing at table 1; cutting into table 2 would.
    assert moving in one.candidates and two.candidates == [moving]
    finish(Rubber.objects.get(event=event, table_label="2"))
    line = list(one.candidates)
    order = table_break_up(table=two)
    one.refresh_from_db()
    # Table 1 is full (four seated, two candidates): no vacancy, so its own candidates keep their places and
    # the broken-up table's players wait, in the order of their cut for precedence (law 21).
    by_cut = [next(p.pk for p in players if p.display_name == name) for name in order]
    assert len(order) == 5 and one.candidates == line
    assert [p.pk for p in waiting(event)] == [pk for pk in by_cut if pk not in line]
    assert Cutting.objects.filter(event=event, outcome__broken_up=2).exists()


def test_only_the_secretary_acts_on_the_page_and_bad_cuts_are_shown_where_typed(client, member, secretary):
    event, (a, b, c, d) = night(4)
    url = reverse("club_night", args=[event.slug])
    assert client.get(url).status_code == 200
    client.force_login(member)
    assert client.post(url, {"action": "tables"}).status_code == 403
    client.force_login(secretary)
    page = client.post(url, {"action": "tables", "cut-how": "entered",
                             "cut-cards": f"{a}: JS\n{b}: ZZ\n{c}: KS\n{d}: QS"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Line 2" in text and "is not a card of the euchre pack" in text and "ZZ" in text
    assert not Rubber.objects.filter(event=event).exists()
    done = client.post(url, {"action": "tables", "cut-how": "draw"}, follow=True)
    assert "1 table formed by cutting" in done.content.decode()
    assert Rubber.objects.filter(event=event).count() == 1
    assert "law 11" in client.get(url).content.decode()  # the cut, card by card, with its laws


def seated(rubber: Rubber) -> set[int]:
    return {rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id}


def test_a_seated_player_leaving_mid_rubber_shows_on_his_table_with_who_takes_his_place_law_19(client, secretary):
    event, players = night(5)
    tables_form(event=event, seed=3)
    rubber = Rubber.objects.get(event=event)
    (candidate,) = [p for p in players if p.pk not in seated(rubber)]
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    left = client.post(url, {"action": "leave", "player": rubber.north_id}, follow=True).content.decode()
    said = f"{rubber.north.display_name} has gone home: {candidate.display_name}, next in line, takes his place when " \
           "this rubber ends, with his run of 1 rubber (law 19)."
    assert said in left  # in the message and on the table's card
    assert 'data-testid="leaving"' in left and f"Table 1: {said}" in left


def test_a_seated_player_leaving_with_nobody_in_line_breaks_the_table_up_in_one_click_law_21(client, secretary):
    event, _ = night(4)
    tables_form(event=event, seed=3)
    rubber = Rubber.objects.get(event=event)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    page = client.post(url, {"action": "leave", "player": rubber.east_id}, follow=True).content.decode()
    assert "the table breaks up when this rubber ends (law 21)" in page
    finish(rubber)
    page = client.get(url).content.decode()
    assert "the table breaks up now that the rubber has ended (law 21)" in page
    done = client.post(url, {"action": "next", "table": "1", "seen": str(rubber.pk)}, follow=True).content.decode()
    assert (f"Table 1 has broken up ({rubber.east.display_name} went home and nobody in line could take the place)"
            in done)
    table = ClubTable.objects.get(event=event)
    assert table.broken_up and Rubber.objects.filter(event=event).count() == 1
    assert len(table.candidates) == 3 and rubber.east_id not in table.candidates  # their order of precedence


def test_a_cut_form_shown_again_always_has_a_choice_ticked(client, secretary):
    event, _ = night(3)
    client.force_login(secretary)
    page = client.post(reverse("club_night", args=[event.slug]), {"action": "tables", "cut-cards": ""})
    text = page.content.decode()
    assert "a table needs four players" in text.lower()
    (draw,) = re.findall(r'<input[^>]*id="id_cut-how_0"[^>]*>', text)
    assert 'value="draw"' in draw and " checked" in draw


def test_a_broken_up_tables_players_wait_and_cut_for_a_new_table_keeping_their_prior_entry_law_21(client, secretary):
    event, _ = night(10)
    tables_form(event=event, seed=9)  # two tables, two candidates at table 1
    one, two = ClubTable.objects.filter(event=event).order_by("number")
    own_candidates = list(one.candidates)
    second = Rubber.objects.get(event=event, table_label="2")
    finish(second)
    player_leaves(event=event, player=second.north)
    next_rubber(table=two, seed=1, ended=second.pk)  # nobody in line at table 2: it breaks up (law 21)
    two.refresh_from_db()
    prior = list(two.candidates)
    assert two.broken_up and len(prior) == 3 and Rubber.objects.filter(event=event).count() == 2
    one.refresh_from_db()
    assert one.candidates == own_candidates  # table 1 has no vacancy: they do not displace its candidates
    assert [p.pk for p in waiting(event)] == prior
    late = PlayerFactory()
    player_arrives(event=event, player=late)
    assert [p.pk for p in waiting(event)] == [*prior, late.pk]  # prior entry first, then by arrival
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    page = client.get(url).content.decode()
    assert "Waiting (4)" in page and "Four waiting players make a table" not in page
    done = client.post(url, {"action": "tables", "cut-how": "draw"}, follow=True).content.decode()
    assert "1 table formed by cutting" in done
    third = Rubber.objects.get(event=event, table_label="3")
    assert seated(third) == {*prior, late.pk} and waiting(event) == []
    one.refresh_from_db()
    two.refresh_from_db()
    assert one.candidates == own_candidates and two.candidates == []  # seated again: their places in line go


def test_the_club_nights_room_shows_each_table_once_with_its_rubber_now(django_assert_max_num_queries):
    from scoring.rounds.selectors import room

    def evening(count: int) -> Event:
        event, _ = night(count)
        tables_form(event=event, seed=9)
        first = Rubber.objects.get(event=event, table_label="1")
        finish(first)
        next_rubber(table=ClubTable.objects.get(event=event, number=1), seed=1)
        broken = Rubber.objects.get(event=event, table_label="2")
        finish(broken)
        table_break_up(table=ClubTable.objects.get(event=event, number=2))
        return event

    small, large = evening(10), evening(16)
    for event, labels in ((small, ["1"]), (large, ["1", "3", "4"])):
        with django_assert_max_num_queries(10):
            the_room = room(event)
            assert [t.label for t in the_room.tables] == labels  # table 2 broke up; table 1's first rubber is over
            latest = Rubber.objects.filter(event=event, table_label="1").latest("pk")
        assert the_room.tables[0].rubber == latest and the_room.finished == 0
    page_event = small
    finish(Rubber.objects.filter(event=page_event, table_label="1").latest("pk"))
    assert room(page_event).finished == 1 and len(room(page_event).tables) == 1


def test_typed_cuts_missing_every_new_tables_cut_for_partners_name_them_all_and_focus_the_cut(client, secretary):
    event, players = night(8)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    assert "four cutting again for partners and the deal (law 11)" in client.get(url).content.decode()
    cards = "\n".join(f"{p}: {card}" for p, card in zip(players, ["JS", "AS", "KS", "QS", "10S", "9S", "8S", "7S"],
                                                         strict=True))
    page = client.post(url, {"action": "tables", "cut-how": "entered", "cut-cards": cards}).content.decode()
    assert "Table 1: " in page and "Table 2: " in page and page.count("must cut for partners and the deal") == 2
    # The page focuses the form in error, not the "Arrived" box.
    assert page.count("data-focus") == 1 and 'data-focus data-testid="cut-tables"' in page
    assert not Rubber.objects.filter(event=event).exists()


def test_a_stale_second_click_says_what_was_already_done(client, secretary):
    event, _ = night(5)
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    client.post(url, {"action": "tables", "cut-how": "draw", "seen": "0"})
    again = client.post(url, {"action": "tables", "cut-how": "draw", "seen": "0"}, follow=True).content.decode()
    assert "The tables have already been cut" in again and "are here to cut" not in again
    assert Rubber.objects.filter(event=event).count() == 1
    first = Rubber.objects.get(event=event)
    finish(first)
    client.post(url, {"action": "next", "table": "1", "seen": str(first.pk)})
    stale = client.post(url, {"action": "next", "table": "1", "seen": str(first.pk)}, follow=True).content.decode()
    assert "Table 1&#x27;s next rubber has already started" in stale
    assert Rubber.objects.filter(event=event).count() == 2
    with refusal("next_rubber_started"):  # a form without what it saw
        next_rubber(table=ClubTable.objects.get(event=event), seed=1)


def test_gone_home_can_be_undone_keeping_the_order_of_arrival_and_the_place_in_line(client, secretary):
    from scoring.models import Entrant

    event, _players = night(6)
    tables_form(event=event, seed=3)
    table = ClubTable.objects.get(event=event)
    first, second = table.candidates[:2]
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    number = Entrant.objects.get(event=event, player_id=first).number
    page = client.post(url, {"action": "leave", "player": first}, follow=True).content.decode()
    assert "has gone home" in page and 'data-testid="gone-home"' in page and ">Left<" not in page
    table.refresh_from_db()
    assert table.candidates[0] == second
    page = client.post(url, {"action": "back", "player": first}, follow=True).content.decode()
    table.refresh_from_db()
    assert table.candidates[:2] == [first, second]  # back in his place in line
    assert Entrant.objects.get(event=event, player_id=first).number == number and "as before" in page


def test_a_player_going_home_mid_rubber_is_offered_a_law_18_substitute(client, secretary):
    event, _ = night(5)
    tables_form(event=event, seed=3)
    rubber = Rubber.objects.get(event=event)
    client.force_login(secretary)
    page = client.post(reverse("club_night", args=[event.slug]), {"action": "leave", "player": rubber.west_id},
                       follow=True).content.decode()
    assert reverse("seat_change", args=[rubber.pk]) in page and "seat a substitute (law 18)" in page


def test_the_cut_says_who_deals_as_stored(client):
    event, _ = night(4)
    cutting = tables_form(event=event, seed=5)
    rubber = Rubber.objects.get(event=event)
    dealer = rubber.player_at(rubber.first_dealer)  # type: ignore[arg-type]
    page = client.get(reverse("club_night", args=[event.slug])).content.decode()
    assert f"; {dealer.display_name} deals" in page and cutting.outcome["tables"][0]["first_dealer"] == \
        rubber.first_dealer


def test_a_former_candidate_who_never_played_is_not_fresh_law_17():
    from scoring.clubnight.services import _belonged

    event, _players = night(6)
    tables_form(event=event, seed=9)
    table = ClubTable.objects.get(event=event)
    assert len(table.candidates) == 2
    belonged = _belonged(event)
    assert all(pk in belonged for pk in table.candidates)


def test_a_tables_candidates_who_wish_cut_for_a_fresh_table_with_those_waiting_law_17(client, secretary):
    from scoring.clubnight.services import waiting

    event, _players = night(7)
    tables_form(event=event, seed=9)  # one table of four; the rest its candidates or waiting
    table = ClubTable.objects.get(event=event)
    idle = [p.pk for p in waiting(event)]
    assert len(idle) < 4 and len(idle) + len(table.candidates) == 3
    Entrant = event.entrants.model
    newcomer = PlayerFactory()
    Entrant.objects.create(event=event, player=newcomer, number=99)  # still fewer than four waiting
    client.force_login(secretary)
    url = reverse("club_night", args=[event.slug])
    page = client.get(url).content.decode()
    assert 'data-testid="joining"' in page
    joining = list(table.candidates)
    response = client.post(url, {"action": "tables", "cut-how": "draw", "joining": joining}, follow=True)
    assert "1 table formed by cutting" in response.content.decode()
    seated_there = seated(Rubber.objects.get(event=event, table_label="2"))
    assert seated_there == {newcomer.pk, *idle, *joining}
    table.refresh_from_db()
    assert not set(joining) & set(table.candidates)  # law 20: seated there, out of line here


def test_a_broken_up_tables_players_fill_only_the_vacancies_at_another_table_law_21():
    event, players = night(9)
    tables_form(event=event, seed=9)  # two tables, one candidate at table 1: one vacancy there
    one, two = ClubTable.objects.filter(event=event).order_by("number")
    assert len(one.candidates) == 1 and two.candidates == []
    own = list(one.candidates)
    finish(Rubber.objects.get(event=event, table_label="2"))
    order = table_break_up(table=two, seed=3)
    by_cut = [next(p.pk for p in players if p.display_name == name) for name in order]
    one.refresh_from_db()
    assert one.candidates == [*own, by_cut[0]]  # the first in precedence takes the vacancy, behind table 1's own
    assert [p.pk for p in waiting(event)] == by_cut[1:]  # the rest wait, first in line for a fresh table
