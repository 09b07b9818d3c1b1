"""The pages around the evening: new events and rubbers say what happened, form pages name their rubber
and have a Cancel, the login and 403 pages say why they appeared, and the standings rank and mark."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import Event, Player
from scoring.standings.tables import FiguresTable
from tests.builders import a_rubber
from tests.factories import PlayerFactory
from tests.helpers import play_game, record

pytestmark = pytest.mark.django_db


def test_a_new_event_needs_no_slug_and_says_it_was_created(client, secretary):
    client.force_login(secretary)
    form = client.get(reverse("event_new")).content.decode()
    assert "empty: from the name" in form
    response = client.post(reverse("event_new"), {"name": "Winter Whist & Euchre", "slug": "",
                                                  "starts_on": "2026-12-01", "rulebook": "somerset-1888",
                                                  "paper_size": "letter"}, follow=True)
    event = Event.objects.get()
    assert event.slug == "winter-whist-euchre"
    assert "Event \u201cWinter Whist &amp; Euchre\u201d created" in response.content.decode()


def test_starting_a_rubber_says_who_deals_first(client, secretary, event, players):
    client.force_login(secretary)
    response = client.post(reverse("rubber_new", args=[event.slug]), {
        "played_on": "2026-11-03", "north": players[0].pk, "east": players[1].pk, "south": players[2].pk,
        "west": players[3].pk, "first_dealer": "E"}, follow=True)
    assert f"Rubber started. East ({players[1].display_name}) deals the first hand." in response.content.decode()


@pytest.mark.parametrize("name", ["penalty_new", "seat_change", "rubber_abandon"])
def test_a_form_about_a_rubber_names_it_and_cancels_back_to_it(client, secretary, rubber, name):
    record(rubber, maker="N", tricks=3)
    client.force_login(secretary)
    args = [rubber.pk, 1] if name == "penalty_new" else [rubber.pk]
    page = client.get(reverse(name, args=args)).content.decode()
    assert f"Rubber #{rubber.pk}, table 1, {rubber.event}" in page
    assert f'href="/rubbers/{rubber.pk}/" data-testid="cancel"' in page
    if name == "penalty_new":
        assert f"hand 1, {rubber.north}&#x27;s side took the trump, 3 tricks" in page
        assert "goes in the entry form&#x27;s Revoke fields" in page  # the one way while entering


def test_the_login_page_says_why_it_appeared_and_links_back(client):
    page = client.get(reverse("login") + "?next=/events/new/").content.decode()
    assert 'data-testid="login-why"' in page and 'href="/events/new/" data-testid="login-back"' in page
    plain = client.get(reverse("login")).content.decode()
    assert 'data-testid="login-why"' not in plain and "Back to the club's pages" in plain


def test_the_403_page_speaks_to_a_member(client, member, rubber):
    client.force_login(member)
    response = client.get(reverse("rubber_abandon", args=[rubber.pk]))
    assert response.status_code == 403
    assert b'data-testid="forbidden-member"' in response.content and b"member" in response.content


def test_password_change_is_in_the_menu_and_in_the_sites_look(client, member):
    client.force_login(member)
    home = client.get(reverse("home")).content.decode()
    assert reverse("password_change") in home
    page = client.get(reverse("password_change")).content.decode()
    assert "Change your password" in page and "Django administration" not in page


def test_my_record_for_a_member_linked_to_a_player(client, member):
    player = PlayerFactory(user=member)
    client.force_login(member)
    assert f'href="{player.get_absolute_url()}" data-testid="my-record"' in client.get(reverse("home")).content.decode()


def test_a_login_is_linked_to_a_player_on_the_player_form(client, secretary, member):
    client.force_login(secretary)
    client.post(reverse("player_new"), {"display_name": "Mary Minot", "active": "on", "user": member.pk})
    assert Player.objects.get(display_name="Mary Minot").user == member
    form = client.get(reverse("player_new")).content.decode()
    assert f'value="{member.pk}"' not in form  # a login already linked is not offered again


def test_the_players_search(client):
    for name in ("Abigail Ames", "Benjamin Bell", "Clara Cole"):
        PlayerFactory(display_name=name)
    page = client.get(reverse("players"), {"q": "  bell "}).content.decode()
    assert "Benjamin Bell" in page and "Abigail Ames" not in page and 'value="bell"' in page
    assert "No player of that name" in client.get(reverse("players"), {"q": "zzz"}).content.decode()
    assert client.get(reverse("players"), {"q": "\x00"}).status_code == 200


def test_standings_show_shared_ranks_and_mark_the_sorted_column(client, event):
    players = [PlayerFactory() for _ in range(8)]


    for four in (players[:4], players[4:]):  # two rubbers won alike: the winners level, the losers level
        rubber = a_rubber(event, four[:4])
        for maker in ("N", "N", "E"):
            play_game(rubber, maker)
    page = client.get(reverse("event_standings", args=[event.slug]) + "?sort=-rubbers").content.decode()
    players_table = page.split('data-testid="standings"')[1].split("</table>")[0]
    ranks = re.findall(r'<td class="rank">\s*([0-9=]+)\s*</td>', players_table)
    assert ranks == ["1="] * 4 + ["5="] * 4
    assert re.search(r'aria-sort="descending"[^>]*>\s*<a[^>]*>Rubbers</a>', page)
    csv = client.get(reverse("event_standings", args=[event.slug]) + "?_export=csv").content.decode()
    assert not csv.startswith("Rank")  # the downloads keep their columns


def test_one_date_format_and_no_sign_on_a_zero_net(client, rubber):
    play_game(rubber, "N")
    page = client.get(reverse("rubber", args=[rubber.pk])).content.decode()
    assert "3 Nov 2026" in page and "Nov. 3, 2026" not in page
    events = client.get(reverse("events")).content.decode()
    assert "Nov. 1, 2026" not in events
    assert FiguresTable.render_net_per_rubber(None, 0.0) == "0.00"  # type: ignore[arg-type]
    assert FiguresTable.render_net_per_rubber(None, -0.001) == "0.00"  # type: ignore[arg-type]
    assert FiguresTable.render_net_per_rubber(None, 1.5) == "+1.50"  # type: ignore[arg-type]
