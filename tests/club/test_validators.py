"""Text is checked alike wherever it enters: printable characters only, the model's length with a
clear message, and one player to a name whatever its case."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Event, Player, Rubber
from scoring.validators import unprintable
from tests.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
UNPRINTABLE = ["Bell\x07Ringer", "N\x00", "Tab\tIn", "Line\nBreak", "Ames\u202eseman", "Para\u2029graph", "\x1b[31mRed"]


@pytest.mark.parametrize("name", UNPRINTABLE)
def test_the_player_form_refuses_an_unprintable_name(client, secretary, name):
    client.force_login(secretary)
    response = client.post(reverse("player_new"), {"display_name": name, "active": "on"})
    assert response.status_code in (200, 400)
    errors = response.context["form"].errors["display_name"]
    assert any("printable characters" in e or "Null characters" in e for e in errors), errors
    assert not Player.objects.exists()


def test_names_in_any_script_are_kept(client, secretary):
    client.force_login(secretary)
    for name in ("Zoë Brontë", "Ἀλέξανδρος", "Дмитрий Орлов", "Siobhán Ní Dhuibhir", "李小龍"):
        assert client.post(reverse("player_new"), {"display_name": name, "active": "on"}).status_code == 302
    assert Player.objects.count() == 5


def test_a_name_too_long_names_the_limit(client, secretary):
    client.force_login(secretary)
    response = client.post(reverse("player_new"), {"display_name": "x" * 81, "active": "on"})
    assert "at most 80 characters" in str(response.context["form"].errors["display_name"])


def test_a_name_differing_only_in_case_is_the_same_player(client, secretary):
    client.force_login(secretary)
    PlayerFactory(display_name="Abigail Ames")
    response = client.post(reverse("player_new"), {"display_name": "abigail ames", "active": "on"})
    assert "already on the roll" in str(response.context["form"].errors["display_name"])
    assert Player.objects.count() == 1


def test_the_database_refuses_a_name_differing_only_in_case():
    from django.db import IntegrityError, transaction

    PlayerFactory(display_name="Abigail Ames")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(display_name="ABIGAIL AMES")


def test_a_multiline_reason_is_kept_but_not_a_control_character(client, secretary, rubber):
    client.force_login(secretary)
    url = reverse("rubber_abandon", args=[rubber.pk])
    response = client.post(url, {"reason": "Lights out\x07"})
    assert "printable characters" in str(response.context["form"].errors["reason"])
    assert client.post(url, {"reason": "Lights out.\r\nPlay resumes Tuesday."}).status_code == 302
    rubber.refresh_from_db()
    assert rubber.abandon_reason.startswith("Lights out.")


def _document(**players: str) -> dict:
    names = {"N": "Abigail Ames", "E": "Ben Bell", "S": "Cora Cole", "W": "Dan Drew"} | players
    return {"format": "euchre-rubber/1", "rulebook": "somerset-1888", "players": names,
            "hands": [{"result": "played", "maker": "N", "tricks": 3}]}


def _import(client, event, document):
    upload = SimpleUploadedFile("rubber.json", json.dumps(document).encode(), content_type="application/json")
    return client.post(reverse("rubber_import"), {"event": event.pk, "file": upload, "played_on": "2026-11-21"})


@pytest.mark.parametrize(("name", "message"), [
    ("x" * 81, "players.E: Ensure this value has at most 80 characters"),
    ("Bell\x07Ringer", "players.E: Use printable characters only; this holds U+0007"),
    ("N\x00", "U+0000"),
])
def test_the_import_page_names_the_seat_of_a_bad_name(client, secretary, name, message):
    client.force_login(secretary)
    event = EventFactory()
    response = _import(client, event, _document(E=name))
    assert response.status_code in (200, 400)
    assert message in str(response.context["form"].errors["file"])
    assert not Rubber.objects.exists() and not Player.objects.exists()


def test_import_finds_a_player_whatever_the_case(client, secretary):
    client.force_login(secretary)
    ames = PlayerFactory(display_name="Abigail Ames")
    assert _import(client, EventFactory(), _document(N="ABIGAIL AMES")).status_code == 302
    assert Rubber.objects.get().north == ames
    assert Player.objects.filter(display_name__iexact="abigail ames").count() == 1


@pytest.mark.parametrize(("event", "player", "message"), [
    ("Bell\x07Night", "Ben Bell", "The event name: Use printable characters only"),
    ("Night", "y" * 81, "players.E: Ensure this value has at most 80 characters"),
])
def test_the_import_command_says_what_is_wrong_in_one_line(tmp_path, capsys, event, player, message):
    path = tmp_path / "rubber.json"
    path.write_text(json.dumps(_document(E=player)))
    with pytest.raises(SystemExit) as exit_:
        call_command("import_rubber", str(path), "--event", event, stdout=io.StringIO())
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not Rubber.objects.exists() and not Event.objects.exists()


@SETTINGS
@given(text=st.text(max_size=20))
def test_a_form_keeps_exactly_the_names_the_model_check_allows(client, secretary, text):
    """One check: whatever the form keeps, printable; whatever printable and in size, the form keeps."""
    client.force_login(secretary)
    Player.objects.all().delete()
    response = client.post(reverse("player_new"), {"display_name": text, "active": "on"})
    kept = Player.objects.exists()  # (the roll was emptied; PostgreSQL cannot even be asked for a NUL)
    if text.strip() and unprintable(text.strip(), multiline=False) is None:
        assert kept, (text, response.context and response.context["form"].errors)
    else:
        assert not kept and response.status_code != 302
