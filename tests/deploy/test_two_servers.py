"""Two gunicorn servers on different ports over one PostgreSQL and one Redis, as a club runs on more than one
machine: a login made through one is good on the other, a hand stored through one is seen at once through the
other (its cached standings included), and failed logins and wrong table codes are counted across both.

Runs where `make test` runs it: on the PostgreSQL pass, beside a throwaway Redis (`scripts/with-redis.sh`)."""

from __future__ import annotations

import os
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import Group
from django.db import connection

from scoring.access import SECRETARY_GROUP
from scoring.reporting.services import PHONE_GUESSES_ALLOWED
from tests.builders import a_rubber
from tests.deploy.test_production import GUNICORN, ROOT, first_answer, free_port, production_env
from tests.factories import EventFactory
from tests.helpers import play_game, record

CACHE_URL = os.environ.get("CACHE_URL", "")
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(not CACHE_URL.startswith("redis://"), reason="needs Redis: scripts/with-redis.sh"),
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="needs PostgreSQL: scripts/with-postgres.sh"),
    pytest.mark.skipif(not (ROOT / "staticfiles").is_dir(), reason="run collectstatic first (make test does)"),
]
HOST = "club.example.org"


class Visitor:
    """One browser's cookies, sent to whichever server it is pointed at (as a proxy in front of two would)."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def go(self, base: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(base + path, data=data, headers={
            "X-Forwarded-Proto": "https", "Host": HOST, "Referer": f"https://{HOST}{path}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())})
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=30) as response:
                status, headers, body = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, headers, body = error.code, error.headers, error.read()
        for cookie in headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";")[0].partition("=")
            self.cookies[name] = value
        return status, body.decode()

    def post(self, base: str, path: str, form: dict[str, str], page: str = "") -> tuple[int, str]:
        """Open the page with the form (`path` itself unless told), then send the form with its token."""
        _, html = self.go(base, page or path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        return self.go(base, path, {**form, "csrfmiddlewaretoken": token.group(1) if token else ""})


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def test_two_servers_share_logins_hands_standings_and_lockouts(tmp_path: Path, django_user_model) -> None:
    import redis

    # Hashed as production hashes it (the tests' own fast hasher is not among production's).
    hashed = PBKDF2PasswordHasher().encode("pw-secretary-1888", PBKDF2PasswordHasher().salt())
    secretary = django_user_model.objects.create(username="sec", password=hashed)
    secretary.groups.add(Group.objects.get(name=SECRETARY_GROUP))
    event = EventFactory(is_public=True)
    rubber = a_rubber(event)
    play_game(rubber, "N")
    play_game(rubber, "E")
    for tricks in (5, 5):
        record(rubber, maker="E", tricks=tricks)  # East-West at 4 in the third game: one point from the rubber
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = production_env(tmp_path, DATABASE_URL=url, CACHE_URL=CACHE_URL)
    ports = [free_port(), free_port()]
    servers = [subprocess.Popen([str(GUNICORN), "euchre_club.wsgi:application", "--bind", f"127.0.0.1:{port}",
                                 "--workers", "1"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT) for port in ports]
    one, other = (f"http://127.0.0.1:{port}" for port in ports)
    try:
        for base, server in zip((one, other), servers, strict=True):
            assert first_answer(f"{base}/", server)[0] == 200
        secretary_browser = Visitor()
        status, _ = secretary_browser.post(one, "/accounts/login/", {"username": "sec",
                                                                      "password": "pw-secretary-1888"})
        assert status == 302 and "sessionid" in secretary_browser.cookies
        assert "sec · secretary" in secretary_browser.go(other, "/")[1]  # the login made on one holds on the other

        standings = f"/events/{event.slug}/standings/"
        assert rubber.north.display_name not in Visitor().go(other, standings)[1]  # nothing complete yet
        rubber.refresh_from_db()
        status, page = secretary_browser.post(one, f"/rubbers/{rubber.pk}/hands/", {
            "shown": str(rubber.hand_count + 1), "dealer": rubber.next_dealer, "result": "played", "maker": "E",
            "tricks": "3", "revokes_ns": "0", "revokes_ew": "0"}, page=f"/rubbers/{rubber.pk}/")
        assert status == 302, page[:2000]  # the rubber's last hand, through one server
        page = Visitor().go(other, standings)[1]  # at once, through the other server
        assert rubber.north.display_name in page and rubber.east.display_name in page
        assert redis.Redis.from_url(CACHE_URL).keys("euchre:*")  # the servers keep their cache in Redis

        phone = Visitor()
        for attempt in range(PHONE_GUESSES_ALLOWED):  # wrong table codes, through either server
            status, _ = phone.go((one, other)[attempt % 2], f"/t/ZZZZ{attempt:02d}/")
            assert status == 404
        assert phone.go(one, "/t/ZZZZZZ/")[0] == 429  # this phone's allowance is spent on both
        assert phone.go(other, "/t/ZZZZZY/")[0] == 429

        stranger = Visitor()
        for attempt in range(5):  # five failures, through either server, reach the limit
            stranger.post((one, other)[attempt % 2], "/accounts/login/", {"username": "sec", "password": "wrong"})
        status, page = stranger.post(other, "/accounts/login/", {"username": "sec", "password": "pw-secretary-1888"})
        assert status != 302 and "sessionid" not in stranger.cookies  # locked out on both
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)

