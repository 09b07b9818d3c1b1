"""A name longer than the roll keeps is refused, or searched for as nothing, before it is looked up: on
SQLite a LIKE pattern (`iexact`, `icontains`) over 50,000 bytes is an error, not an empty answer."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Event, Hand, Player, Rubber
from scoring.services.players import player_create
from tests.helpers import refusal

pytestmark = pytest.mark.django_db
RUBBER = Path(__file__).resolve().parents[1] / "data" / "rubbers" / "simple_complete.json"
HUGE = "A" * 100_000
LIMIT = Player._meta.get_field("display_name").max_length


def a_rubber_naming(east: str) -> dict:
    document = json.loads(RUBBER.read_text())
    document["players"] = {"N": "Ames", "E": east, "S": "Cole", "W": "Dunn"}
    return document


def saved() -> tuple[int, int, int]:
    return Rubber.objects.count(), Hand.objects.count(), Player.objects.count()


def test_the_import_command_refuses_a_name_too_long_naming_the_seat_and_the_limit(tmp_path, capsys):
    Event.objects.create(name="Long night", slug="long-night", starts_on="2026-11-01")
    source = tmp_path / "in.json"
    source.write_text(json.dumps(a_rubber_naming(HUGE)))
    with pytest.raises(SystemExit) as exit_:
        call_command("import_rubber", str(source), "--event", "Long night", stdout=StringIO())
    assert exit_.value.code == 1
    error = capsys.readouterr().err
    assert "players.E" in error and f"{LIMIT} characters" in error and "LIKE" not in error
    assert saved() == (0, 0, 0)


def test_the_import_page_refuses_a_name_too_long_at_the_file_field(client, secretary, event):
    client.force_login(secretary)
    upload = SimpleUploadedFile("r.json", json.dumps(a_rubber_naming(HUGE)).encode())
    response = client.post(reverse("rubber_import"), {"event": event.pk, "file": upload, "played_on": "2026-11-03"})
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["file"])
    assert "players.E" in errors and f"{LIMIT} characters" in errors
    assert saved() == (0, 0, 0)


def test_a_name_at_the_limit_is_still_imported(client, secretary, event):
    client.force_login(secretary)
    upload = SimpleUploadedFile("r.json", json.dumps(a_rubber_naming("B" * LIMIT)).encode())
    response = client.post(reverse("rubber_import"), {"event": event.pk, "file": upload, "played_on": "2026-11-03"})
    assert response.status_code == 302
    assert Player.objects.filter(display_name="B" * LIMIT).exists()


def test_the_roll_service_refuses_a_name_too_long_before_looking_for_it():
    Player.objects.create(display_name="Abigail Ames", member_number="101")
    with refusal("max_length") as error:  # Django's own check of a field's length, in its words
        player_create(display_name=HUGE, member_number="9" * 100_000)
    assert set(error.value.message_dict) == {"display_name", "member_number"}
    assert Player.objects.count() == 1


def test_the_players_search_takes_a_query_too_long_as_no_match(client):
    Player.objects.create(display_name="Abigail Ames")
    response = client.get(reverse("players"), {"q": HUGE})
    assert response.status_code == 200


def test_the_admin_search_takes_a_term_too_long_as_no_match(admin_client):
    Player.objects.create(display_name="Abigail Ames")
    url = reverse("admin:scoring_player_changelist")
    assert admin_client.get(url, {"q": "ames"}).context["cl"].result_count == 1
    for term in (HUGE, " ".join(["a"] * 5_000)):
        response = admin_client.get(url, {"q": term})
        assert response.status_code == 200
        assert response.context["cl"].result_count == 0
