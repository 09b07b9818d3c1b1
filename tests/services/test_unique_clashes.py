"""Two secretaries making or renaming the same name at the same moment: every form with a unique field (a
player's name, an event's web address, a new player entered or arriving late, a login) answers the second one
with its own message, never a 500, and nothing of the refused write is kept.

Two ways in for each form, both on PostgreSQL, whose unique index makes the second write wait for the first:
- a rival transaction holds the name, uncommitted, while the request is checked and written; the request is seen
  waiting on the index, then the rival commits: the clash between the form's check and the write, every time;
- pairs of requests released together against the live server, as two secretaries would send them."""

from __future__ import annotations

import functools
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html import unescape
from typing import Any

import pytest
import requests
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client

from scoring.models import Event, Player
from scoring.rounds.services import round_start, schedule_make
from tests.builders import a_tournament
from tests.factories import EventFactory, PlayerFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="SQLite takes one writer at a time (IMMEDIATE transactions): no write can land "
                              "between another's check and its write"),
]
PAIRS = 6
"""Pairs of simultaneous requests sent to each form by the live-server test, each pair for a name of its own."""


@dataclass(frozen=True)
class Form:
    """A form that writes a unique field: where it is, what it sends for a name, how a rival takes the name
    first, and how many rows hold the name."""

    url: Callable[[], str]
    body: Callable[[str], dict[str, Any]]
    rival: Callable[[str], object]
    holders: Callable[[str], int]
    superuser: bool = False


def players_named(name: str) -> int:
    return Player.objects.filter(display_name__iexact=name).count()


def a_player_form() -> Form:
    return Form(url=lambda: "/players/new/", body=lambda name: {"display_name": name, "active": "on"},
                rival=lambda name: Player.objects.create(display_name=name), holders=players_named)


def a_rename_form() -> Form:
    """Each request renames a player of its own to the name."""
    other = PlayerFactory()

    def rival(name: str) -> None:
        Player.objects.filter(pk=other.pk).update(display_name=name)

    return Form(url=lambda: f"/players/{PlayerFactory().pk}/edit/",
                body=lambda name: {"display_name": name, "active": "on"}, rival=rival, holders=players_named)


def an_event_form() -> Form:
    return Form(url=lambda: "/events/new/",
                body=lambda name: {"name": f"The {name} Cup", "slug": slug(name), "starts_on": "2026-11-28",
                                   "paper_size": "a4", "is_public": "on"},
                rival=lambda name: EventFactory(slug=slug(name), name="The rival cup"),
                holders=lambda name: Event.objects.filter(slug=slug(name)).count())


def a_late_arrival_form() -> Form:
    night = a_tournament(8, rounds=3, mode=Event.Mode.PROGRESSIVE, rulebook="standard", deal_limit=4)
    round_start(round_id=schedule_make(event=night)[0].pk)
    return Form(url=lambda: f"/events/{night.slug}/late-arrival/", body=lambda name: {"new_name": name},
                rival=lambda name: Player.objects.create(display_name=name), holders=players_named)


def an_entrants_form() -> Form:
    """Each request enters the new name at an event of its own: the second finds the name on the roll."""
    events = iter(EventFactory.create_batch(2 * PAIRS + 1, mode=Event.Mode.INDIVIDUALS, rounds=3))
    return Form(url=lambda: f"/events/{next(events).slug}/entrants/", body=lambda name: {"new_players": name},
                rival=lambda name: Player.objects.create(display_name=name), holders=players_named)


def an_account_form() -> Form:
    return Form(url=lambda: "/admin/auth/user/add/",
                body=lambda name: {"username": slug(name), "usable_password": "true",
                                   "password1": "a-long-pass-1888", "password2": "a-long-pass-1888"},
                rival=lambda name: User.objects.create_user(slug(name)),
                holders=lambda name: User.objects.filter(username=slug(name)).count(), superuser=True)


def an_account_rename_form() -> Form:
    """Each request renames a login of its own to the name."""
    other = User.objects.create_user("other")

    def body(name: str) -> dict[str, Any]:
        joined = other.date_joined
        return {"username": slug(name), "is_active": "on", "date_joined_0": joined.date().isoformat(),
                "date_joined_1": joined.time().strftime("%H:%M:%S"),
                "initial-date_joined_0": joined.date().isoformat(),
                "initial-date_joined_1": joined.time().strftime("%H:%M:%S")}

    def rival(name: str) -> None:
        User.objects.filter(pk=other.pk).update(username=slug(name))

    logins = (User.objects.create_user(f"login-{n}", date_joined=other.date_joined) for n in range(2 * PAIRS + 1))
    return Form(url=lambda: f"/admin/auth/user/{next(logins).pk}/change/", body=body, rival=rival,
                holders=lambda name: User.objects.filter(username=slug(name)).count(), superuser=True)


FORMS = {"player": a_player_form, "rename": a_rename_form, "event": an_event_form,
         "late arrival": a_late_arrival_form, "entrants": an_entrants_form, "account": an_account_form,
         "account rename": an_account_rename_form}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def writer(secretary: User) -> User:
    """The secretary, or for the logins' forms the club's superuser (only he may make a login)."""
    return User.objects.create_superuser("admin", password="pw-admin-1888")


def messages_of(html: str) -> set[str]:
    """Every error message a page shows on its form (crispy's field errors and the form's own)."""
    found = re.findall(r'class="[^"]*(?:invalid-feedback|errorlist|alert-danger|errornote)[^"]*"[^>]*>(.*?)</',
                       html, re.S)
    found += re.findall(r'<li>(.*?)</li>', "".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', html,
                                                                re.S)), re.S)
    # A name in quotes is the other event's, whichever it is.
    return {re.sub(r"“[^”]*”", "“…”", unescape(re.sub(r"<[^>]+>", "", m)).strip()) for m in found} - {""}


def the_forms_own_message(client: Client, form: Form, name: str) -> set[str]:
    """What the form says, one request after another, when the name is taken already."""
    form.rival(name)
    response = client.post(form.url(), form.body(name))
    assert response.status_code == 200, response.status_code
    said = messages_of(response.content.decode())
    assert said, "the form says nothing of the name taken"
    return said


@contextmanager
def rival_holding(form: Form, name: str) -> Iterator[None]:
    """Another transaction has written the name and not yet committed; it commits as the block ends."""
    written, done = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                form.rival(name)
                written.set()
                done.wait(30)
        finally:
            connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert written.wait(30)
    try:
        yield
    finally:
        done.set()
        thread.join(30)


def waiting_on_a_lock(seconds: float = 20) -> bool:
    """Whether a session of the test database comes to wait on a row or index lock within `seconds`."""
    with connection.cursor() as cursor:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND wait_event_type = 'Lock'")
            if cursor.fetchone()[0]:
                return True
            time.sleep(0.02)
    return False


@pytest.mark.parametrize("kind", FORMS)
def test_a_name_written_between_the_check_and_the_write_gets_the_forms_own_message(kind, secretary):
    form = FORMS[kind]()
    user = writer(secretary) if form.superuser else secretary
    client = Client()
    client.force_login(user)
    expected = the_forms_own_message(client, form, "Taken Before Asked")

    name = "Zebedee Quayle-Marchbanks Of Tadworth"
    answer: dict[str, Any] = {}

    def send() -> None:
        try:
            other = Client(raise_request_exception=False)
            other.force_login(user)
            response = other.post(form.url(), form.body(name))
            answer["status"], answer["html"] = response.status_code, response.content.decode()
        finally:
            connection.close()

    with rival_holding(form, name):
        request = threading.Thread(target=send)
        request.start()
        assert waiting_on_a_lock(), "the request never reached the write the rival holds"
    request.join(30)
    assert answer["status"] == 200, answer["status"]
    assert expected <= messages_of(answer["html"].replace("Zebedee Quayle-Marchbanks Of Tadworth",
                                                          "Taken Before Asked")
                                   .replace(slug(name), slug("Taken Before Asked")))
    assert form.holders(name) == 1  # the rival's: nothing of the refused write was kept


class Secretary:
    """One secretary's browser against the live server: his session, and the form's token from its page."""

    def __init__(self, base: str, user: User) -> None:
        client = Client()
        client.force_login(user)
        self.base, self.session = base, requests.Session()
        self.session.cookies.set("sessionid", client.cookies["sessionid"].value)

    def ready(self, url: str) -> str:
        page = self.session.get(self.base + url, timeout=30)
        assert page.status_code == 200, (url, page.status_code)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token
        return token.group(1)

    def send(self, url: str, body: dict[str, Any], token: str) -> requests.Response:
        return self.session.post(self.base + url, data={**body, "csrfmiddlewaretoken": token},
                                 headers={"Referer": self.base + url}, allow_redirects=False, timeout=60)


def released_together(sends: list[Callable[[], requests.Response]]) -> list[requests.Response | None]:
    """Each request sent from a thread of its own, the threads released at once: what each got back."""
    answers: list[requests.Response | None] = [None] * len(sends)
    start = threading.Barrier(len(sends))

    def send(i: int) -> None:
        start.wait()
        answers[i] = sends[i]()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


@pytest.mark.parametrize("kind", FORMS)
def test_two_secretaries_sending_one_name_at_once_save_it_once(kind, secretary, live_server):
    form = FORMS[kind]()
    user = writer(secretary) if form.superuser else secretary
    client = Client()
    client.force_login(user)
    expected = the_forms_own_message(client, form, "Taken Before Asked")
    names = [f"Constance Featherstonehaugh-Pryce {n:02}" for n in range(PAIRS)]
    outcomes: list[tuple[int, int]] = []
    for name in names:
        urls = [form.url(), form.url()]
        secretaries = [Secretary(live_server.url, user) for _ in range(2)]
        tokens = [s.ready(url) for s, url in zip(secretaries, urls, strict=True)]
        answers = released_together([functools.partial(s.send, url, form.body(name), token)
                                     for s, url, token in zip(secretaries, urls, tokens, strict=True)])
        statuses = sorted(a.status_code for a in answers if a is not None)
        assert statuses == [200, 302], (name, statuses)
        refused = next(a for a in answers if a is not None and a.status_code == 200)
        said = messages_of(refused.text.replace(name, "Taken Before Asked").replace(slug(name),
                                                                                   slug("Taken Before Asked")))
        assert expected <= said, (name, said)
        outcomes.append((form.holders(name), len(statuses)))
    assert outcomes == [(1, 2)] * PAIRS


def test_an_events_one_unique_field_is_its_web_address():
    """The event form leaves the unique check to `clean_slug` and the database: it holds while the address is the
    event's only unique field."""
    unique = [f.name for f in Event._meta.get_fields() if getattr(f, "unique", False) and not f.primary_key]
    assert unique == ["slug"] and not Event._meta.unique_together
