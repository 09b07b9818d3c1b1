"""The event pages as the secretary uses them: editing an event (and what its schedule or rubbers fix), the event
form's errors on their fields, what a new event says to do first, and no rubber started by hand in an event that
starts its own."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.club.forms.players import PlayerForm
from scoring.clubnight.services import player_arrives
from scoring.models import Event, Player, Rubber
from scoring.rounds.services import entrants_set, schedule_make
from tests.builders import a_tournament
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


def fields(event: Event, **changes) -> dict:
    """The edit form as the browser posts it for `event`, with `changes`."""
    data = {"name": event.name, "starts_on": event.starts_on.isoformat(),
            "ends_on": event.ends_on.isoformat() if event.ends_on else "", "rulebook": event.rulebook,
            "paper_size": event.paper_size, "mode": event.mode, "rounds": event.rounds or "",
            "deal_limit": event.night.deal_limit or "", "round_minutes": event.night.round_minutes or "",
            "notes": event.notes}
    if event.is_public:
        data["is_public"] = "on"
    data.update(changes)
    return {name: value for name, value in data.items() if value is not None}  # None: not posted (disabled)


def new_event(**changes) -> dict:
    return {"name": "Winter Ladder", "slug": "", "starts_on": "2026-12-01", "rulebook": "somerset-1888",
            "paper_size": "letter", "mode": "rubbers", **changes}


@pytest.fixture
def tournament(players):
    event = a_tournament(4, 3, Event.Mode.INDIVIDUALS, name="Winter individuals")
    entrants_set(event=event, players=players[:4] + [e.player for e in event.entrants.all()])
    return event


# Editing an event


def test_the_secretary_edits_an_event_and_its_address_stays(client, secretary, event):
    client.force_login(secretary)
    page = client.get(reverse("event", args=[event.slug])).content.decode()
    assert f'href="/events/{event.slug}/edit/" data-testid="event-edit">Edit event</a>' in page
    form = client.get(reverse("event_edit", args=[event.slug])).content.decode()
    assert f"The web address stays /events/{event.slug}/" in form and 'name="slug"' not in form
    response = client.post(reverse("event_edit", args=[event.slug]),
                           fields(event, name="Spring Ladder", ends_on="2026-11-30", paper_size="a4", notes="Moved.",
                                  slug="spring-ladder"), follow=True)
    assert response.redirect_chain == [(f"/events/{event.slug}/", 302)]
    assert "Event saved." in response.content.decode()
    saved = Event.objects.get(pk=event.pk)
    assert (saved.name, saved.slug, saved.ends_on, saved.paper_size, saved.notes) == (
        "Spring Ladder", event.slug, dt.date(2026, 11, 30), "a4", "Moved.")


def test_an_event_can_become_members_only_and_a_tournament_before_anything_is_stored(client, secretary, event):
    client.force_login(secretary)
    data = fields(event, mode="pairs", rounds=5, deal_limit=16, round_minutes=45)
    del data["is_public"]
    assert client.post(reverse("event_edit", args=[event.slug]), data).status_code == 302
    saved = Event.objects.get(pk=event.pk)
    assert (saved.is_public, saved.mode, saved.rounds, saved.night.deal_limit, saved.night.round_minutes) == (
        False, "pairs", 5, 16, 45)


def test_members_and_visitors_cannot_edit_an_event(client, member, event):
    url = reverse("event_edit", args=[event.slug])
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(member)
    assert client.get(url).status_code == 403
    assert client.post(url, fields(event, name="Taken over")).status_code == 403
    assert Event.objects.get(pk=event.pk).name == event.name
    assert 'data-testid="event-edit"' not in client.get(reverse("event", args=[event.slug])).content.decode()


def test_editing_an_event_that_does_not_exist_is_not_found(client, secretary):
    client.force_login(secretary)
    assert client.get(reverse("event_edit", args=["no-such-event"])).status_code == 404


def test_once_the_schedule_is_made_how_it_is_run_and_its_rounds_are_shown_fixed(client, secretary, tournament):
    schedule_make(event=tournament)
    client.force_login(secretary)
    url = reverse("event_edit", args=[tournament.slug])
    form = client.get(url).context["form"]
    assert form.fields["mode"].disabled and form.fields["rounds"].disabled
    assert "Fixed: the schedule is made (3 rounds)." in client.get(url).content.decode()
    # The browser does not post a disabled field; the rest saves.
    response = client.post(url, fields(tournament, mode=None, rounds=None, round_minutes=50, name="Renamed"))
    assert response.status_code == 302
    saved = Event.objects.get(pk=tournament.pk)
    assert (saved.name, saved.mode, saved.rounds, saved.night.round_minutes) == ("Renamed", "individuals", 3, 50)


@pytest.mark.parametrize("change", [{"mode": "pairs"}, {"mode": "rubbers", "rounds": ""}, {"rounds": 2},
                                    {"rounds": 7}])
def test_a_change_the_schedule_contradicts_is_refused_on_its_field(client, secretary, tournament, change):
    """Posted from a page opened before the schedule was made: refused, saying why, and nothing saved."""
    schedule_make(event=tournament)
    client.force_login(secretary)
    response = client.post(reverse("event_edit", args=[tournament.slug]), fields(tournament, **change, notes="x"))
    assert response.status_code == 200
    errors = response.context["form"].errors
    field = next(iter(change))
    assert errors[field] == ["This can no longer change: the schedule is made (3 rounds)."]
    assert "__all__" not in errors
    saved = Event.objects.get(pk=tournament.pk)
    assert (saved.mode, saved.rounds, saved.notes) == ("individuals", 3, "")


def test_an_event_with_rubbers_keeps_how_it_is_run_and_its_laws(client, secretary, rubber):
    event = rubber.event
    client.force_login(secretary)
    url = reverse("event_edit", args=[event.slug])
    page = client.get(url).content.decode()
    assert "Fixed: the event has 1 rubber." in page
    response = client.post(url, fields(event, mode="club_night"))
    assert response.context["form"].errors["mode"] == ["This can no longer change: the event has 1 rubber."]
    assert Event.objects.get(pk=event.pk).mode == "rubbers"


def test_a_club_night_with_players_present_stays_a_club_night(client, secretary, players):
    night = EventFactory(mode=Event.Mode.CLUB_NIGHT)
    player_arrives(event=night, player=players[0])
    client.force_login(secretary)
    response = client.post(reverse("event_edit", args=[night.slug]), fields(night, mode="rubbers"))
    assert "stays a club night" in response.context["form"].errors["mode"][0]
    assert Event.objects.get(pk=night.pk).mode == "club_night"


def test_entered_players_may_become_fixed_pairs_only_when_they_are_even(client, secretary, players):
    event = EventFactory(mode=Event.Mode.INDIVIDUALS, rounds=3)
    entrants_set(event=event, players=players[:5])
    client.force_login(secretary)
    url = reverse("event_edit", args=[event.slug])
    response = client.post(url, fields(event, mode="pairs"))
    assert response.context["form"].errors["mode"] == [
        "Fixed pairs need an even number of players, and 5 are entered."]
    entrants_set(event=event, players=players[:6])
    assert client.post(url, fields(event, mode="pairs")).status_code == 302
    assert Event.objects.get(pk=event.pk).mode == "pairs"


# The event form's errors, new and edit


@pytest.mark.parametrize("name", ["event_new", "event_edit"])
def test_an_end_before_the_start_is_said_under_the_end_date(client, secretary, event, name):
    client.force_login(secretary)
    if name == "event_new":
        url, data = reverse("event_new"), new_event(ends_on="2026-11-01")
    else:
        url, data = reverse("event_edit", args=[event.slug]), fields(event, ends_on="2026-10-01")
    response = client.post(url, data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["ends_on"] == ["The event cannot end before it starts."] and "__all__" not in errors
    assert "violated" not in response.content.decode()
    assert Event.objects.get(pk=event.pk).ends_on is None and Event.objects.count() == 1


def test_a_name_whose_address_is_taken_is_refused_on_the_name(client, secretary):
    EventFactory(name="Winter Ladder", slug="winter-ladder")
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(name="Winter ladder!"))
    errors = response.context["form"].errors
    assert list(errors) == ["name"]
    assert "/events/winter-ladder/, is taken by “Winter Ladder”" in errors["name"][0]
    assert "type another web address" in errors["name"][0]
    assert "Slug" not in response.content.decode()
    # Typing another web address makes it.
    response = client.post(reverse("event_new"), new_event(name="Winter ladder!", slug="winter-ladder-2"))
    assert response.status_code == 302
    assert Event.objects.filter(slug="winter-ladder-2", name="Winter ladder!").exists()


def test_a_typed_web_address_that_is_taken_is_refused_on_it(client, secretary):
    EventFactory(name="Winter Ladder", slug="winter-ladder")
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(name="Another", slug="winter-ladder"))
    assert response.context["form"].errors == {
        "slug": ["The web address /events/winter-ladder/ is taken by “Winter Ladder”; type another."]}
    assert Event.objects.count() == 1


@pytest.mark.parametrize("name", ["event_new", "event_edit"])
def test_the_browser_allows_the_numbers_the_server_does(client, secretary, event, name):
    client.force_login(secretary)
    form = client.get(reverse(name, args=[event.slug] if name == "event_edit" else [])).content.decode()
    assert 'name="rounds" min="1" max="63"' in form
    assert 'name="deal_limit" min="1" max="200"' in form
    assert 'name="round_minutes" min="5" max="600"' in form
    refused = client.post(reverse("event_new"), new_event(mode="pairs", rounds=3, deal_limit=0, round_minutes=4))
    assert set(refused.context["form"].errors) == {"deal_limit", "round_minutes"}


# What a new event says to do first


@pytest.mark.parametrize(("mode", "rounds", "words", "url_name"), [
    ("individuals", 3, "Next, <a href=\"{}\">enter its players</a>", "entrants"),
    ("pairs", 3, "Next, <a href=\"{}\">enter its players</a>", "entrants"),
    ("club_night", "", "<a href=\"{}\">mark who is present</a>", "club_night"),
])
def test_a_new_event_run_its_own_way_says_what_to_do_first(client, secretary, mode, rounds, words, url_name):
    client.force_login(secretary)
    response = client.post(reverse("event_new"), new_event(mode=mode, rounds=rounds), follow=True)
    page = response.content.decode()
    assert words.format(reverse(url_name, args=["winter-ladder"])) in page
    assert "Start its first rubber here" not in page and "Start a rubber</a>" not in page


def test_a_new_event_of_rubbers_offers_its_first_rubber(client, secretary):
    client.force_login(secretary)
    page = client.post(reverse("event_new"), new_event(), follow=True).content.decode()
    assert "Start its first rubber here." in page and 'href="/events/winter-ladder/rubbers/new/"' in page


# No rubber started by hand in an event that starts its own


@pytest.mark.parametrize(("mode", "url_name", "link"), [("individuals", "event_rounds", "Go to the rounds"),
                                                        ("pairs", "event_rounds", "Go to the rounds"),
                                                        ("club_night", "club_night", "Go to the club night")])
def test_no_rubber_is_started_by_hand_in_an_event_that_starts_its_own(client, secretary, players, mode, url_name,
                                                                       link):
    event = EventFactory(mode=mode, rounds=3 if mode != "club_night" else None)
    client.force_login(secretary)
    assert "Start a rubber</a>" not in client.get(reverse("event", args=[event.slug])).content.decode()
    url = reverse("rubber_new", args=[event.slug])
    page = client.get(url)
    assert page.status_code == 200 and "form" not in page.context
    text = page.content.decode()
    assert 'data-testid="rubber-refused"' in text
    assert f'href="{reverse(url_name, args=[event.slug])}" data-testid="own-rubbers">{link}</a>' in text
    response = client.post(url, {"played_on": "2026-11-03", "north": players[0].pk, "east": players[1].pk,
                                 "south": players[2].pk, "west": players[3].pk, "first_dealer": "N"})
    assert response.status_code == 400 and b'data-testid="rubber-refused"' in response.content
    assert Rubber.objects.count() == 0


def test_the_refusal_is_only_for_the_secretary_to_see(client, member):
    event = EventFactory(mode=Event.Mode.CLUB_NIGHT)
    url = reverse("rubber_new", args=[event.slug])
    assert client.get(url).status_code == 302
    client.force_login(member)
    assert client.get(url).status_code == 403


def test_a_rubber_is_not_imported_into_an_event_that_starts_its_own(client, secretary):
    night = EventFactory(mode=Event.Mode.CLUB_NIGHT)
    client.force_login(secretary)
    document = json.dumps({"format": "euchre-rubber/1", "hands": []}).encode()
    response = client.post(reverse("rubber_import"), {
        "event": night.pk, "file": SimpleUploadedFile("r.json", document), "played_on": "2026-11-03"})
    assert "event" in response.context["form"].errors
    assert Rubber.objects.count() == 0


# A member number names one player


def test_a_member_number_already_used_is_refused_on_its_field(client, secretary):
    Player.objects.create(display_name="Abigail Ames", member_number="101")
    client.force_login(secretary)
    response = client.post(reverse("player_new"), {"display_name": "Henry Hale", "member_number": "101",
                                                   "active": "on"})
    assert response.context["form"].errors == {"member_number": ["Member number 101 is Abigail Ames's."]}
    assert not Player.objects.filter(display_name="Henry Hale").exists()
    assert client.post(reverse("player_new"), {"display_name": "Henry Hale", "member_number": "102",
                                               "active": "on"}).status_code == 302
    assert client.post(reverse("player_new"), {"display_name": "James Jewett", "active": "on"}).status_code == 302


def test_a_player_keeps_his_own_member_number(db):
    abigail = Player.objects.create(display_name="Abigail Ames", member_number="101")
    form = PlayerForm({"display_name": "Abigail Ames", "member_number": "101", "active": "on"}, instance=abigail)
    assert form.is_valid(), form.errors


def test_a_rubber_started_by_hand_still_starts_in_an_event_of_rubbers(client, secretary, event, players):
    client.force_login(secretary)
    response = client.post(reverse("rubber_new", args=[event.slug]), {
        "played_on": "2026-11-03", "north": players[0].pk, "east": players[1].pk, "south": players[2].pk,
        "west": players[3].pk, "first_dealer": "N"})
    assert response.status_code == 302 and Rubber.objects.filter(event=event).count() == 1


def test_a_progressive_nights_own_rules_fold_and_open_where_one_is_refused(client, secretary):
    """The night's movement, ranking, late arrivals, bonus and prizes fold into one line, so the form and its Save
    fit a laptop's screen; a value refused there opens the fold, so its message is read."""
    client.force_login(secretary)
    page = client.get(reverse("event_new")).content.decode()
    fold = page.split('data-testid="night-rules"')[1].split("</details>")[0]
    assert "<summary" in fold and not fold.startswith(" open")
    for name in ("movement", "ranking", "missed_rounds", "lone_bonus", "prize_places", "low_prize"):
        assert f'name="{name}"' in fold
    assert 'name="rulebook"' not in fold and 'name="rounds"' not in fold
    response = client.post(reverse("event_new"), new_event(mode="progressive", rounds="4", lone_bonus="99"))
    assert response.status_code == 200 and not Event.objects.exists()
    assert response.context["form"].errors["lone_bonus"]
    assert 'data-testid="night-rules" open>' in response.content.decode()
