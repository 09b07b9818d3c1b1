"""A restore keeps who may do what, whichever comes first: the accounts or the restore. An account made
before the restore keeps its password and is given the groups the backup gives it; one the restore makes has
its groups and no usable password."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from scoring.access import SECRETARY_GROUP, SECRETARY_PERMISSION, is_secretary
from scoring.models import Hand
from scoring.services.backup import club_export, club_import
from tests.services.test_backup import a_full_rubber, wipe

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]  # restores, as test_backup_whole's

PASSWORD = "pw-made-before-1888"


@pytest.fixture
def backed_up(tmp_path, event, players, secretary) -> Path:
    """A backup of a club whose secretary entered and ruled; then a database with no club and no account."""
    a_full_rubber(event, players, secretary, "1")
    folder = tmp_path / "backup"
    club_export(folder)
    wipe()
    get_user_model().objects.all().delete()
    return folder


def restored(folder: Path) -> str:
    out = io.StringIO()
    call_command("import_club", str(folder), stdout=out)
    return out.getvalue()


def test_an_account_made_before_the_restore_is_given_its_groups_and_keeps_its_password(backed_up, secretary):
    made = get_user_model().objects.create_user(secretary.get_username(), password=PASSWORD)
    assert not is_secretary(made)
    printed = restored(backed_up)
    user = get_user_model().objects.get(pk=made.pk)  # afresh: permissions are cached on the object
    assert list(user.groups.values_list("name", flat=True)) == [SECRETARY_GROUP]
    assert user.check_password(PASSWORD) and is_secretary(user)
    assert Hand.objects.filter(entered_by=user).exists()
    assert "1 account(s) already here were given the groups the backup gives them" in printed
    assert "made without a password" not in printed


def test_an_account_the_restore_makes_has_its_groups_and_no_usable_password(backed_up, secretary):
    printed = restored(backed_up)
    user = get_user_model().objects.get(username=secretary.get_username())
    assert list(user.groups.values_list("name", flat=True)) == [SECRETARY_GROUP]
    assert not user.has_usable_password() and is_secretary(user)
    assert Hand.objects.filter(entered_by=user).exists()
    assert "1 account(s) were made without a password" in printed and "already here" not in printed


def test_an_account_already_in_its_groups_is_left_as_it_is(backed_up, secretary):
    made = get_user_model().objects.create_user(secretary.get_username(), password=PASSWORD)
    made.groups.add(Group.objects.get(name=SECRETARY_GROUP))
    counts = club_import(backed_up)
    assert (counts["accounts_made"], counts["accounts_given_groups"]) == (0, 0)
    assert get_user_model().objects.get(pk=made.pk).check_password(PASSWORD)


def test_a_group_the_backup_names_that_is_not_here_is_made(tmp_path, event, players, secretary):
    """The Secretary's with its permissions, as a migrate makes it; any other by name, with none (a backup
    holds who is in a group, not what it may do)."""
    secretary.groups.add(Group.objects.create(name="Scorers"))
    a_full_rubber(event, players, secretary, "1")
    club_export(tmp_path / "backup")
    wipe()
    get_user_model().objects.all().delete()
    Group.objects.all().delete()
    made = get_user_model().objects.create_user(secretary.get_username(), password=PASSWORD)
    restored(tmp_path / "backup")
    user = get_user_model().objects.get(pk=made.pk)
    assert sorted(user.groups.values_list("name", flat=True)) == ["Scorers", SECRETARY_GROUP]
    assert is_secretary(user) and user.check_password(PASSWORD)
    assert Permission.objects.filter(group__name=SECRETARY_GROUP, codename=SECRETARY_PERMISSION.split(".")[1])
    assert not Group.objects.get(name="Scorers").permissions.exists()
