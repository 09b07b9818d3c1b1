"""`seed_demo` builds a club in every state, prints the secretary login, and can run again safely."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import RequestFactory

from scoring.models import Event, Player, Rubber, Ruling

pytestmark = pytest.mark.django_db


def test_seed_demo_builds_every_state_and_prints_the_login(demo_club):
    """The run's one build of the demo club (`demo_club_dump`), as a test finds it; then seed_demo again."""
    assert "username 'secretary', password 'somerset1888'" in demo_club
    request = RequestFactory().post("/accounts/login/")  # django-axes checks every login against its request
    assert authenticate(request, username="secretary", password="somerset1888") is not None
    statuses = set(Rubber.objects.values_list("status", flat=True))
    assert statuses == {"in_progress", "complete", "abandoned", "stopped"}  # stopped: a progressive round
    assert set(Event.objects.values_list("is_public", flat=True)) == {True, False}
    rulings = list(Ruling.objects.order_by("pk"))
    assert [r.irregularity for r in rulings] == ["lead_out_of_turn", "revoke"]
    assert rulings[1].too_late and rulings[1].effect == {}

    count = Rubber.objects.count()
    call_command("seed_demo", stdout=io.StringIO())
    assert Rubber.objects.count() == count


def test_the_demo_member_has_his_record_and_the_demos_rulings_are_reached_from_their_event(client, demo_club):
    client.force_login(User.objects.get(username="member"))
    home = client.get("/").content.decode()
    player = Player.objects.get(user__username="member")
    assert f'href="/players/{player.pk}/"' in home and "My record" in home
    ruling = Ruling.objects.select_related("rubber__event").first()
    assert ruling is not None
    event_page = client.get(f"/events/{ruling.rubber.event.slug}/").content.decode()
    assert f'href="/rulings/{ruling.pk}/"' in event_page


def test_make_run_settings_show_the_clubs_404_and_serve_static_files(tmp_path):
    """The settings `make run` uses: a page not found is the club's page, not Django's list of addresses."""
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DEBUG", "DJANGO_SETTINGS_MODULE")}
    env |= {"DJANGO_SETTINGS_MODULE": "euchre_club.settings.local",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'local.sqlite3'}"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=root, env=env, check=True,
                   capture_output=True, timeout=120)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
                              cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/no-such-page/", timeout=10)
        body = missing.value.read().decode()
        assert missing.value.code == 404 and "Using the URLconf" not in body and "log in" in body.lower()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/css/club.css", timeout=10) as css:
            assert css.status == 200
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_demo_has_a_fixed_pairs_progressive_night_standing_as_pairs(client, demo_club):
    from scoring.models import Round
    from scoring.standings import cache

    event = Event.objects.get(slug="fixed-pairs-progressive")
    assert event.progressive and event.fixed_pairs and event.is_public
    assert event.entrants.count() >= 12  # at least six pairs
    assert event.event_rounds.filter(status=Round.Status.CLOSED).count() >= 2
    rows = cache.event_players(event)
    assert len(rows) == event.entrants.count() // 2 and all(row.get("partner_id") for row in rows)
    page = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert f"{rows[0]['player__display_name']}</a> &amp; " in page


def test_the_demo_has_a_season_of_five_progressive_nights_best_4_qualify_3(demo_club):
    from scoring.models import Entrant, Season
    from scoring.standings.season import season_view

    season = Season.objects.get(slug="wednesday-league")
    nights = list(season.nights.order_by("starts_on"))
    assert (season.key, season.best, season.qualify, len(nights)) == ("progressive", 4, 3, 5)
    assert all(night.progressive and night.is_public and night.closed_at for night in nights)
    everyone = set(Player.objects.values_list("pk", flat=True))
    absent = [everyone - set(night.entrants.values_list("player_id", flat=True)) for night in nights]
    assert all(absent)  # somebody stayed home every Wednesday
    assert Entrant.objects.filter(event__in=nights, first_round=2).exists()  # a late arrival
    table = season_view(season).table
    assert len(table.marks) == 5 and table.lines[0].place == 1 and max(line.played for line in table.lines) == 5
