"""A backup carries the club's own settings in club.json, uncounted in its manifest; a backup made before there
were settings restores and leaves them as they are."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

from scoring.models import Club, Event
from scoring.services.backup import BackupError, club_export, club_import
from scoring.services.backup.files import digest
from scoring.services.backup.records import COUNTS
from scoring.services.club import club_settings_save, the_club
from tests.services.test_backup import a_full_rubber, wipe

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "Back Bay Euchre Club", "rulebook": "official-1862", "game_points": 7, "games": 3,
            "paper_size": "a4", "house_rules": {"lone_euchre": 4}}  # kept for the standard game, whatever the usual


def test_a_backup_restores_the_clubs_settings(tmp_path, event, players, secretary):
    club_settings_save(**SETTINGS)
    a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "backup"
    club_export(folder)
    assert json.loads((folder / "club.json").read_text())["club"] == SETTINGS
    assert list(json.loads((folder / "manifest.json").read_text())["counts"]) == list(COUNTS)  # no count for it
    wipe()
    Club.objects.all().delete()
    cache.clear()
    assert the_club().name == "Somerset Euchre Club"
    club_import(folder)
    stored = Club.objects.get()
    assert {name: getattr(stored, name) for name in SETTINGS} == SETTINGS
    assert the_club().name == "Back Bay Euchre Club" and Event.objects.get().pk == event.pk


def test_a_backup_without_the_settings_restores_and_leaves_them_as_they_are(tmp_path, event, players, secretary):
    a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "older"
    club_export(folder)  # no settings saved: club.json has none, as a backup made before there were any
    assert "club" not in json.loads((folder / "club.json").read_text())
    wipe()
    club_settings_save(**SETTINGS)
    club_import(folder)
    stored = Club.objects.get()
    assert {name: getattr(stored, name) for name in SETTINGS} == SETTINGS and Event.objects.exists()


def test_settings_the_laws_do_not_allow_restore_nothing(tmp_path, event, players, secretary):
    club_settings_save(**SETTINGS)
    a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "backup"
    club_export(folder)
    document = json.loads((folder / "club.json").read_text())
    document["club"] |= {"rulebook": "somerset-1888"}  # Somerset fixes its game and rubber
    data = json.dumps(document).encode()
    (folder / "club.json").write_bytes(data)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"]["club.json"] = digest(data)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    wipe()
    Club.objects.all().delete()
    with pytest.raises(BackupError, match="the club's settings: A game under the Somerset laws"):
        club_import(folder)
    assert not Club.objects.exists() and not Event.objects.exists()
