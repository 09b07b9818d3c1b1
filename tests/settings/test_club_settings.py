"""The club's own settings (/settings/): only the secretary reads or saves them; the name shows on every page and
printed sheet; new events start from the club's code, game, match and paper; the home page, How scoring works and
the laws open on the club's code and offer the others. The settings are read from the cache, not the database."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Club, Event
from scoring.services.club import CACHE_KEY, club_settings_save, the_club
from scoring.services.events import event_create
from tests.printing.test_sheets import get_pdf, pdf_text

pytestmark = pytest.mark.django_db

BACK_BAY = {"name": "Back Bay Euchre Club", "rulebook": "standard", "game_points": "", "games": "3",
            "paper_size": "a4"}
STANDARD_WORDS = "Scored by the standard game today: games to 10, the best of three."
SOMERSET_WORDS = "Scored by the Laws of Euchre, Somerset Club of Boston, 1888."


def test_the_secretary_saves_the_settings_and_the_name_shows_on_the_home_page_and_a_sheet(client, secretary, rubber):
    client.force_login(secretary)
    page = client.get(reverse("club_settings"))
    assert page.status_code == 200 and 'value="Somerset Euchre Club"' in page.content.decode()  # CLUB_NAME's
    response = client.post(reverse("club_settings"), BACK_BAY)
    assert response.status_code == 302 and response["Location"] == reverse("club_settings")
    stored = Club.objects.get()
    assert (stored.pk, stored.name, stored.rulebook, stored.game_points, stored.games, stored.paper_size) == (
        1, "Back Bay Euchre Club", "standard", None, 3, "a4")
    home = client.get(reverse("home")).content.decode()
    assert "<title>Home · Back Bay Euchre Club</title>" in home and STANDARD_WORDS in home
    assert "Somerset Club" not in home
    sheet = "\n".join(pdf_text(get_pdf(client, reverse("rubber_sheet", args=[rubber.pk])).content))
    assert "Back Bay Euchre Club" in sheet and "Somerset Euchre Club" not in sheet


def test_a_match_somerset_does_not_allow_is_refused_on_its_field_and_nothing_is_saved(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("club_settings"), BACK_BAY | {"rulebook": "somerset-1888"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["games"] and "fixes the rubber" in errors["games"][0], errors
    assert "fixes the rubber" in response.content.decode()
    assert not Club.objects.exists() and the_club().name == "Somerset Euchre Club"
    wrong_game = client.post(reverse("club_settings"), BACK_BAY | {"rulebook": "somerset-1888", "games": "",
                                                                    "game_points": "10"})
    assert "5 points" in wrong_game.context["form"].errors["game_points"][0] and not Club.objects.exists()


def test_a_member_and_a_visitor_are_refused(client, member):
    for method in ("get", "post"):
        response = getattr(client, method)(reverse("club_settings"), BACK_BAY)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(member)
    for method in ("get", "post"):
        assert getattr(client, method)(reverse("club_settings"), BACK_BAY).status_code == 403
    assert not Club.objects.exists()


def test_the_secretarys_menu_links_the_settings_and_a_members_does_not(client, secretary, member):
    client.force_login(member)
    assert 'href="/settings/"' not in client.get(reverse("home")).content.decode()
    client.force_login(secretary)
    assert 'href="/settings/"' in client.get(reverse("home")).content.decode()


def test_a_new_events_form_starts_from_the_clubs_code_game_match_and_paper(client, secretary):
    club_settings_save(name="Old Colony", rulebook="official-1862", game_points=7, games=3, paper_size="a4")
    client.force_login(secretary)
    form = client.get(reverse("event_new")).context["form"]
    assert [form[name].value() for name in ("rulebook", "game_points", "games", "paper_size")] == [
        "official-1862", 7, 3, "a4"]
    html = client.get(reverse("event_new")).content.decode()
    assert '<option value="official-1862" selected>' in html and '<option value="a4" selected>' in html
    # Made by a command or an import with no code named: the club's code, game and match.
    made = event_create(name="Tuesday", slug="tuesday", starts_on="2026-12-01")
    assert (made.rulebook, made.game_points, made.games) == ("official-1862", 7, 3)
    # A progressive night left as offered plays the club's code and no game or match.
    posted = {"name": "Church hall", "starts_on": "2026-12-05", "rounds": "4", "mode": "progressive",
              "rulebook": "official-1862", "game_points": "7", "games": "3", "paper_size": "a4", "is_public": "on"}
    assert client.post(reverse("event_new"), posted).status_code == 302
    night = Event.objects.get(name="Church hall")
    assert (night.rulebook, night.game_points, night.games) == ("official-1862", None, None)


@pytest.mark.parametrize(("code", "words", "template", "badge"), [
    ("standard", STANDARD_WORDS, "rulings/how_a_match_scores.html", "The standard game today (the club's)"),
    ("somerset-1888", SOMERSET_WORDS, "rulings/how_scoring_works.html",
     "Laws of Euchre, Somerset Club of Boston, 1888 (the club's)"),
])
def test_the_home_page_how_scoring_works_and_the_laws_open_on_the_clubs_code(client, code, words, template, badge):
    club_settings_save(name="Back Bay", rulebook=code, game_points=None, games=3 if code == "standard" else None,
                       paper_size="letter")
    assert words in client.get(reverse("home")).content.decode()
    how = client.get(reverse("how_scoring_works"))
    assert template in [t.name for t in how.templates] and how.context["rulebook"].key == code
    laws = client.get(reverse("laws"))
    assert laws.context["rulebook"].key == code
    others = {"somerset-1888", "official-1862", "rules-1877", "standard"} - {code}
    for response, url in ((how, reverse("how_scoring_works")), (laws, reverse("laws"))):
        html = response.content.decode()
        assert f'aria-current="page">{badge}</span>' in html
        assert all(f'href="{url}?code={other}"' in html for other in others)
    other = sorted(others)[0]
    assert client.get(reverse("how_scoring_works"), {"code": other}).context["rulebook"].key == other


def test_a_code_there_is_none_of_is_said_so_and_the_clubs_shown(client):
    club_settings_save(name="Back Bay", rulebook="rules-1877", game_points=None, games=None, paper_size="letter")
    for name in ("laws", "how_scoring_works"):
        response = client.get(reverse(name), {"code": "<b>somerset</b>" + "x" * 100})
        assert response.status_code == 200 and response.context["rulebook"].key == "rules-1877"
        html = response.content.decode()
        assert "There is no code of laws called “&lt;b&gt;somerset&lt;/b&gt;xxx" in html and "<b>somerset" not in html


def test_the_settings_are_read_from_the_cache_and_a_save_writes_it_when_it_commits(
        client, django_capture_on_commit_callbacks):
    cache.clear()  # as after the cache server restarts
    with CaptureQueriesContext(connection) as first:
        client.get(reverse("home"))
    assert len([q for q in first if "scoring_club" in q["sql"]]) == 1  # read once
    with CaptureQueriesContext(connection) as captured:
        client.get(reverse("home"))
        client.get(reverse("laws"))
    assert not [q for q in captured if "scoring_club" in q["sql"]]
    with django_capture_on_commit_callbacks(execute=True):
        club_settings_save(name="Back Bay", rulebook="standard", game_points=None, games=None, paper_size="letter")
        assert cache.get(CACHE_KEY) is None  # forgotten at once: a reader meanwhile caches the row as it stands
    assert cache.get(CACHE_KEY)["fields"]["name"] == "Back Bay"  # written when the save commits
    Club.objects.update(name="Changed behind the site's back")
    assert the_club().name == "Back Bay"  # from the cache, not the database


def test_the_demo_club_stores_its_settings_under_the_sites_name(demo_club, settings):
    stored = Club.objects.get()
    assert (stored.name, stored.rulebook, stored.paper_size) == (settings.CLUB_NAME, "somerset-1888", "letter")
