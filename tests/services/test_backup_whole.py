"""A backup is whole or refused: a restore holds each file to its manifest as it reads it, and restores nothing
of a backup that differs; an export stopped part way (an error, or kill -9) leaves the target as it was; an
export while the club plays is the club at one moment; who entered and ruled survives a restore onto fresh
accounts; every field of every table is either backed up or made again by the restore."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from scoring.access import SECRETARY_GROUP
from scoring.models import Event, Hand, HandCorrection, Player, Rubber, Ruling
from scoring.seeding.bulk import seed_bulk
from scoring.services.backup import BackupError, club_export, club_import
from scoring.services.backup import export as backup_export
from scoring.services.backup.files import document_read
from scoring.services.backup.records import (
    ACCOUNT_FIELDS,
    ACCOUNT_NOT_WRITTEN,
    COUNTS,
    MADE_AGAIN,
    TABLES,
    UNCOUNTED,
    WRITE_ORDER,
)
from tests.builders import a_rubber
from tests.services.test_backup import a_full_rubber, reseal, small_batches, wipe

pytestmark = pytest.mark.django_db(transaction=True)
# Marked `postgres`, and so run on both databases: the tests that restore into the database or read it while
# the club plays (sequences, constraints, snapshots). The checks of files, manifests and query counts run on
# SQLite only.

ROOT = Path(__file__).resolve().parents[2]


def restore_refused(folder: Path, message: str) -> None:
    with pytest.raises(CommandError) as error:
        call_command("import_club", str(folder))
    assert str(error.value).startswith("Nothing was restored") and message in str(error.value), str(error.value)
    assert "\n" not in str(error.value)
    assert not Event.objects.exists() and not Player.objects.exists() and not Rubber.objects.exists()


@pytest.fixture
def backed_up(tmp_path, event, players, secretary):
    for table in range(3):
        a_full_rubber(event, players, secretary, str(table))
    folder = tmp_path / "backup"
    club_export(folder)
    wipe()
    return folder


# The manifest.

def test_the_manifest_counts_every_kind_and_sums_every_file(backed_up):
    manifest = json.loads((backed_up / "manifest.json").read_text())
    assert manifest["format"] == "euchre-club-backup/1" and list(manifest["counts"]) == list(COUNTS)
    assert manifest["counts"]["rubbers"] == 3 and manifest["counts"]["hands"] == 3 * 2
    assert manifest["counts"]["rulings"] == 3 and manifest["counts"]["table_reports"] == 3
    on_disk = sorted(p.relative_to(backed_up).as_posix() for p in backed_up.rglob("*.json"))
    assert sorted(manifest["files"]) == [name for name in on_disk if name != "manifest.json"]
    assert all(value.startswith("sha256:") for value in manifest["files"].values())


def _manifest_edit(folder: Path, change) -> None:  # type: ignore[no-untyped-def]
    manifest = json.loads((folder / "manifest.json").read_text())
    change(manifest)
    (folder / "manifest.json").write_text(json.dumps(manifest))


def _a_rubber_file(folder: Path) -> Path:
    return sorted((folder / "rubbers").glob("*.json"), key=lambda p: int(p.stem))[1]


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: (d / "manifest.json").unlink(), "no manifest.json, so this is not a whole backup"),
    (lambda d: _a_rubber_file(d).unlink(), ".json: missing (the manifest lists it)"),
    (lambda d: (d / "rubbers" / "999999.json").write_bytes(_a_rubber_file(d).read_bytes()),
     "rubbers/999999.json: not in the manifest"),
    (lambda d: (d / "notes.txt").write_text("hello"), "notes.txt: not in the manifest"),
    (lambda d: _a_rubber_file(d).write_text(_a_rubber_file(d).read_text().replace('"tricks": 3', '"tricks": 4')),
     ".json: its checksum differs from the manifest's"),
    (lambda d: _manifest_edit(d, lambda m: m["counts"].update(hands=5)),
     "the manifest counts 5 hands, the files hold 6"),
    (lambda d: _manifest_edit(d, lambda m: m["counts"].update(players=99)), "counts 99 players"),
    (lambda d: _manifest_edit(d, lambda m: m["counts"].pop("rulings")), "its counts must give a whole number"),
    (lambda d: _manifest_edit(d, lambda m: m["files"].update({"../../etc/passwd": "sha256:0"})),
     "its files must name club.json and rubbers/<id>.json"),
    (lambda d: (d / "manifest.json").write_text("{"), "manifest.json: not valid JSON"),
])
def test_a_folder_that_is_not_its_manifest_restores_nothing(backed_up, damage, message):
    damage(backed_up)
    restore_refused(backed_up, message)


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: _a_rubber_file(d).write_text(_a_rubber_file(d).read_text().replace('"tricks": 3', '"tricks": 4')),
     ".json: its checksum differs from the manifest's"),
    (lambda d: _manifest_edit(d, lambda m: m["counts"].update(hands=5)), "the manifest counts 5 hands"),
])
def test_a_file_not_its_manifests_is_refused_as_that_though_the_restore_met_a_fault_first(backed_up, damage, message,
                                                                                         monkeypatch):
    small_batches(monkeypatch, 1)  # the fault met before the later files are read
    first = sorted((backed_up / "rubbers").glob("*.json"), key=lambda p: int(p.stem))[0]
    first.write_text(first.read_text().replace('"event": "', '"event": "no-such-'))
    reseal(backed_up)
    restore_refused(backed_up, "no-such-")
    damage(backed_up)  # read after the rubber the restore refuses
    restore_refused(backed_up, message)


@pytest.mark.parametrize("text", [
    '{"format": "euchre-club-backup/1", "n": NaN, "i": -Infinity}',
    '{"format": "euchre-club-backup/1", "s": "\\ud800"}',
    '{"format": "euchre-club-backup/1", "f": 1e400, "g": 1' + "2" * 400 + '.5}',
    '{"format": "euchre-club-backup/1", "big": 1' + "0" * 4000 + ', "a": 1, "a": 2}',
])
def test_a_file_is_read_as_the_standard_library_reads_it(text):
    assert repr(document_read(text.encode(), "club.json")) == repr(json.loads(text))


def test_a_folder_of_no_backup_is_refused(tmp_path, db):
    restore_refused(tmp_path / "nowhere", "no such folder")
    (tmp_path / "empty").mkdir()
    restore_refused(tmp_path / "empty", "no manifest.json")


# An export stopped part way.

def test_an_export_that_fails_part_way_leaves_the_target_as_it_was(tmp_path, event, players, monkeypatch):
    small_batches(monkeypatch, 2)
    seed_bulk(rubbers=6, event=event, players=players)
    folder = tmp_path / "nightly"
    club_export(folder)
    earlier = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    seed_bulk(rubbers=2, event=event, players=players, seed=7)
    real = backup_export._rubber_file
    written = []

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        if len(written) == 5:
            raise KeyboardInterrupt  # the secretary's Ctrl-C, half way through
        written.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(backup_export, "_rubber_file", failing)
    with pytest.raises(KeyboardInterrupt):
        club_export(folder)
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == earlier  # the earlier backup, untouched
    assert [p.name for p in tmp_path.iterdir()] == ["nightly"]  # and nothing half-written beside it
    wipe()
    call_command("import_club", str(folder), stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert Rubber.objects.count() == 6


def test_a_target_holding_other_files_is_refused_before_anything_is_written(tmp_path, players):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "letter.txt").write_text("Dear members")
    with pytest.raises(CommandError, match="holds other files"):
        call_command("export_club", str(tmp_path / "mine"))
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["letter.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


def _database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return f"sqlite:///{db['NAME']}"


def _export_killed_part_way(folder: Path) -> list[str]:
    """Run `manage.py export_club folder` in a process of its own and kill -9 it once it has written some
    rubbers' files (but not all); returns the names of what it left beside the target."""
    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_SETTINGS_MODULE": "euchre_club.settings.test"}
    process = subprocess.Popen([sys.executable, "manage.py", "export_club", str(folder)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and process.poll() is None:
            partial = [p for p in folder.parent.glob(f".{folder.name}.partial-*")
                       if len(list((p / "rubbers").glob("*.json"))) >= 10]
            if partial:
                process.send_signal(signal.SIGKILL)
                break
            time.sleep(0.005)
    finally:
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL, ("the export finished before it was killed", process.stderr)
    return sorted(p.name for p in folder.parent.iterdir())


def test_an_export_killed_part_way_leaves_no_backup_that_restores_as_less(tmp_path, event, players):
    seed_bulk(rubbers=400, event=event, players=players)
    folder = tmp_path / "nightly"
    left = _export_killed_part_way(folder)  # killed while writing the first backup: no backup at all
    assert "nightly" not in left and any(name.startswith(".nightly.partial-") for name in left)
    partial = next(tmp_path.glob(".nightly.partial-*"))
    call_command("export_club", str(folder), stdout=open(os.devnull, "w"))  # noqa: SIM115
    seed_bulk(rubbers=10, event=event, players=players, seed=2)
    left = _export_killed_part_way(folder)  # killed while replacing it: the earlier backup stays in place
    assert "nightly" in left
    wipe()
    restore_refused(partial, "no manifest.json, so this is not a whole backup")
    restore_refused(tmp_path / "no-such-backup", "no such folder")
    out = open(os.devnull, "w")  # noqa: SIM115
    call_command("import_club", str(folder), stdout=out)
    assert Rubber.objects.count() == 400  # the whole earlier backup, not a part of the later one


# An export while the club plays.

@pytest.mark.postgres
def test_an_export_while_the_club_plays_is_the_club_at_one_moment(tmp_path, event, players, monkeypatch):
    small_batches(monkeypatch, 2)
    seed_bulk(rubbers=6, event=event, players=players)
    real = backup_export._ExportBatch
    wrote: list[int] = []

    def newcomer_seated() -> None:  # another connection: a player added and seated as the export reads
        try:
            newcomer = Player.objects.create(display_name="Late Arrival")
            wrote.append(a_rubber(event, [newcomer, *players[:3]], table="9").pk)
        finally:
            connection.close()

    def while_reading(first: int, last: int) -> object:
        if not wrote:
            writer = threading.Thread(target=newcomer_seated)
            writer.start()
            writer.join(timeout=60)
        return real(first, last)

    monkeypatch.setattr(backup_export, "_ExportBatch", while_reading)
    counts = club_export(tmp_path / "backup")
    assert wrote and Rubber.objects.filter(pk=wrote[0]).exists()  # the write went through during the export
    assert (counts["rubbers"], counts["players"]) == (6, len(players))  # the club as it stood when it began
    wipe()
    club_import(tmp_path / "backup")
    assert Rubber.objects.count() == 6 and not Player.objects.filter(display_name="Late Arrival").exists()


# Who entered and ruled.

@pytest.mark.postgres
def test_who_entered_and_ruled_survives_a_restore_onto_fresh_accounts(tmp_path, event, players, secretary, member):
    Player.objects.filter(pk=players[0].pk).update(user=member)
    rubber = a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "backup"
    club_export(folder)
    wipe()
    get_user_model().objects.all().delete()  # a fresh database: no account yet
    out = open(os.devnull, "w")  # noqa: SIM115
    call_command("import_club", str(folder), stdout=out)
    hand = Hand.objects.get(rubber_id=rubber.pk, number=1)
    assert hand.entered_by is not None and hand.entered_by.get_username() == secretary.get_username()
    assert Ruling.objects.get().made_by.get_username() == secretary.get_username()  # type: ignore[union-attr]
    assert HandCorrection.objects.get().made_by.get_username() == secretary.get_username()  # type: ignore[union-attr]
    assert Player.objects.get(pk=players[0].pk).user.get_username() == "member"  # type: ignore[union-attr]
    restored = get_user_model().objects.get(username=secretary.get_username())
    assert not restored.has_usable_password() and restored.groups.filter(name=SECRETARY_GROUP).exists()
    client = Client()
    ruling = Ruling.objects.get()
    assert f"by {secretary.get_username()}" in client.get(f"/rulings/{ruling.pk}/").content.decode()


@pytest.mark.postgres
def test_an_account_already_here_is_used_as_it_is(tmp_path, event, players, secretary):
    a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "backup"
    club_export(folder)
    wipe()
    password = secretary.password
    out = open(os.devnull, "w")  # noqa: SIM115
    call_command("import_club", str(folder), stdout=out)
    secretary.refresh_from_db()
    assert secretary.password == password and Hand.objects.filter(entered_by=secretary).exists()


# What is backed up of every table.

def _fields(model) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(f.attname for f in model._meta.concrete_fields)


def test_every_field_of_every_table_is_backed_up_or_made_again():
    named = {table.model for table in (*TABLES, *UNCOUNTED)} | set(MADE_AGAIN)
    histories = {m for m in apps.get_app_config("scoring").get_models() if m.__name__.startswith("Historical")}
    assert set(apps.get_app_config("scoring").get_models()) - histories == named
    for table in (*TABLES, *UNCOUNTED):
        assert sorted([*table.written, *table.made_again]) == _fields(table.model), table.model.__name__
        assert not set(table.written) & set(table.made_again)
        assert not table.made_again or table.why
    assert sorted([*ACCOUNT_FIELDS, *ACCOUNT_NOT_WRITTEN]) == _fields(get_user_model())


def test_a_restore_writes_each_table_after_those_it_links_to():
    for place, model in enumerate(WRITE_ORDER):
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model in WRITE_ORDER and field.related_model is not model:
                assert WRITE_ORDER.index(field.related_model) < place, (model, field.name)


def test_a_backup_error_is_a_validation_error():
    assert issubclass(BackupError, Exception) and BackupError("x").messages == ["x"]
