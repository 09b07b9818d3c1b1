"""Who may read and who may write: every URL of the site against the anonymous visitor, a player
(a logged-in member), the secretary and an admin; and repeated failed logins are throttled."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.access import EVENT_FROM, ReadableMixin
from scoring.models import Event, Rubber
from scoring.reporting.services import AtTable, hand_report, working_code
from scoring.rounds.services import entrants_set, round_start, schedule_make
from scoring.services.rulings import ruling_make
from scoring.services.seasons import night_season_set, season_create
from tests.builders import a_rubber
from tests.factories import EventFactory, PlayerFactory
from tests.helpers import record, row_counts

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "secretary", "admin")
REVOKE = {"offender": "W", "cause": "not_following", "stage": "established", "count": 1, "claimed": "before_cut"}


@dataclass(frozen=True)
class Access:
    """What each role gets from GET and from an empty POST."""

    read: str
    """'everyone', 'members' (logged in), 'secretary' or 'admin' (staff)."""
    write: str
    """'nobody' (the page takes no POST), 'secretary', or 'anyone' (the login and logout forms)."""


PUBLIC = Access("everyone", "nobody")
SECRETARY_FORM = Access("secretary", "secretary")
SECRETARY_ACTION = Access("nobody", "secretary")  # POST only
SECRETARY_PAGE = Access("secretary", "nobody")  # a page that asks before a POST elsewhere
CLUB_NIGHT = Access("everyone", "secretary")  # read by all, acted on by the secretary

MATRIX: dict[str, tuple[Access, Callable[[dict[str, Any]], list[Any]]]] = {
    "home": (PUBLIC, lambda o: []),
    "events": (PUBLIC, lambda o: []),
    "event_new": (SECRETARY_FORM, lambda o: []),
    "event": (PUBLIC, lambda o: [o["event"].slug]),
    "event_edit": (SECRETARY_FORM, lambda o: [o["event"].slug]),
    "event_standings": (PUBLIC, lambda o: [o["event"].slug]),
    "event_standings_pdf": (PUBLIC, lambda o: [o["event"].slug]),
    "room": (PUBLIC, lambda o: [o["tournament"].slug]),
    "event_rounds": (PUBLIC, lambda o: [o["tournament"].slug]),
    "movement_pdf": (PUBLIC, lambda o: [o["tournament"].slug]),
    "tally_cards_pdf": (PUBLIC, lambda o: [o["tournament"].slug]),
    "table_cards_pdf": (PUBLIC, lambda o: [o["round"].pk]),
    "round_sheets_pdf": (PUBLIC, lambda o: [o["round"].pk]),
    "entrants": (SECRETARY_FORM, lambda o: [o["tournament"].slug]),
    "schedule_make": (SECRETARY_FORM, lambda o: [o["tournament"].slug]),
    "late_arrival": (SECRETARY_FORM, lambda o: [o["tournament"].slug]),
    "my_seat": (PUBLIC, lambda o: [o["tournament"].slug]),
    "gone_home": (SECRETARY_FORM, lambda o: [o["tournament"].slug]),
    "night_close": (SECRETARY_ACTION, lambda o: [o["tournament"].slug]),
    "night_reopen": (SECRETARY_ACTION, lambda o: [o["tournament"].slug]),
    "round_start": (SECRETARY_ACTION, lambda o: [o["round"].pk]),
    "round_close": (SECRETARY_ACTION, lambda o: [o["round"].pk]),
    "round_call_time": (SECRETARY_ACTION, lambda o: [o["round"].pk]),
    "round_close_confirm": (SECRETARY_PAGE, lambda o: [o["round"].pk]),
    "round_totals": (SECRETARY_FORM, lambda o: [o["paper"].pk]),
    "club_night": (CLUB_NIGHT, lambda o: [o["night"].slug]),
    "standings": (PUBLIC, lambda o: []),
    "seasons": (PUBLIC, lambda o: []),
    "season": (PUBLIC, lambda o: [o["season"].slug]),
    "season_standings_csv": (PUBLIC, lambda o: [o["season"].slug]),
    "season_standings_pdf": (PUBLIC, lambda o: [o["season"].slug]),
    "season_new": (SECRETARY_FORM, lambda o: []),
    "season_edit": (SECRETARY_FORM, lambda o: [o["season"].slug]),
    "rubber_new": (SECRETARY_FORM, lambda o: [o["event"].slug]),
    "rubber_import": (SECRETARY_FORM, lambda o: []),
    "rubber": (PUBLIC, lambda o: [o["rubber"].pk]),
    "rubber_sheet": (PUBLIC, lambda o: [o["rubber"].pk]),
    "hand_new": (SECRETARY_ACTION, lambda o: [o["rubber"].pk]),
    "hand_correct": (SECRETARY_FORM, lambda o: [o["rubber"].pk, 1]),
    "penalty_new": (SECRETARY_FORM, lambda o: [o["rubber"].pk, 1]),
    "announcement_resolve": (SECRETARY_ACTION, lambda o: [o["rubber"].pk, 1]),
    "rubber_abandon": (SECRETARY_FORM, lambda o: [o["rubber"].pk]),
    "seat_change": (SECRETARY_FORM, lambda o: [o["rubber"].pk]),
    "rubber_export": (PUBLIC, lambda o: [o["rubber"].pk]),
    "rubber_result": (PUBLIC, lambda o: [o["rubber"].pk]),
    "ruling_new": (SECRETARY_FORM, lambda o: [o["rubber"].pk]),
    "laws": (PUBLIC, lambda o: []),
    "ruling": (PUBLIC, lambda o: [o["ruling"].pk]),
    "ruling_pdf": (PUBLIC, lambda o: [o["ruling"].pk]),
    "ruling_withdraw": (SECRETARY_ACTION, lambda o: [o["ruling"].pk]),
    "players": (PUBLIC, lambda o: []),
    "player_new": (SECRETARY_FORM, lambda o: []),
    "club_settings": (SECRETARY_FORM, lambda o: []),
    "player_edit": (SECRETARY_FORM, lambda o: [o["players"][0].pk]),
    "player": (PUBLIC, lambda o: [o["players"][0].pk]),
    "player_record_pdf": (PUBLIC, lambda o: [o["players"][0].pk]),
    "lockouts": (Access("secretary", "nobody"), lambda o: []),
    # The table's own phones: the code is their key, whoever holds it; a member reaches only his own table.
    "code_entry": (PUBLIC, lambda o: []),
    "code_table": (PUBLIC, lambda o: [o["code"].code]),
    "code_table_report": (Access("nobody", "anyone"), lambda o: [o["code"].code]),
    "code_table_answer": (Access("nobody", "anyone"), lambda o: [o["code"].code, o["report"].pk]),
    "code_table_withdraw": (Access("nobody", "anyone"), lambda o: [o["code"].code, o["report"].pk]),
    "member_table": (Access("secretary", "nobody"), lambda o: [o["rubber"].pk]),
    "member_table_report": (SECRETARY_ACTION, lambda o: [o["rubber"].pk]),
    "member_table_answer": (SECRETARY_ACTION, lambda o: [o["rubber"].pk, o["report"].pk]),
    "member_table_withdraw": (SECRETARY_ACTION, lambda o: [o["rubber"].pk, o["report"].pk]),
    "table_code": (SECRETARY_FORM, lambda o: [o["rubber"].pk]),
    "report_settle": (SECRETARY_FORM, lambda o: [o["rubber"].pk, o["report"].pk]),
    "how_scoring_works": (PUBLIC, lambda o: []),
    "hand_take_back": (SECRETARY_FORM, lambda o: [o["rubber"].pk, 2]),
    "lockout_lift": (SECRETARY_ACTION, lambda o: [1]),
    "code_guesses_lift": (SECRETARY_ACTION, lambda o: [1]),
    # django.contrib.auth's pages.
    "login": (Access("everyone", "anyone"), lambda o: []),
    "logout": (Access("nobody", "anyone"), lambda o: []),
    "password_change": (Access("members", "members"), lambda o: []),
    "password_change_done": (Access("members", "nobody"), lambda o: []),
    "password_reset": (Access("everyone", "anyone"), lambda o: []),
    "password_reset_done": (PUBLIC, lambda o: []),
    "password_reset_complete": (PUBLIC, lambda o: []),
}
SKIPPED = {"password_reset_confirm"}  # needs a token mailed to the user; Django's own tests cover it

# Pages read with the query parameters they take (the event page's filters and its two pagers): each answers
# every role as the page does without them, and the browser crawl reads these too. The second is every filter
# refused at once, and pages past the end; the third a round of an event in rounds.
WITH_QUERIES: list[tuple[str, Callable[[dict[str, Any]], list[Any]], Callable[[dict[str, Any]], str]]] = [
    ("event", lambda o: [o["event"].slug],
     lambda o: f"?date={o['rubber'].played_on}&table=1&player={o['players'][0].pk}&state=in_progress"),
    ("event", lambda o: [o["event"].slug], lambda o: "?date=junk&table=%00&player=0&state=lost&page=9&rulings-page=9"),
    ("event", lambda o: [o["tournament"].slug], lambda o: "?round=1&table=1&page=2"),
    ("how_scoring_works", lambda o: [], lambda o: "?code=standard"),  # another code than the club's
    ("how_scoring_works", lambda o: [], lambda o: f"?event={o['event'].slug}"),  # as an event plays it
    ("laws", lambda o: [], lambda o: "?code=no-such-code"),  # said so, and the club's shown
    ("my_seat", lambda o: [o["tournament"].slug], lambda o: f"?name={o['players'][0].display_name[:4]}"),
    ("standings", lambda o: [], lambda o: "?code=standard"),  # each format apart, a match's columns
    ("standings", lambda o: [], lambda o: "?code=progressive"),
    ("standings", lambda o: [], lambda o: "?code=no-such-code"),  # said so, and no rows
]


def scoring_url_names() -> set[str]:
    def walk(patterns: list[Any]) -> set[str]:
        names: set[str] = set()
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace != "admin":
                    names |= walk(p.url_patterns)
            elif isinstance(p, URLPattern) and p.name:
                names.add(p.name)
        return names

    return walk(get_resolver().url_patterns)


@pytest.fixture
def club(secretary, member, players, django_user_model):
    admin = django_user_model.objects.create_superuser("admin", password="pw-admin-1888")
    event = EventFactory(is_public=True)
    rubber = a_rubber(event, players[:4], table="1")
    record(rubber, maker="N", tricks=3)
    record(rubber, maker="E", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                         by=secretary)
    tournament = EventFactory(is_public=True, mode=Event.Mode.INDIVIDUALS, rounds=2)
    entrants_set(event=tournament, players=players[:4] + PlayerFactory.create_batch(4))
    first = schedule_make(event=tournament)[0]
    progressive = EventFactory(is_public=True, mode=Event.Mode.PROGRESSIVE, rounds=2, deal_limit=4,
                               rulebook="standard")
    entrants_set(event=progressive, players=PlayerFactory.create_batch(8))
    round_start(round_id=schedule_make(event=progressive)[0].pk)
    paper = progressive.rubbers.order_by("pk").first()
    season = season_create(name="Winter league", slug="winter-league", key=progressive.standing_key,
                           starts_on=progressive.starts_on, ends_on=progressive.starts_on, best=None, qualify=1)
    night_season_set(event_id=progressive.pk, season_id=season.pk)
    night = EventFactory(is_public=True, mode=Event.Mode.CLUB_NIGHT)
    code = working_code(rubber)
    report = hand_report(rubber_id=rubber.pk, play={"dealer": "S", "maker": "S", "tricks": 3},
                         by=AtTable(players[0]))
    return {"event": event, "rubber": rubber, "ruling": ruling, "players": players, "tournament": tournament,
            "round": first, "night": night, "paper": paper, "code": code, "report": report,
            "season": season,
            "users": {"player": member, "secretary": secretary, "admin": admin}}



def log_in(client, club: dict[str, Any], role: str) -> None:
    client.logout()
    if role != "anonymous":
        client.force_login(club["users"][role])


def may_read(access: Access, role: str) -> bool:
    return {"everyone": True, "members": role != "anonymous", "secretary": role in ("secretary", "admin"),
            "nobody": False}[access.read]


def may_write(access: Access, role: str) -> bool:
    return {"anyone": True, "members": role != "anonymous", "secretary": role in ("secretary", "admin"),
            "nobody": False}[access.write]


def test_the_matrix_names_every_url():
    assert scoring_url_names() - set(MATRIX) - SKIPPED == set()


@pytest.mark.parametrize("role", ROLES)
def test_who_may_read(client, club, role):
    log_in(client, club, role)
    for name, (access, args) in MATRIX.items():
        response = client.get(reverse(name, args=args(club)))
        if access.read == "nobody" and may_write(access, role):
            assert response.status_code == 405, (name, role)  # a POST-only action
        elif may_read(access, role):
            assert response.status_code == 200, (name, role, response.status_code)
        elif role == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], (name, role)
        else:
            assert response.status_code == 403, (name, role, response.status_code)


@pytest.mark.parametrize("role", ROLES)
def test_a_pages_query_changes_nothing_of_who_may_read_it(client, club, role):
    log_in(client, club, role)
    for name, args, query in WITH_QUERIES:
        access, _args = MATRIX[name]
        response = client.get(reverse(name, args=args(club)) + query(club))
        expected = 200 if may_read(access, role) else 302 if role == "anonymous" else 403
        assert response.status_code == expected, (name, query(club), role, response.status_code)


def test_a_members_only_event_filtered_is_not_found_until_login(client, member, players):
    private = EventFactory(is_public=False)
    rubber = a_rubber(private, players[:4], table="2", played_on=dt.date(2026, 11, 4))
    query = f"?table=2&player={players[0].pk}&state=in_progress&page=1"
    url, nothing = reverse("event", args=[private.slug]) + query, reverse("event", args=["no-such-event"]) + query
    response, absent = client.get(url), client.get(nothing)
    assert response.status_code == absent.status_code == 404
    assert f"/rubbers/{rubber.pk}/" not in response.content.decode()
    client.force_login(member)
    assert f"/rubbers/{rubber.pk}/" in client.get(url).content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_who_may_write(client, club, role):
    """An empty POST: refused outright for those who may not write; for those who may, a clear answer
    (a form with its errors, or the action done) and never a server error."""
    log_in(client, club, role)
    for name, (access, args) in MATRIX.items():
        if name in ("logout", "login", "password_reset"):
            continue  # these take anyone's POST; the lockout test below posts to login
        before = row_counts()
        response = client.post(reverse(name, args=args(club)))
        if may_write(access, role):
            assert response.status_code in (200, 302, 400), (name, role, response.status_code)
        elif access.write == "nobody" and may_read(access, role):
            assert response.status_code == 405, (name, role, response.status_code)  # a page to read only
        elif role == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], (name, role)
        else:
            assert response.status_code == 403, (name, role, response.status_code)
        if not may_write(access, role):
            assert row_counts() == before, (name, role)


@pytest.mark.parametrize("role", ROLES)
def test_the_admin_site_is_for_staff_only(client, club, role):
    log_in(client, club, role)
    response = client.get("/admin/")
    if role == "admin":
        assert response.status_code == 200
    else:
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    response = client.get(f"/admin/scoring/rubber/{club['rubber'].pk}/change/")
    assert response.status_code == (200 if role == "admin" else 302)


def test_members_only_events_are_closed_to_the_public(client, club, member, players):
    private = EventFactory(is_public=False)
    rubber = a_rubber(private, players[:4], played_on=dt.date(2026, 11, 4))
    record(rubber, maker="N", tricks=3)
    ruling = ruling_make(rubber_id=rubber.pk, hand_number=1, irregularity="revoke", facts=REVOKE, election=None,
                         by=None)
    urls = [reverse("event", args=[private.slug]), reverse("event_standings", args=[private.slug]),
            reverse("event_standings_pdf", args=[private.slug]), reverse("rubber", args=[rubber.pk]),
            reverse("rubber_sheet", args=[rubber.pk]), reverse("rubber_export", args=[rubber.pk]),
            reverse("rubber_result", args=[rubber.pk]), reverse("ruling", args=[ruling.pk]),
            reverse("ruling_pdf", args=[ruling.pk])]
    missing = [reverse(name, args=["no-such-event"] if name.startswith("event") else [99999])
               for name in ("event", "event_standings", "event_standings_pdf", "rubber", "rubber_sheet",
                            "rubber_export", "rubber_result", "ruling", "ruling_pdf")]
    for url, nothing in zip(urls, missing, strict=True):
        response, absent = client.get(url), client.get(nothing)
        # The same answer as for a page of nothing: nobody can probe which members-only pages exist.
        assert response.status_code == absent.status_code == 404, url
        assert _same_page(response, url) == _same_page(absent, nothing), url
        assert f"/accounts/login/?next={url}" in response.content.decode(), url  # the page offers the login
    assert private.name not in client.get(reverse("events")).content.decode()
    client.force_login(member)
    for url in urls:
        assert client.get(url).status_code == 200, url
    assert Rubber.objects.filter(pk=rubber.pk, hand_count=1).exists()


def _same_page(response, path: str) -> str:
    """The page without what differs by request alone: its path and the script nonce."""
    return re.sub(r'nonce="[^"]+"', "", response.content.decode().replace(path, ""))


@pytest.mark.parametrize("name", ["event", "event_standings", "event_standings_pdf", "rubber", "rubber_sheet",
                                  "rubber_export", "rubber_result", "ruling", "ruling_pdf"])
def test_a_page_of_nothing_is_not_found_for_everyone(client, member, name):
    """Whether or not the visitor is logged in, a missing event, rubber or ruling is a 404, never a login."""
    args = ["no-such-event"] if name.startswith("event") else [99999]
    assert client.get(reverse(name, args=args)).status_code == 404
    client.force_login(member)
    assert client.get(reverse(name, args=args)).status_code == 404


def test_a_members_only_players_record_leaves_out_members_only_rubbers(client, member, players):
    private = EventFactory(is_public=False)
    rubber = a_rubber(private, players[:4], table="9", played_on=dt.date(2026, 11, 4))
    page = reverse("player", args=[players[0].pk])
    assert f"/rubbers/{rubber.pk}/" not in client.get(page).content.decode()
    client.force_login(member)
    assert f"/rubbers/{rubber.pk}/" in client.get(page).content.decode()


def test_repeated_failed_logins_are_throttled(client, secretary, settings):
    url = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post(url, {"username": "sec", "password": "wrong"})
        assert response.status_code == 200 and "Please enter a correct username and password" in (
            response.content.decode())
    locked = client.post(url, {"username": "sec", "password": "wrong"})
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    # Locked out: even the right password is refused until the cool-off ends.
    refused = client.post(url, {"username": "sec", "password": "pw-secretary-1888"})
    assert refused.status_code == 429 and "_auth_user_id" not in client.session


def test_a_lockout_is_for_that_username_only(client, secretary, member, settings):
    url = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(url, {"username": "sec", "password": "wrong"})
    response = client.post(url, {"username": "member", "password": "pw-member-1888"})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(member.pk)


def test_a_good_login_clears_earlier_failures(client, secretary, settings):
    url = reverse("login")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(url, {"username": "sec", "password": "wrong"})
    assert client.post(url, {"username": "sec", "password": "pw-secretary-1888"}).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(url, {"username": "sec", "password": "wrong"})
    assert client.post(url, {"username": "sec", "password": "pw-secretary-1888"}).status_code == 302


def test_password_validators_refuse_weak_passwords(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("password_change"), {
        "old_password": "pw-secretary-1888", "new_password1": "12345678", "new_password2": "12345678"})
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["new_password2"])
    assert "too common" in errors and "entirely numeric" in errors


def test_error_pages_speak_the_clubs_language(client, member):
    missing = client.get("/rubbers/99999/")
    assert missing.status_code == 404 and "There is no such page" in missing.content.decode()
    client.force_login(member)
    refused = client.get(reverse("event_new"))
    assert refused.status_code == 403 and "Only the secretary can do that" in refused.content.decode()


def test_every_page_of_an_event_says_how_its_url_names_the_event():
    """The read rule finds the event as each page declares (`event_from`), never by guessing from keywords."""

    def routes(patterns: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for p in patterns:
            if isinstance(p, URLResolver):
                out += routes(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                out.append((prefix + str(p.pattern), getattr(p.callback, "view_class", None)))
        return out

    readable = [(route, view) for route, view in routes(get_resolver().url_patterns)
                if view is not None and issubclass(view, ReadableMixin)]
    assert len(readable) >= 15
    for route, view in readable:
        keyword, _lookup = EVENT_FROM[view.event_from]
        assert f":{keyword}>" in route, (view.__name__, route)


def test_the_admin_reads_every_record_but_writes_none(client, club):
    """Players, events and rubbers are written by the site's pages through their services: the admin only reads."""
    log_in(client, club, "admin")
    rubber = club["rubber"]
    player = rubber.north
    page = client.get(f"/admin/scoring/player/{player.pk}/change/")
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    client.post(f"/admin/scoring/player/{player.pk}/change/", {"display_name": "Renamed", "active": "on"})
    player.refresh_from_db()
    assert player.display_name != "Renamed"
    assert client.get("/admin/scoring/event/add/").status_code == 403


@pytest.mark.parametrize("role", ("player", "anonymous"))
def test_an_entrants_write_is_refused_as_any_write_whatever_the_event(client, club, role):
    """An event of rubbers has no entry list: the secretary is told so; anyone else is refused as on every other
    write, before the event is looked at."""
    assert not club["event"].in_rounds
    log_in(client, club, role)
    before = row_counts()
    response = client.post(reverse("entrants", args=[club["event"].slug]))
    if role == "player":
        assert response.status_code == 403
    else:
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert row_counts() == before
    log_in(client, club, "secretary")
    assert client.post(reverse("entrants", args=[club["event"].slug]))["Location"] == club["event"].get_absolute_url()
