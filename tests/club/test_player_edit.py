"""The secretary edits a player: renames him, retires him (his record stays), links or unlinks a login."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.club.forms.rubbers import RubberStartForm
from scoring.engine import SOMERSET_1888
from scoring.models import Player

pytestmark = pytest.mark.django_db


def edit(client, player: Player, **changes):  # type: ignore[no-untyped-def]
    data = {"display_name": player.display_name, "member_number": player.member_number, "active": "on",
            "user": player.user_id or ""} | changes
    if not data["active"]:
        del data["active"]
    return client.post(reverse("player_edit", args=[player.pk]), data)


def test_the_player_page_offers_the_secretary_an_edit(client, secretary, players):
    assert 'data-testid="player-edit"' not in client.get(players[0].get_absolute_url()).content.decode()
    client.force_login(secretary)
    assert 'data-testid="player-edit"' in client.get(players[0].get_absolute_url()).content.decode()


def test_a_renamed_player_keeps_his_record(client, secretary, rubber, players):
    client.force_login(secretary)
    assert edit(client, players[0], display_name="Henry Hale Jr.").status_code == 302
    players[0].refresh_from_db()
    assert players[0].display_name == "Henry Hale Jr." and rubber.north_id == players[0].pk
    assert "Henry Hale Jr." in client.get(reverse("rubber", args=[rubber.pk])).content.decode()


def test_a_name_already_on_the_roll_is_refused_and_nothing_is_saved(client, secretary, players):
    client.force_login(secretary)
    response = edit(client, players[0], display_name=players[1].display_name.upper())
    assert response.status_code == 200 and "already on the roll" in response.content.decode()
    players[0].refresh_from_db()
    assert players[0].display_name != players[1].display_name.upper()


def test_a_retired_player_leaves_the_lists_for_new_play_and_keeps_his_page(client, secretary, rubber, players):
    client.force_login(secretary)
    assert edit(client, players[5], active="").status_code == 302
    players[5].refresh_from_db()
    assert not players[5].active
    assert players[5] not in RubberStartForm(rulebook=SOMERSET_1888).fields["north"].queryset  # type: ignore[attr-defined]
    client.get(reverse("players"))  # the message of the save is shown once, there
    assert players[5].display_name not in client.get(reverse("players")).content.decode()
    page = client.get(players[5].get_absolute_url())
    assert page.status_code == 200 and 'data-testid="retired"' in page.content.decode()


def test_a_members_login_is_linked_and_unlinked(client, secretary, member, players):
    client.force_login(secretary)
    edit(client, players[2], user=member.pk)
    players[2].refresh_from_db()
    assert players[2].user == member
    client.force_login(member)
    assert "My record" in client.get("/").content.decode()
    client.force_login(secretary)
    edit(client, players[2], user="")
    players[2].refresh_from_db()
    assert players[2].user is None


def test_only_the_secretary_edits_players(client, member, players):
    client.force_login(member)
    assert edit(client, players[0], display_name="Someone").status_code == 403
    players[0].refresh_from_db()
    assert players[0].display_name != "Someone"
